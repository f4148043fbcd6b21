//
//  CardAnimator.swift
//  CardKit
//

import UIKit
import QuartzCore

final class CardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private unowned let transition: CardTransition
    private let presenting: Bool

    init(transition: CardTransition, presenting: Bool) {
        self.transition = transition
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        presenting ? 0.55 : 0.4
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let card = transitionContext.viewController(forKey: key) else { return }
        let container = transitionContext.containerView
        let start = transition.delegate?.sourceFrame(for: transition) ?? .zero
        let end = transitionContext.finalFrame(for: card)
        let flying = transition.delegate?.snapshotView?(for: transition) ?? card.view!
        if presenting { container.addSubview(card.view) }
        flying.frame = presenting ? start : end
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.8,
            initialSpringVelocity: 0, options: [.curveEaseInOut],
            animations: { flying.frame = self.presenting ? end : start },
            completion: { _ in
                let completed = !transitionContext.transitionWasCancelled
                transitionContext.completeTransition(completed)
                self.transition.finish(completed)
            })
    }
}
