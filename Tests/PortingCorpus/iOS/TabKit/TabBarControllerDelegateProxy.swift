//
//  TabBarControllerDelegateProxy.swift
//  TabKit
//

import UIKit

public final class TabBarControllerDelegateProxy: DelegateProxy<UITabBarControllerDelegate>, UITabBarControllerDelegate {

    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        return firstDelegate(respondingTo: #selector(tabBarController(_:shouldSelect:)))?.tabBarController?(tabBarController, shouldSelect: viewController) ?? false
    }

    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        delegates.forEach { $0.tabBarController?(tabBarController, didSelect: viewController) }
    }

    public func tabBarController(_ tabBarController: UITabBarController,
                                 interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        return firstDelegate(respondingTo: #selector(tabBarController(_:interactionControllerFor:)))?.tabBarController?(tabBarController, interactionControllerFor: animationController)
    }

    public func tabBarController(_ tabBarController: UITabBarController,
                                 animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return firstDelegate(respondingTo: #selector(tabBarController(_:animationControllerForTransitionFrom:to:)))?
            .tabBarController?(tabBarController, animationControllerForTransitionFrom: fromVC, to: toVC)
    }
}
