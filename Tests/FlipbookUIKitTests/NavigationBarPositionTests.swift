import Foundation
import Testing
import TestSupport
import Flipbook

/// A navigation bar that code moved (a scrolling-navbar library slides it up under the status
/// bar as the content scrolls) stays where it was put while the top item's bar button items
/// change their tint, as on iOS; a change of the bar's height (a search controller added) lays
/// the controller out again.
@Suite("Navigation bar position", .freshRuntime)
@MainActor
struct NavigationBarPositionTests {
    @Test func aMovedBarStaysWhenAnItemsTintChanges() {
        let root = UIViewController()
        root.title = "List"
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        root.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        let nav = UINavigationController(rootViewController: root)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.window.layoutIfNeeded()
        let top = UIScreen.Device.iPhone15.safeAreaInsets.top
        #expect(nav.navigationBar.frame.minY == top)
        // The library moves the bar up and fades the items, frame after frame.
        for step in 1...4 {
            nav.navigationBar.frame.origin.y = top - CGFloat(step) * 10
            root.navigationItem.rightBarButtonItem?.tintColor = UIColor.red.withAlphaComponent(1 - CGFloat(step) * 0.2)
            root.navigationItem.leftBarButtonItem?.tintColor = UIColor.red.withAlphaComponent(1 - CGFloat(step) * 0.2)
            app.advanceFrames(1)
            #expect(nav.navigationBar.frame.minY == top - CGFloat(step) * 10)
        }
        // Adding a search controller changes the bar's height: the controller lays out again.
        root.navigationItem.searchController = UISearchController(searchResultsController: nil)
        app.advanceFrames(1)
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: top, width: 393, height: 96))
        #expect(root.view.safeAreaInsets.top == top + 96)
    }
}

/// A bar button item drawn in a tint with a lower alpha keeps that alpha (a library fades the
/// bar's items by lowering the bar's tint alpha as it slides the bar away).
@Suite("Navigation bar item tint alpha", .freshRuntime)
@MainActor
struct NavigationBarItemTintAlphaTests {
    func itemLabel(_ bar: UINavigationBar, _ text: String) -> UILabel? {
        bar.layoutIfNeeded()
        func find(_ v: UIView) -> UILabel? {
            if let l = v as? UILabel, l.text == text { return l }
            for s in v.subviews { if let f = find(s) { return f } }
            return nil
        }
        return find(bar)
    }

    @Test func aFadedTintStaysFaded() {
        let root = UIViewController()
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        let nav = UINavigationController(rootViewController: root)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.window.layoutIfNeeded()
        nav.navigationBar.tintColor = UIColor.systemBlue.withAlphaComponent(0)
        #expect(itemLabel(nav.navigationBar, "Edit")?.textColor.cgColor.alpha == 0)
        root.navigationItem.rightBarButtonItem?.tintColor = UIColor.red.withAlphaComponent(0.5)
        #expect(itemLabel(nav.navigationBar, "Edit")?.textColor.cgColor.alpha == 0.5)
        root.navigationItem.rightBarButtonItem?.isEnabled = false
        #expect(itemLabel(nav.navigationBar, "Edit")?.textColor.cgColor.alpha == 0.35)
    }
}
