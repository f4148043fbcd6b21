import Foundation
import Testing
import TestSupport
import Flipbook

/// A tab bar controller delegate that records its calls and may refuse or supply an animator.
@MainActor
final class TabRecordingDelegate: NSObject, UITabBarControllerDelegate {
    let log: ModalLog
    var refused: Set<String> = []
    var animator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?

    init(log: ModalLog) { self.log = log }

    func name(_ vc: UIViewController) -> String { (vc as? ModalRecordingViewController)?.name ?? "?" }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        log("delegate.shouldSelect(\(name(viewController)))")
        return !refused.contains(name(viewController))
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log("delegate.didSelect(\(name(viewController)))")
    }

    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        log("delegate.animationControllerFor(\(name(fromVC))→\(name(toVC)))")
        return animator
    }

    func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        log("delegate.interactionControllerFor")
        return interaction
    }
}

/// A tab switch animator: the new view slides in from the right over `duration`.
@MainActor
final class TabSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let log: ModalLog
    let duration: TimeInterval
    init(log: ModalLog, duration: TimeInterval = 0.4) {
        self.log = log
        self.duration = duration
    }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log("slide.animateTransition")
        guard let toView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        container.addSubview(toView)
        toView.frame = container.bounds.offsetBy(dx: container.bounds.width, dy: 0)
        UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
            toView.frame = container.bounds
        }, completion: { _ in
            if transitionContext.transitionWasCancelled { toView.removeFromSuperview() }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
    func animationEnded(_ transitionCompleted: Bool) { log("slide.animationEnded(\(transitionCompleted))") }
}

/// UITabBarController's selection, containment and appearance rules as recorded histories, its
/// bar's layout, and reported misuse (docs/Semantics.md, "Tab bar controller").
@Suite("Tab bar controller", .freshRuntime)
@MainActor
struct TabBarControllerTests {
    final class Keeper {
        var windows: [UIWindow] = []
        var objects: [AnyObject] = []
    }
    let keeper = Keeper()

    func capture(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        body()
        return reports
    }

    struct Fixture {
        let log: ModalLog
        let tabs: UITabBarController
        let a: ModalRecordingViewController
        let b: ModalRecordingViewController
        let c: ModalRecordingViewController
        let app: AppDriver
        let delegate: TabRecordingDelegate
    }

