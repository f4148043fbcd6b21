import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// Key-value observing by string key (`addObserver(_:forKeyPath:options:context:)`,
/// docs/API-Status.md, "Key-value observing by string key"): histories of
/// `observeValue(forKeyPath:of:change:context:)` calls, as Foundation's KVO makes them.
@Suite(.freshRuntime) @MainActor struct StringKeyValueObservingTests {
    @Test func aViewsFrameReportsOldAndNewBoxedOncePerSet() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let observer = ChangeRecorder()
        view.addObserver(observer, forKeyPath: "frame", options: [.old, .new], context: nil)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        view.center = CGPoint(x: 3, y: 3)
        #expect(observer.log == ["frame 10.0->20.0", "frame 20.0->20.0"])
        let change = try #require(observer.changes.first)
        #expect(change[.kindKey] as? UInt == NSKeyValueChange.setting.rawValue)
        let boxed = change[.newKey] as? NSValue
        #expect(boxed?.cgRectValue == CGRect(x: 0, y: 0, width: 20, height: 10), "boxed as on iOS")
        #expect(change[.notificationIsPriorKey] == nil)
        #expect(observer.objects.allSatisfy { $0 === view })
        #expect(observer.keyPaths == ["frame", "frame"])
        view.removeObserver(observer, forKeyPath: "frame")
    }

    @Test func everyViewKeyIsAnnouncedWithItsValue() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let observer = ChangeRecorder()
        for key in ["frame", "bounds", "center", "transform", "alpha", "hidden"] {
            view.addObserver(observer, forKeyPath: key, options: .new, context: nil)
        }
        view.frame = CGRect(x: 1, y: 1, width: 5, height: 5)
        view.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        view.center = .zero
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        view.alpha = 0.5
        view.isHidden = true
        #expect(observer.keyPaths == ["frame", "bounds", "center", "transform", "alpha", "hidden"])
        let news = observer.changes.map { $0[.newKey] }
        #expect(news[1] as? CGRect == CGRect(x: 0, y: 0, width: 6, height: 6))
        #expect(news[2] as? CGPoint == .zero)
        #expect(news[3] as? CGAffineTransform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(news[4] as? CGFloat == 0.5)
        #expect(news[5] as? Bool == true)
        #expect(news[5] is NSNumber)
    }

    @Test func aScrollViewsOffsetSizeAndInset() throws {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 1000)
        let observer = ChangeRecorder()
        scroll.addObserver(observer, forKeyPath: "contentOffset", options: [.new, .old], context: nil)
        scroll.addObserver(observer, forKeyPath: "contentSize", options: .new, context: nil)
        scroll.addObserver(observer, forKeyPath: "contentInset", options: .new, context: nil)
        scroll.contentOffset = CGPoint(x: 0, y: 40)
        scroll.setContentOffset(CGPoint(x: 0, y: 80), animated: true)
        MediaClock.main.advance(by: 1)
        scroll.contentSize = CGSize(width: 100, height: 2000)
        scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        let offsets = zip(observer.keyPaths, observer.changes).filter { $0.0 == "contentOffset" }.map(\.1)
        #expect(offsets.first?[.oldKey] as? CGPoint == .zero)
        #expect(offsets.first?[.newKey] as? CGPoint == CGPoint(x: 0, y: 40))
        #expect(offsets.last?[.newKey] as? CGPoint == CGPoint(x: 0, y: 80), "an animated offset reports every frame")
        #expect(offsets.count > 3)
        #expect(observer.keyPaths.suffix(2) == ["contentSize", "contentInset"])
        let inset = try #require(observer.changes.last?[.newKey])
        #expect(inset as? UIEdgeInsets == UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
        #expect((inset as? NSValue)?.uiEdgeInsetsValue.top == 10)
    }

    /// Pull-to-refresh code learns that the finger lifted by observing the scroll view's
    /// `panGestureRecognizer.state`: each change arrives, boxed as an `NSNumber` of the raw value.
    @Test func aScrollViewsPanStateDuringADrag() {
        let root = UIViewController()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        scroll.contentSize = CGSize(width: 390, height: 3000)
        root.view.addSubview(scroll)
        let app = AppDriver(rootViewController: root)
        let observer = ChangeRecorder()
        scroll.addObserver(observer, forKeyPath: "panGestureRecognizer.state", options: [.new], context: nil)
        app.at(0.1) { app.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 300), duration: 0.3) }
        app.run(until: 1)
        let states = observer.changes.compactMap { ($0[.newKey] as? NSNumber)?.intValue }
        let began = UIGestureRecognizer.State.began.rawValue
        let changed = UIGestureRecognizer.State.changed.rawValue
        let ended = UIGestureRecognizer.State.ended.rawValue
        let possible = UIGestureRecognizer.State.possible.rawValue
        #expect(states.first == began)
        #expect(states.contains(changed))
        #expect(Array(states.suffix(2)) == [ended, possible])
        #expect(observer.keyPaths.allSatisfy { $0 == "panGestureRecognizer.state" })
        scroll.removeObserver(observer, forKeyPath: "panGestureRecognizer.state")
    }

    @Test func contentOffsetIsNotAViewKey() {
        let observer = ChangeRecorder()
        let reports = FlipbookDiagnostics.capture {
            UIView().addObserver(observer, forKeyPath: "contentOffset", options: .new, context: nil)
        }
        #expect(reports.contains { $0.contains("\"contentOffset\" is not key-value observable on UIView") })
    }

    @Test func aLayersModelChangesByKeyValueCodingName() throws {
        let layer = CALayer()
        let observer = ChangeRecorder()
        layer.addObserver(observer, forKeyPath: "opacity", options: [.old, .new], context: nil)
        layer.addObserver(observer, forKeyPath: "position", options: .new, context: nil)
        layer.addObserver(observer, forKeyPath: "backgroundColor", options: [.old, .new], context: nil)
        layer.addObserver(observer, forKeyPath: "hidden", options: .new, context: nil)
        layer.opacity = 0.5
        layer.position = CGPoint(x: 7, y: 0)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.isHidden = true
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        MediaClock.main.advance(by: 0.5)
        #expect(observer.keyPaths == ["opacity", "position", "backgroundColor", "hidden"], "animations do not notify")
        let c = observer.changes
        #expect(c[0][.oldKey] as? Float == 1)
        #expect(c[0][.newKey] as? Float == 0.5)
        #expect(c[1][.newKey] as? CGPoint == CGPoint(x: 7, y: 0))
        #expect(c[2][.oldKey] is NSNull, "a nil value is NSNull, as on iOS")
        #expect(c[2][.newKey] as? CGColor != nil)
        #expect(c[3][.newKey] as? Bool == true)
    }

    @Test func aLayersCustomKeyIsObserved() {
        let layer = CALayer()
        let observer = ChangeRecorder()
        layer.addObserver(observer, forKeyPath: "progress", options: [.old, .new], context: nil)
        layer.setValue(0.25, forKey: "progress")
        #expect(observer.keyPaths == ["progress"])
        #expect(observer.changes.first?[.oldKey] is NSNull)
        #expect(observer.changes.first?[.newKey] as? Double == 0.25)
    }

    @Test func initialAndPriorOptions() {
        let view = UIView()
        let observer = ChangeRecorder()
        view.addObserver(observer, forKeyPath: "alpha", options: [.initial, .prior, .old, .new], context: nil)
        view.alpha = 0.5
        #expect(observer.log == [
            "alpha new 1.0",
            "alpha prior old 1.0",
            "alpha 1.0->0.5",
        ])
        #expect(observer.changes[0][.oldKey] == nil, "an initial notification has no old value")
        #expect(observer.changes[1][.newKey] == nil, "a prior notification has no new value")
        #expect(observer.changes[1][.notificationIsPriorKey] as? Bool == true)
    }

    @Test func theDictionaryHoldsWhatTheOptionsAsk() {
        let view = UIView()
        let observer = ChangeRecorder()
        view.addObserver(observer, forKeyPath: "center", context: nil)
        view.addObserver(observer, forKeyPath: "bounds", options: .new, context: nil)
        view.addObserver(observer, forKeyPath: "alpha", options: .old, context: nil)
        view.center = CGPoint(x: 1, y: 1)
        view.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        view.alpha = 0.5
        #expect(observer.changes.map { Set($0.keys) } == [[.kindKey], [.kindKey, .newKey], [.kindKey, .oldKey]])
    }

    @Test func theContextIsPassedThroughAndSelectsTheRemoval() {
        let view = UIView()
        let observer = ChangeRecorder()
        var first = 1
        var second = 2
        withUnsafeMutablePointer(to: &first) { a in
            withUnsafeMutablePointer(to: &second) { b in
                view.addObserver(observer, forKeyPath: "alpha", options: [], context: a)
                view.addObserver(observer, forKeyPath: "alpha", options: [], context: b)
                view.alpha = 0.5
                #expect(
                    observer.contexts == [UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b)],
                    "registered twice: told twice")
                view.removeObserver(observer, forKeyPath: "alpha", context: a)
                view.alpha = 0.25
                #expect(observer.contexts.suffix(1) == [UnsafeMutableRawPointer(b)])
                view.removeObserver(observer, forKeyPath: "alpha", context: b)
                view.alpha = 0
                #expect(observer.contexts.count == 3)
            }
        }
    }

    @Test func removalWithoutAContextRemovesTheLatestRegistration() {
        let view = UIView()
        let observer = ChangeRecorder()
        var token = 0
        withUnsafeMutablePointer(to: &token) { c in
            view.addObserver(observer, forKeyPath: "frame", options: [], context: nil)
            view.addObserver(observer, forKeyPath: "frame", options: [], context: c)
            view.removeObserver(observer, forKeyPath: "frame")
            view.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
            #expect(observer.contexts == [nil])
            view.removeObserver(observer, forKeyPath: "frame")
            view.frame = .zero
            #expect(observer.contexts == [nil], "both removed: no more calls")
        }
    }

    @Test func anotherObserverOrKeyIsNotRemoved() {
        let view = UIView()
        let a = ChangeRecorder()
        let b = ChangeRecorder()
        view.addObserver(a, forKeyPath: "frame", options: [], context: nil)
        view.addObserver(a, forKeyPath: "bounds", options: [], context: nil)
        view.addObserver(b, forKeyPath: "frame", options: [], context: nil)
        view.removeObserver(a, forKeyPath: "frame")
        view.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        view.bounds = .zero
        #expect(a.keyPaths == ["bounds"])
        #expect(b.keyPaths == ["frame"])
    }

    @Test func aDeallocatedObserverIsSkipped() {
        let view = UIView()
        weak var gone: ChangeRecorder?
        var calls = 0
        do {
            let observer = ChangeRecorder()
            observer.onChange = { calls += 1 }
            gone = observer
            view.addObserver(observer, forKeyPath: "frame", options: [.old, .new], context: nil)
            view.frame = CGRect(x: 0, y: 0, width: 3, height: 3)
        }
        #expect(gone == nil, "the observer is not retained")
        let reports = FlipbookDiagnostics.capture { view.frame = CGRect(x: 0, y: 0, width: 4, height: 4) }
        #expect(calls == 1)
        #expect(reports.isEmpty)
        let later = ChangeRecorder()
        view.addObserver(later, forKeyPath: "frame", options: [], context: nil)
        view.frame = .zero
        #expect(later.keyPaths == ["frame"])
        #expect(view.keyValueObservers?.stringKeyRegistrations.count == 1, "the dead registration was dropped")
    }

    @Test func anObserverRemovesItselfInItsDeinit() {
        let view = UIView()
        var reports: [String] = []
        reports = FlipbookDiagnostics.capture {
            var observer: SelfRemovingObserver? = SelfRemovingObserver(view)
            view.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
            #expect(observer?.calls == 1)
            observer = nil
        }
        #expect(reports.isEmpty, "the removal in deinit finds the registration")
        #expect(view.keyValueObservers?.stringKeyRegistrations.isEmpty == true)
    }

    @Test func aSetInsideTheCallbackIsReportedInOrder() {
        let view = UIView()
        let observer = ChangeRecorder()
        observer.onChange = { if view.alpha == 0.5 { view.alpha = 0.25 } }
        view.addObserver(observer, forKeyPath: "alpha", options: [.old, .new], context: nil)
        view.alpha = 0.5
        #expect(
            observer.log == ["alpha 0.5->0.25", "alpha 1.0->0.5"],
            "the nested set completes first, each with its own old value")
    }

    @Test func removingAnUnregisteredObserverIsReportedAndHarmless() {
        let view = UIView()
        let observer = ChangeRecorder()
        let other = ChangeRecorder()
        view.addObserver(other, forKeyPath: "frame", options: [], context: nil)
        var reports = FlipbookDiagnostics.capture { view.removeObserver(observer, forKeyPath: "frame") }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("not registered") == true)
        var c = 0
        reports = withUnsafeMutablePointer(to: &c) { p in
            view.addObserver(observer, forKeyPath: "frame", options: [], context: nil)
            return FlipbookDiagnostics.capture { view.removeObserver(observer, forKeyPath: "frame", context: p) }
        }
        #expect(reports.first?.contains("not registered") == true, "a registration with another context does not match")
        view.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        #expect(other.keyPaths == ["frame"])
        #expect(observer.keyPaths == ["frame"], "the failed removal removed nothing")
    }

    @Test func anObserverThatDoesNotConformIsReportedAtRegistration() {
        let view = UIView()
        let plain = NSObject()
        var reports = FlipbookDiagnostics.capture {
            view.addObserver(plain, forKeyPath: "frame", options: .new, context: nil)
        }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("does not conform to FlipbookKeyValueObserver") == true)
        reports = FlipbookDiagnostics.capture {
            view.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
            view.removeObserver(plain, forKeyPath: "frame")
        }
        #expect(reports.isEmpty, "reported once, at registration; removal finds it")
    }

    @Test func unsupportedKeysAndObjectsAreReported() {
        let view = UIView()
        let observer = ChangeRecorder()
        let reports = FlipbookDiagnostics.capture {
            view.addObserver(observer, forKeyPath: "tag", options: [.initial, .new], context: nil)
            view.addObserver(observer, forKeyPath: "isHidden", options: .new, context: nil)
            view.layer.addObserver(observer, forKeyPath: "position.x", options: .new, context: nil)
            NSObject().addObserver(observer, forKeyPath: "frame", options: .new, context: nil)
            view.removeObserver(observer, forKeyPath: "tag")
        }
        view.tag = 3
        view.isHidden = true
        view.layer.position = CGPoint(x: 5, y: 5)
        #expect(observer.log.isEmpty)
        #expect(reports.count == 4, "each unsupported registration once; removing it is silent")
        #expect(reports[0].contains("\"tag\" is not key-value observable on UIView"))
        #expect(reports[1].contains("The key is \"hidden\""))
        #expect(reports[2].contains("\"position.x\" is not key-value observable on CALayer"))
        #expect(reports[3].contains("NSObject is not key-value observable"))
    }

    @Test func theGuillotineShape() {
        let button = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        let anim = FrameFollower()
        anim.button = button
        anim.start()
        button.frame.origin.y = 40
        anim.stop()
        button.frame.origin.y = 80
        #expect(anim.seen == [40])
    }
}

