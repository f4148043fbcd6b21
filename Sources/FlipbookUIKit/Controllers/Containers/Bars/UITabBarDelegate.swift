import Foundation

/// Hears about taps on a tab bar's items, UIKit's `UITabBarDelegate`. A tab bar controller is
/// the delegate of its own bar. Every member is optional, as in Apple's protocol.
@preconcurrency @MainActor
public protocol UITabBarDelegate: NSObjectProtocol {
    /// The user tapped `item` (after the bar selected it).
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
    /// `beginCustomizingItems(_:)` is about to begin customizing `items`.
    func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem])
    /// Customizing `items` began.
    func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem])
    /// Customizing is about to end (`changed`: whether the items changed; never in Flipbook).
    func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool)
    /// Customizing ended.
    func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        forwarded(as: UITabBarDelegate.self) { $0.tabBar(tabBar, didSelect: item) }
    }
    public func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {
        forwarded(as: UITabBarDelegate.self) { $0.tabBar(tabBar, willBeginCustomizing: items) }
    }
    public func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {
        forwarded(as: UITabBarDelegate.self) { $0.tabBar(tabBar, didBeginCustomizing: items) }
    }
    public func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {
        forwarded(as: UITabBarDelegate.self) { $0.tabBar(tabBar, willEndCustomizing: items, changed: changed) }
    }
    public func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {
        forwarded(as: UITabBarDelegate.self) { $0.tabBar(tabBar, didEndCustomizing: items, changed: changed) }
    }
}
