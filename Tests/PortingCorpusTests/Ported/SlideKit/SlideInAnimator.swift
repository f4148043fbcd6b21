//
//  SlideInAnimator.swift
//  SlideKit
//
//  One animator for both directions. Presenting, the panel starts off screen and ends at
//  `finalFrame(for:)`; dismissing, it starts where it is, `finalFrame(for:)` of the presented
//  controller, and leaves by the same edge.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class SlideInAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let direction: SlideInDirection
    let isPresentation: Bool

    init(direction: SlideInDirection, isPresentation: Bool) {
        self.direction = direction
        self.isPresentation = isPresentation
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = isPresentation ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key) else { return }
        if isPresentation {
            transitionContext.containerView.addSubview(controller.view)
        }
        let presentedFrame = transitionContext.finalFrame(for: controller)
        var dismissedFrame = presentedFrame
        switch direction {
        case .left:
            dismissedFrame.origin.x = -presentedFrame.width
        case .bottom:
            dismissedFrame.origin.y = transitionContext.containerView.frame.height
        }
        let initialFrame = isPresentation ? dismissedFrame : presentedFrame
        let finalFrame = isPresentation ? presentedFrame : dismissedFrame
        controller.view.frame = initialFrame
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            controller.view.frame = finalFrame
        }, completion: { finished in
            if !self.isPresentation {
                controller.view.removeFromSuperview()
            }
            transitionContext.completeTransition(finished)
        })
    }
}
