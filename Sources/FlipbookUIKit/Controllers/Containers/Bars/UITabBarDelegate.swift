import Foundation

/// Hears about taps on a tab bar's items, UIKit's `UITabBarDelegate`. A tab bar controller is
/// the delegate of its own bar. Every member is optional, as in Apple's protocol.
@preconcurrency @MainActor
public protocol UITabBarDelegate: NSObjectProtocol {
    /// The user tapped `item` (after the bar selected it).
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}