    /// A tab bar controller with tabs A, B, C in an iPhone 15 window, A selected.
    func setUp(device: UIScreen.Device = .iPhone15) -> Fixture {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let b = ModalRecordingViewController("B", log: log)
        let c = ModalRecordingViewController("C", log: log)
        a.title = "Alpha"
        b.title = "Beta"
        c.title = "Gamma"
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b, c]
        let app = AppDriver(rootViewController: tabs, device: device)
        let delegate = TabRecordingDelegate(log: log)
        tabs.delegate = delegate
        keeper.objects.append(delegate)
        _ = log.take()
        return Fixture(log: log, tabs: tabs, a: a, b: b, c: c, app: app, delegate: delegate)
    }

    func close(_ r: CGRect, _ s: CGRect) -> Bool {
        abs(r.minX - s.minX) < 1e-9 && abs(r.minY - s.minY) < 1e-9 && abs(r.width - s.width) < 1e-9
            && abs(r.height - s.height) < 1e-9
    }

    func names(_ vcs: [UIViewController]?) -> [String] {
        (vcs ?? []).map { ($0 as? ModalRecordingViewController)?.name ?? "?" }
    }

    /// The centre of item `index` of `tabs`' bar, in the window.
    func itemCentre(_ f: Fixture, _ index: Int) -> CGPoint {
        let bar = f.tabs.tabBar
        let n = CGFloat(bar.items?.count ?? 1)
        return bar.convert(CGPoint(x: bar.bounds.width * (CGFloat(index) + 0.5) / n, y: 24.5), to: f.app.window)
    }

    @Test func firstTabIsSelectedAndAppearsAlone() {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let b = ModalRecordingViewController("B", log: log)
        let tabs = UITabBarController()
        #expect(tabs.selectedIndex == NSNotFound && tabs.viewControllers == nil)
        tabs.viewControllers = [a, b]
        #expect(tabs.children.count == 2 && a.parent === tabs && b.tabBarController === tabs)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a)
        #expect(tabs.tabBar.items?.count == 2 && tabs.tabBar.selectedItem === a.tabBarItem)
        let app = AppDriver(rootViewController: tabs)
        #expect(log.take() == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        #expect(!b.isViewLoaded)
        #expect(a.view.window === app.window)
    }

    @Test func tabBarLayoutPerDevice() {
        for (device, bottom) in [(UIScreen.Device.iPhone15, 34.0), (.iPhoneSE, 0), (.iPad, 20)] {
            let f = setUp(device: device)
            let size = device.size
            f.app.window.layoutIfNeeded()
            let bar = f.tabs.tabBar
            #expect(bar.frame == CGRect(x: 0, y: size.height - 49 - bottom, width: size.width, height: 49 + bottom))
            // The content fills the screen under the translucent bar; the safe area carries it.
            #expect(f.a.view.convert(f.a.view.bounds, to: f.app.window) == CGRect(origin: .zero, size: size))
            #expect(abs(f.a.view.safeAreaInsets.bottom - (49 + bottom)) < 1e-9)
            // Three items share the width; icon above title.
            let buttons = bar.subviews.filter { $0 is UIControl }
            #expect(buttons.count == 3)
            for (i, button) in buttons.enumerated() {
                #expect(close(button.frame, CGRect(x: size.width * CGFloat(i) / 3, y: 0, width: size.width / 3, height: 49)))
            }
            let titles = buttons.compactMap { $0.subviews.compactMap { $0 as? UILabel }.first }
            #expect(titles.map { $0.text ?? "" } == ["Alpha", "Beta", "Gamma"])
            #expect(titles[0].textColor == .systemBlue && titles[1].textColor == .systemGray)
        }
    }

    /// A 26 pt template icon: a filled disc or a square.
    static func icon(round: Bool) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 26, height: 26)).image { context in
            context.cgContext.setFillColor(UIColor.black.cgColor)
            if round {
                context.cgContext.fillEllipse(in: CGRect(x: 2, y: 2, width: 22, height: 22))
            } else {
                context.cgContext.fill(CGRect(x: 3, y: 3, width: 20, height: 20))
            }
        }
    }

    @Test func tabBarAloneGolden() {
        let f = setUp()
        f.a.tabBarItem = UITabBarItem(title: "Alpha", image: Self.icon(round: true), tag: 0)
        f.b.tabBarItem = UITabBarItem(title: "Beta", image: Self.icon(round: false), tag: 1)
        f.b.tabBarItem.badgeValue = "3"
        f.c.tabBarItem = UITabBarItem(tabBarSystemItem: .search, tag: 2)
        f.c.tabBarItem.badgeValue = ""
        f.app.window.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(f.tabs.tabBar.layer)
        GoldenImage.assert(image, named: "TabBarControllerTests/tab-bar", tolerance: .init(channel: 8, pixelFraction: 0.002))
    }

    // MARK: Selection

    @Test func aTapAsksShouldSelectSwitchesAtOnceWithoutAnimatorThenDidSelect() {
        let f = setUp()
        f.app.tap(at: itemCentre(f, 1))
        #expect(f.log.take() == [
            "delegate.shouldSelect(B)", "delegate.animationControllerFor(A→B)", "B.viewDidLoad",
            "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "A.viewDidDisappear(false)",
            "B.viewDidAppear(false)", "delegate.didSelect(B)",
        ])
        #expect(f.tabs.selectedIndex == 1 && f.tabs.selectedViewController === f.b)
        #expect(f.tabs.tabBar.selectedItem === f.b.tabBarItem)
        #expect(f.a.view.superview == nil && f.b.view.window === f.app.window)
        // Tapping the selected tab asks again and tells the delegate again; nothing switches.
        f.app.tap(at: itemCentre(f, 1))
        #expect(f.log.take() == ["delegate.shouldSelect(B)", "delegate.didSelect(B)"])
    }

    @Test func aRefusedTapSelectsNothing() {
        let f = setUp()
        f.delegate.refused = ["C"]
        f.app.tap(at: itemCentre(f, 2))
        #expect(f.log.take() == ["delegate.shouldSelect(C)"])
        #expect(f.tabs.selectedIndex == 0 && !f.c.isViewLoaded)
    }

    @Test func selectingInCodeSkipsShouldSelectAndDidSelect() {
        let f = setUp()
        f.tabs.selectedIndex = 2
        #expect(f.log.take() == [
            "delegate.animationControllerFor(A→C)", "C.viewDidLoad", "A.viewWillDisappear(false)",
            "C.viewWillAppear(false)", "A.viewDidDisappear(false)", "C.viewDidAppear(false)",
        ])
        f.tabs.selectedViewController = f.b
        #expect(f.tabs.selectedIndex == 1)
        #expect(f.log.take().count == 6)
        f.tabs.selectedIndex = 1
        #expect(f.log.take().isEmpty)
    }

    @Test func theDelegatesAnimatorRunsAsATabSwitchThroughTheEngine() {
        let f = setUp()
        let slide = TabSlideAnimator(log: f.log)
        f.delegate.animator = slide
        f.app.tap(at: itemCentre(f, 1))
        #expect(f.log.take() == [
            "delegate.shouldSelect(B)", "delegate.animationControllerFor(A→B)", "delegate.interactionControllerFor",
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "slide.animateTransition",
            "delegate.didSelect(B)",
        ])
        #expect(f.tabs.selectedIndex == 1)  // at once, as in UIKit
        #expect(f.b.transitionCoordinator != nil && f.tabs.transitionCoordinator != nil)
        var completed: Bool?
        f.b.transitionCoordinator?.animate(alongsideTransition: nil) { completed = !$0.isCancelled }
        // Half way the new view is half way in.
        MediaClock.main.advance(by: 0.2)
        let x = f.b.view.layer.presentation()?.frame.minX ?? .nan
        #expect(abs(x - 393 / 2) < 8)
        // Taps during the switch are ignored; code selection is reported.
        let reports = capture { f.tabs.selectedIndex = 2 }
        #expect(reports.count == 1 && reports[0].contains("while a tab switch is in progress"))
        f.app.tap(at: itemCentre(f, 2))
        #expect(f.tabs.selectedIndex == 1)
        runModal(0.2)
        #expect(f.log.take() == [
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "slide.animationEnded(true)",
        ])
        #expect(completed == true)
        #expect(f.a.view.superview == nil && f.b.view.frame == f.tabs.view.bounds)
    }

    @Test func aCancelledInteractiveSwitchPutsTheSelectionBack() {
        let f = setUp()
        let slide = TabSlideAnimator(log: f.log)
        let interaction = UIPercentDrivenInteractiveTransition()
        f.delegate.animator = slide
        f.delegate.interaction = interaction
        f.tabs.selectedIndex = 2
        #expect(f.tabs.selectedIndex == 2)
        interaction.update(0.3)
        MediaClock.main.advanceFrames(2)
        interaction.cancel()
        runModal(0.4)
        #expect(f.log.take() == [
            "delegate.animationControllerFor(A→C)", "delegate.interactionControllerFor", "C.viewDidLoad",
            "A.viewWillDisappear(true)", "C.viewWillAppear(true)", "slide.animateTransition",
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)", "C.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "slide.animationEnded(false)",
        ])
        #expect(f.tabs.selectedIndex == 0 && f.tabs.tabBar.selectedItem === f.a.tabBarItem)
        #expect(f.a.view.window != nil && f.c.view.superview == nil)
    }

    // MARK: Containers together

    @Test func aNavigationControllerInATabPopsToRootWhenItsTabIsTappedAgain() {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let pushed = ModalRecordingViewController("P", log: log)
        let nav = UINavigationController(rootViewController: a)
        let other = ModalRecordingViewController("B", log: log)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, other]
        let app = AppDriver(rootViewController: tabs)
        #expect(a.tabBarController === tabs && a.navigationController === nav && nav.tabBarController === tabs)
        nav.pushViewController(pushed, animated: false)
        _ = log.take()
        let bar = tabs.tabBar
        app.tap(at: bar.convert(CGPoint(x: bar.bounds.width / 4, y: 24), to: app.window))
        runModal(0.35)
        #expect(nav.viewControllers.count == 1)
        #expect(log.take() == [
            "P.viewWillDisappear(true)", "A.viewWillAppear(true)", "P.viewDidDisappear(true)", "A.viewDidAppear(true)",
        ])
    }

    @Test func hidesBottomBarWhenPushedHidesTheTabBarUntilPopped() {
        let a = UIViewController()
        let pushed = UIViewController()
        pushed.hidesBottomBarWhenPushed = true
        let nav = UINavigationController(rootViewController: a)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, UIViewController()]
        let app = AppDriver(rootViewController: tabs)
        app.window.layoutIfNeeded()
        // The navigation controller's view extends under the translucent tab bar.
        #expect(nav.view.frame.height == 852 && a.view.safeAreaInsets.bottom == 83)
        nav.pushViewController(pushed, animated: true)
        // The bar slides out to the left with the push; the content area is the whole screen.
        #expect(nav.view.frame.height == 852)
        MediaClock.main.advance(by: 0.175)
        let x = tabs.tabBar.layer.presentation()?.frame.minX ?? .nan
        #expect(x < -100 && x > -393)
        runModal(0.2)
        app.window.layoutIfNeeded()
        #expect(tabs.tabBar.isHidden)
        #expect(pushed.view.convert(pushed.view.bounds, to: app.window).maxY == 852)
        #expect(pushed.view.safeAreaInsets.bottom == 34)
        nav.popViewController(animated: true)
        #expect(!tabs.tabBar.isHidden)
        runModal(0.35)
        app.window.layoutIfNeeded()
        #expect(!tabs.tabBar.isHidden && tabs.tabBar.frame.minX == 0)
        #expect(nav.view.frame.height == 852 && a.view.safeAreaInsets.bottom == 83)
        // Without animation it changes at once.
        nav.pushViewController(pushed, animated: false)
        app.window.layoutIfNeeded()
        #expect(tabs.tabBar.isHidden && nav.view.frame.height == 852)
    }

    @Test func theTabBarSlidesBackWithTheFingerInAnInteractivePop() {
        let a = UIViewController()
        let pushed = UIViewController()
        pushed.hidesBottomBarWhenPushed = true
        let nav = UINavigationController(rootViewController: a)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, UIViewController()]
        let app = AppDriver(rootViewController: tabs)
        nav.pushViewController(pushed, animated: false)
        app.window.layoutIfNeeded()
        #expect(tabs.tabBar.isHidden)
        let finger = app.touchDown(at: CGPoint(x: 4, y: 400))
        app.advanceFrames(1)
        for k in 1...8 {
            finger.move(to: CGPoint(x: 4 + 20 * CGFloat(k), y: 400))
            app.advanceFrames(1)
        }
        // The bar comes back from the left as far as the pop has gone, and holds there while
        // the finger holds still (the interaction scrubs the alongside animation).
        let x = tabs.tabBar.layer.presentation()?.frame.minX ?? .nan
        #expect(x < -100 && x > -393, "tab bar at \(x)")
        app.advanceFrames(30)
        let held = tabs.tabBar.layer.presentation()?.frame.minX ?? .nan
        #expect(abs(held - x) < 1e-6, "held at \(held), was \(x)")
        for k in 9...16 {
            finger.move(to: CGPoint(x: 4 + 20 * CGFloat(k), y: 400))
            app.advanceFrames(1)
        }
        finger.lift()
        runModal(0.35)
        app.window.layoutIfNeeded()
        #expect(nav.viewControllers.count == 1)
        #expect(!tabs.tabBar.isHidden && tabs.tabBar.frame.minX == 0)
        #expect(tabs.tabBar.layer.presentation()?.frame.minX == 0 && tabs.tabBar.layer.speed == 1)
    }

    @Test func aModalFromATabChildIsPresentedByTheTabBarController() {
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav]
        let app = AppDriver(rootViewController: tabs)
        let modal = UIViewController()
        modal.modalPresentationStyle = .fullScreen
        a.present(modal, animated: false)
        #expect(modal.presentingViewController === tabs)
        #expect(a.presentedViewController === modal && tabs.presentedViewController === modal)
        #expect(nav.visibleViewController === modal)
        #expect(tabs.view.window == nil)  // full screen: the presenter's view left the window
        a.dismiss(animated: false)
        #expect(tabs.view.window === app.window && a.view.window === app.window)
    }

    // MARK: Bad input

    @Test func outOfRangeAndForeignSelectionsAreReportedAndIgnored() {
        let f = setUp()
        let reports = capture {
            f.tabs.selectedIndex = 3
            f.tabs.selectedIndex = -1
            f.tabs.selectedViewController = UIViewController()
        }
        #expect(reports.count == 3)
        #expect(reports[0].contains("out of range") && reports[2].contains("not one of the tabs"))
        #expect(f.tabs.selectedIndex == 0)
        #expect(f.log.take().isEmpty)
    }

    @Test func repeatsAreDroppedAndRemovingTheSelectedTabSelectsANeighbour() {
        let f = setUp()
        f.tabs.selectedIndex = 2
        _ = f.log.take()
        let reports = capture { f.tabs.setViewControllers([f.a, f.b, f.a], animated: false) }
        #expect(reports.count == 2)
        #expect(reports[0].contains("more than once") && reports[1].contains("removed the selected tab"))
        #expect(names(f.tabs.viewControllers) == ["A", "B"])
        #expect(f.tabs.selectedIndex == 1 && f.tabs.tabBar.selectedItem === f.b.tabBarItem)
        #expect(f.log.take() == [
            "B.viewDidLoad", "C.viewWillDisappear(false)", "B.viewWillAppear(false)", "C.viewDidDisappear(false)",
            "B.viewDidAppear(false)",
        ])
        #expect(f.c.parent == nil && f.c.view.superview == nil && f.tabs.children.count == 2)
        let empty = capture { f.tabs.viewControllers = [] }
        #expect(empty.count == 1)
        #expect(f.tabs.selectedViewController == nil && f.tabs.children.isEmpty)
        #expect(f.log.take() == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
    }

    @Test func aChildOfAnotherControllerIsNotATab() {
        let f = setUp()
        let other = UIViewController()
        let child = UIViewController()
        other.addChild(child)
        let reports = capture { f.tabs.viewControllers = [f.a, child] }
        #expect(reports.count == 1 && reports[0].contains("already has a parent"))
        #expect(f.tabs.viewControllers?.count == 1 && child.parent === other)
    }
}
