import Foundation
import Testing
import TestSupport
import Flipbook

/// A tab bar controller subclass that lays out views of its own over the tab bar in
/// `viewDidLoad`, as animated tab bar libraries do.
@MainActor
private final class ItemOverlayTabBarController: UITabBarController {
    var widthAtLoad: CGFloat = -1
    var selectedViewWidthAtLoad: CGFloat = -1
    override func viewDidLoad() {
        super.viewDidLoad()
        widthAtLoad = tabBar.bounds.width
        selectedViewWidthAtLoad = selectedViewController?.view.bounds.width ?? -1
    }
}

@Suite(.freshRuntime) @MainActor struct TabBarLoadViewTests {
    /// The bar is as wide as the screen when viewDidLoad runs, before any layout pass.
    @Test func tabBarHasItsWidthInViewDidLoad() {
        let tbc = ItemOverlayTabBarController()
        tbc.viewControllers = [UIViewController(), UIViewController()]
        tbc.loadViewIfNeeded()
        let screen = UIScreen.main.bounds
        #expect(tbc.widthAtLoad == screen.width)
        #expect(tbc.tabBar.frame.maxY == screen.height)
        #expect(tbc.tabBar.frame.height >= 49)
        #expect(tbc.selectedViewWidthAtLoad == screen.width)
        // On screen the bar then takes the bottom safe area too.
        let app = AppDriver(rootViewController: tbc, device: .iPhone15)
        app.advanceFrames(1)
        #expect(tbc.tabBar.frame == CGRect(x: 0, y: 852 - 83, width: 393, height: 83))
    }
}
