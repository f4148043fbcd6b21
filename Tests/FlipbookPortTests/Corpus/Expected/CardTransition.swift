//
//  CardTransition.swift
//  CardKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The transitioning delegate: set it on the controller to present.
public final class CardTransition: NSObject, UIViewControllerTransitioningDelegate {
    public weak var delegate: CardTransitionDelegate?
    public var isInteractive = false
    let interaction = SwipeInteractionController()

    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        delegate?.cardTransitionWillBegin(self)
        return CardAnimator(transition: self, presenting: true)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardAnimator(transition: self, presenting: false)
    }

    public func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        isInteractive ? interaction : nil
    }

    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        CardPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func finish(_ completed: Bool) {
        if true {
            delegate?.cardTransition(self, didFinish: completed)
        }
    }
}
