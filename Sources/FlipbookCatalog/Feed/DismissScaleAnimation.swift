import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 002's dismissal animator: a snapshot of the selected cell, blown up to the player's
/// width where the player is, shrinks back into the cell's frame with a spring (damping 0.8,
/// initial velocity 0.2, 0.25 s); with no cell, a snapshot of the player shrinks into a 5 × 5
/// rect at the centre of the screen.
final class DismissScaleAnimation: NSObject, UIViewControllerAnimatedTransitioning {
    /// The selected cell (step 5).
    var selectCell: UICollectionViewCell?
    /// The cell's frame in the collection view (step 6).
    var originCellFrame: CGRect = .zero
    /// The cell's frame in screen coordinates, where the snapshot ends (step 7).
    var finalCellFrame: CGRect = .zero
    /// The fallback destination: a 5 × 5 rect at the centre of the screen.
    let centerFrame: CGRect

    override init() {
        let screen = UIScreen.main.bounds.size
        centerFrame = CGRect(x: (screen.width - 5) / 2, y: (screen.height - 5) / 2, width: 5, height: 5)
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.25
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!

        let snapshotView: UIView
        let scaleRatio: CGFloat
        var finalFrame = finalCellFrame
        if let selectCell, finalFrame != .zero {
            snapshotView = selectCell.snapshotView(afterScreenUpdates: false) ?? UIView()
            scaleRatio = fromVC.view.frame.size.width / selectCell.frame.size.width
            snapshotView.layer.zPosition = 20
        } else {
            snapshotView = fromVC.view.snapshotView(afterScreenUpdates: false) ?? UIView()
            scaleRatio = fromVC.view.frame.size.width / UIScreen.main.bounds.size.width
            finalFrame = centerFrame
        }

        let containerView = transitionContext.containerView
        containerView.addSubview(snapshotView)

        let duration = transitionDuration(using: transitionContext)

        fromVC.view.alpha = 0
        snapshotView.center = fromVC.view.center
        snapshotView.transform = CGAffineTransform(scaleX: scaleRatio, y: scaleRatio)
        UIView.animate(
            withDuration: duration, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0.2,
            options: .curveEaseInOut,
            animations: {
                snapshotView.transform = CGAffineTransform(scaleX: 1, y: 1)
                snapshotView.frame = finalFrame
            },
            completion: { _ in
                transitionContext.finishInteractiveTransition()
                transitionContext.completeTransition(true)
                snapshotView.removeFromSuperview()
            })
    }
}
