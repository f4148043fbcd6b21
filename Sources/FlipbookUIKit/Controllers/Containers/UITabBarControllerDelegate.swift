import Foundation

/// Hears about a tab bar controller's selection and supplies custom tab-switch transitions,
/// UIKit's `UITabBarControllerDelegate`. Every member is optional, as in Apple's protocol.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: NSObjectProtocol {
    /// Whether a tap on `viewController`'s tab may select it (not asked when code selects).
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// After a tap selected `viewController` (also when it was already selected; not called
    /// when code selects).
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// A custom animator for a switch from one tab to another; nil switches at once.
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    /// An interaction controller for the custom animator returned above; nil: not interactive.
    func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
    /// Before the customizing sheet for `viewControllers` shows (`UITabBar.beginCustomizingItems(_:)`).
    func tabBarController(_ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController])
    /// Before the customizing sheet goes; `changed`: whether the order changed.
    func tabBarController(
        _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController], changed: Bool)
    /// After the customizing sheet went.
    func tabBarController(
        _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool)
    /// The interface orientations the tab bar controller supports (Flipbook's screens do not
    /// ask: the app rotates with `AppDriver.rotate(to:)`).
    func tabBarControllerSupportedInterfaceOrientations(_ tabBarController: UITabBarController) -> UIInterfaceOrientationMask
    /// The orientation to present the tab bar controller in full screen.
    func tabBarControllerPreferredInterfaceOrientationForPresentation(_ tabBarController: UITabBarController)
        -> UIInterfaceOrientation
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    {
        forwarded(as: UITabBarControllerDelegate.self) { $0.tabBarController(tabBarController, shouldSelect: viewController) }
            ?? true
    }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        forwarded(as: UITabBarControllerDelegate.self) { $0.tabBarController(tabBarController, didSelect: viewController) }
    }
    public func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        forwarded(as: UITabBarControllerDelegate.self) {
            $0.tabBarController(tabBarController, animationControllerForTransitionFrom: fromVC, to: toVC)
        }
    }
    public func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        forwarded(as: UITabBarControllerDelegate.self) {
            $0.tabBarController(tabBarController, interactionControllerFor: animationController)
        }
    }
    public func tabBarController(
        _ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]
    ) {
        forwarded(as: UITabBarControllerDelegate.self) { $0.tabBarController(tabBarController, willBeginCustomizing: viewControllers) }
    }
    public func tabBarController(
        _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController], changed: Bool
    ) {
        forwarded(as: UITabBarControllerDelegate.self) {
            $0.tabBarController(tabBarController, willEndCustomizing: viewControllers, changed: changed)
        }
    }
    public func tabBarController(
        _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool
    ) {
        forwarded(as: UITabBarControllerDelegate.self) {
            $0.tabBarController(tabBarController, didEndCustomizing: viewControllers, changed: changed)
        }
    }
    public func tabBarControllerSupportedInterfaceOrientations(_ tabBarController: UITabBarController)
        -> UIInterfaceOrientationMask
    {
        forwarded(as: UITabBarControllerDelegate.self) { $0.tabBarControllerSupportedInterfaceOrientations(tabBarController) }
            ?? .all
    }
    public func tabBarControllerPreferredInterfaceOrientationForPresentation(_ tabBarController: UITabBarController)
        -> UIInterfaceOrientation
    {
        forwarded(as: UITabBarControllerDelegate.self) {
            $0.tabBarControllerPreferredInterfaceOrientationForPresentation(tabBarController)
        } ?? .portrait
    }
}
