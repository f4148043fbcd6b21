@testable import FlipbookPort
import Testing

/// Delays on Foundation's and Dispatch's wall clock move onto the app's media clock
/// (docs/Porting.md, "Time").
@Suite struct TimeRewriterTests {
    @Test func mainQueueDelaysBecomeMediaClockSchedules() {
        expectPort(
            """
            \(importBlock)

            final class Toast: UIView {
                var item: DispatchWorkItem?
                func show() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { self.hide() }
                    DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + .milliseconds(250), execute: {
                        self.hide()
                    })
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: item!)
                    DispatchQueue.main.asyncAfter(deadline: .now(), qos: .userInitiated, flags: []) { self.hide() }
                }
                func hide() {}
            }
            """,
            """
            \(importBlock)

            final class Toast: UIView {
                var item: DispatchWorkItem?
                func show() {
                    MediaClock.main.schedule(after: 0.3) { self.hide() }
                    MediaClock.main.schedule(after: .milliseconds(250), {
                        self.hide()
                    })
                    MediaClock.main.schedule(after: 2, execute: item!)
                    MediaClock.main.schedule(after: 0) { self.hide() }
                }
                func hide() {}
            }
            """,
            changes: [
                "T.swift:10: time: `DispatchQueue.main.asyncAfter(deadline: …)` -> `MediaClock.main.schedule(after: 0.3)` (media time)",
                "T.swift:11: time: `DispatchQueue.main.asyncAfter(deadline: …)` -> `MediaClock.main.schedule(after: .milliseconds(250))` (media time)",
                "T.swift:14: time: `DispatchQueue.main.asyncAfter(deadline: …)` -> `MediaClock.main.schedule(after: 2)` (media time)",
                "T.swift:15: time: `DispatchQueue.main.asyncAfter(deadline: …)` -> `MediaClock.main.schedule(after: 0)` (media time)",
            ])
    }

    /// `DispatchQueue.main.async` moves to the next frame where the porter proves the call is on
    /// the main thread (`MainThreadProof`); elsewhere it becomes the form that checks the thread
    /// as it runs, and the hop from another thread stays a hop.
    @Test func mainQueueHopsOnTheMainThreadRunOnTheNextFrame() {
        let input = """
            \(importBlock)

            class Base: UIViewController {}
            final class Menu: Base {
                var item: DispatchWorkItem!
                func close() {
                    DispatchQueue.main.async { self.dismiss(animated: true) }
                    DispatchQueue.main.async(execute: { self.view.alpha = 0 })
                    DispatchQueue.main.async(qos: .userInteractive) { self.view.alpha = 1 }
                    DispatchQueue.main.async(execute: item)
                    UIView.animate(withDuration: 0.3, animations: {}) { _ in
                        DispatchQueue.main.async { self.view.isHidden = true }
                    }
                    DispatchQueue.global().async {
                        DispatchQueue.main.async { self.view.isHidden = false }
                    }
                    let later = { DispatchQueue.main.async { self.view.alpha = 0.5 } }
                    later()
                }
                deinit { DispatchQueue.main.async {} }
            }
            struct Loader {
                var item: DispatchWorkItem
                func load() {
                    DispatchQueue.main.async {}
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {}
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20), execute: item)
                }
            }
            """
        let expected = """
            \(importBlock)

            class Base: UIViewController {}
            final class Menu: Base {
                var item: DispatchWorkItem!
                func close() {
                    MediaClock.main.schedule(after: 0) { self.dismiss(animated: true) }
                    MediaClock.main.schedule(after: 0, { self.view.alpha = 0 })
                    MediaClock.main.schedule(after: 0) { self.view.alpha = 1 }
                    MediaClock.main.schedule(after: 0, execute: item)
                    UIView.animate(withDuration: 0.3, animations: {}) { _ in
                        MediaClock.main.schedule(after: 0) { self.view.isHidden = true }
                    }
                    DispatchQueue.global().async {
                        MediaClock.scheduleOnMainThread(after: 0) { self.view.isHidden = false }
                    }
                    let later = { MediaClock.scheduleOnMainThread(after: 0) { self.view.alpha = 0.5 } }
                    later()
                }
                deinit { MediaClock.scheduleOnMainThread(after: 0) {} }
            }
            struct Loader {
                var item: DispatchWorkItem
                func load() {
                    MediaClock.scheduleOnMainThread(after: 0) {}
                    MediaClock.scheduleOnMainThread(after: 0.5) {}
                    MediaClock.scheduleOnMainThread(after: .milliseconds(20), execute: item)
                }
            }
            """
        let output = Porter().port(input, path: "T.swift")
        #expect(output.text == expected)
        expectIdempotent([output])
        let time = output.changes.filter { $0.kind == .time }.map(\.formatted)
        #expect(time.count == 11)
        let checked = time.filter { $0.contains("`MediaClock.scheduleOnMainThread(after:") }
        #expect(checked.count == 6)
        #expect(checked[0].hasPrefix("T.swift:19:") && checked[0].contains("runs on `DispatchQueue.global()`"))
        #expect(checked[1].hasPrefix("T.swift:21:") && checked[1].contains("is stored"))
        #expect(checked[2].hasPrefix("T.swift:24:") && checked[2].contains("`deinit`"))
        #expect(checked[3].hasPrefix("T.swift:29:") && checked[3].contains("`Loader` is not main-actor isolated"))
        #expect(checked[5].hasPrefix("T.swift:31:") && checked[5].contains("asyncAfter"))
        #expect(output.issues.isEmpty)
    }

