import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// Key-value observing of views, scroll views and layers (docs/API-Status.md, "Key-value
/// observing"): histories of handler calls, as Foundation's KVO makes them.
@Suite(.freshRuntime) @MainActor struct KeyValueObservingTests {
    @Test func aViewsFrameReportsOldAndNewOncePerSet() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        let token = view.observe(\.frame, options: [.old, .new]) { v, change in
            log.append("\(change.oldValue!.width)->\(change.newValue!.width) now \(v.frame.width) prior \(change.isPrior)")
        }
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        view.center = CGPoint(x: 3, y: 3)
        #expect(log == ["10.0->20.0 now 20.0 prior false", "20.0->20.0 now 20.0 prior false"])
        token.invalidate()
        view.frame = .zero
        #expect(log.count == 2, "invalidate() stops the handler")
    }

    /// `safeAreaInsets` is announced when a layout pass finds it changed, with the insets before
    /// and after, before `safeAreaInsetsDidChange()`; `.initial` gives the current insets.
    @Test func safeAreaInsetsAreAnnouncedWhenTheyChange() {
        final class Watched: UIView {
            var log: [String] = []
            override func safeAreaInsetsDidChange() {
                super.safeAreaInsetsDidChange()
                log.append("didChange \(safeAreaInsets.top)")
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.makeKeyAndVisible()
        let view = Watched(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        let token = view.observe(\.safeAreaInsets, options: [.initial, .old, .new]) { v, change in
            v.log.append("kvo \(change.oldValue.map { "\($0.top)" } ?? "nil")->\(change.newValue!.top)")
        }
        window.addSubview(view)
        window.layoutIfNeeded()
        let top = window.safeAreaInsets.top
        view.frame.origin.y = top + 10
        window.layoutIfNeeded()
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.log == ["kvo nil->0.0", "kvo 0.0->\(top)", "didChange \(top)", "kvo \(top)->0.0", "didChange 0.0"])
        _ = token
    }

    @Test func initialAndPriorOptions() {
        let view = UIView()
        var log: [String] = []
        let token = view.observe(\.alpha, options: [.initial, .prior, .old, .new]) { _, change in
            log.append("prior \(change.isPrior) old \(change.oldValue.map { "\($0)" } ?? "nil") new \(change.newValue.map { "\($0)" } ?? "nil")")
        }
        view.alpha = 0.5
        #expect(log == [
            "prior false old nil new 1.0",
            "prior true old 1.0 new nil",
            "prior false old 1.0 new 0.5",
        ])
        _ = token
    }

    @Test func theTokenStopsObservingWhenDeallocated() {
        let view = UIView()
        var calls = 0
        do {
            let token = view.observe(\.isHidden) { _, _ in calls += 1 }
            view.isHidden = true
            _ = token
        }
        view.isHidden = false
        #expect(calls == 1)
    }

    @Test func everyViewPropertyIsAnnouncedByItsOwnSetter() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        let tokens = [
            view.observe(\.frame) { _, _ in log.append("frame") },
            view.observe(\.bounds) { _, _ in log.append("bounds") },
            view.observe(\.center) { _, _ in log.append("center") },
            view.observe(\.transform) { _, _ in log.append("transform") },
            view.observe(\.alpha) { _, _ in log.append("alpha") },
            view.observe(\.isHidden) { _, _ in log.append("hidden") },
        ]
        view.frame = CGRect(x: 1, y: 1, width: 5, height: 5)
        view.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        view.center = .zero
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        view.alpha = 0.3
        view.isHidden = true
        #expect(log == ["frame", "bounds", "center", "transform", "alpha", "hidden"])
        _ = tokens
    }

    @Test func aSubclassObservesThroughItsOwnKeyPaths() {
        final class CardView: UIView {}
        let card = CardView()
        var seen: CGFloat?
        let token = card.observe(\CardView.alpha, options: .new) { _, change in seen = change.newValue }
        card.alpha = 0.25
        #expect(seen == 0.25)
        _ = token
    }

    @Test func aScrollViewReportsEveryScrollAfterDidScroll() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 1000)
        var log: [String] = []
        let delegate = ScrollLogger { log.append("didScroll") }
        scroll.delegate = delegate
        let offset = scroll.observe(\.contentOffset, options: [.new]) { _, change in log.append("offset \(change.newValue!.y)") }
        let size = scroll.observe(\.contentSize, options: [.new]) { _, change in log.append("size \(change.newValue!.height)") }
        let inset = scroll.observe(\.contentInset) { _, _ in log.append("inset") }
        scroll.contentOffset = CGPoint(x: 0, y: 40)
        scroll.setContentOffset(CGPoint(x: 0, y: 80), animated: true)
        MediaClock.main.advance(by: 1)
        scroll.contentSize = CGSize(width: 100, height: 2000)
        scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(log.prefix(2) == ["didScroll", "offset 40.0"])
        #expect(log.filter { $0.hasPrefix("offset") }.last == "offset 80.0", "an animated offset reports every frame")
        #expect(log.filter { $0.hasPrefix("offset") }.count > 3)
        #expect(log.suffix(2) == ["size 2000.0", "inset"])
        _ = (offset, size, inset)
    }

    @Test func aLayersModelChangesAreObservedNotItsAnimations() {
        let layer = CALayer()
        var log: [String] = []
        let token = layer.observe(\.opacity, options: [.old, .new]) { _, change in log.append("\(change.oldValue!)->\(change.newValue!)") }
        let position = layer.observe(\.position, options: .new) { _, change in log.append("position \(change.newValue!.x)") }
        layer.opacity = 0.5
        layer.position = CGPoint(x: 7, y: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        MediaClock.main.advance(by: 0.5)
        #expect(log == ["1.0->0.5", "position 7.0"])
        _ = (token, position)
    }

    @Test func anUnobservablePropertyIsReportedAndOnlyTheInitialCallRuns() {
        let view = UIView()
        var calls = 0
        var token: NSKeyValueObservation?
        let reports = FlipbookDiagnostics.capture {
            token = view.observe(\.tag, options: [.initial, .new]) { _, _ in calls += 1 }
        }
        view.tag = 3
        #expect(calls == 1)
        #expect(reports.contains { $0.contains("not available for this property") })
        _ = token
    }
}

private final class ScrollLogger: NSObject, UIScrollViewDelegate {
    let onScroll: () -> Void
    init(_ onScroll: @escaping () -> Void) { self.onScroll = onScroll }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { onScroll() }
}
