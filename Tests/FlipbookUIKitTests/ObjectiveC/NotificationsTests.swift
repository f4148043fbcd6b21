import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// The keyboard and app life-cycle notifications AppDriver posts, and NotificationCenter's
/// target-selector form with a closure.
@Suite(.freshRuntime) @MainActor struct NotificationsTests {
    final class KeyboardFollower: UIViewController {
        var log: [String] = []
        func keyboardWillShow(_ note: Notification) { log.append("willShow " + describe(note)) }
        func keyboardDidShow(_ note: Notification) { log.append("didShow") }
        func keyboardWillHide(_ note: Notification) { log.append("willHide " + describe(note)) }
        func keyboardDidHide() { log.append("didHide") }
        func frameWillChange(_ note: Notification) { log.append("willChangeFrame") }

        func describe(_ note: Notification) -> String {
            let info = note.userInfo ?? [:]
            let begin = (info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue ?? .null
            let end = (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .null
            let duration = (info[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? -1
            let curve = (info[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue ?? -1
            return "\(Int(begin.minY))->\(Int(end.minY)) h\(Int(end.height)) \(duration)s curve \(curve)"
        }

        func listen() {
            let center = NotificationCenter.default
            center.addObserver(self, selector: { $0.keyboardWillShow($1) }, name: UIResponder.keyboardWillShowNotification, object: nil)
            center.addObserver(self, selector: { $0.keyboardDidShow($1) }, name: UIResponder.keyboardDidShowNotification, object: nil)
            center.addObserver(self, selector: { $0.keyboardWillHide($1) }, name: UIResponder.keyboardWillHideNotification, object: nil)
            center.addObserver(self, selector: { $0.keyboardDidHide() }, name: UIResponder.keyboardDidHideNotification, object: nil)
            center.addObserver(self, selector: { $0.frameWillChange($1) },
                               name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        }
    }

    @Test func theKeyboardSlidesInAndOutWithUIKitsNotifications() {
        let follower = KeyboardFollower()
        let app = AppDriver(rootViewController: follower, device: .iPhone15)
        follower.listen()
        defer { NotificationCenter.default.removeObserver(follower) }
        app.showKeyboard(height: 336)
        #expect(follower.log == ["willChangeFrame", "willShow 852->516 h336 0.25s curve 7"])
        #expect(app.keyboardFrame == CGRect(x: 0, y: 516, width: 393, height: 336))
        app.advance(by: 0.3)
        #expect(follower.log.suffix(1) == ["didShow"])
        app.hideKeyboard()
        app.advance(by: 0.3)
        #expect(follower.log.suffix(3) == ["willChangeFrame", "willHide 516->852 h336 0.25s curve 7", "didHide"])
        #expect(app.keyboardFrame == nil)
    }

    @Test func removeObserverEndsTheClosureRegistrations() {
        let follower = KeyboardFollower()
        let app = AppDriver(rootViewController: follower)
        follower.listen()
        NotificationCenter.default.removeObserver(follower)
        app.showKeyboard()
        app.advance(by: 0.3)
        #expect(follower.log.isEmpty)
    }

    @Test func anObserverIsHeldWeakly() {
        let app = AppDriver(rootViewController: UIViewController())
        weak var weakFollower: KeyboardFollower?
        do {
            let follower = KeyboardFollower()
            follower.listen()
            weakFollower = follower
        }
        #expect(weakFollower == nil)
        app.showKeyboard()
        app.advance(by: 0.3)
    }

    @Test func backgroundAndForegroundPostTheLifeCycleInOrder() {
        let app = AppDriver(rootViewController: UIViewController())
        var log: [String] = []
        let names: [(NSNotification.Name, String)] = [
            (UIApplication.willResignActiveNotification, "willResignActive"),
            (UIApplication.didEnterBackgroundNotification, "didEnterBackground"),
            (UIApplication.willEnterForegroundNotification, "willEnterForeground"),
            (UIApplication.didBecomeActiveNotification, "didBecomeActive"),
        ]
        let tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { log.append(label) }
            }
        }
        defer { tokens.forEach { NotificationCenter.default.removeObserver($0) } }
        app.enterBackground()
        app.enterForeground()
        #expect(log == ["willResignActive", "didEnterBackground", "willEnterForeground", "didBecomeActive"])
    }

    @Test func aBadKeyboardHeightIsReported() {
        let app = AppDriver(rootViewController: UIViewController())
        let reports = FlipbookDiagnostics.capture { app.showKeyboard(height: .nan) }
        #expect(reports.contains { $0.contains("showKeyboard") })
        #expect(app.keyboardFrame == nil)
    }
}