    /// `group.notify(queue: .main)` waits on the media clock for the group to empty, so the
    /// block after a batch of animations runs in a headless run; a work item's `notify` of the
    /// same shape, and a group notifying another queue, stay.
    @Test func dispatchGroupNotificationsOnTheMainQueueWaitOnTheMediaClock() {
        let input = """
            \(importBlock)

            final class Fader: UIView {
                let group = DispatchGroup()
                var item: DispatchWorkItem!
                func fade(_ tiles: [UIView]) {
                    let pending = DispatchGroup()
                    for tile in tiles {
                        pending.enter()
                        UIView.animate(withDuration: 0.3, animations: { tile.alpha = 1 }) { _ in pending.leave() }
                    }
                    pending.notify(queue: DispatchQueue.main) { tiles.forEach { $0.removeFromSuperview() } }
                    self.group.notify(queue: .main, execute: { self.isHidden = true })
                    group.notify(qos: .default, flags: [], queue: .main) { self.alpha = 0 }
                    group.notify(queue: .main, execute: item)
                    group.notify(queue: DispatchQueue.main, work: item)
                    item.notify(queue: .main) { self.alpha = 1 }
                    group.notify(queue: .global()) {}
                    DispatchQueue.global().async {
                        pending.notify(queue: .main) { self.alpha = 0.5 }
                    }
                }
            }
            """
        let expected = """
            \(importBlock)

            final class Fader: UIView {
                let group = DispatchGroup()
                var item: DispatchWorkItem!
                func fade(_ tiles: [UIView]) {
                    let pending = DispatchGroup()
                    for tile in tiles {
                        pending.enter()
                        UIView.animate(withDuration: 0.3, animations: { tile.alpha = 1 }) { _ in pending.leave() }
                    }
                    MediaClock.main.schedule(whenEmpty: pending) { tiles.forEach { $0.removeFromSuperview() } }
                    MediaClock.main.schedule(whenEmpty: self.group, { self.isHidden = true })
                    MediaClock.main.schedule(whenEmpty: group) { self.alpha = 0 }
                    MediaClock.main.schedule(whenEmpty: group, execute: item)
                    MediaClock.main.schedule(whenEmpty: group, execute: item)
                    item.notify(queue: .main) { self.alpha = 1 }
                    group.notify(queue: .global()) {}
                    DispatchQueue.global().async {
                        MediaClock.scheduleOnMainThread(whenEmpty: pending) { self.alpha = 0.5 }
                    }
                }
            }
            """
        let output = Porter().port(input, path: "T.swift")
        #expect(output.text == expected)
        expectIdempotent([output])
        let time = output.changes.filter { $0.kind == .time }.map(\.formatted)
        #expect(time == [
            "T.swift:16: time: `pending.notify(queue: DispatchQueue.main)` -> `MediaClock.main.schedule(whenEmpty:)` (the first frame that finds the group empty)",
            "T.swift:17: time: `self.group.notify(queue: .main)` -> `MediaClock.main.schedule(whenEmpty:)` (the first frame that finds the group empty)",
            "T.swift:18: time: `group.notify(queue: .main)` -> `MediaClock.main.schedule(whenEmpty:)` (the first frame that finds the group empty)",
            "T.swift:19: time: `group.notify(queue: .main)` -> `MediaClock.main.schedule(whenEmpty:)` (the first frame that finds the group empty)",
            "T.swift:20: time: `group.notify(queue: DispatchQueue.main)` -> `MediaClock.main.schedule(whenEmpty:)` (the first frame that finds the group empty)",
            "T.swift:24: time: `pending.notify(queue: .main)` -> `MediaClock.scheduleOnMainThread(whenEmpty:)`: the first frame that finds the group empty when called on the main thread, which the porter cannot prove here (a closure it is in runs on `DispatchQueue.global()`); from another thread the group notifies the main queue, as before",
        ])
    }

    /// UIKit's own bundle, looked up by identifier for its localized strings, is Flipbook's.
    @Test func uikitBundleByIdentifierBecomesFlipbooks() {
        expectPort(
            """
            \(importBlock)

            let closeTitle = Bundle(identifier: "com.apple.UIKitCore")!.localizedString(forKey: "Close", value: nil, table: nil)
            let done = Bundle(identifier: "com.apple.UIKit")?.localizedString(forKey: "Done", value: "", table: nil)
            let mine = Bundle(identifier: "com.example.Cards")
            """,
            """
            \(importBlock)

            let closeTitle = Optional(Bundle(for: UIView.self))!.localizedString(forKey: "Close", value: nil, table: nil)
            let done = Optional(Bundle(for: UIView.self))?.localizedString(forKey: "Done", value: "", table: nil)
            let mine = Bundle(identifier: "com.example.Cards")
            """,
            changes: [
                "T.swift:7: Apple bundle: `Bundle(identifier: \"com.apple.UIKitCore\")` -> `Optional(Bundle(for: UIView.self))` (no UIKit bundle on Linux)",
                "T.swift:8: Apple bundle: `Bundle(identifier: \"com.apple.UIKit\")` -> `Optional(Bundle(for: UIView.self))` (no UIKit bundle on Linux)",
            ])
    }

    @Test func otherQueuesAndUnreadableDeadlinesStayWithAWarning() {
        let code = """
            \(importBlock)

            func later(_ queue: DispatchQueue, deadline: DispatchTime) {
                DispatchQueue.global().asyncAfter(deadline: .now() + 1) {}
                DispatchQueue.main.asyncAfter(deadline: deadline) {}
            }
            """
        let output = expectPort(
            code, code,
            issues: [
                "T.swift:8: warning: `DispatchQueue.global().asyncAfter` stays on the wall clock: only `DispatchQueue.main`'s delays move to the media clock; a headless run sees this one at a frame that depends on the machine's speed",
                "T.swift:9: warning: `asyncAfter(deadline: deadline)` stays on the wall clock: the porter reads deadlines written `.now() + delay` only; write `MediaClock.main.schedule(after: delay) { … }`",
            ])
        #expect(output.leftByHand.isEmpty)
    }

    /// `Task.sleep` moves to the media clock; a library's own sleep helper keeps its name, its
    /// body is ported, and it runs on its caller's actor so the wake-up is scheduled at once. A
    /// sleep on a named clock stays, with a warning.
    @Test func taskSleepsMoveToTheMediaClock() {
        let output = expectPort(
            """
            \(importBlock)

            extension Task where Success == Never, Failure == Never {
                static func sleep(seconds: TimeInterval) async throws {
                    try await sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                }
            }
            func pause() async {
                try? await Task.sleep(for: .milliseconds(300), tolerance: .zero)
                try? await Task<Never, Never>.sleep(1_000)
            }
            final class Banner: UIView {
                func show() {
                    Task { @MainActor in
                        try? await Task.sleep(seconds: 2)
                        try? await Task.sleep(nanoseconds: 500)
                        self.isHidden = true
                    }
                }
                func later() async throws {
                    try await Task.sleep(until: .now + .seconds(1), clock: .continuous)
                }
            }
            """,
            """
            \(importBlock)

            extension Task where Success == Never, Failure == Never {
                static nonisolated(nonsending) func sleep(seconds: TimeInterval) async throws {
                    try await MediaClock.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                }
            }
            nonisolated(nonsending) func pause() async {
                try? await MediaClock.sleep(for: .milliseconds(300), tolerance: .zero)
                try? await MediaClock.sleep(nanoseconds: 1_000)
            }
            final class Banner: UIView {
                func show() {
                    Task { @MainActor in
                        try? await Task.sleep(seconds: 2)
                        try? await MediaClock.sleep(nanoseconds: 500)
                        self.isHidden = true
                    }
                }
                func later() async throws {
                    try await Task.sleep(until: .now + .seconds(1), clock: .continuous)
                }
            }
            """,
            changes: [
                "T.swift:8: time: `func sleep` -> `nonisolated(nonsending) func sleep`: it sleeps on the media clock, and runs on its caller's actor so that the wake-up is scheduled at once",
                "T.swift:9: time: `sleep(nanoseconds:)` -> `MediaClock.sleep(nanoseconds:)` (media time)",
                "T.swift:12: time: `func pause` -> `nonisolated(nonsending) func pause`: it sleeps on the media clock, and runs on its caller's actor so that the wake-up is scheduled at once",
                "T.swift:13: time: `Task.sleep(for:)` -> `MediaClock.sleep(for:)` (media time)",
                "T.swift:14: time: `Task<Never, Never>.sleep(_:)` -> `MediaClock.sleep(nanoseconds:)` (media time)",
                "T.swift:20: time: `Task.sleep(nanoseconds:)` -> `MediaClock.sleep(nanoseconds:)` (media time)",
            ],
            issues: [
                "T.swift:25: warning: `Task.sleep(until:clock:)` stays on the wall clock: only `Task.sleep(nanoseconds:)` and `Task.sleep(for:)` move to the media clock (`MediaClock.sleep`)"
            ])
        #expect(output.leftByHand.isEmpty)
    }

    @Test func blockTimersRunOnTheMediaClock() {
        expectPort(
            """
            \(importBlock)

            final class Countdown {
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
                }
                func tick() {}
            }
            """,
            """
            \(importBlock)

            final class Countdown {
                var timer: Timer?
                func start() {
                    timer = MediaClock.main.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
                }
                func tick() {}
            }
            """)
    }

    @Test func performAfterDelayAndItsCancellation() {
        expectPort(
            """
            \(importBlock)

            final class Banner: UIView {
                func show(_ message: String) {
                    perform(#selector(dismiss), with: nil, afterDelay: 3)
                    self.perform(#selector(flash(_:)), with: message, afterDelay: 0.5)
                }
                func cancel() {
                    NSObject.cancelPreviousPerformRequests(withTarget: self)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(dismiss), object: nil)
                }
                @objc func dismiss() {}
                @objc func flash(_ message: String) {}
            }
            """,
            """
            \(importBlock)

            final class Banner: UIView {
                func show(_ message: String) {
                    MediaClock.main.schedule(after: 3, target: self, name: "dismiss") { target in target.dismiss() }
                    MediaClock.main.schedule(after: 0.5, target: self, name: "flash") { [argument = message] target in target.flash(argument) }
                }
                func cancel() {
                    MediaClock.main.cancelScheduled(target: self)
                    MediaClock.main.cancelScheduled(target: self, name: "dismiss")
                }
                func dismiss() {}
                func flash(_ message: String) {}
            }
            """)
    }
}

