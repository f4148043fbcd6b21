import Foundation
import Testing
import TestSupport
import Flipbook

/// The minimal UISplitViewController (issue 25 E, part 7).
@Suite(.freshRuntime) @MainActor struct SplitViewControllerTests {
    func make() -> (UISplitViewController, UINavigationController, UIViewController) {
        let split = UISplitViewController(style: .doubleColumn)
        let master = UINavigationController(rootViewController: UIViewController())
        let detail = UIViewController()
        split.viewControllers = [master, detail]
        return (split, master, detail)
    }

    @Test func onAPhoneTheSplitViewIsCollapsedToItsPrimary() {
        let (split, master, detail) = make()
        let app = AppDriver(rootViewController: split, device: .iPhone15)
        app.window.layoutIfNeeded()
        #expect(split.isCollapsed)
        #expect(split.children.count == 2)
        #expect(master.view.superview === split.view && master.view.frame == split.view.bounds)
        #expect(detail.viewIfLoaded?.window == nil)
        #expect(split.primaryColumnWidth == 0)
        #expect(master.topViewController?.appearanceTransitionIsDone() == true)
        master.pushViewController(UIViewController(), animated: false)
        #expect(master.viewControllers.count == 2)
    }

    @Test func onAnIPadTheColumnsSitSideBySide() {
        let (split, master, detail) = make()
        let app = AppDriver(rootViewController: split, device: .iPad)
        app.window.layoutIfNeeded()
        #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary)
        #expect(master.view.frame == CGRect(x: 0, y: 0, width: 320, height: 1180))
        #expect(detail.view.frame == CGRect(x: 320, y: 0, width: 500, height: 1180))
        split.preferredDisplayMode = .secondaryOnly
        app.window.layoutIfNeeded()
        #expect(split.displayMode == .secondaryOnly)
        #expect(master.viewIfLoaded?.superview == nil && detail.view.frame == CGRect(x: 0, y: 0, width: 820, height: 1180))
        let other = UIViewController()
        split.viewControllers = [master, other]
        app.window.layoutIfNeeded()
        #expect(detail.parent == nil && other.parent === split && other.view.window != nil)
        #expect(UISplitViewController.DisplayMode.allVisible == .oneBesideSecondary)
    }
}

private extension UIViewController {
    /// Whether the controller's view is in a window (it appeared).
    func appearanceTransitionIsDone() -> Bool { viewIfLoaded?.window != nil }
}
