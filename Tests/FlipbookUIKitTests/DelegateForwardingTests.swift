import Foundation
import Testing
import TestSupport
import Flipbook

/// A scroll-view delegate proxy as libraries write it (after `flipbook port`): it does its own
/// work in `scrollViewDidScroll` and calls the original from there; every other message reaches
/// the original through `forwardingDelegate`.
@MainActor
final class ScrollDelegateProxy: NSObject, UIScrollViewDelegate, DelegateForwarding {
    weak var originalDelegate: UIScrollViewDelegate?
    var ownScrolls = 0
    var forwardingDelegate: AnyObject? { originalDelegate }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        ownScrolls += 1
        originalDelegate?.scrollViewDidScroll(scrollView)
    }
}

/// A proxy that implements nothing: everything goes to `next` (which may be itself, or
/// another proxy: the cycle tests).
@MainActor
final class EmptyScrollProxy: NSObject, UIScrollViewDelegate, DelegateForwarding {
    weak var next: AnyObject?
    var forwardingDelegate: AnyObject? { next }
}

/// A forwarding object that adopts no delegate protocol at all (a chain's middle link), with its
/// conformance in an extension, as a library's plain `NSObject` proxy has it: the class itself is
/// not main-actor isolated.
final class PlainForwarder: NSObject {
    weak var target: AnyObject?
    var forwardedReads = 0
}

extension PlainForwarder: DelegateForwarding {
    var forwardingDelegate: AnyObject? {
        forwardedReads += 1
        return target
    }
}

/// A navigation controller delegate proxy that hears `willShow` itself (and passes it on).
@MainActor
final class NavigationDelegateProxy: NSObject, UINavigationControllerDelegate, DelegateForwarding {
    weak var original: UINavigationControllerDelegate?
    let log: ModalLog
    init(log: ModalLog) { self.log = log }
    var forwardingDelegate: AnyObject? { original }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        log("proxy.willShow")
        original?.navigationController(navigationController, willShow: viewController, animated: animated)
    }
}

