import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The card flip (docs/Semantics.md, "The demo apps"): the screen turns away about y, a snapshot of the reveal
/// screen turns in where the card was, then grows to full screen as its corners square off.
final class PresentAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
    /// Where the card was, in the container's coordinates: the snapshot starts there.
    private let originFrame: CGRect

    /// The transition's length, in seconds (each of the three steps takes a third).
    private let duration: TimeInterval = 0.6

    init(originFrame: CGRect) {
        self.originFrame = originFrame
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        // The controllers on each side, and a picture of the screen being presented.
        guard let fromVC = transitionContext.viewController(forKey: .from),
            let toVC = transitionContext.viewController(forKey: .to),
            let snapshot = toVC.view.snapshotView(afterScreenUpdates: true)
        else { return }

        // Everything happens in the container; the reveal ends at its final frame.
        let containerView = transitionContext.containerView
        let finalFrame = transitionContext.finalFrame(for: toVC)

        // The snapshot sits exactly on the card, with the card's rounded corners.
        snapshot.frame = originFrame
        snapshot.layer.cornerRadius = CardViewController.cardCornerRadius
        snapshot.layer.masksToBounds = true

        // The real view waits hidden under the snapshot until the end.
        containerView.addSubview(toVC.view)
        containerView.addSubview(snapshot)
        toVC.view.isHidden = true

        // Perspective for the container's sublayers; the snapshot starts edge-on.
        AnimationHelper.perspectiveTransform(for: containerView)
        snapshot.layer.transform = AnimationHelper.yRotation(.pi / 2)

        // One keyframe animation as long as the transition.
        UIView.animateKeyframes(
            withDuration: duration, delay: 0, options: .calculationModeCubic,
            animations: {
                // First third: the old screen turns edge-on and disappears.
                UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1 / 3) {
                    fromVC.view.layer.transform = AnimationHelper.yRotation(-.pi / 2)
                }
                // Second third: the snapshot turns to face the viewer.
                UIView.addKeyframe(withRelativeStartTime: 1 / 3, relativeDuration: 1 / 3) {
                    snapshot.layer.transform = AnimationHelper.yRotation(0.0)
                }
                // Last third: the snapshot fills the screen, its corners squaring off.
                UIView.addKeyframe(withRelativeStartTime: 2 / 3, relativeDuration: 1 / 3) {
                    snapshot.frame = finalFrame
                    snapshot.layer.cornerRadius = 0
                }
            },
            completion: { _ in
                // The snapshot now covers the screen: show the real view instead.
                toVC.view.isHidden = false
                snapshot.removeFromSuperview()
                fromVC.view.layer.transform = CATransform3DIdentity
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
}
