import Foundation
import Testing
import TestSupport
import Flipbook

/// UIKit runs a transition coordinator's alongside blocks queued before the animator starts
/// inside the first top-level UIView animation block the animator starts (or the interaction
/// controller's animator, for an interactive start): they share its duration, delay, curve
/// and completion (docs/Semantics.md, "Alongside animations join the animator's block").
///
/// The presentation controller lifts a card that lives in the window, outside the transition's
/// container, with an alongside block; the animators here move a "twin" view inside the
/// container by the same translation in their own block, so wherever the card joins the
/// animator's block the two move together, frame by frame.
@Suite("Alongside animations and the animator's block", .freshRuntime)
@MainActor
struct AlongsideJoinsAnimatorBlockTests {
    static let duration: TimeInterval = 0.4
    static let lift: CGFloat = -300

    /// How the animator animates (each starts its block(s) in `animateTransition(using:)`).
    enum Style {
        /// One linear block that animates nothing and only waits.
        case emptyBlock
        /// A linear block moving the twin.
        case linear
        /// A spring block (`usingSpringWithDamping`) moving the twin.
        case spring
        /// A keyframe block moving the twin in two keyframes.
        case keyframes
        /// A block delayed by half the duration, lasting the other half, moving the twin.
        case delayed
        /// A zero-duration block first (setting up), then an ease-in block moving the twin.
        case zeroDurationFirst
        /// An outer linear block moving the twin, with a short nested block inside.
        case nested
        /// A `UIViewPropertyAnimator` (not offered as interruptible) moving the twin.
        case propertyAnimator
        /// No animation block: a timer completes the transition.
        case noBlock
        /// A linear cross-dissolve `UIView.transition(with:)` of the container.
        case crossDissolve
    }

