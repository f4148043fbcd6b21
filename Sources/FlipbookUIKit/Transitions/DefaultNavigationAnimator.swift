import Foundation
import FlipbookQuartz

/// The push and pop UIKit shows when the navigation controller's delegate supplies no
/// animator: on push the new view slides in from the right edge over the old one, which
/// moves `parallax` of the width to the left under a darkening overlay; pop reverses it.
///
/// Duration 0.35 s (UIKit's default push duration) with an ease-in-out curve (UIKit uses a
/// spring-like curve of its own; see docs/Divergences.md, "Navigation controller"). When
/// driven interactively the curve is linear, so the views follow the finger. When
/// the transition is cancelled (an interactive pop let go early) the views are put back.
@preconcurrency @MainActor
final class DefaultNavigationAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    /// The length of the default push and pop, in seconds.
    static let duration: TimeInterval = 0.35
    /// How far the covered view moves, as a fraction of the container's width.
    static let parallax: CGFloat = 0.3
    /// The overlay's opacity over the fully covered view.
    static let dimming: CGFloat = 0.1
    /// The tag of the dimming overlay while it is in the container.
    static let dimmingTag = 0x6E61_7664

    let operation: UINavigationController.Operation

    init(operation: UINavigationController.Operation) {
        self.operation = operation
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let context = transitionContext
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to),
              let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to)
        else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let container = context.containerView
        let width = container.bounds.width
        let start = context.initialFrame(for: fromVC)
        let end = context.finalFrame(for: toVC)
        let dim = UIView(frame: container.bounds)
        dim.tag = Self.dimmingTag
        dim.backgroundColor = .black
        dim.isUserInteractionEnabled = false
        let pushing = operation != .pop
        if pushing {
            toView.frame = end.offsetBy(dx: width, dy: 0)
            dim.alpha = 0
            container.addSubview(dim)
            container.addSubview(toView)
        } else {
            toView.frame = end.offsetBy(dx: -width * Self.parallax, dy: 0)
            dim.alpha = Self.dimming
            container.insertSubview(toView, belowSubview: fromView)
            container.insertSubview(dim, belowSubview: fromView)
        }
        // Driven by a finger (the interactive pop) the views follow it: a linear timeline
        // that the interaction scrubs; its rest plays with the interaction's completion curve.
        TransitionAnimation.animate(
            duration: Self.duration, curve: context.isInteractive ? .linear : .easeInOut,
            animations: {
                if pushing {
                    toView.frame = end
                    fromView.frame = start.offsetBy(dx: -width * Self.parallax, dy: 0)
                    dim.alpha = Self.dimming
                } else {
                    toView.frame = end
                    fromView.frame = start.offsetBy(dx: width, dy: 0)
                    dim.alpha = 0
                }
            },
            completion: { _ in
                dim.removeFromSuperview()
                let cancelled = context.transitionWasCancelled
                // The covered view goes back where it was: on screen after a cancel, ready
                // for the next transition otherwise.
                fromView.frame = start
                if cancelled { toView.frame = end }
                context.completeTransition(!cancelled)
            })
    }
}
