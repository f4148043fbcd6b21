import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UITabBar's customizing, reduced to state: no sheet is drawn, the delegate hears the begin and
/// the end, and the items never change (docs/Divergences.md, "Tab bar customizing").
@Suite(.freshRuntime) @MainActor struct TabBarCustomizingTests {
    final class Delegate: NSObject, UITabBarDelegate {
        let recorder = EventRecorder()
        func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {
            recorder.record("willBegin \(items.count) customizing=\(tabBar.isCustomizing)")
        }
        func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {
            recorder.record("didBegin \(items.count) customizing=\(tabBar.isCustomizing)")
        }
        func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {
            recorder.record("willEnd \(items.count) \(changed) customizing=\(tabBar.isCustomizing)")
        }
        func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {
            recorder.record("didEnd \(items.count) \(changed) customizing=\(tabBar.isCustomizing)")
        }
    }

    @Test func customizingIsStateToldToTheDelegate() {
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 393, height: 49))
        let items = (0..<3).map { UITabBarItem(title: "Tab \($0)", image: nil, tag: $0) }
        bar.items = items
        let delegate = Delegate()
        bar.delegate = delegate
        #expect(!bar.isCustomizing)
        #expect(bar.endCustomizing(animated: true) == false)
        let extra = UITabBarItem(title: "More", image: nil, tag: 9)
        bar.beginCustomizingItems(items + [extra])
        #expect(bar.isCustomizing)
        bar.beginCustomizingItems(items)  // again while customizing: no second begin
        #expect(bar.endCustomizing(animated: false) == false)
        #expect(!bar.isCustomizing)
        #expect(bar.items?.count == 3)
        #expect(delegate.recorder.events == [
            "willBegin 4 customizing=false", "didBegin 4 customizing=true",
            "willEnd 3 false customizing=true", "didEnd 3 false customizing=false",
        ])
    }

    /// A tab bar controller's bar tells the controller's delegate too, with the controllers
    /// being customized; a delegate that implements none of it is not asked to.
    @Test func theTabBarControllersDelegateHearsTheCustomizing() {
        final class ControllerDelegate: NSObject, UITabBarControllerDelegate {
            var events: [String] = []
            func tabBarController(_ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]) {
                events.append("willBegin \(viewControllers.count)")
            }
            func tabBarController(
                _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController], changed: Bool
            ) {
                events.append("willEnd \(viewControllers.count) \(changed)")
            }
            func tabBarController(
                _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool
            ) {
                events.append("didEnd \(viewControllers.count) \(changed)")
            }
        }
        let tabs = UITabBarController()
        tabs.viewControllers = (0..<3).map { i in
            let vc = UIViewController()
            vc.tabBarItem = UITabBarItem(title: "Tab \(i)", image: nil, tag: i)
            return vc
        }
        tabs.customizableViewControllers = Array(tabs.viewControllers!.prefix(2))
        let delegate = ControllerDelegate()
        tabs.delegate = delegate
        tabs.tabBar.beginCustomizingItems(tabs.tabBar.items ?? [])
        _ = tabs.tabBar.endCustomizing(animated: false)
        #expect(delegate.events == ["willBegin 2", "willEnd 2 false", "didEnd 2 false"])
        #expect(delegate.tabBarControllerSupportedInterfaceOrientations(tabs) == .all)
    }
}
