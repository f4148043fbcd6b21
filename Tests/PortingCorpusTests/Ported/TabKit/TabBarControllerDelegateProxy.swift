//
//  TabBarControllerDelegateProxy.swift
//  TabKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public final class TabBarControllerDelegateProxy: DelegateProxy<UITabBarControllerDelegate>, UITabBarControllerDelegate {

    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        delegates.forEach { $0.tabBarController(tabBarController, didSelect: viewController) }
    }
}
