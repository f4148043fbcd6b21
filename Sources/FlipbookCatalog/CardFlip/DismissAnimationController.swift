import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The card flip played backwards (docs/Semantics.md, "The demo apps"): a snapshot of the reveal screen shrinks
/// into the card's frame, turns edge-on, then the deck turns back to face the viewer.
final class DismissAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
    /// Where the card is, in the container's coordinates: the snapshot ends there.
    private let destinationFrame: CGRect

    /// The transition's length, in seconds.
    private let duration: TimeInterval = 0.6

    /// The reveal screen's swipe, handed to UIKit by the transitioning delegate when a swipe
    /// (rather than the Done button) started the dismissal.
    let interactionController: SwipeInteractionController?

    init(destinationFrame: CGRect, interactionController: SwipeInteractionController?) {
        self.destinationFrame = destinationFrame
        self.interactionController = interactionController
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        // This time the screen leaving is the one pictured.
        guard let fromVC = transitionContext.viewController(forKey: .from),
            let toVC = transitionContext.viewController(forKey: .to),
            let snapshot = fromVC.view.snapshotView(afterScreenUpdates: false)
        else { return }

        snapshot.layer.cornerRadius = CardViewController.cardCornerRadius
        snapshot.layer.masksToBounds = true

        // Back to front: the deck, the reveal (hidden), the snapshot.
        let containerView = transitionContext.containerView
        containerView.insertSubview(toVC.view, at: 0)
        containerView.addSubview(snapshot)
        fromVC.view.isHidden = true

        // The deck starts edge-on, so it is not seen until the last third.
        AnimationHelper.perspectiveTransform(for: containerView)
        toVC.view.layer.transform = AnimationHelper.yRotation(-.pi / 2)

        UIView.animateKeyframes(
            withDuration: duration, delay: 0, options: .calculationModeCubic,
            animations: {
                // The steps of the presentation, in reverse order.
                UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1 / 3) {
                    snapshot.frame = self.destinationFrame
                }
                UIView.addKeyframe(withRelativeStartTime: 1 / 3, relativeDuration: 1 / 3) {
                    snapshot.layer.transform = AnimationHelper.yRotation(.pi / 2)
                }
                UIView.addKeyframe(withRelativeStartTime: 2 / 3, relativeDuration: 1 / 3) {
                    toVC.view.layer.transform = AnimationHelper.yRotation(0.0)
                }
            },
            completion: { _ in
                // Undo every change to the hierarchy before completing.
                fromVC.view.isHidden = false
                snapshot.removeFromSuperview()
                if transitionContext.transitionWasCancelled {
                    toVC.view.removeFromSuperview()
                }
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
}