/// `flipbook port`'s own output must parse, its reports point at the ported file, and advice is
/// not work left.
@Suite struct PortSafetyTests {
    @Test func reportLinesAreThoseOfThePortedFileWithTheOriginalWhenTheyMoved() {
        let output = Porter().port(
            """
            import UIKit

            final class A: NSObject {
                @objc func tap() {}
                func f() { _ = Selector("x") }
            }
            """, path: "T.swift")
        #expect(output.changes.map(\.formattedPorted) == [
            "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
            "T.swift:8: attribute: removed @objc (no Objective-C runtime) (line 4 before porting)",
        ])
        #expect(output.issues.map(\.formattedPorted) == [
            "T.swift:9: not ported: `Selector(…)` names a method by string, which only the Objective-C runtime can call: pass a closure (line 5 before porting)"
        ])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[8].contains("Selector(\"x\")"))
        #expect(PortReport.lines(for: [output], quiet: false, originalLines: true).last?.hasPrefix("T.swift:5:") == true)
    }

    @Test func warningsAreCountedApartAndDoNotFailTheRun() {
        let output = Porter().port("import QuartzCore\nfunc f(_ o: NSObject) { o.setValue(1, forKey: \"k\") }\n", path: "T.swift")
        #expect(output.warnings.count == 1)
        #expect(output.leftByHand.isEmpty)
        #expect(PortReport.summary(for: [output]) == "1 file, 1 change, 0 left by hand, 1 warning")
    }

    /// Overriding what the library itself declares in an extension cannot work without
    /// Objective-C, wherever the override is written: reported, never moved.
    @Test func overrideOfAMemberDeclaredInAnExtensionIsReportedNotMoved() {
        let library = """
            \(importBlock)

            extension UIViewController {
                var cardCornerRadius: CGFloat { 12 }
            }
            """
        let cards = """
            \(importBlock)

            final class CardViewController: UIViewController {
                override var cardCornerRadius: CGFloat { 20 }
            }

            final class SheetViewController: UIViewController {}

            extension SheetViewController {
                override var cardCornerRadius: CGFloat { 8 }
            }
            """
        let outputs = expectPortFolder([("Lib.swift", library), ("Cards.swift", cards)], [library, cards])
        let reason = { (summary: String) in
            "`\(summary)` overrides `cardCornerRadius`, which is declared in `extension UIViewController` (Lib.swift:8): "
                + "Swift without Objective-C cannot override a member declared in an extension; declare it in the class "
                + "(or as a protocol requirement with a default) and override that"
        }
        #expect(outputs[1].issues.map(\.formatted) == [
            "Cards.swift:8: not ported: \(reason("override var cardCornerRadius: CGFloat"))",
            "Cards.swift:14: not ported: \(reason("override var cardCornerRadius: CGFloat"))",
        ])
    }

    /// A `// MARK:` of an extension that goes whole moves with the overrides.
    @Test func markCommentsMoveWithTheOverrides() {
        expectPort(
            """
            \(importBlock)

            final class CardPresentationController: UIPresentationController {
                let inset: CGFloat = 8
            }

            // MARK: - Layout

            extension CardPresentationController {
                // MARK: Frames

                override var frameOfPresentedViewInContainerView: CGRect { .zero }
            }
            """,
            """
            \(importBlock)

            final class CardPresentationController: UIPresentationController {
                let inset: CGFloat = 8

                // MARK: Frames
                override var frameOfPresentedViewInContainerView: CGRect { .zero }
            }

            // MARK: - Layout
            """)
    }

    /// A library's own API taking a `Selector`: its declaration cannot port by itself, so its
    /// call sites are left too (a half rewrite would not compile).
    @Test func callsOfTheLibrarysOwnSelectorAPIAreLeftWithIt() {
        let code = """
            \(importBlock)

            final class Chip: UIView {
                func addTapHandler(target: Any, action: Selector) {}
                func setUp() { addTapHandler(target: self, action: #selector(tapped)) }
                func tapped() {}
            }
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:8: not ported: a `Selector` value needs the Objective-C runtime: store a closure (e.g. `(Target) -> Void`) instead",
                "T.swift:9: not ported: `#selector(tapped)` is passed to `addTapHandler`, which these files declare with a `Selector` parameter (T.swift:8): change that parameter to a closure (`(Target) -> Void`), then port again; both are left as they are",
            ])
    }
}

/// The porter parses everything it writes; a file it would break is left as it was, with the
/// files it shares a moved override with.
@Suite struct RefusalTests {
    @Test func aRewriteThatWouldNotParseLeavesTheFileAndItsPartnerAsTheyWere() {
        let cls = "import UIKit\n\nfinal class Card: UIView {\n    let a = 1\n}\n"
        let ext = "import UIKit\n\nextension Card {\n    override func layoutSubviews() {}\n}\n"
        let other = "import UIKit\n\nfinal class Other {}\n"
        let inputs = [PortInput(path: "Card.swift", text: cls), PortInput(path: "Card+Layout.swift", text: ext),
                      PortInput(path: "Other.swift", text: other)]
        let outputs = Porter(afterRewrite: { path, text in path == "Card.swift" ? text + "\n}" : text }).port(inputs)
        #expect(outputs[0].text == cls)
        #expect(outputs[1].text == ext)
        #expect(outputs[0].issues.first?.reason.hasPrefix("the ported text would not parse") == true)
        #expect(outputs[1].issues.first?.reason == "left unchanged: an override moves between this file and Card.swift, which could not be ported")
        #expect(outputs[2].text != other && outputs[2].issues.isEmpty)
        #expect(Porter().port(inputs)[0].text != cls)
    }
}

@Suite struct KeyPathRewriterTests {
    @Test func sharedApplicationThroughKeyValueCodingAndKeyPathStrings() {
        expectPort(
            """
            \(importBlock)

            var root: UIViewController? {
                guard let application = UIApplication.value(forKeyPath: #keyPath(UIApplication.shared)) as? UIApplication
                else { return nil }
                _ = UIApplication.value(forKey: "sharedApplication")
                let animation = CABasicAnimation(keyPath: #keyPath(CALayer.shadowOpacity))
                _ = animation
                return application.keyWindow?.rootViewController
            }
            """,
            """
            \(importBlock)

            var root: UIViewController? {
                guard let application = UIApplication.shared as? UIApplication
                else { return nil }
                _ = UIApplication.shared
                let animation = CABasicAnimation(keyPath: "shadowOpacity")
                _ = animation
                return application.keyWindow?.rootViewController
            }
            """)
    }

    /// A progress ring's layer names its own managed property: `#keyPath(angle)` is "angle".
    @Test func aKeyPathOnTheEnclosingTypeIsItsString() {
        expectPort(
            """
            \(importBlock)

            final class RingLayer: CALayer {
                var angle: Double = 0
                override class func needsDisplay(forKey key: String) -> Bool {
                    key == #keyPath(angle) || key == #keyPath(mask.position) || super.needsDisplay(forKey: key)
                }
            }
            """,
            """
            \(importBlock)

            final class RingLayer: CALayer {
                var angle: Double = 0
                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "angle" || key == "mask.position" || super.needsDisplay(forKey: key)
                }
            }
            """)
    }

    /// Seen in a real shared-element library: a layer key path turned into an animation key.
    @Test func aKeyPathsKeyValueCodingStringIsFlipbooks() {
        expectPort(
            """
            \(importBlock)

            func animate<T>(_ layer: CALayer, _ path: ReferenceWritableKeyPath<CALayer, T>) {
                let animation = CABasicAnimation(keyPath: path._kvcKeyPathString!)
                layer.add(animation, forKey: path._kvcKeyPathString)
            }
            """,
            """
            \(importBlock)

            func animate<T>(_ layer: CALayer, _ path: ReferenceWritableKeyPath<CALayer, T>) {
                let animation = CABasicAnimation(keyPath: path.flipbookKeyValueCodingName!)
                layer.add(animation, forKey: path.flipbookKeyValueCodingName)
            }
            """)
    }
}

/// Seen in a real side-menu library: its own `init(addTo:target:action:)` taking a `Selector`,
/// called through a subclass's name, beside UIKit's `init(target:action:)`.
@Suite struct SelectorAPITests {
    /// An initialiser that only hands `target:` and `action:` on is ported with its calls: two
    /// generic initialisers (Flipbook's two closure forms), and closures at the call sites.
    @Test func aForwardingInitialiserIsPortedWithItsCalls() {
        let output = Porter().port(
            """
            \(importBlock)

            extension UIGestureRecognizer {
                convenience init(addTo view: UIView, target: Any, action: Selector) {
                    self.init(target: target, action: action)
                    view.addGestureRecognizer(self)
                }
            }
            final class EdgeGesture: UIScreenEdgePanGestureRecognizer {}
            final class Menu: UIView {
                func setUp() {
                    _ = EdgeGesture(addTo: self, target: self, action: #selector(edge(_:)))
                    _ = UIPanGestureRecognizer(target: self, action: #selector(edge(_:)))
                }
                func edge(_ g: UIGestureRecognizer) {}
            }
            """, path: "T.swift")
        #expect(output.text.contains("""
                convenience init<Target: AnyObject>(addTo view: UIView, target: Target, action: @escaping @MainActor (Target, Self) -> Void) {
                    self.init(target: target, action: action)
                    view.addGestureRecognizer(self)
                }

                convenience init<Target: AnyObject>(addTo view: UIView, target: Target, action: @escaping @MainActor (Target) -> Void) {
            """))
        #expect(output.text.contains("EdgeGesture(addTo: self, target: self, action: { $0.edge($1) })"))
        #expect(output.text.contains("UIPanGestureRecognizer(target: self, action: { $0.edge($1) })"))
        #expect(output.issues.isEmpty)
    }

    /// One that keeps the selector (to call later) is left, with its calls.
    @Test func anAPIThatKeepsTheSelectorIsLeftWithItsCalls() {
        let output = Porter().port(
            """
            \(importBlock)

            extension UIGestureRecognizer {
                convenience init(addTo view: UIView, target: Any, action: Selector) {
                    self.init(target: target, action: action)
                    Registry.last = action
                }
            }
            enum Registry { static var last: Selector? }
            final class Menu: UIView {
                func setUp() {
                    _ = UIPanGestureRecognizer(addTo: self, target: self, action: #selector(edge(_:)))
                }
                func edge(_ g: UIGestureRecognizer) {}
            }
            """, path: "T.swift")
        #expect(output.text.contains("UIPanGestureRecognizer(addTo: self, target: self, action: #selector(edge(_:)))"))
        #expect(output.issues.map(\.line) == [8, 13, 16])  // the parameter, the stored `Selector`, the call
    }

    /// A UIView subclass overriding `isHidden` has nothing to do with an `isHidden` the library
    /// declares on `UIViewController`.
    @Test func extensionDeclaredMembersOfUnrelatedClassesDoNotCount() {
        let code = """
            \(importBlock)

            extension UIViewController {
                var isHidden: Bool { presentingViewController == nil }
            }
            final class Badge: UILabel {
                override var isHidden: Bool { didSet {} }
            }
            """
        expectPort(code, code)
    }
}

extension SelectorAPITests {
    /// Seen in a real animation library: `update()` in one class, `update(_:)` in another.
    @Test func bareSelectorResolvedInTheTargetsOwnClass() {
        let output = Porter().port(
            """
            import UIKit
            final class Animator: NSObject {
                var link: CADisplayLink?
                func start() { link = CADisplayLink(target: self, selector: #selector(update)) }
                @objc func update() {}
            }
            final class Spring: NSObject { @objc func update(_ dt: CGFloat) {} }
            final class Other: NSObject {
                func start(_ a: Animator) { _ = CADisplayLink(target: a, selector: #selector(update)) }
            }
            """, path: "T.swift")
        #expect(output.text.contains("CADisplayLink(target: self, selector: { $0.update() })"))
        #expect(output.issues.count == 1 && output.issues[0].reason.contains("is ambiguous"))
    }
}

extension TimeRewriterTests {
    /// The Core Foundation block timer helper older libraries carry becomes a media-clock timer.
    @Test func runLoopTimersBecomeMediaClockTimers() {
        expectPort(
            """
            import Foundation
            extension Timer {
                class func schedule(delay: TimeInterval, handler: ((Timer?) -> Void)!) -> Timer! {
                    let fireDate = delay + CFAbsoluteTimeGetCurrent()
                    let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, 0, 0, 0, handler)
                    CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, .commonModes)
                    return timer
                }
                class func schedule(repeatInterval interval: TimeInterval, handler: ((Timer?) -> Void)!) -> Timer! {
                    let fireDate = interval + CFAbsoluteTimeGetCurrent()
                    let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, interval, 0, 0, handler)
                    CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, CFRunLoopMode.commonModes)
                    return timer
                }
            }
            """,
            """
            import Foundation
            \(importBlock)
            extension Timer {
                class func schedule(delay: TimeInterval, handler: ((Timer?) -> Void)!) -> Timer! {
                    return MediaClock.main.scheduledTimer(withTimeInterval: delay, repeats: false) { handler($0) }
                }
                class func schedule(repeatInterval interval: TimeInterval, handler: ((Timer?) -> Void)!) -> Timer! {
                    return MediaClock.main.scheduledTimer(withTimeInterval: interval, repeats: true) { handler($0) }
                }
            }
            """)
    }

    /// The same helper with a `CFRunLoopTimer?` handler and `return timer!` (a pull-to-refresh
    /// library): `CFRunLoopTimer` is Flipbook's name for `Timer`, so the handler type stays.
    @Test func runLoopTimersReturnedForceUnwrappedBecomeMediaClockTimers() {
        expectPort(
            """
            import Foundation
            extension Timer {
                class func schedule(delay: TimeInterval, handler: @escaping (CFRunLoopTimer?) -> Void) -> Timer {
                    let fireDate = delay + CFAbsoluteTimeGetCurrent()
                    let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, 0, 0, 0, handler)
                    CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, CFRunLoopMode.commonModes)
                    return timer!
                }
            }
            """,
            """
            import Foundation
            \(importBlock)
            extension Timer {
                class func schedule(delay: TimeInterval, handler: @escaping (CFRunLoopTimer?) -> Void) -> Timer {
                    return MediaClock.main.scheduledTimer(withTimeInterval: delay, repeats: false) { handler($0) }
                }
            }
            """)
    }

    /// A helper that only schedules its timer (no `return`) becomes the media-clock call without
    /// one; one that keeps the timer afterwards is left alone.
    @Test func runLoopTimersScheduledWithoutReturnBecomeMediaClockTimers() {
        expectPort(
            """
            import Foundation
            extension Timer {
                class func schedule(repeatInterval interval: TimeInterval, handler: @escaping (Timer?) -> Void) -> Void {
                    let fireDate = interval + CFAbsoluteTimeGetCurrent()
                    let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, interval, 0, 0, {
                        timer in handler(timer)
                    })
                    CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, CFRunLoopMode.commonModes)
                }
            }
            """,
            """
            import Foundation
            \(importBlock)
            extension Timer {
                class func schedule(repeatInterval interval: TimeInterval, handler: @escaping (Timer?) -> Void) -> Void {
                    MediaClock.main.scheduledTimer(withTimeInterval: interval, repeats: true) { ({
                        timer in handler(timer)
                    })($0) }
                }
            }
            """)
        let kept = """
            import Foundation
            final class Ticker {
                var timer: CFRunLoopTimer?
                func start(delay: TimeInterval) {
                    let fireDate = delay + CFAbsoluteTimeGetCurrent()
                    let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, 0, 0, 0, { _ in })
                    CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, CFRunLoopMode.commonModes)
                    self.timer = timer
                }
            }
            """
        #expect(!Porter().port(kept, path: "T.swift").text.contains("MediaClock.main.scheduledTimer"))
    }
}
