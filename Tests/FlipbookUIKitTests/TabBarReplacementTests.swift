import Foundation
import Testing
import TestSupport
import Flipbook

/// A tab bar of the app's own class that draws its items with controls of its own, as custom tab
/// bar libraries do; it remembers the items the controller gives it.
@MainActor
private final class StampTabBar: UITabBar {
    var itemsSet: [[UITabBarItem]?] = []
    override func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        super.setItems(items, animated: animated)
        itemsSet.append(items)
    }
}

/// Swaps its tab bar for a `StampTabBar` by key-value coding in `viewDidLoad`.
@MainActor
private final class SwappingTabBarController: UITabBarController {
    let ownBar = StampTabBar()
    override func viewDidLoad() {
        super.viewDidLoad()
        setValue(ownBar, forKey: "tabBar")
    }
}

@Suite(.freshRuntime) @MainActor struct TabBarReplacementTests {
    /// `setValue(_:forKey: "tabBar")` in viewDidLoad: the controller's bar is the new one, in
    /// the view where the old one was, laid out along the bottom, and it gets the tabs' items.
    @Test func tabBarSetByKeyInViewDidLoadTakesThePlace() {
        let tbc = SwappingTabBarController()
        let first = UIViewController(), second = UIViewController()
        tbc.viewControllers = [first, second]
        let app = AppDriver(rootViewController: tbc, device: .iPhone15)
        app.advanceFrames(1)
        #expect(tbc.tabBar === tbc.ownBar)
        #expect(tbc.ownBar.superview === tbc.view)
        #expect(tbc.view.subviews.filter { $0 is UITabBar }.count == 1)
        #expect(tbc.ownBar.frame == CGRect(x: 0, y: 852 - 83, width: 393, height: 83))
        #expect(tbc.ownBar.items?.count == 2)
        #expect(tbc.ownBar.selectedItem === first.tabBarItem)
        #expect(tbc.value(forKey: "tabBar") as? UITabBar === tbc.ownBar)
    }

    /// Items set after the swap reach the new bar, and a tap on its item selects the tab.
    @Test func replacedBarSelectsThroughTheController() {
        let tbc = SwappingTabBarController()
        tbc.loadViewIfNeeded()
        let first = UIViewController(), second = UIViewController()
        first.tabBarItem = UITabBarItem(title: "One", image: nil, tag: 0)
        second.tabBarItem = UITabBarItem(title: "Two", image: nil, tag: 1)
        tbc.viewControllers = [first, second]
        #expect(tbc.ownBar.itemsSet.last??.count == 2)
        let app = AppDriver(rootViewController: tbc, device: .iPhone15)
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 393 * 0.75, y: 852 - 83 + 20))
        app.advanceFrames(2)
        #expect(tbc.selectedIndex == 1)
        #expect(tbc.ownBar.selectedItem === second.tabBarItem)
    }

    /// Something that is not a tab bar is reported and leaves the bar alone.
    @Test func nonBarValueIsReported() {
        let tbc = UITabBarController()
        let bar = tbc.tabBar
        let reports = FlipbookDiagnostics.capture { tbc.setValue(UIView(), forKey: "tabBar") }
        #expect(tbc.tabBar === bar)
        #expect(reports.contains { $0.contains("needs a UITabBar") })
    }
}

/// Remembers every controller its `selectedViewController` setter is given.
@MainActor
private final class SelectionHearingTabBarController: UITabBarController {
    var heard: [UIViewController] = []
    override var selectedViewController: UIViewController? {
        willSet { if let newValue { heard.append(newValue) } }
    }
}

@Suite(.freshRuntime) @MainActor struct TabBarDefaultSelectionTests {
    /// Giving a tab bar controller its first tabs selects the first one through the public
    /// setter, which a subclass override hears; replacing the tabs while one stays selected
    /// does not select again.
    @Test func firstTabsSelectThroughTheOverridableSetter() {
        let tbc = SelectionHearingTabBarController()
        tbc.loadViewIfNeeded()
        let first = UIViewController(), second = UIViewController()
        tbc.viewControllers = [first, second]
        #expect(tbc.heard.count == 1)
        #expect(tbc.heard.first === first)
        #expect(tbc.selectedViewController === first)
        tbc.viewControllers = [first, second, UIViewController()]
        #expect(tbc.heard.count == 1)
    }
}
