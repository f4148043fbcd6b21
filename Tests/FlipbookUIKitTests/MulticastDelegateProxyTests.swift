import Foundation
import Testing
import TestSupport
import Flipbook

/// A navigation fan-out as libraries write it after `flipbook port`: a subclass of
/// `MulticastDelegateProxy` that adopts the protocol and implements nothing.
@MainActor
final class NavigationFanOut: MulticastDelegateProxy, UINavigationControllerDelegate {}

/// A scroll fan-out that handles `scrollViewDidScroll` itself (and so keeps it from the others).
@MainActor
final class ScrollFanOut: MulticastDelegateProxy, UIScrollViewDelegate {
    var ownScrolls = 0
    func scrollViewDidScroll(_ scrollView: UIScrollView) { ownScrolls += 1 }
}

/// A navigation delegate that only hears, and one that only supplies the animator.
@MainActor
final class ShowListener: NSObject, UINavigationControllerDelegate {
    let name: String
    let log: ModalLog
    init(_ name: String, log: ModalLog) {
        self.name = name
        self.log = log
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log("\(name).didShow")
    }
}

@MainActor
final class AnimatorSupplier: NSObject, UINavigationControllerDelegate {
    let animator: UIViewControllerAnimatedTransitioning
    let name: String
    let log: ModalLog
    init(_ name: String, animator: UIViewControllerAnimatedTransitioning, log: ModalLog) {
        self.name = name
        self.animator = animator
        self.log = log
    }
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        log("\(name).animationControllerFor")
        return animator
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log("\(name).didShow")
    }
}

