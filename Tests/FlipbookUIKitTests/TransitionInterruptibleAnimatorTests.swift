import Foundation
import Testing
import TestSupport
import Flipbook

/// `interruptibleAnimator(using:)` is Apple's optional member: an animator may implement it
/// (as an NSObject subclass, the way iOS code writes it) or leave it out.
@MainActor
@Suite(.cleanClock) struct TransitionInterruptibleAnimatorTests {
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