/// An observer that records every call.
@MainActor
private final class ChangeRecorder: NSObject, FlipbookKeyValueObserver {
    var changes: [[NSKeyValueChangeKey: Any]] = []
    var keyPaths: [String?] = []
    var objects: [AnyObject] = []
    var contexts: [UnsafeMutableRawPointer?] = []
    var log: [String] = []
    var onChange: () -> Void = {}

    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        let change = change ?? [:]
        changes.append(change)
        keyPaths.append(keyPath)
        objects.append(object as AnyObject)
        contexts.append(context)
        let old = change[.oldKey].map(Self.text)
        let new = change[.newKey].map(Self.text)
        let name = keyPath ?? "nil"
        onChange()
        if change[.notificationIsPriorKey] as? Bool == true {
            log.append("\(name) prior old \(old ?? "-")")
        } else if let old, let new {
            log.append("\(name) \(old)->\(new)")
        } else {
            log.append("\(name) new \(new ?? "-")")
        }
    }

    private static func text(_ value: Any) -> String {
        if let r = value as? CGRect { return "\(r.width)" }
        if let n = value as? CGFloat { return "\(n)" }
        return "\(value)"
    }
}

/// Registers in init and removes itself in deinit, as iOS code must.
@MainActor
private final class SelfRemovingObserver: NSObject, FlipbookKeyValueObserver {
    let view: UIView
    var calls = 0

    init(_ view: UIView) {
        self.view = view
        super.init()
        view.addObserver(self, forKeyPath: "frame", options: .new, context: nil)
    }

    isolated deinit { view.removeObserver(self, forKeyPath: "frame") }

    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        calls += 1
    }
}

nonisolated(unsafe) private var followerContext = 0

/// The shape of a 2015 menu animator: it follows a button's frame by string key, checking its
/// context, as ported (`override` and the `super` call dropped, the conformance declared).
private final class FrameFollower: NSObject {
    var button: UIView?
    var seen: [CGFloat] = []

    @MainActor func start() { button?.addObserver(self, forKeyPath: "frame", options: .new, context: &followerContext) }
    @MainActor func stop() { button?.removeObserver(self, forKeyPath: "frame") }
}

extension FrameFollower: FlipbookKeyValueObserver {
    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        if context == &followerContext {
            if let frame = change?[.newKey] as? CGRect { seen.append(frame.origin.y) }
        }
    }
}
