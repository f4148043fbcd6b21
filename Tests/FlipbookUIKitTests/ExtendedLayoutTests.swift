import Foundation
import Testing
import TestSupport
import Flipbook

/// A controller whose view holds a scroll view filling it (tall content), to read the safe area
/// a container gives it and the scroll view's `adjustedContentInset`.
@MainActor
final class ExtendedLayoutScreen: UIViewController {
    let scroll = UIScrollView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        scroll.frame = view.bounds
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentSize = CGSize(width: 100, height: 3000)
        view.addSubview(scroll)
    }
}

/// Records the frames a push or pop's context reports, then slides nothing: the to view is put
/// at its final frame.
@MainActor
final class FrameRecordingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var container: CGRect?
    var fromInitial: CGRect?
    var toFinal: CGRect?
    var toViewFrameAtStart: CGRect?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let from = transitionContext.viewController(forKey: .from),
              let to = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to)
        else { return }
        container = transitionContext.containerView.bounds
        fromInitial = transitionContext.initialFrame(for: from)
        toFinal = transitionContext.finalFrame(for: to)
        toViewFrameAtStart = toView.frame
        transitionContext.containerView.addSubview(toView)
        toView.frame = transitionContext.finalFrame(for: to)
        UIView.animate(withDuration: 0.2, animations: { toView.alpha = 1 }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

@MainActor
final class FrameRecordingNavDelegate: NSObject, UINavigationControllerDelegate {
    let animator = FrameRecordingAnimator()
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }
}

/// UIKit's extended layout in navigation and tab bar controllers (docs/Semantics.md, "Extended
/// layout"): with the defaults (`edgesForExtendedLayout = .all`, translucent bars) a child's
/// view fills the container under the bars and its safe area carries them; an opaque bar (unless
/// `extendedLayoutIncludesOpaqueBars`) or an edge left out of `edgesForExtendedLayout` puts the
/// view between the bars; a hidden bar gives nothing. On an iPhone 15 (393 × 852 pt, safe area
/// 59 pt at the top, 34 pt at the bottom): the navigation bar covers 0…103 pt, the tab bar
/// 769…852 pt.
@Suite("Extended layout", .freshRuntime)
@MainActor
struct ExtendedLayoutTests {
    struct Row: CustomStringConvertible {
        var translucent = true
        var edges: UIRectEdge = .all
        var includesOpaque = false
        var hidden = false
        /// Expected frame of the child's view in the window, its safe area's top and bottom.
        var frame: CGRect
        var safeTop: CGFloat
        var safeBottom: CGFloat
        var description: String {
            "translucent \(translucent), edges \(edges.rawValue), includesOpaque \(includesOpaque), hidden \(hidden)"
        }
    }