/// Proxies that fan each delegate message out to several delegates (`forwardingDelegates`,
/// `MulticastDelegateProxy`), as the Objective-C proxies they stand for: every delegate that
/// implements a message gets it, in order; an answer is the last implementer's; with none,
/// UIKit's fallback (docs/Semantics.md, "Delegate proxies").
@Suite(.freshRuntime) @MainActor struct MulticastDelegateProxyTests {
    /// Both delegates hear `didShow`; the animator comes from the one that implements it, even
    /// though the other comes after it (its default is "does not respond", not an answer of nil).
    @Test func everyDelegateHearsAndTheImplementerAnswers() {
        let log = ModalLog()
        let a = NavRecordingViewController("A", log: log)
        let b = NavRecordingViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        let app = AppDriver(rootViewController: nav)
        let supplier = AnimatorSupplier("supplier", animator: NavFadeAnimator(log: log), log: log)
        let listener = ShowListener("listener", log: log)
        let proxy = NavigationFanOut(forwardingTo: [supplier, listener])
        nav.delegate = proxy
        app.window.layoutIfNeeded()
        _ = log.take()
        nav.pushViewController(b, animated: true)
        #expect(log.take().filter { !$0.hasPrefix("A.") && !$0.hasPrefix("B.") } == [
            "supplier.animationControllerFor", "fade.transitionDuration", "fade.animateTransition",
        ])
        runNav(0.6)
        #expect(log.take().filter { $0.hasSuffix("didShow") } == ["supplier.didShow", "listener.didShow"])
        withExtendedLifetime((proxy, supplier, listener)) {}
    }

    /// With no delegate implementing a message that returns a value, the answer is UIKit's
    /// fallback: the default slide runs, and a scroll fan-out answers `scrollViewShouldScrollToTop`
    /// with true.
    @Test func noImplementerGivesUIKitsFallback() {
        let log = ModalLog()
        let listener = ShowListener("listener", log: log)
        let other = ShowListener("other", log: log)
        let proxy = NavigationFanOut(forwardingTo: [listener, other])
        let nav = UINavigationController(rootViewController: UIViewController())
        #expect(proxy.navigationController(nav, animationControllerFor: .push, from: UIViewController(), to: UIViewController()) == nil)
        let scroll = ScrollFanOut(forwardingTo: [])
        #expect(scroll.scrollViewShouldScrollToTop(UIScrollView()))
        withExtendedLifetime((listener, other)) {}
    }

    /// A scroll fan-out set as a table view's delegate: its own `scrollViewDidScroll` runs, the
    /// other scroll messages reach every delegate, and the table's own messages reach the table
    /// delegate among them (the narrower protocol is looked up along each branch).
    @Test func aScrollFanOutOnATable() {
        let (app, table, model) = makeTableApp([30])
        defer { withExtendedLifetime((app, model)) {} }
        let scrollWatcher = ScrollRecordingDelegate()
        let proxy = ScrollFanOut(forwardingTo: [scrollWatcher, model])
        table.delegate = proxy
        model.heights = { ip in ip.row == 0 ? 80 : 44 }
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 80, width: 393, height: 44))
        app.drag(from: CGPoint(x: 100, y: 600), to: CGPoint(x: 100, y: 400), duration: 0.2)
        #expect(proxy.ownScrolls > 0)
        #expect(scrollWatcher.events.first == "willBeginDragging tracking=true dragging=true")
        #expect(!scrollWatcher.events.contains("didScroll"), "the proxy implements didScroll itself")
        withExtendedLifetime((proxy, scrollWatcher)) {}
    }

    /// The delegates are held weakly, and values that are not objects are skipped.
    @Test func delegatesAreHeldWeakly() {
        var listener: ShowListener? = ShowListener("gone", log: ModalLog())
        let proxy = NavigationFanOut(forwardingTo: [listener as Any, 3, "text"])
        #expect(proxy.forwardingDelegates.count == 1)
        listener = nil
        #expect(proxy.forwardingDelegates.isEmpty)
    }

    /// A fan-out whose delegates include itself reports the loop and forwards nothing.
    @Test func aFanOutIncludingItselfDoesNotRecurse() {
        final class SelfIncluding: NSObject, UIScrollViewDelegate, DelegateForwarding {
            var others: [AnyObject] = []
            var forwardingDelegate: AnyObject? { nil }
            var forwardingDelegates: [AnyObject] { others + [self] }
        }
        let proxy = SelfIncluding()
        var answer: Bool?
        let messages = FlipbookDiagnostics.capture { answer = proxy.scrollViewShouldScrollToTop(UIScrollView()) }
        #expect(answer == true)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("lead back to itself") == true)
    }

    /// `.firstImplementer`: each message goes to the first delegate that implements it and to no
    /// other, as a `forwardingTarget(for:)` that answers the first delegate that `responds(to:)`.
    /// A delegate that does not implement a message is passed over, whatever its place.
    @Test func theFirstImplementerAloneGetsEachMessage() {
        final class Router: NSObject, UINavigationControllerDelegate, DelegateForwarding {
            var delegates: [AnyObject] = []
            var forwardingDelegate: AnyObject? { nil }
            var forwardingDelegates: [AnyObject] { delegates }
            var forwardingStyle: DelegateForwardingStyle { .firstImplementer }
        }
        let log = ModalLog()
        let listener = ShowListener("listener", log: log)
        let supplier = AnimatorSupplier("supplier", animator: NavFadeAnimator(log: log), log: log)
        let router = Router()
        router.delegates = [listener, supplier]
        let nav = UINavigationController(rootViewController: UIViewController())
        let from = UIViewController(), to = UIViewController()
        router.navigationController(nav, didShow: to, animated: true)
        #expect(log.take() == ["listener.didShow"], "the second implementer does not hear it")
        #expect(router.navigationController(nav, animationControllerFor: .push, from: from, to: to) != nil)
        #expect(log.take() == ["supplier.animationControllerFor"], "the listener does not implement it: passed over")
        router.delegates = [supplier, listener]
        router.navigationController(nav, didShow: to, animated: true)
        #expect(log.take() == ["supplier.didShow"])
        router.delegates = [listener]
        #expect(router.navigationController(nav, animationControllerFor: .push, from: from, to: to) == nil)
        #expect(router.forwardingStyle == .firstImplementer)
        #expect(NavigationFanOut(forwardingTo: []).forwardingStyle == .everyDelegate)
        withExtendedLifetime((listener, supplier)) {}
    }
}
