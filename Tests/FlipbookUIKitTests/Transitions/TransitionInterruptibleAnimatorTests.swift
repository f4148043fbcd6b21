import Foundation
import Testing
import TestSupport
import Flipbook

/// `interruptibleAnimator(using:)` is Apple's optional member: an animator may implement it
/// (as an NSObject subclass, the way iOS code writes it) or leave it out.
@MainActor
@Suite(.freshRuntime) struct TransitionInterruptibleAnimatorTests {
    final class Plain: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            transitionContext.completeTransition(true)
        }
    }

    final class Interruptible: NSObject, UIViewControllerAnimatedTransitioning {
        var seen: [String] = []
        lazy var animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut)
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            seen.append("provides \(providesInterruptibleAnimator(using: transitionContext))")
            transitionContext.completeTransition(true)
        }
        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            animator
        }
    }

    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        let animator: UIViewControllerAnimatedTransitioning
        init(_ animator: UIViewControllerAnimatedTransitioning) { self.animator = animator }
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { animator }
    }

    @Test func implementedAndOmittedAreTellableApart() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let root = UIViewController()
        window.rootViewController = root
        let interruptible = Interruptible()
        let delegate = Delegate(interruptible)
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        root.present(presented, animated: true)
        MediaClock.main.advance(by: 0.1)
        #expect(interruptible.seen == ["provides true"])
        #expect(Plain().interruptibleAnimator(using: DummyContext()) === UIViewPropertyAnimator.notProvidedInterruptibleAnimator)
    }
}