    func near(_ a: RGBA, _ b: RGBA) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2 && a.a == b.a
    }

    func check(_ screen: ExtendedLayoutScreen, in app: AppDriver, _ row: Row, _ what: String) {
        let frame = screen.view.convert(screen.view.bounds, to: app.window)
        let safe = screen.view.safeAreaInsets
        #expect(frame == row.frame, "\(what): \(row)")
        #expect(safe.top == row.safeTop && safe.bottom == row.safeBottom, "\(what): \(row) gives \(safe)")
        // The scroll view filling the view adjusts its content inset by the same safe area
        // (`.automatic`), and rests at its top below the bar.
        let adjusted = screen.scroll.adjustedContentInset
        #expect(adjusted.top == row.safeTop && adjusted.bottom == row.safeBottom, "\(what): \(row) adjusted \(adjusted)")
        #expect(screen.scroll.contentOffset.y == -row.safeTop, "\(what): \(row) offset \(screen.scroll.contentOffset)")
    }

    @Test func navigationControllerTable() {
        let full = CGRect(x: 0, y: 0, width: 393, height: 852)
        let below = CGRect(x: 0, y: 103, width: 393, height: 749)
        let rows: [Row] = [
            Row(frame: full, safeTop: 103, safeBottom: 34),
            Row(translucent: false, frame: below, safeTop: 0, safeBottom: 34),
            Row(translucent: false, includesOpaque: true, frame: full, safeTop: 103, safeBottom: 34),
            Row(edges: [], frame: below, safeTop: 0, safeBottom: 34),
            Row(edges: [.bottom, .left, .right], frame: below, safeTop: 0, safeBottom: 34),
            Row(edges: [], includesOpaque: true, frame: below, safeTop: 0, safeBottom: 34),
            Row(hidden: true, frame: full, safeTop: 59, safeBottom: 34),
            Row(translucent: false, edges: [], hidden: true, frame: full, safeTop: 59, safeBottom: 34),
        ]
        for row in rows {
            let screen = ExtendedLayoutScreen()
            screen.edgesForExtendedLayout = row.edges
            screen.extendedLayoutIncludesOpaqueBars = row.includesOpaque
            let nav = UINavigationController(rootViewController: screen)
            nav.navigationBar.isTranslucent = row.translucent
            nav.isNavigationBarHidden = row.hidden
            let app = AppDriver(rootViewController: nav, device: .iPhone15)
            app.advanceFrames(1)
            check(screen, in: app, row, "navigation")
            #expect(nav.navigationBar.frame == CGRect(x: 0, y: 59, width: 393, height: 44))
        }
    }

    @Test func tabBarControllerTable() {
        let full = CGRect(x: 0, y: 0, width: 393, height: 852)
        let above = CGRect(x: 0, y: 0, width: 393, height: 769)
        let rows: [Row] = [
            Row(frame: full, safeTop: 59, safeBottom: 83),
            Row(translucent: false, frame: above, safeTop: 59, safeBottom: 0),
            Row(translucent: false, includesOpaque: true, frame: full, safeTop: 59, safeBottom: 83),
            Row(edges: [.top], frame: above, safeTop: 59, safeBottom: 0),
            Row(edges: [], frame: above, safeTop: 59, safeBottom: 0),
        ]
        for row in rows {
            let screen = ExtendedLayoutScreen()
            screen.edgesForExtendedLayout = row.edges
            screen.extendedLayoutIncludesOpaqueBars = row.includesOpaque
            let tabs = UITabBarController()
            tabs.viewControllers = [screen, UIViewController()]
            tabs.tabBar.isTranslucent = row.translucent
            let app = AppDriver(rootViewController: tabs, device: .iPhone15)
            app.advanceFrames(1)
            check(screen, in: app, row, "tab")
            #expect(tabs.tabBar.frame == CGRect(x: 0, y: 769, width: 393, height: 83))
        }
    }

    /// A navigation controller in a tab: the navigation controller's view fills the tab bar
    /// controller's (it extends under the translucent tab bar), and its child gets both bars.
    @Test func navigationInTabTable() {
        let full = CGRect(x: 0, y: 0, width: 393, height: 852)
        let rows: [(tabTranslucent: Bool, Row)] = [
            (true, Row(frame: full, safeTop: 103, safeBottom: 83)),
            (true, Row(edges: [], frame: CGRect(x: 0, y: 103, width: 393, height: 666), safeTop: 0, safeBottom: 0)),
            (true, Row(edges: [.top], frame: CGRect(x: 0, y: 0, width: 393, height: 769), safeTop: 103, safeBottom: 0)),
            (true, Row(translucent: false, frame: CGRect(x: 0, y: 103, width: 393, height: 749), safeTop: 0, safeBottom: 83)),
            (true, Row(hidden: true, frame: full, safeTop: 59, safeBottom: 83)),
            (false, Row(frame: CGRect(x: 0, y: 0, width: 393, height: 769), safeTop: 103, safeBottom: 0)),
        ]
        for (tabTranslucent, row) in rows {
            let screen = ExtendedLayoutScreen()
            screen.edgesForExtendedLayout = row.edges
            let nav = UINavigationController(rootViewController: screen)
            nav.navigationBar.isTranslucent = row.translucent
            nav.isNavigationBarHidden = row.hidden
            let tabs = UITabBarController()
            tabs.viewControllers = [nav, UIViewController()]
            tabs.tabBar.isTranslucent = tabTranslucent
            let app = AppDriver(rootViewController: tabs, device: .iPhone15)
            app.advanceFrames(1)
            check(screen, in: app, row, "navigation in tab (tab bar translucent \(tabTranslucent))")
            let navFrame = nav.view.convert(nav.view.bounds, to: app.window)
            #expect(navFrame.height == (tabTranslucent ? 852 : 769))
        }
    }

    /// `.automatic` adjusts vertically "when the scroll view is the content view of a view
    /// controller that is currently displayed by a navigation or tab bar controller": a short
    /// list in a tab that does not scroll still rests above the tab bar.
    @Test func aShortListInATabIsAdjustedAboveTheTabBar() {
        let screen = ExtendedLayoutScreen()
        let tabs = UITabBarController()
        tabs.viewControllers = [screen, UIViewController()]
        let app = AppDriver(rootViewController: tabs, device: .iPhone15)
        app.advanceFrames(1)
        screen.scroll.contentSize = CGSize(width: 100, height: 50)
        app.advanceFrames(1)
        let safe = screen.view.safeAreaInsets
        #expect(safe.bottom > 34, "the tab bar")
        #expect(screen.scroll.adjustedContentInset.bottom == safe.bottom)
        #expect(screen.scroll.adjustedContentInset.top == safe.top)
    }

    /// `.automatic` adjusts the top and bottom always only for the controller's content scroll
    /// view: a horizontal strip nested in it (a menu in a table's header, a carousel in a cell)
    /// that passes under the bar gets a top safe area but no top inset, since it does not scroll
    /// vertically, so its content stays where its layout put it.
    @Test func aScrollViewNestedInTheContentScrollViewIsNotAdjustedVertically() {
        let table = UITableViewController(style: .plain)
        let nav = UINavigationController(rootViewController: table)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        let strip = UIScrollView(frame: CGRect(x: 0, y: -150, width: 393, height: 112))
        strip.contentSize = CGSize(width: 900, height: 112)
        table.tableView.addSubview(strip)
        app.advanceFrames(1)
        #expect(strip.safeAreaInsets.top > 0, "the strip lies under the bar")
        #expect(strip.adjustedContentInset.top == 0)
        #expect(strip.contentOffset.y == 0)
        #expect(table.tableView.adjustedContentInset.top == table.view.safeAreaInsets.top, "the table still is")
    }

    /// Hiding and showing the bar after the view is on screen changes the safe area of the view
    /// and of the scroll view deep in it, not the frame (the view fills the container either way).
    @Test func hidingTheBarLaterMovesTheSafeAreaNotTheView() {
        let screen = ExtendedLayoutScreen()
        let nav = UINavigationController(rootViewController: screen)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        #expect(screen.view.safeAreaInsets.top == 103 && screen.scroll.adjustedContentInset.top == 103)
        nav.setNavigationBarHidden(true, animated: false)
        app.advanceFrames(1)
        #expect(screen.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(screen.view.safeAreaInsets.top == 59)
        #expect(screen.scroll.adjustedContentInset.top == 59 && screen.scroll.contentOffset.y == -59)
        nav.setNavigationBarHidden(false, animated: true)
        app.advance(by: 0.3)
        #expect(screen.view.safeAreaInsets.top == 103 && screen.scroll.adjustedContentInset.top == 103)
        // Making the bar opaque moves the view below it.
        nav.navigationBar.isTranslucent = false
        app.advanceFrames(1)
        #expect(screen.view.frame == CGRect(x: 0, y: 103, width: 393, height: 749))
        #expect(screen.view.safeAreaInsets.top == 0 && screen.scroll.adjustedContentInset.top == 0)
        // And setting extendedLayoutIncludesOpaqueBars puts it back under.
        screen.extendedLayoutIncludesOpaqueBars = true
        app.advanceFrames(1)
        #expect(screen.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(screen.view.safeAreaInsets.top == 103)
    }

    /// The toolbar is a bar too: a view extends under the translucent toolbar, which its safe
    /// area's bottom carries.
    @Test func toolbarIsCarriedByTheSafeArea() {
        let screen = ExtendedLayoutScreen()
        let nav = UINavigationController(rootViewController: screen)
        nav.setToolbarHidden(false, animated: false)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        #expect(screen.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(screen.view.safeAreaInsets.bottom == 78)
        screen.edgesForExtendedLayout = .top
        app.advanceFrames(1)
        #expect(screen.view.frame == CGRect(x: 0, y: 0, width: 393, height: 774))
        #expect(screen.view.safeAreaInsets.bottom == 0)
    }

    /// The push's and pop's context frames follow the layout: the container is the whole
    /// navigation controller's view, the pushed view's final frame the whole view when it
    /// extends under the bar (a transition library's `view.frame.origin.y == 0`), below the bar
    /// when it does not.
    @Test func pushAndPopContextFrames() {
        let a = ExtendedLayoutScreen()
        let nav = UINavigationController(rootViewController: a)
        let delegate = FrameRecordingNavDelegate()
        nav.delegate = delegate
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        let full = CGRect(x: 0, y: 0, width: 393, height: 852)
        let below = CGRect(x: 0, y: 103, width: 393, height: 749)

        let b = ExtendedLayoutScreen()
        nav.pushViewController(b, animated: true)
        let animator = delegate.animator
        #expect(animator.container == full)
        #expect(animator.fromInitial == full)
        #expect(animator.toFinal == full)
        // The pushed view already has its place and its safe area when the animator starts.
        #expect(animator.toViewFrameAtStart == full)
        #expect(b.view.safeAreaInsets.top == 103)
        app.advance(by: 0.3)
        #expect(b.view.frame == full && nav.topViewController === b)

        let c = ExtendedLayoutScreen()
        c.edgesForExtendedLayout = []
        nav.pushViewController(c, animated: true)
        #expect(animator.fromInitial == full)
        #expect(animator.toFinal == below)
        app.advance(by: 0.3)
        #expect(c.view.frame == below && c.view.safeAreaInsets.top == 0)

        nav.popViewController(animated: true)
        #expect(animator.fromInitial == below)
        #expect(animator.toFinal == full)
        app.advance(by: 0.3)
        #expect(b.view.frame == full && b.view.safeAreaInsets.top == 103)
        // A popped controller's view no longer carries the bars.
        #expect(c.parent == nil && c.view.safeAreaInsets == .zero)
    }

    /// A tab switch's context frames: the container is the whole tab bar controller's view.
    @Test func tabSwitchContextFrames() {
        final class TabDelegate: NSObject, UITabBarControllerDelegate {
            let animator = FrameRecordingAnimator()
            func tabBarController(
                _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                to toVC: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? { animator }
        }
        let a = ExtendedLayoutScreen(), b = ExtendedLayoutScreen()
        b.edgesForExtendedLayout = .top
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b]
        let delegate = TabDelegate()
        tabs.delegate = delegate
        let app = AppDriver(rootViewController: tabs, device: .iPhone15)
        app.advanceFrames(1)
        tabs.selectedIndex = 1
        #expect(delegate.animator.container == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(delegate.animator.fromInitial == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(delegate.animator.toFinal == CGRect(x: 0, y: 0, width: 393, height: 769))
        app.advance(by: 0.3)
        #expect(b.view.frame == CGRect(x: 0, y: 0, width: 393, height: 769))
        #expect(b.view.safeAreaInsets.bottom == 0)
        tabs.selectedIndex = 0
        app.advance(by: 0.3)
        #expect(a.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(abs(a.view.safeAreaInsets.bottom - 83) < 1e-9)
    }

    /// The transparent-bar idiom: an empty background image and shadow image on a translucent
    /// bar draw no background and no hairline; the content under the bar shows through, only
    /// the items are drawn (as on iOS).
    @Test func transparentBarIdiomGolden() {
        let screen = UIViewController()
        screen.title = "Transparent"
        screen.view.backgroundColor = UIColor(red: 0.1, green: 0.45, blue: 0.8, alpha: 1)
        let stripe = UIView(frame: CGRect(x: 0, y: 70, width: 393, height: 20))
        stripe.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
        screen.view.addSubview(stripe)
        screen.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        let nav = UINavigationController(rootViewController: screen)
        nav.navigationBar.setBackgroundImage(UIImage(), for: .default)
        nav.navigationBar.shadowImage = UIImage()
        nav.navigationBar.isTranslucent = true
        nav.navigationBar.tintColor = .white
        nav.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.white]
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        #expect(screen.view.frame.origin.y == 0)
        let image = app.render(scale: 1)
        // Under the status bar, in the bar away from its items, and just below it: the content's
        // own colours, untouched (no background, no hairline).
        let blue = RGBA(r: 26, g: 115, b: 204, a: 255)
        #expect(near(image.pixel(x: 200, y: 56), blue))
        #expect(near(image.pixel(x: 60, y: 80), RGBA(r: 255, g: 204, b: 51, a: 255)))
        #expect(near(image.pixel(x: 60, y: 103), blue))
        GoldenImage.assert(
            image, named: "ExtendedLayoutTests/transparent-bar", tolerance: .init(channel: 8, pixelFraction: 0.002))
    }

    /// A background image with pixels replaces the bar's background, over the status bar too;
    /// a custom shadow image is drawn below the bar in the hairline's place.
    @Test func backgroundAndShadowImagesAreDrawn() {
        let screen = UIViewController()
        screen.view.backgroundColor = .white
        let nav = UINavigationController(rootViewController: screen)
        let red = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        let green = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 4)).image { ctx in
            UIColor.green.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 4))
        }
        nav.navigationBar.setBackgroundImage(red, for: .default)
        nav.navigationBar.shadowImage = green
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        let image = app.render(scale: 1)
        #expect(image.pixel(x: 200, y: 56) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(image.pixel(x: 30, y: 80) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(image.pixel(x: 200, y: 105) == RGBA(r: 0, g: 255, b: 0, a: 255))
        #expect(image.pixel(x: 200, y: 110) == RGBA(r: 255, g: 255, b: 255, a: 255))
        // Without the background image the bar draws its own background and hairline again.
        nav.navigationBar.setBackgroundImage(nil, for: .default)
        app.advanceFrames(1)
        let plain = app.render(scale: 1)
        #expect(plain.pixel(x: 200, y: 80).g > 200 && plain.pixel(x: 200, y: 105) == RGBA(r: 255, g: 255, b: 255, a: 255))
    }

    /// The same idiom on a tab bar (`backgroundImage = UIImage()`, `shadowImage = UIImage()`):
    /// no background, no hairline, the tab's content shows under the items.
    @Test func transparentTabBarIdiom() {
        let screen = UIViewController()
        screen.view.backgroundColor = UIColor(red: 0.1, green: 0.45, blue: 0.8, alpha: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [screen, UIViewController()]
        let app = AppDriver(rootViewController: tabs, device: .iPhone15)
        app.advanceFrames(1)
        let blue = RGBA(r: 26, g: 115, b: 204, a: 255)
        let before = app.render(scale: 1)
        #expect(!near(before.pixel(x: 200, y: 845), blue))  // the bar's own background
        tabs.tabBar.backgroundImage = UIImage()
        tabs.tabBar.shadowImage = UIImage()
        app.advanceFrames(1)
        let image = app.render(scale: 1)
        #expect(near(image.pixel(x: 200, y: 845), blue))  // under the bar, below the items
        #expect(near(image.pixel(x: 200, y: 769), blue))  // where the hairline was
        #expect(near(image.pixel(x: 10, y: 800), blue))   // between the items
    }
}
