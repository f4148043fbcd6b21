//
//  CrossfadeSegue.swift
//  SegueKit
//
//  A custom segue, the way libraries offer a transition to storyboard users: `perform()`
//  presents the destination with the library's own animator. Code without a storyboard makes
//  the segue and performs it itself.
//

import UIKit

open class CrossfadeSegue: UIStoryboardSegue, UIViewControllerTransitioningDelegate {
    public var duration: TimeInterval = 0.5

    override open func perform() {
        destination.modalPresentationStyle = .fullScreen
        destination.transitioningDelegate = self
        // The segue must outlive `perform()`: the destination keeps it until dismissed.
        objc_setAssociatedObject(destination, &CrossfadeSegue.key, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        source.present(destination, animated: true, completion: nil)
    }

    private static var key: UInt8 = 0

    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return CrossfadeAnimator(duration: duration)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return CrossfadeAnimator(duration: duration)
    }
}

final class CrossfadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval

    init(duration: TimeInterval) {
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else { return }
        let fromView = transitionContext.view(forKey: .from)
        toView.frame = transitionContext.finalFrame(for: toVC)
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: duration, animations: {
            toView.alpha = 1
            fromView?.alpha = 0
        }, completion: { _ in
            fromView?.alpha = 1
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
