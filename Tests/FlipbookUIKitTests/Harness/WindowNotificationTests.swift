import Foundation
import Testing
import TestSupport
import Flipbook

/// UIWindow's visibility and key-window notifications: posted with the window as object when
/// a window is shown or hidden and when it becomes or stops being key, after its
/// `becomeKey()`/`resignKey()`, the old key window resigning before the new one becomes key.
@Suite("Window notifications", .freshRuntime)
@MainActor
struct WindowNotificationTests {
    /// Logs its key-window override points.
    final class LoggingWindow: UIWindow {
        var onEvent: ((String) -> Void)?
        override func becomeKey() { onEvent?("becomeKey(\(tag))") }
        override func resignKey() { onEvent?("resignKey(\(tag))") }
    }

    @MainActor final class Log { var events: [String] = [] }

    /// Observes the four notifications, logging "name(tag)" for the windows in `windows`.
    func observe(_ log: Log, windows: [UIWindow]) -> [NSObjectProtocol] {
        let names: [(NSNotification.Name, String)] = [
            (UIWindow.didBecomeVisibleNotification, "visible"), (UIWindow.didBecomeHiddenNotification, "hidden"),
            (UIWindow.didBecomeKeyNotification, "key"), (UIWindow.didResignKeyNotification, "resigned"),
        ]
        return names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let id = (note.object as AnyObject?).map(ObjectIdentifier.init)
                MainActor.assumeIsolated {
                    guard let w = windows.first(where: { ObjectIdentifier($0) == id }) else { return }
                    log.events.append("\(label)(\(w.tag))")
                }
            }
        }
    }

    @Test func notificationNamesAreUIKits() {
        #expect(UIWindow.didBecomeVisibleNotification.rawValue == "UIWindowDidBecomeVisibleNotification")
        #expect(UIWindow.didBecomeHiddenNotification.rawValue == "UIWindowDidBecomeHiddenNotification")
        #expect(UIWindow.didBecomeKeyNotification.rawValue == "UIWindowDidBecomeKeyNotification")
        #expect(UIWindow.didResignKeyNotification.rawValue == "UIWindowDidResignKeyNotification")
    }

    @Test func showingHidingAndKeyChangesPostInOrder() {
        let log = Log()
        let first = LoggingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        first.tag = 1
        let second = LoggingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        second.tag = 2
        for w in [first, second] { w.onEvent = { log.events.append($0) } }
        let tokens = observe(log, windows: [first, second])
        defer { tokens.forEach { NotificationCenter.default.removeObserver($0) } }

        first.makeKeyAndVisible()
        #expect(log.events == ["visible(1)", "becomeKey(1)", "key(1)"])
        #expect(first.isKeyWindow)

        // Making a key window key again, or showing a shown one, posts nothing.
        log.events.removeAll()
        first.makeKey()
        first.isHidden = false
        #expect(log.events.isEmpty)

        // The old key window resigns before the new one becomes key.
        second.makeKeyAndVisible()
        #expect(log.events == ["visible(2)", "resignKey(1)", "resigned(1)", "becomeKey(2)", "key(2)"])
        #expect(second.isKeyWindow && !first.isKeyWindow)

        log.events.removeAll()
        second.isHidden = true
        second.isHidden = true
        #expect(log.events == ["hidden(2)"])
        second.isHidden = false
        #expect(log.events == ["hidden(2)", "visible(2)"])

        // A window never shown is hidden already: hiding it posts nothing.
        let third = LoggingWindow(frame: .zero)
        third.tag = 3
        let more = observe(log, windows: [third])
        defer { more.forEach { NotificationCenter.default.removeObserver($0) } }
        log.events.removeAll()
        third.isHidden = true
        #expect(log.events.isEmpty)
        third.isHidden = false
        #expect(log.events == ["visible(3)"])
    }

    @Test func anAppDriverWindowPostsWhenItIsShown() {
        let log = Log()
        let token = NotificationCenter.default.addObserver(
            forName: UIWindow.didBecomeVisibleNotification, object: nil, queue: nil) { note in
            let id = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated { if let id { log.events.append("\(id.hashValue)") } }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let app = AppDriver(rootViewController: UIViewController())
        #expect(app.window.isKeyWindow && !app.window.isHidden)
        #expect(log.events.contains("\(ObjectIdentifier(app.window).hashValue)"))
    }
}
