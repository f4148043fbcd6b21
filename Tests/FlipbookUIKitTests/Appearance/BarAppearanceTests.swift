import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookRender

/// A controller whose view is a tall green scroll view.
@MainActor
private final class ScrollingController: UIViewController {
    let scroll = UIScrollView()
    override func loadView() {
        scroll.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        scroll.contentSize = CGSize(width: 393, height: 3000)
        view = scroll
    }
}

/// `UINavigationBarAppearance`, `UITabBarAppearance` and their item appearances: what the bars
/// draw from them, seen in rendered pixels (iPhone 15, scale 1).
@Suite(.freshRuntime) @MainActor struct BarAppearanceTests {
    /// The colour in the middle of the navigation bar (59 to 103 pt) as (r, g, b).
    func barColour(_ app: AppDriver) -> [UInt8] {
        app.advanceFrames(1)
        let p = app.render(scale: 1).pixel(x: 60, y: 90)
        return [p.r, p.g, p.b]
    }

    func opaque(_ color: UIColor) -> UINavigationBarAppearance {
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = color
        return appearance
    }

    let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0], blue: [UInt8] = [0, 0, 255]

    @Test func appearancesHaveUIKitsDefaultsAndCopy() {
        let appearance = UINavigationBarAppearance()
        #expect(appearance.backgroundEffect != nil && appearance.shadowColor != nil && appearance.backgroundColor == nil)
        #expect(appearance.titleTextAttributes.isEmpty && appearance.titlePositionAdjustment == .zero)
        appearance.configureWithTransparentBackground()
        #expect(appearance.backgroundEffect == nil && appearance.shadowColor == nil)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.red]
        appearance.buttonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.blue]
        let copy = appearance.copy() as? UINavigationBarAppearance
        #expect(copy !== appearance && copy?.titleTextAttributes[.foregroundColor] as? UIColor == .red)
        #expect(copy?.buttonAppearance !== appearance.buttonAppearance)
        #expect(copy?.buttonAppearance.normal.titleTextAttributes[.foregroundColor] as? UIColor == .blue)
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(bar.scrollEdgeAppearance == nil && bar.compactAppearance == nil && bar.compactScrollEdgeAppearance == nil)
        bar.standardAppearance = appearance
        appearance.titleTextAttributes = [:]
        #expect(bar.standardAppearance !== appearance && !bar.standardAppearance.titleTextAttributes.isEmpty)
        let chevron = UIImage(systemName: "arrow.left")
        appearance.setBackIndicatorImage(chevron, transitionMaskImage: chevron)
        #expect(appearance.backIndicatorImage === chevron && appearance.backIndicatorTransitionMaskImage === chevron)
        let item = UIBarButtonItemAppearance(style: .done)
        item.disabled.titlePositionAdjustment = UIOffset(horizontal: 1, vertical: 2)
        item.configureWithDefault(for: .done)
        #expect(item.disabled.titlePositionAdjustment == .zero)
    }

    @Test func theStandardAppearanceDrawsOnceScrolledAndTheEdgeIsTransparent() {
        let content = ScrollingController()
        let nav = UINavigationController(rootViewController: content)
        nav.navigationBar.standardAppearance = opaque(.red)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        // At the top edge with no scroll-edge appearance: the standard one, transparent (iOS 15).
        #expect(barColour(app) == green)
        content.scroll.contentOffset.y = -content.scroll.adjustedContentInset.top + 200
        #expect(barColour(app) == red)
        content.scroll.contentOffset.y = -content.scroll.adjustedContentInset.top
        #expect(barColour(app) == green)
        nav.navigationBar.scrollEdgeAppearance = opaque(.blue)
        #expect(barColour(app) == blue)
    }

    @Test func theItemsAppearanceWinsOverTheBars() {
        let content = ScrollingController()
        let nav = UINavigationController(rootViewController: content)
        nav.navigationBar.standardAppearance = opaque(.red)
        nav.navigationBar.scrollEdgeAppearance = opaque(.red)
        content.navigationItem.scrollEdgeAppearance = opaque(.blue)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        #expect(barColour(app) == blue)
        content.scroll.contentOffset.y = 500
        #expect(barColour(app) == red)
        content.navigationItem.standardAppearance = opaque(.green)
        #expect(barColour(app) == green)
    }

    @Test func withoutAScrollViewTheBarIsAtTheScrollEdge() {
        let root = UIViewController()
        root.view.backgroundColor = .white
        let nav = UINavigationController(rootViewController: root)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        let legacy = barColour(app)
        #expect(legacy[0] > 240 && legacy[0] < 255)                    // the older translucent grey
        nav.navigationBar.standardAppearance = opaque(.red)
        #expect(barColour(app) == [255, 255, 255])                     // transparent over white
        nav.navigationBar.scrollEdgeAppearance = opaque(.blue)
        #expect(barColour(app) == blue)
        nav.navigationBar.scrollEdgeAppearance?.backgroundColor = .red  // changed in place: redrawn
        #expect(barColour(app) == red)
    }

    @Test func theAppearancesTitleAttributesAndShadowAreDrawn() throws {
        let root = UIViewController()
        root.title = "Inbox"
        root.view.backgroundColor = .white
        let nav = UINavigationController(rootViewController: root)
        let appearance = opaque(.blue)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.red]
        appearance.titlePositionAdjustment = UIOffset(horizontal: 10, vertical: 0)
        appearance.shadowColor = .clear
        nav.navigationBar.standardAppearance = appearance
        nav.navigationBar.scrollEdgeAppearance = appearance
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        let label = try #require(nav.navigationBar.contentView?.titleLabel)
        #expect(label.textColor == .red)
        #expect(abs(label.frame.midX - (393 / 2 + 10)) < 1)
        let under = app.render(scale: 1).pixel(x: 200, y: 103)          // no hairline under the bar
        #expect([under.r, under.g, under.b] == [255, 255, 255])
    }

    @Test func theTabBarDrawsItsStandardAppearance() throws {
        let first = UIViewController(), second = UIViewController()
        first.tabBarItem = UITabBarItem(title: "One", image: nil, tag: 0)
        second.tabBarItem = UITabBarItem(title: "Two", image: nil, tag: 1)
        second.tabBarItem.badgeValue = "3"
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        let appearance = UITabBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .red
        appearance.stackedLayoutAppearance.selected.titleTextAttributes = [.foregroundColor: UIColor.green]
        appearance.stackedLayoutAppearance.normal.iconColor = .blue
        appearance.stackedLayoutAppearance.normal.badgeBackgroundColor = .purple
        #expect(tabs.tabBar.scrollEdgeAppearance == nil)
        tabs.tabBar.standardAppearance = appearance
        tabs.tabBar.scrollEdgeAppearance = appearance
        let app = AppDriver(rootViewController: tabs, device: .iPhone15)
        app.advanceFrames(1)
        let body = app.render(scale: 1).pixel(x: 5, y: 852 - 40)
        #expect([body.r, body.g, body.b] == red)
        let buttons = tabs.tabBar.buttons
        try #require(buttons.count == 2)
        #expect(buttons[0].titleLabel.textColor == .green)              // selected
        #expect(buttons[1].titleLabel.textColor == .blue)               // normal: the icon colour
        #expect(buttons[1].badgeView.backgroundColor == .purple)
        let copy = appearance.copy() as? UITabBarAppearance
        #expect(copy?.stackedLayoutAppearance.normal.iconColor == .blue)
        #expect(copy?.stackedLayoutAppearance !== appearance.stackedLayoutAppearance)
    }

    @Test func theAppearanceProxySetsEveryBarsAppearances() {
        UINavigationBar.appearance().standardAppearance = opaque(.red)
        UINavigationBar.appearance().scrollEdgeAppearance = opaque(.red)
        let nav = UINavigationController(rootViewController: UIViewController())
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        #expect(barColour(app) == red)
    }

    @Test func buttonAppearancesStyleTheItemsTitles() throws {
        let first = UIViewController(), second = ScrollingController()
        first.title = "Inbox"
        second.title = "Message"
        second.navigationItem.rightBarButtonItems = [
            UIBarButtonItem(title: "Save", style: .done, target: nil, action: nil),
            UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil),
        ]
        let nav = UINavigationController(rootViewController: first)
        let appearance = opaque(.black)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        appearance.buttonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.red]
        appearance.doneButtonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.green]
        appearance.backButtonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.clear]
        nav.navigationBar.standardAppearance = appearance
        let edge = opaque(.white)
        edge.titleTextAttributes = [.foregroundColor: UIColor.blue]
        nav.navigationBar.scrollEdgeAppearance = edge
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        nav.pushViewController(second, animated: false)
        app.advanceFrames(2)
        second.scroll.contentOffset.y = 400                     // scrolled: the standard appearance
        app.advanceFrames(1)
        let content = try #require(nav.navigationBar.contentView)
        #expect(content.rightViews.map { $0.label?.textColor } == [.green, .red])
        #expect(content.backButton?.label.textColor == .clear)
        #expect(content.titleLabel?.textColor == .white)
        second.scroll.contentOffset.y = -second.scroll.adjustedContentInset.top
        app.advanceFrames(1)                                     // back at the edge: restyled
        #expect(nav.navigationBar.contentView?.titleLabel?.textColor == .blue)
    }
}
