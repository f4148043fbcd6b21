import Foundation
import Testing
import TestSupport
import Flipbook

/// A recording controller that also logs its moves between parents.
@MainActor
final class NavRecordingViewController: ModalRecordingViewController {
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log("\(name).willMove(\(parent == nil ? "nil" : "nav"))")
    }

    override func didMove(toParent parent: UIViewController?) {
        log("\(name).didMove(\(parent == nil ? "nil" : "nav"))")
        super.didMove(toParent: parent)
    }
}

/// A navigation delegate that records its calls and may supply an animator.
@MainActor
final class NavRecordingDelegate: NSObject, UINavigationControllerDelegate {
    let log: ModalLog
    var animator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?

    init(log: ModalLog) { self.log = log }

    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log("delegate.willShow(\((viewController as? ModalRecordingViewController)?.name ?? "?"), \(animated))")
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log("delegate.didShow(\((viewController as? ModalRecordingViewController)?.name ?? "?"), \(animated))")
    }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        let from = (fromVC as? ModalRecordingViewController)?.name ?? "?"
        let to = (toVC as? ModalRecordingViewController)?.name ?? "?"
        log("delegate.animationControllerFor(\(operation == .push ? "push" : operation == .pop ? "pop" : "none"), \(from)→\(to))")
        return animator
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        log("delegate.interactionControllerFor")
        return interaction
    }
}

/// Every label a bar shows, with its centre in the bar's coordinates.
@MainActor
func barLabels(_ bar: UIView) -> [(text: String?, center: CGPoint, font: UIFont?)] {
    bar.layoutIfNeeded()
    var found: [(String?, CGPoint, UIFont?)] = []
    func walk(_ v: UIView) {
        if v.isHidden || v.alpha < 0.01 { return }
        if let label = v as? UILabel {
            let r = label.convert(label.bounds, to: bar)
            found.append((label.text, CGPoint(x: r.midX, y: r.midY), label.font))
        }
        for s in v.subviews { walk(s) }
    }
    walk(bar)
    return found
}

/// Runs the clock for `seconds` plus one frame.
@MainActor
func runNav(_ seconds: TimeInterval) { MediaClock.main.advance(by: seconds + 1.0 / 60) }

/// The stack, containment and appearance rules of UINavigationController as recorded histories
/// (docs/Semantics.md, "Navigation controller").
@Suite("Navigation controller", .freshRuntime)
@MainActor
struct NavigationControllerTests {
    /// Keeps the test's windows alive (a window nobody holds leaves the screen).
    final class Keeper {
        var windows: [UIWindow] = []
        var delegates: [AnyObject] = []
    }
    let keeper = Keeper()

    func capture(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        body()
        return reports
    }

    /// A navigation controller with root A, installed in a window, and B, C ready to push.
    func setUp() -> (ModalLog, UINavigationController, NavRecordingViewController, NavRecordingViewController,
                     NavRecordingViewController, UIWindow, NavRecordingDelegate) {
        let log = ModalLog()
        let a = NavRecordingViewController("A", log: log)
        let b = NavRecordingViewController("B", log: log)
        let c = NavRecordingViewController("C", log: log)
        let nav = UINavigationController(rootViewController: a)
        let window = makeModalWindow(root: nav)
        keeper.windows.append(window)
        let delegate = NavRecordingDelegate(log: log)
        nav.delegate = delegate
        keeper.delegates.append(delegate)
        _ = log.take()
        return (log, nav, a, b, c, window, delegate)
    }

    func names(_ vcs: [UIViewController]?) -> [String] {
        (vcs ?? []).map { ($0 as? ModalRecordingViewController)?.name ?? "?" }
    }

