import Foundation
import Testing
import TestSupport
import Flipbook

/// A target for bar button items' closure target-action (docs/Porting.md).
@MainActor
final class BarTarget {
    var log: [String] = []
    func done() { log.append("done") }
    func add(_ sender: UIBarButtonItem) { log.append("add(\(sender.systemItem == .add))") }
}

/// The navigation bar as iOS draws it: frames per device, the back button and its title,
/// bar button items and their actions, the bar's cross-fade during a push, the toolbar, and
/// goldens of the bar alone and of the default push and pop (docs/Semantics.md, "Navigation
/// controller").
@Suite("Navigation bar", .freshRuntime)
@MainActor
struct NavigationBarTests {
    final class Keeper { var things: [AnyObject] = [] }
    let keeper = Keeper()

    /// A navigation controller with root A ("Inbox") on `device`, and B ("Message") pushed
    /// without animation when `push`.
    func setUp(device: UIScreen.Device = .iPhone15, push: Bool = true) -> (AppDriver, UINavigationController, UIViewController, UIViewController) {
        let a = UIViewController()
        a.title = "Inbox"
        let b = UIViewController()
        b.title = "Message"
        let nav = UINavigationController(rootViewController: a)
        let app = AppDriver(rootViewController: nav, device: device)
        if push { nav.pushViewController(b, animated: false) }
        app.window.layoutIfNeeded()
        return (app, nav, a, b)
    }

    func label(_ bar: UIView, _ text: String) -> (text: String?, center: CGPoint, font: UIFont?)? {
        barLabels(bar).first { $0.text == text }
    }

    @Test func barFramesPerDevice() {
        for device in UIScreen.Device.all {
            let (app, nav, _, b) = setUp(device: device)
            let top = device.safeAreaInsets.top
            #expect(nav.navigationBar.frame == CGRect(x: 0, y: top, width: device.size.width, height: 44))
            // The content fills the screen under the translucent bar; the safe area carries it.
            #expect(b.view.convert(b.view.bounds, to: app.window) == CGRect(origin: .zero, size: device.size))
            #expect(b.view.safeAreaInsets.top == top + 44)
            // The title is centred in 17 pt semibold.
            let title = label(nav.navigationBar, "Message")
            #expect(title.map { abs($0.center.x - device.size.width / 2) < 0.5 && abs($0.center.y - 22) < 0.5 } == true)
            #expect(title?.font == .systemFont(ofSize: 17, weight: .semibold))
        }
    }

    @Test func theBackButtonShowsThePreviousTitleAndPops() {
        let (app, nav, a, b) = setUp()
        let back = label(nav.navigationBar, "Inbox")
        #expect(back != nil)
        #expect(back.map { $0.center.x < 100 && $0.font == .systemFont(ofSize: 17) } == true)
        #expect(nav.navigationBar.topItem === b.navigationItem && nav.navigationBar.backItem === a.navigationItem)
        app.tap(at: nav.navigationBar.convert(CGPoint(x: 30, y: 22), to: app.window))
        #expect(nav.viewControllers.count == 1)
        app.advance(by: 0.4)
        #expect(nav.topViewController === a && b.view.window == nil)
        #expect(label(nav.navigationBar, "Inbox")?.center.x == 196.5)
    }

    @Test func backTitlesFollowUIKitsRules() {
        let (_, nav, a, b) = setUp()
        a.navigationItem.backButtonTitle = "Mail"
        #expect(label(nav.navigationBar, "Mail") != nil)
        a.navigationItem.backBarButtonItem = UIBarButtonItem(title: "Up", style: .plain, target: nil, action: nil)
        #expect(label(nav.navigationBar, "Up") != nil && label(nav.navigationBar, "Mail") == nil)
        a.navigationItem.backBarButtonItem = nil
        a.navigationItem.backButtonTitle = nil
        a.title = "A very long title that does not fit"
        #expect(label(nav.navigationBar, "Back") != nil)
        b.navigationItem.hidesBackButton = true
        #expect(label(nav.navigationBar, "Back") == nil)
    }

