import Foundation
import FlipbookQuartz

/// `setValue(_:forKey: "tabBar")`: the common iOS way to give a tab bar controller a tab bar of
/// one's own class (UIKit declares `tabBar` read-only; key-value coding sets its instance
/// variable). docs/Semantics.md, "Replacing a tab bar controller's tab bar".
extension UITabBarController: KeyValueCodingHost {
    package func valueByKeyValueCoding(forKey key: String) -> Any?? {
        key == "tabBar" ? .some(tabBar) : nil
    }

    package func setValueByKeyValueCoding(_ value: Any?, forKey key: String) -> Bool {
        guard key == "tabBar" else { return false }
        guard let bar = value as? UITabBar else {
            FlipbookDiagnostics.report(
                "setValue(_:forKey: \"tabBar\") on \(describe(self)) needs a UITabBar (got "
                    + "\(value.map { "\(type(of: $0))" } ?? "nil")); UIKit raises. Ignored.")
            return true
        }
        replaceTabBar(with: bar)
        return true
    }

    /// Puts `bar` where the tab bar was: it takes the tabs' items and the selection, the old bar
    /// leaves the view (the new one takes its place in the subview order) and the bar's place
    /// is laid out again. The new bar's delegate is left as the caller set it (taps on its own
    /// item buttons still select through the controller).
    func replaceTabBar(with bar: UITabBar) {
        let old = tabBar
        guard bar !== old else { return }
        if runningSwitch != nil {
            FlipbookDiagnostics.report(
                "setValue(_:forKey: \"tabBar\") on \(describe(self)) during a tab switch; the bar is replaced now, "
                    + "the switch goes on.")
        }
        if bar.superview != nil, bar.superview !== viewIfLoaded { bar.removeFromSuperview() }
        old.owningTabBarController = nil
        tabBar = bar
        bar.owningTabBarController = self
        if let tabs {
            bar.setItems(tabs.map { $0.tabBarItem }, animated: false)
            bar.selectedItem = selectedViewController?.tabBarItem
        }
        guard let view = viewIfLoaded else { return }
        if old.superview === view {
            view.insertSubview(bar, aboveSubview: old)
            old.removeFromSuperview()
        } else if bar.superview !== view {
            view.addSubview(bar)
        }
        UIView.performWithoutAnimation { layoutContent() }
    }
}