    final class Animator: NSObject, UIViewControllerAnimatedTransitioning {
        let style: Style
        let presenting: Bool
        let twin = UIView(frame: CGRect(x: 0, y: 400, width: 50, height: 50))
        var completedAt: CFTimeInterval?
        private var runner: UIViewPropertyAnimator?
        init(style: Style, presenting: Bool) {
            self.style = style
            self.presenting = presenting
        }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
            AlongsideJoinsAnimatorBlockTests.duration
        }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let context = transitionContext
            if presenting, let to = context.viewController(forKey: .to) {
                context.containerView.addSubview(to.view)
                to.view.frame = context.finalFrame(for: to)
            }
            context.containerView.addSubview(twin)
            let d = AlongsideJoinsAnimatorBlockTests.duration
            let target = CGAffineTransform(translationX: 0, y: presenting ? AlongsideJoinsAnimatorBlockTests.lift : 0)
            if !presenting { twin.transform = CGAffineTransform(translationX: 0, y: AlongsideJoinsAnimatorBlockTests.lift) }
            let twin = self.twin
            let done: (Bool) -> Void = { _ in
                self.completedAt = MediaClock.main.now
                context.completeTransition(!context.transitionWasCancelled)
            }
            switch style {
            case .emptyBlock:
                UIView.animate(withDuration: d, delay: 0, options: .curveLinear, animations: {}, completion: done)
            case .linear:
                UIView.animate(withDuration: d, delay: 0, options: .curveLinear, animations: { twin.transform = target }, completion: done)
            case .spring:
                UIView.animate(
                    withDuration: d, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
                    animations: { twin.transform = target }, completion: done)
            case .keyframes:
                UIView.animateKeyframes(withDuration: d, delay: 0, options: .calculationModeLinear, animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { twin.alpha = 0.5 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { twin.alpha = 1 }
                    twin.transform = target
                }, completion: done)
            case .delayed:
                UIView.animate(withDuration: d / 2, delay: d / 2, options: .curveLinear, animations: { twin.transform = target }, completion: done)
            case .zeroDurationFirst:
                UIView.animate(withDuration: 0, animations: { twin.alpha = 0.9 })
                UIView.animate(withDuration: d, delay: 0, options: .curveEaseIn, animations: { twin.transform = target }, completion: done)
            case .nested:
                UIView.animate(withDuration: d, delay: 0, options: .curveLinear, animations: {
                    UIView.animate(withDuration: d / 4, delay: 0, options: [.overrideInheritedDuration, .curveEaseOut], animations: {
                        twin.alpha = 0.5
                    })
                    twin.transform = target
                }, completion: done)
            case .propertyAnimator:
                let runner = UIViewPropertyAnimator(duration: d, curve: .linear) { twin.transform = target }
                runner.addCompletion { _ in done(true) }
                self.runner = runner
                runner.startAnimation()
            case .noBlock:
                MediaClock.main.schedule(after: d) { done(true) }
            case .crossDissolve:
                UIView.transition(
                    with: context.containerView, duration: d, options: [.transitionCrossDissolve, .curveLinear],
                    animations: { twin.alpha = 0.5 }, completion: done)
            }
        }
    }

    /// Lifts a card that lives in the window, outside the transition's container.
    final class LiftingPresentationController: UIPresentationController {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        override var frameOfPresentedViewInContainerView: CGRect { CGRect(x: 0, y: 552, width: 393, height: 300) }
        override func presentationTransitionWillBegin() {
            containerView?.window?.addSubview(card)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                self.card.transform = CGAffineTransform(translationX: 0, y: AlongsideJoinsAnimatorBlockTests.lift)
            })
        }
        override func dismissalTransitionWillBegin() {
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                self.card.transform = .identity
            })
        }
        override func dismissalTransitionDidEnd(_ completed: Bool) {
            if completed { card.removeFromSuperview() }
        }
    }

    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        let style: Style
        var interaction: UIViewControllerInteractiveTransitioning?
        var controller: LiftingPresentationController?
        var animators: [Animator] = []
        init(style: Style, interaction: UIViewControllerInteractiveTransitioning? = nil) {
            self.style = style
            self.interaction = interaction
        }
        func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            let pc = LiftingPresentationController(presentedViewController: presented, presenting: presenting)
            controller = pc
            return pc
        }
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? {
            let a = Animator(style: style, presenting: true); animators.append(a); return a
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            let a = Animator(style: style, presenting: false); animators.append(a); return a
        }
        func interactionControllerForPresentation(
            using animator: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? { interaction }
        func interactionControllerForDismissal(
            using animator: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? { interaction }
    }

    /// A at the root of a window, B to present with `delegate`.
    @MainActor
    struct Fixture {
        let a = UIViewController()
        let b = UIViewController()
        let window: UIWindow
        let delegate: Delegate
        init(_ style: Style, interaction: UIViewControllerInteractiveTransitioning? = nil) {
            window = makeModalWindow(root: a)
            delegate = Delegate(style: style, interaction: interaction)
            b.modalPresentationStyle = .custom
            b.transitioningDelegate = delegate
        }
        var cardY: CGFloat { delegate.controller?.card.layer.presentation()?.transform.m42 ?? .nan }
        var twinY: CGFloat { delegate.animators.last?.twin.layer.presentation()?.transform.m42 ?? .nan }
    }

    /// Presents with `style` and checks, frame by frame, that the card moves exactly as the
    /// twin does (same start, duration, delay and curve), and that it really moves.
    func expectCardFollowsTwin(_ style: Style) {
        let f = Fixture(style)
        defer { withExtendedLifetime(f.window) {} }
        f.a.present(f.b, animated: true)
        var moving = false
        for _ in 0..<Int(Self.duration * 60) {
            MediaClock.main.advanceFrames(1)
            #expect(abs(f.cardY - f.twinY) < 0.01, "\(style): card \(f.cardY), twin \(f.twinY)")
            if f.cardY < -10 && f.cardY > Self.lift + 10 { moving = true }
        }
        #expect(moving, "\(style): the card never was between its ends")
        runModal(0.2)
        #expect(f.a.presentedViewController === f.b && !f.b.isBeingPresented)
        #expect(abs(f.cardY - Self.lift) < 0.5)
    }

    @Test func anEmptyBlockWaitsForTheAlongsideAnimationsBothWays() {
        let f = Fixture(.emptyBlock)
        defer { withExtendedLifetime(f.window) {} }
        let start = MediaClock.main.now
        f.a.present(f.b, animated: true)
        MediaClock.main.advance(by: Self.duration / 2)
        // Halfway: the card is halfway up (the animator's linear curve), the transition still runs.
        #expect(abs(f.cardY + 150) < 10)
        #expect(f.b.isBeingPresented)
        runModal(Self.duration)
        #expect(!f.b.isBeingPresented && f.a.presentedViewController === f.b)
        #expect((f.delegate.animators.first?.completedAt ?? start) - start >= Self.duration - 0.02)
        #expect(abs(f.cardY - Self.lift) < 0.5)

        let dismissStart = MediaClock.main.now
        f.b.dismiss(animated: true)
        MediaClock.main.advance(by: Self.duration / 2)
        // The card comes back down over the dismissal instead of jumping when it ends.
        #expect(abs(f.cardY + 150) < 10)
        #expect(f.b.isBeingDismissed)
        #expect(f.delegate.controller?.card.superview != nil)
        runModal(Self.duration)
        #expect(f.a.presentedViewController == nil)
        #expect(f.delegate.animators.count == 2)
        #expect((f.delegate.animators.last?.completedAt ?? dismissStart) - dismissStart >= Self.duration - 0.02)
    }

    @Test(arguments: [Style.linear, .spring, .keyframes, .delayed, .zeroDurationFirst, .nested])
    func theAlongsideBlocksTakeTheFirstBlocksTiming(_ style: Style) {
        expectCardFollowsTwin(style)
    }

    @Test func blocksQueuedWithoutAnAnimatorBlockStillRunForTheTransitionDuration() {
        // An animator that starts no UIView block (a timer completes it): the alongside blocks
        // run in their own block of the transition's duration.
        let f = Fixture(.noBlock)
        defer { withExtendedLifetime(f.window) {} }
        f.a.present(f.b, animated: true)
        MediaClock.main.advance(by: 0.2)
        #expect(f.cardY < -10 && f.cardY > Self.lift + 10)
        runModal(0.3)
        #expect(abs(f.cardY - Self.lift) < 0.5)
        #expect(f.a.presentedViewController === f.b)
    }

    @Test func anAnimatingViewTransitionTakesThemWithItsDurationAndCurve() {
        let f = Fixture(.crossDissolve)
        defer { withExtendedLifetime(f.window) {} }
        let start = MediaClock.main.now
        f.a.present(f.b, animated: true)
        MediaClock.main.advance(by: Self.duration / 4)
        // Linear: a quarter of the way at a quarter of the time.
        #expect(abs(f.cardY - Self.lift / 4) < 3, "card \(f.cardY)")
        runModal(Self.duration)
        #expect(abs(f.cardY - Self.lift) < 0.5)
        #expect(f.a.presentedViewController === f.b)
        #expect((f.delegate.animators.first?.completedAt ?? start) - start >= Self.duration - 0.02)
    }

    @Test func aPropertyAnimatorDoesNotTakeThemTheyRunForTheTransitionDuration() {
        // A property animator's animations are no UIView block: the alongside blocks run on
        // their own, over the transition's duration with the default curve (ease in-out).
        let f = Fixture(.propertyAnimator)
        defer { withExtendedLifetime(f.window) {} }
        f.a.present(f.b, animated: true)
        MediaClock.main.advance(by: Self.duration / 4)
        let quarter = f.cardY
        // Ease in-out is behind the linear twin at a quarter of the way.
        #expect(quarter < -1 && quarter > f.twinY + 10, "card \(quarter), twin \(f.twinY)")
        runModal(Self.duration)
        #expect(abs(f.cardY - Self.lift) < 0.5)
        #expect(f.a.presentedViewController === f.b)
    }

    @Test func blocksAddedAfterTheAnimatorStartedRunOnTheirOwn() {
        let f = Fixture(.linear)
        defer { withExtendedLifetime(f.window) {} }
        f.a.present(f.b, animated: true)
        MediaClock.main.advance(by: Self.duration / 2)
        let shade = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(shade)
        shade.alpha = 0
        #expect(f.b.transitionCoordinator?.animate(alongsideTransition: { _ in shade.alpha = 1 }, completion: nil) == true)
        // The rest of the transition: half its duration.
        MediaClock.main.advance(by: Self.duration / 4)
        let opacity = Double(shade.layer.presentation()?.opacity ?? .nan)
        #expect(opacity > 0.05 && opacity < 0.95)
        runModal(Self.duration / 4)
        #expect(abs(Double(shade.layer.presentation()?.opacity ?? 0) - 1) < 1e-6)
        #expect(f.a.presentedViewController === f.b)
    }

    // MARK: Percent-driven

    @Test func underAPercentDrivenInteractionTheJoinedBlocksAreScrubbedCancelledAndFinished() {
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = Fixture(.emptyBlock, interaction: interaction)
        defer { withExtendedLifetime(f.window) {} }
        f.a.present(f.b, animated: true)
        MediaClock.main.advanceFrames(3)
        // Held at the start until updated, though the card lives outside the container.
        #expect(abs(f.cardY) < 0.5)
        interaction.update(0.5)
        MediaClock.main.advanceFrames(2)
        #expect(abs(f.cardY - Self.lift / 2) < 0.5, "card \(f.cardY)")
        interaction.update(0.25)
        MediaClock.main.advanceFrames(2)
        #expect(abs(f.cardY - Self.lift / 4) < 0.5, "card \(f.cardY)")
        interaction.cancel()
        MediaClock.main.advance(by: Self.duration)
        runModal(0.1)
        #expect(f.a.presentedViewController == nil)
        #expect(abs(f.cardY) < 0.5, "card \(f.cardY) after the cancel")
        #expect(abs((f.delegate.controller?.card.transform.ty ?? .nan)) < 0.5)

        f.a.present(f.b, animated: true)
        MediaClock.main.advanceFrames(3)
        interaction.update(0.6)
        MediaClock.main.advanceFrames(2)
        #expect(abs(f.cardY - Self.lift * 0.6) < 0.5, "card \(f.cardY)")
        interaction.finish()
        MediaClock.main.advance(by: Self.duration)
        runModal(0.1)
        #expect(f.a.presentedViewController === f.b)
        #expect(abs(f.cardY - Self.lift) < 0.5)
    }

    @Test func underAPercentDrivenInteractionADelayedBlockKeepsItsDelay() {
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = Fixture(.delayed, interaction: interaction)
        defer { withExtendedLifetime(f.window) {} }
        f.a.present(f.b, animated: true)
        MediaClock.main.advanceFrames(3)
        for p in [0.25, 0.5, 0.75, 0.9] {
            interaction.update(CGFloat(p))
            MediaClock.main.advanceFrames(2)
            let expected = Self.lift * CGFloat(max(0, (p - 0.5) / 0.5))
            #expect(abs(f.cardY - expected) < 0.5, "p = \(p): card \(f.cardY), expected \(expected)")
            #expect(abs(f.cardY - f.twinY) < 0.5)
        }
        interaction.finish()
        MediaClock.main.advance(by: Self.duration)
        runModal(0.1)
        #expect(f.a.presentedViewController === f.b)
        #expect(abs(f.cardY - Self.lift) < 0.5)
    }

    /// An animator whose interruptible property animator drives the transition: the alongside
    /// blocks join that animator (not a UIView block), and follow its scrubbing and reversal.
    final class InterruptibleAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        private var driven: UIViewPropertyAnimator?
        let twin = UIView(frame: CGRect(x: 0, y: 400, width: 50, height: 50))
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
            AlongsideJoinsAnimatorBlockTests.duration
        }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            interruptibleAnimator(using: transitionContext).startAnimation()
        }
        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            if let driven { return driven }
            let context = transitionContext
            if let to = context.viewController(forKey: .to) {
                context.containerView.addSubview(to.view)
                to.view.frame = context.finalFrame(for: to)
            }
            context.containerView.addSubview(twin)
            let twin = self.twin
            // An unrelated UIView block started while the animator is set up takes nothing.
            UIView.animate(withDuration: AlongsideJoinsAnimatorBlockTests.duration / 4) { twin.alpha = 0.5 }
            let animator = UIViewPropertyAnimator(duration: AlongsideJoinsAnimatorBlockTests.duration, curve: .linear) {
                twin.transform = CGAffineTransform(translationX: 0, y: AlongsideJoinsAnimatorBlockTests.lift)
            }
            animator.addCompletion { position in context.completeTransition(position == .end) }
            driven = animator
            return animator
        }
    }

    final class InterruptibleDelegate: NSObject, UIViewControllerTransitioningDelegate {
        let interaction = UIPercentDrivenInteractiveTransition()
        let animator = InterruptibleAnimator()
        var controller: LiftingPresentationController?
        func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            let pc = LiftingPresentationController(presentedViewController: presented, presenting: presenting)
            controller = pc
            return pc
        }
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { animator }
        func interactionControllerForPresentation(
            using animator: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? { interaction }
    }

    @Test func anInterruptibleAnimatorTakesThemAndScrubsPausesAndReversesThem() {
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        defer { withExtendedLifetime(window) {} }
        let b = UIViewController()
        let d = InterruptibleDelegate()
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = d
        func cardY() -> CGFloat { d.controller?.card.layer.presentation()?.transform.m42 ?? .nan }
        func twinY() -> CGFloat { d.animator.twin.layer.presentation()?.transform.m42 ?? .nan }
        a.present(b, animated: true)
        MediaClock.main.advanceFrames(3)
        #expect(abs(cardY()) < 0.5)
        d.interaction.update(0.5)
        MediaClock.main.advanceFrames(2)
        #expect(abs(cardY() - Self.lift / 2) < 0.5, "card \(cardY())")
        #expect(abs(cardY() - twinY()) < 0.5)
        d.interaction.cancel()
        MediaClock.main.advanceFrames(4)
        d.interaction.pause()
        let paused = cardY()
        #expect(paused > Self.lift / 2 + 1 && paused < -1, "card \(paused) while paused on its way back")
        MediaClock.main.advanceFrames(6)
        #expect(abs(cardY() - paused) < 0.5)
        d.interaction.cancel()
        MediaClock.main.advance(by: Self.duration)
        runModal(0.1)
        #expect(a.presentedViewController == nil)
        #expect(abs(cardY()) < 0.5, "card \(cardY()) after the cancel")
    }
}