    @Test func barButtonItemsSitAtTheEdgesAndRunTheirActions() {
        let (app, nav, _, b) = setUp()
        let target = BarTarget()
        var primary = 0
        let done = UIBarButtonItem(title: "Done", style: .done, target: target, action: { $0.done() })
        let add = UIBarButtonItem(barButtonSystemItem: .add, target: target, action: { $0.add($1) })
        b.navigationItem.rightBarButtonItems = [done, add]
        b.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", primaryAction: UIAction { _ in primary += 1 })
        let bar = nav.navigationBar
        // Outermost first: Done ends 16 pt from the right edge, + to its left; Edit replaces Back.
        let doneLabel = label(bar, "Done")
        #expect(doneLabel?.font == .systemFont(ofSize: 17, weight: .semibold))
        let addLabel = label(bar, "+")
        let editLabel = label(bar, "Edit")
        #expect(label(bar, "Inbox") == nil)
        #expect((doneLabel?.center.x ?? 0) > (addLabel?.center.x ?? 999))
        #expect((editLabel?.center.x ?? 999) < 60)
        for l in [doneLabel, addLabel, editLabel] {
            if let l { app.tap(at: bar.convert(l.center, to: app.window)) }
        }
        #expect(target.log == ["done", "add(true)"])
        #expect(primary == 1)
        // Leading items that supplement the back button sit after it.
        b.navigationItem.leftItemsSupplementBackButton = true
        #expect(label(bar, "Inbox") != nil && (label(bar, "Edit")?.center.x ?? 0) > (label(bar, "Inbox")?.center.x ?? 999))
        // Disabled items do nothing.
        done.isEnabled = false
        if let l = label(bar, "Done") { app.tap(at: bar.convert(l.center, to: app.window)) }
        #expect(target.log == ["done", "add(true)"])
    }

    @Test func aTitleViewReplacesTheTitle() {
        let (_, nav, _, b) = setUp()
        let custom = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        b.navigationItem.titleView = custom
        nav.navigationBar.layoutIfNeeded()
        #expect(label(nav.navigationBar, "Message") == nil)
        #expect(custom.convert(custom.bounds, to: nav.navigationBar) == CGRect(x: 146.5, y: 7, width: 100, height: 30))
    }

    @Test func theBarCrossFadesDuringAPush() {
        let (app, nav, _, _) = setUp(push: false)
        defer { withExtendedLifetime(app) {} }  // the driver keeps the window on screen
        let c = UIViewController()
        c.title = "Thread"
        nav.pushViewController(c, animated: true)
        MediaClock.main.advance(by: 0.175)
        // Half way: the old content ("Inbox" as the title) and the new (back button "Inbox",
        // title "Thread") are both on screen, on screen meaning their presented opacity (the
        // models are already at the end values, as in Core Animation), the old title sliding
        // left and the new one arriving from the right.
        let contents = nav.navigationBar.subviews.filter { String(describing: type(of: $0)) == "NavigationBarContentView" }
        #expect(contents.count == 2)
        if contents.count == 2 {
            let (old, new) = (contents[0], contents[1])
            let oldOpacity = old.layer.presentation()?.opacity ?? -1
            let newOpacity = new.layer.presentation()?.opacity ?? -1
            #expect(oldOpacity > 0.05 && oldOpacity < 0.95, "old content's opacity \(oldOpacity)")
            #expect(newOpacity > 0.05 && newOpacity < 0.95, "new content's opacity \(newOpacity)")
            #expect(abs(oldOpacity + newOpacity - 1) < 1e-3)
            let oldShift = old.subviews.first?.layer.presentation()?.transform.m41 ?? 0
            let newShift = new.subviews.first?.layer.presentation()?.transform.m41 ?? 0
            #expect(oldShift < -1 && newShift > 1, "title shifts \(oldShift), \(newShift)")
        }
        MediaClock.main.advance(by: 0.2)
        #expect(Set(barLabels(nav.navigationBar).map(\.text)) == ["Inbox", "Thread"])  // back button, title
        // Background, extension, background image, hairline, shadow image, one content.
        #expect(nav.navigationBar.subviews.count == 6)
    }