/// The order of an interactive start (docs/Semantics.md, "Order of calls: interactive start"):
/// the context is marked interactive before the animator is asked for its interruptible
/// animator, and it is asked once. Flipbook used to ask first (to learn whether the animator
/// provides one), so the animator built its property animator for a transition that was not
/// interactive yet, and was asked again by the interaction.
@MainActor
@Suite(.freshRuntime) struct InteractiveStartOrderTests {
    /// Logs each call with whether the context is interactive, and each property animator it
    /// builds (one per transition: it keeps the first).
    final class LoggingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let log: EventRecorder
        var built: UIViewPropertyAnimator?
        /// Reads the coordinator's `isInterruptible` first thing in `animateTransition(using:)`.
        var readsIsInterruptible = false
        init(log: EventRecorder) { self.log = log }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
            log.record("transitionDuration(using:)")
            return 0.5
        }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            log.record("animateTransition(using:)")
            if readsIsInterruptible, let coordinator = transitionContext as? UIViewControllerTransitionCoordinatorContext {
                log.record("isInterruptible \(coordinator.isInterruptible)")
            }
            interruptibleAnimator(using: transitionContext).startAnimation()
        }
        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            log.record("interruptibleAnimator(using:) interactive \(transitionContext.isInteractive)")
            if let built { return built }
            log.record("builds its property animator")
            let context = transitionContext
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: context.isInteractive ? .linear : .easeInOut)
            if let to = context.view(forKey: .to) {
                context.containerView.addSubview(to)
                to.alpha = 0
                animator.addAnimations { to.alpha = 1 }
            }
            animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
            built = animator
            return animator
        }
        func animationEnded(_ transitionCompleted: Bool) {
            log.record("animationEnded(\(transitionCompleted))")
            built = nil
        }
    }

    final class LoggingInteraction: UIPercentDrivenInteractiveTransition {
        let log: EventRecorder
        init(log: EventRecorder) { self.log = log }
        override func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
            log.record("startInteractiveTransition(_:) interactive \(transitionContext.isInteractive)")
            super.startInteractiveTransition(transitionContext)
        }
    }

    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        let animator: UIViewControllerAnimatedTransitioning
        let interaction: UIViewControllerInteractiveTransitioning?
        init(_ animator: UIViewControllerAnimatedTransitioning, _ interaction: UIViewControllerInteractiveTransitioning?) {
            self.animator = animator
            self.interaction = interaction
        }
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { animator }
        func interactionControllerForPresentation(
            using animator: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? { interaction }
    }

    func present(with delegate: Delegate) -> (root: UIViewController, presented: UIViewController) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let root = UIViewController()
        window.rootViewController = root
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        root.present(presented, animated: true)
        return (root, presented)
    }

    @Test func interactiveStartMarksTheContextInteractiveBeforeAskingForTheAnimatorOnce() {
        let log = EventRecorder()
        let animator = LoggingAnimator(log: log)
        let interaction = LoggingInteraction(log: log)
        let delegate = Delegate(animator, interaction)
        let (root, presented) = present(with: delegate)
        // The old order read: duration, "interruptibleAnimator(using:) interactive false",
        // "builds …", start, then the interaction asked again.
        #expect(log.events == [
            "transitionDuration(using:)",
            "startInteractiveTransition(_:) interactive true",
            "interruptibleAnimator(using:) interactive true",
            "builds its property animator",
        ])
        #expect(presented.transitionCoordinator?.isInterruptible == true)
        log.reset()
        interaction.update(0.5)
        #expect(animator.built?.fractionComplete == 0.5)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["animationEnded(true)"])
        #expect(root.presentedViewController === presented)
    }

    @Test func nonInteractiveStartAsksAfterTheAnimatorStarted() {
        let log = EventRecorder()
        let animator = LoggingAnimator(log: log)
        let (root, presented) = present(with: Delegate(animator, nil))
        // The animator builds its own when it starts. Without an interaction controller UIKit
        // does not ask for it again (an animator building a new one per call relies on that);
        // the old orders asked before animateTransition(using:), then right after it.
        #expect(log.events == [
            "transitionDuration(using:)",
            "animateTransition(using:)",
            "interruptibleAnimator(using:) interactive false",
            "builds its property animator",
        ])
        // Reading `isInterruptible` asks (the animator returns the object it built).
        #expect(presented.transitionCoordinator?.isInterruptible == true)
        log.reset()
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["animationEnded(true)"])
        #expect(root.presentedViewController === presented)
    }

    /// `isInterruptible` read while the animator starts is already right (UIKit knows it from
    /// the start): reading it asks the animator then, and the engine does not ask again.
    @Test func isInterruptibleIsRightWhileTheAnimatorStarts() {
        let log = EventRecorder()
        let animator = LoggingAnimator(log: log)
        animator.readsIsInterruptible = true
        let (root, presented) = present(with: Delegate(animator, nil))
        #expect(log.events == [
            "transitionDuration(using:)",
            "animateTransition(using:)",
            "interruptibleAnimator(using:) interactive false",
            "builds its property animator",
            "isInterruptible true",
            "interruptibleAnimator(using:) interactive false",
        ])
        MediaClock.main.runUntilIdle()
        #expect(root.presentedViewController === presented)
    }

    /// An animator without an interruptible animator is driven through the container's layer,
    /// and the transition does not read as interruptible.
    @Test func anAnimatorWithoutOneIsDrivenThroughTheLayer() {
        final class Plain: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                let context = transitionContext
                if let to = context.view(forKey: .to) { context.containerView.addSubview(to) }
                UIView.animate(withDuration: 0.5, animations: { context.view(forKey: .to)?.alpha = 0.5 }) { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                }
            }
        }
        let log = EventRecorder()
        let interaction = LoggingInteraction(log: log)
        let (root, presented) = present(with: Delegate(Plain(), interaction))
        #expect(presented.transitionCoordinator?.isInterruptible == false)
        #expect(presented.view.superview?.layer.speed == 0)
        interaction.update(0.5)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(root.presentedViewController === presented)
        #expect(presented.view.superview?.layer.speed == 1)
    }
}

/// The smallest context, for calling an animator's members directly.
@MainActor
final class DummyContext: NSObject, UIViewControllerContextTransitioning {
    let containerView = UIView()
    var isAnimated: Bool { true }
    var isInteractive: Bool { false }
    var transitionWasCancelled: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .custom }
    var targetTransform: CGAffineTransform { .identity }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func pauseInteractiveTransition() {}
    func completeTransition(_ didComplete: Bool) {}
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    func initialFrame(for vc: UIViewController) -> CGRect { .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { .zero }
}
