import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 002's presentation animator: the player grows from the tapped cell's frame (in screen
/// coordinates) to full screen with a spring, damping 0.8, initial velocity 1, in 0.3 s.
final class PresentScaleAnimation: NSObject, UIViewControllerAnimatedTransitioning {
    /// The tapped cell's frame in the collection view's superview (set by the grid, step 4).
    var cellConvertFrame: CGRect = .zero

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let toVC = transitionContext.viewController(forKey: .to)!
        if cellConvertFrame == .zero {
            transitionContext.completeTransition(true)
            return
        }
        let initialFrame = cellConvertFrame

        let containerView = transitionContext.containerView
        containerView.addSubview(toVC.view)

        let finalFrame = transitionContext.finalFrame(for: toVC)
        let duration = transitionDuration(using: transitionContext)

        toVC.view.center = CGPoint(
            x: initialFrame.origin.x + initialFrame.size.width / 2, y: initialFrame.origin.y + initialFrame.size.height / 2)
        toVC.view.transform = CGAffineTransform(
            scaleX: initialFrame.size.width / finalFrame.size.width, y: initialFrame.size.height / finalFrame.size.height)

        UIView.animate(
            withDuration: duration, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 1,
            options: .layoutSubviews,
            animations: {
                toVC.view.center = CGPoint(
                    x: finalFrame.origin.x + finalFrame.size.width / 2, y: finalFrame.origin.y + finalFrame.size.height / 2)
                toVC.view.transform = CGAffineTransform(scaleX: 1, y: 1)
            },
            completion: { _ in
                transitionContext.completeTransition(true)
            })
    }
}