    @Test func animatedBarHidingSlidesTheBarUp() {
        let (app, nav, _, b) = setUp()
        nav.setNavigationBarHidden(true, animated: true)
        MediaClock.main.advance(by: 0.1)
        let y = nav.navigationBar.layer.presentation()?.frame.minY ?? .nan
        #expect(y < 59 && y > -44)
        MediaClock.main.advance(by: 0.15)
        app.window.layoutIfNeeded()
        #expect(nav.navigationBar.isHidden && b.view.convert(b.view.bounds, to: app.window) == app.window.bounds)
        #expect(UINavigationController.hideShowBarDuration == 0.2)
    }

    @Test func theToolbarShowsTheTopControllersItems() {
        let (app, nav, _, b) = setUp()
        let target = BarTarget()
        b.toolbarItems = [
            UIBarButtonItem(title: "Left", style: .plain, target: target, action: { $0.done() }), .flexibleSpace(),
            UIBarButtonItem(title: "Right", style: .plain, target: nil, action: nil),
        ]
        #expect(nav.isToolbarHidden)
        nav.setToolbarHidden(false, animated: false)
        app.window.layoutIfNeeded()
        let toolbar = nav.toolbar!
        #expect(toolbar.frame == CGRect(x: 0, y: 852 - 44 - 34, width: 393, height: 78))
        // The content reaches the bottom under the translucent toolbar, its safe area carrying it.
        #expect(b.view.convert(b.view.bounds, to: app.window).maxY == 852)
        #expect(b.view.safeAreaInsets.bottom == 78)
        let left = label(toolbar, "Left"), right = label(toolbar, "Right")
        #expect(left.map { $0.center.x < 60 } == true && right.map { $0.center.x > 330 } == true)
        if let left { app.tap(at: toolbar.convert(left.center, to: app.window)) }
        #expect(target.log == ["done"])
    }

    @Test func navigationBarAloneGolden() {
        let (_, nav, _, b) = setUp()
        b.navigationItem.rightBarButtonItems = [
            UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil),
            UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil),
        ]
        nav.navigationBar.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(nav.navigationBar.layer)
        GoldenImage.assert(image, named: "NavigationBarTests/navigation-bar", tolerance: .init(channel: 8, pixelFraction: 0.002))
    }

    /// The default push and pop at fixed times: start, a quarter, half, three quarters, end.
    @Test func defaultPushAndPopFilmstrip() throws {
        let a = UIViewController()
        a.title = "Inbox"
        let b = UIViewController()
        b.title = "Message"
        let nav = UINavigationController(rootViewController: a)
        let app = AppDriver(rootViewController: nav)
        a.view.backgroundColor = UIColor(red: 0.85, green: 0.93, blue: 1, alpha: 1)
        b.view.backgroundColor = UIColor(red: 1, green: 0.85, blue: 0.7, alpha: 1)
        let fractions: [Double] = [0.25, 0.5, 0.75]
        nav.pushViewController(b, animated: true)
        let start = app.time
        var frames = app.renderFrames(at: fractions.map { start + 0.35 * $0 }, scale: 1)
        app.advance(by: 0.4)
        nav.popViewController(animated: true)
        let popStart = app.time
        frames += app.renderFrames(at: fractions.map { popStart + 0.35 * $0 }, scale: 1)
        let strip = try #require(GoldenImage.filmstrip(frames))
        GoldenImage.assert(strip, named: "NavigationBarTests/default-push-pop", tolerance: .init(channel: 8, pixelFraction: 0.002))
    }
}
