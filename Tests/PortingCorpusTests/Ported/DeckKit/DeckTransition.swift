//
//  DeckTransition.swift
//  DeckKit
//
//  Presents a screen as a card on top of a deck: the presenting screen shrinks back and
//  darkens a little, the card slides up over it and can be swiped down to dismiss.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Told about the card's dismissal. Everything is optional.
public protocol DeckTransitionDelegate: AnyObject {
    /// The swipe went far enough (or a close button was tapped): the card is about to leave.
    func deckWillDismiss()
    /// The card has left and the presenting screen is back.
    func deckDidDismiss()
    /// How far down, in points, the card must be swiped to dismiss (120 when nil or not implemented).
    func deckDismissThreshold() -> NSNumber?
}

extension DeckTransitionDelegate {
    public func deckWillDismiss() {}
    public func deckDidDismiss() {}
    public func deckDismissThreshold() -> NSNumber? { nil }
}

/// The transitioning delegate. `presentDeck(_:delegate:)` makes one and keeps it alive on the
/// presented controller.
public final class DeckTransition: NSObject, UIViewControllerTransitioningDelegate {

    public weak var delegate: DeckTransitionDelegate?
    public var presentDuration: TimeInterval = 0.5
    public var dismissDuration: TimeInterval = 0.4

    public init(delegate: DeckTransitionDelegate? = nil) {
        self.delegate = delegate
        super.init()
    }

    public func presentationController(forPresented presented: UIViewController,
                                       presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? {
        let controller = DeckPresentationController(presentedViewController: presented, presenting: presenting)
        controller.transition = self
        return controller
    }

    public func animationController(forPresented presented: UIViewController,
                                    presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return DeckPresentingAnimator(duration: presentDuration)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return DeckDismissingAnimator(duration: dismissDuration)
    }
}

final class DeckPresentingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval

    init(duration: TimeInterval) {
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let presented = transitionContext.viewController(forKey: .to),
              let cardView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        let finalFrame = transitionContext.finalFrame(for: presented)
        cardView.frame = finalFrame.offsetBy(dx: 0, dy: containerView.bounds.height - finalFrame.minY)
        containerView.addSubview(cardView)

        UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [.curveEaseOut], animations: {
            cardView.frame = finalFrame
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

final class DeckDismissingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval

    init(duration: TimeInterval) {
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let cardView = transitionContext.view(forKey: .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        var offscreen = cardView.frame
        offscreen.origin.y = containerView.bounds.height

        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseIn], animations: {
            cardView.frame = offscreen
        }, completion: { _ in
            let completed = !transitionContext.transitionWasCancelled
            if completed {
                cardView.removeFromSuperview()
            }
            transitionContext.completeTransition(completed)
        })
    }
}