    @Test func rootIsAChildAndAppearsWithTheNavigationController() {
        let log = ModalLog()
        let a = NavRecordingViewController("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        #expect(log.take() == ["A.willMove(nav)", "A.didMove(nav)"])
        #expect(nav.children.count == 1 && nav.children.first === a)
        #expect(a.navigationController === nav)
        #expect(nav.navigationController == nil)
        let window = makeModalWindow(root: nav)
        #expect(log.take() == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        window.layoutIfNeeded()
        // A 44 pt bar under the top safe area; the view fills the window under the translucent
        // bar, which its safe area carries (UIKit's extended layout).
        let top = window.safeAreaInsets.top
        #expect(top > 0)
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: top, width: 393, height: 44))
        #expect(a.view.convert(a.view.bounds, to: window) == window.bounds)
        #expect(a.view.safeAreaInsets.top == top + 44)
        #expect(a.view.window === window)
        #expect(nav.topViewController === a && nav.visibleViewController === a)
        #expect(nav.interactivePopGestureRecognizer?.isEnabled == false)
    }

    @Test func barShowsTheTopTitleAndThePopGestureSitsOnTheLeftEdge() {
        let (_, nav, a, b, _, _, _) = setUp()
        // The title is the centred label the bar shows (the back button's label sits on the left).
        let titleLabel = { barLabels(nav.navigationBar).first { abs($0.center.x - 196.5) < 1 }?.text }
        #expect(titleLabel() == nil)
        a.title = "Inbox"
        #expect(titleLabel() == "Inbox")  // the top controller's title, as it changes
        b.title = "Message"
        nav.pushViewController(b, animated: false)
        #expect(titleLabel() == "Message")
        nav.popViewController(animated: true)
        #expect(titleLabel() == "Inbox")
        runNav(0.35)
        let edgePan = nav.interactivePopGestureRecognizer as? UIScreenEdgePanGestureRecognizer
        #expect(edgePan?.edges == .left)
        #expect(edgePan?.view === nav.view)
    }

    @Test func hidingTheBarGivesTheTopViewTheWholeView() {
        let (_, nav, a, _, _, window, _) = setUp()
        nav.setNavigationBarHidden(true, animated: false)
        window.layoutIfNeeded()
        #expect(nav.isNavigationBarHidden)
        #expect(nav.navigationBar.isHidden)
        #expect(a.view.convert(a.view.bounds, to: window) == window.bounds)
        #expect(a.view.safeAreaInsets.top == window.safeAreaInsets.top)
        nav.isNavigationBarHidden = false
        window.layoutIfNeeded()
        #expect(!nav.navigationBar.isHidden)
        #expect(a.view.convert(a.view.bounds, to: window) == window.bounds)
        #expect(a.view.safeAreaInsets.top == window.safeAreaInsets.top + 44)
        // Below an opaque bar the view starts under the bar.
        nav.navigationBar.isTranslucent = false
        window.layoutIfNeeded()
        #expect(a.view.convert(a.view.bounds, to: window).minY == window.safeAreaInsets.top + 44)
    }

    @Test func nonAnimatedPushAndPopAreImmediate() {
        let (log, nav, a, b, _, _, _) = setUp()
        nav.pushViewController(b, animated: false)
        #expect(log.take() == [
            "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "delegate.willShow(B, false)", "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(nav)",
            "delegate.didShow(B, false)",
        ])
        #expect(names(nav.viewControllers) == ["A", "B"])
        #expect(a.view.superview == nil && b.view.window != nil)
        #expect(nav.interactivePopGestureRecognizer?.isEnabled == true)

        let popped = nav.popViewController(animated: false)
        #expect(popped === b)
        #expect(log.take() == [
            "B.willMove(nil)", "B.viewWillDisappear(false)", "A.viewWillAppear(false)", "delegate.willShow(A, false)",
            "B.viewDidDisappear(false)", "A.viewDidAppear(false)", "B.didMove(nil)", "delegate.didShow(A, false)",
        ])
        #expect(names(nav.viewControllers) == ["A"])
        #expect(b.parent == nil && b.view.superview == nil && a.view.window != nil)
    }

    @Test func animatedPushAndPopWithTheDefaultAnimator() {
        let (log, nav, a, b, _, _, _) = setUp()
        nav.pushViewController(b, animated: true)
        #expect(names(nav.viewControllers) == ["A", "B"])  // the stack changes at once, as in UIKit
        #expect(log.take() == [
            "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "delegate.willShow(B, true)", "delegate.animationControllerFor(push, A→B)",
        ])
        #expect(b.transitionCoordinator != nil)
        runNav(0.35)
        #expect(log.take() == [
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)", "delegate.didShow(B, true)",
        ])
        #expect(a.view.superview == nil)
        #expect(b.transitionCoordinator == nil)

        nav.popViewController(animated: true)
        #expect(log.take() == [
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "delegate.willShow(A, true)",
            "delegate.animationControllerFor(pop, B→A)",
        ])
        runNav(0.35)
        #expect(log.take() == [
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)", "delegate.didShow(A, true)",
        ])
        #expect(b.view.superview == nil && b.parent == nil)
        #expect(a.view.frame.origin == .zero && a.view.frame.width == 393)
    }

    @Test func popToRootPopsEverythingAboveInOneTransition() {
        let (log, nav, a, b, c, _, _) = setUp()
        nav.setViewControllers([a, b, c], animated: false)
        #expect(log.take() == [
            "B.willMove(nav)", "C.willMove(nav)", "C.viewDidLoad", "A.viewWillDisappear(false)",
            "C.viewWillAppear(false)", "delegate.willShow(C, false)", "A.viewDidDisappear(false)",
            "C.viewDidAppear(false)", "B.didMove(nav)", "C.didMove(nav)", "delegate.didShow(C, false)",
        ])
        #expect(b.isViewLoaded == false)  // only the top view loads
        let popped = nav.popToRootViewController(animated: true)
        #expect(names(popped) == ["B", "C"])
        #expect(names(nav.viewControllers) == ["A"])
        #expect(log.take() == [
            "B.willMove(nil)", "C.willMove(nil)", "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "delegate.willShow(A, true)", "delegate.animationControllerFor(pop, C→A)",
        ])
        runNav(0.35)
        #expect(log.take() == [
            "C.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)", "C.didMove(nil)",
            "delegate.didShow(A, true)",
        ])
        #expect(nav.children.count == 1)
        #expect(nav.popToRootViewController(animated: true)?.isEmpty == true)
        #expect(log.take().isEmpty)
    }

    @Test func setViewControllersWithTheSameTopSendsNoAppearanceCalls() {
        let (log, nav, a, b, _, _, _) = setUp()
        nav.setViewControllers([b, a], animated: true)
        #expect(log.take() == ["B.willMove(nav)", "B.didMove(nav)"])
        #expect(names(nav.viewControllers) == ["B", "A"])
        nav.viewControllers = [a]
        #expect(log.take() == ["B.willMove(nil)", "B.didMove(nil)"])
        #expect(nav.children.count == 1)
    }

    @Test func stackBuiltOffScreenAppearsWithTheNavigationController() {
        let log = ModalLog()
        let a = NavRecordingViewController("A", log: log)
        let b = NavRecordingViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        nav.pushViewController(b, animated: true)
        #expect(log.take() == ["A.willMove(nav)", "A.didMove(nav)", "B.willMove(nav)", "B.didMove(nav)"])
        keeper.windows.append(makeModalWindow(root: nav))
        #expect(log.take() == ["B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
        #expect(!a.isViewLoaded)
    }

    @Test func showPushesInsideANavigationControllerAndPresentsOtherwise() {
        let (_, nav, a, b, _, _, _) = setUp()
        a.show(b, sender: nil)
        #expect(nav.topViewController === b)
        runNav(0.35)
        let c = UIViewController()
        let lone = UIViewController()
        keeper.windows.append(makeModalWindow(root: lone))
        lone.show(c, sender: nil)
        #expect(lone.presentedViewController === c)
        #expect(c.navigationController == nil)
        runNav(0.5)
    }

    // MARK: Bad input

    @Test func pushingAControllerAlreadyOnTheStackIsReportedAndIgnored() {
        let (log, nav, a, b, _, _, _) = setUp()
        nav.pushViewController(b, animated: false)
        _ = log.take()
        let reports = capture { nav.pushViewController(a, animated: true) }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("more than once") == true)
        #expect(names(nav.viewControllers) == ["A", "B"])
        #expect(log.take().isEmpty)
        let other = UIViewController()
        let child = UIViewController()
        other.addChild(child)
        let parentReports = capture { nav.pushViewController(child, animated: false) }
        #expect(parentReports.first?.contains("already has a parent") == true)
        #expect(child.parent === other && nav.viewControllers.count == 2)
    }

    @Test func poppingTheRootDoesNothing() {
        let (log, nav, a, _, _, _, _) = setUp()
        let reports = capture { #expect(nav.popViewController(animated: true) == nil) }
        #expect(reports.isEmpty)
        #expect(log.take().isEmpty)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === a)
    }

    @Test func setViewControllersDropsDuplicatesAndRefusesAnEmptyStack() {
        let (_, nav, a, b, _, _, _) = setUp()
        let reports = capture { nav.setViewControllers([a, b, a, b], animated: false) }
        #expect(reports.count == 2)
        #expect(names(nav.viewControllers) == ["A", "B"])
        let empty = capture { nav.setViewControllers([], animated: true) }
        #expect(empty.count == 1)
        #expect(names(nav.viewControllers) == ["A", "B"])
        #expect(nav.children.count == 2)
    }

    @Test func changesDuringATransitionAreReportedAndIgnored() {
        let (log, nav, a, b, c, _, _) = setUp()
        nav.pushViewController(b, animated: true)
        _ = log.take()
        let reports = capture {
            nav.pushViewController(c, animated: true)
            #expect(nav.popViewController(animated: true) == nil)
            nav.setViewControllers([c], animated: false)
            #expect(nav.popToRootViewController(animated: false) == nil)
        }
        #expect(reports.count == 4)
        #expect(reports.allSatisfy { $0.contains("while a push is in progress") })
        #expect(log.take().isEmpty)
        #expect(names(nav.viewControllers) == ["A", "B"])
        runNav(0.35)
        #expect(names(nav.viewControllers) == ["A", "B"])
        #expect(nav.children.map { ObjectIdentifier($0) } == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(c.parent == nil)
        // And afterwards the controller works again.
        nav.pushViewController(c, animated: false)
        #expect(names(nav.viewControllers) == ["A", "B", "C"])
    }

    @Test func popToAControllerNotOnTheStackIsReported() {
        let (_, nav, _, b, _, _, _) = setUp()
        let reports = capture { #expect(nav.popToViewController(b, animated: true) == nil) }
        #expect(reports.count == 1)
        #expect(nav.viewControllers.count == 1)
    }
}
