//
//  TabSlideTransition.swift
//  TabKit
//
//  Tab switches slide: the new tab comes in from the side of its item, the old one leaves by
//  the other side. `TabSlideTransition.install(on:)` keeps whatever delegate the tab bar
//  controller had; it still hears every message the proxy does not answer for it.
//

import UIKit

public final class TabSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let movesLeft: Bool

    init(movesLeft: Bool) {
        self.movesLeft = movesLeft
        super.init()
    }

    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.4
    }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        let width = container.bounds.width
        let offset = movesLeft ? width : -width
        toView.frame = transitionContext.finalFrame(for: toVC).offsetBy(dx: offset, dy: 0)
        container.addSubview(toView)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseInOut, animations: {
            fromView.frame = fromView.frame.offsetBy(dx: -offset, dy: 0)
            toView.frame = toView.frame.offsetBy(dx: -offset, dy: 0)
        }, completion: { _ in
            fromView.frame = fromView.frame.offsetBy(dx: offset, dy: 0)
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

public final class TabSlideTransition: NSObject, UITabBarControllerDelegate {
    private var proxy: TabBarControllerDelegateProxy?
    public private(set) var slides = 0

    public func install(on tabBarController: UITabBarController) {
        let proxy = TabBarControllerDelegateProxy(primary: tabBarController.delegate, secondary: self)
        self.proxy = proxy
        tabBarController.delegate = proxy
    }

    public func tabBarController(_ tabBarController: UITabBarController,
                                 animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard let controllers = tabBarController.viewControllers,
              let from = controllers.firstIndex(of: fromVC),
              let to = controllers.firstIndex(of: toVC) else { return nil }
        slides += 1
        return TabSlideAnimator(movesLeft: to > from)
    }
}