/// Delegate proxies (`DelegateForwarding`): the defaults of UIKit's optional delegate methods
/// hand the call on, UIKit classes reading their delegate as a narrower protocol find the
/// original behind a proxy, and loops end (docs/Semantics.md, "Delegate proxies").
@Suite(.freshRuntime) @MainActor struct DelegateForwardingTests {
    /// A real drag and fling: the proxy handles `scrollViewDidScroll` and the original hears
    /// every other message through the forwarding.
    @Test func scrollProxyForwardsWhatItDoesNotImplement() {
        let (app, sv, original) = makeScrollApp()
        defer { withExtendedLifetime((app, original)) {} }
        let proxy = ScrollDelegateProxy()
        proxy.originalDelegate = original
        sv.delegate = proxy
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        settle(sv)
        #expect(original.events == [
            "willBeginDragging tracking=true dragging=true", "didScroll", "willEndDragging", "didEndDragging true",
            "willBeginDecelerating decelerating=true", "didScroll", "didEndDecelerating decelerating=false",
        ])
        #expect(proxy.ownScrolls > 2)
        // A value the original answers comes back through the proxy.
        original.newTarget = CGPoint(x: 0, y: 1000)
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        settle(sv)
        #expect(sv.contentOffset.y == 1000)
    }

    /// A proxy that adopts only `UIScrollViewDelegate`, assigned as a table view's delegate:
    /// the table's own messages (heights, selection) reach the original table delegate.
    @Test func scrollProxyOnATableForwardsTheTableMessages() {
        let (app, table, model) = makeTableApp([10])
        defer { withExtendedLifetime((app, model)) {} }
        let proxy = ScrollDelegateProxy()
        proxy.originalDelegate = model
        table.delegate = proxy
        model.heights = { ip in ip.row == 0 ? 80 : 44 }
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 80, width: 393, height: 44))
        model.recorder.reset()
        app.tap(at: CGPoint(x: 100, y: 80 + 44 + 20))
        #expect(model.recorder.events == ["didHighlight 2", "didUnhighlight 2", "willSelect 2", "didSelect 2"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        // The original's nil from willSelect (refuse) is an answer, not "not implemented".
        model.refuseSelection = [IndexPath(row: 4, section: 0)]
        app.tap(at: CGPoint(x: 100, y: 80 + 44 * 3 + 20))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        // The proxy still hears the scrolling itself.
        app.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 100, y: 300), duration: 0.1)
        #expect(proxy.ownScrolls > 0)
    }

    /// A collection view reads a scroll proxy's original as its flow-layout delegate.
    @Test func scrollProxyOnACollectionViewForwardsTheFlowLayoutSizes() {
        let source = NumberedDataSource(counts: [3])
        source.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 120, height: 70)
        let view = CollectionTestSupport.make(source: source)
        let proxy = ScrollDelegateProxy()
        proxy.originalDelegate = source
        view.delegate = proxy
        view.collectionViewLayout.invalidateLayout()
        view.layoutIfNeeded()
        #expect(CollectionTestSupport.frames(view)[1].size == CGSize(width: 120, height: 70))
        withExtendedLifetime(source) {}
    }

    /// A navigation controller delegate proxy: the original's animator runs the push.
    @Test func navigationProxyForwardsTheAnimator() {
        let log = ModalLog()
        let a = NavRecordingViewController("A", log: log)
        let b = NavRecordingViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        let app = AppDriver(rootViewController: nav)
        let original = NavRecordingDelegate(log: log)
        let animator = NavFadeAnimator(log: log)
        original.animator = animator
        let proxy = NavigationDelegateProxy(log: log)
        proxy.original = original
        nav.delegate = proxy
        app.window.layoutIfNeeded()
        _ = log.take()
        nav.pushViewController(b, animated: true)
        #expect(log.take() == [
            "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "proxy.willShow", "delegate.willShow(B, true)", "delegate.animationControllerFor(push, A→B)",
            "delegate.interactionControllerFor", "fade.transitionDuration", "fade.animateTransition",
        ])
        app.advance(by: 0.25)
        #expect(b.view.layer.presentation()?.opacity ?? 1 < 0.9)
        runNav(0.5)
        #expect(log.take() == [
            "fade.completeTransition", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)",
            "delegate.didShow(B, true)", "fade.animationEnded(true)",
        ])
        withExtendedLifetime((proxy, original)) {}
    }

    /// Proxies behind proxies: a chain works, and a link that adopts no delegate protocol (a
    /// plain forwarder) is passed through.
    @Test func chainsOfProxiesReachTheOriginal() {
        let (app, sv, original) = makeScrollApp()
        defer { withExtendedLifetime((app, original)) {} }
        let outer = EmptyScrollProxy()
        let middle = PlainForwarder()
        let inner = ScrollDelegateProxy()
        outer.next = middle
        middle.target = inner
        inner.originalDelegate = original
        sv.delegate = outer
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 600), duration: 0.1)
        settle(sv)
        #expect(original.events.first == "willBeginDragging tracking=true dragging=true")
        #expect(original.events.contains("didEndDragging true"))
        #expect(inner.ownScrolls > 0)
        #expect(middle.forwardedReads > 0)
        withExtendedLifetime((outer, middle, inner)) {}
    }

    /// A proxy forwarding to itself answers UIKit's fallback and is reported; no recursion.
    @Test func aProxyForwardingToItselfDoesNotRecurse() {
        let (app, sv, original) = makeScrollApp()
        defer { withExtendedLifetime((app, original)) {} }
        let proxy = EmptyScrollProxy()
        proxy.next = proxy
        var answer: Bool?
        let messages = FlipbookDiagnostics.capture { answer = proxy.scrollViewShouldScrollToTop(sv) }
        #expect(answer == true)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("lead back to itself") == true)
        // A drag with it as the delegate ends normally.
        sv.delegate = proxy
        original.recorder.reset()
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 500), duration: 0.2)
        settle(sv)
        #expect(sv.contentOffset.y > 0)
        #expect(original.events.isEmpty)
    }

    /// Two proxies forwarding to each other (and a loop further down a chain) end too.
    @Test func proxiesForwardingToEachOtherDoNotRecurse() {
        let (app, table, model) = makeTableApp([40])
        defer { withExtendedLifetime((app, model)) {} }
        let first = EmptyScrollProxy()
        let second = EmptyScrollProxy()
        first.next = second
        second.next = first
        table.delegate = first
        let messages = FlipbookDiagnostics.capture {
            table.reloadData()
            table.layoutIfNeeded()
            app.tap(at: CGPoint(x: 100, y: 44 * 2 + 20))
            app.drag(from: CGPoint(x: 100, y: 500), to: CGPoint(x: 100, y: 300), duration: 0.2)
            settle(table)
        }
        #expect(messages.contains { $0.contains("(a loop)") })
        // Nothing reached the table delegate behind no proxy, and the table still works.
        #expect(model.recorder.events.filter { $0.hasPrefix("didSelect") }.isEmpty)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(table.contentOffset.y > 0)
        // A loop after the first link: outer → first ⇄ second.
        let outer = EmptyScrollProxy()
        outer.next = first
        var answer: Bool?
        let more = FlipbookDiagnostics.capture { answer = outer.scrollViewShouldScrollToTop(table) }
        #expect(answer == true)
        #expect(more.count == 1)
        withExtendedLifetime((first, second, outer)) {}
    }
}
