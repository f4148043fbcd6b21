import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A view that records each touch phase it receives as "<name> <phase>" and, when `forwards`,
/// passes it up the responder chain (UIResponder's default).
@MainActor
final class TouchRecordingView: UIView {
    let name: String
    let recorder: EventRecorder
    var forwards: Bool

    init(_ name: String, _ recorder: EventRecorder, frame: CGRect, forwards: Bool = false) {
        self.name = name
        self.recorder = recorder
        self.forwards = forwards
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        recorder.record("\(name) began")
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        recorder.record("\(name) moved")
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        recorder.record("\(name) ended")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        recorder.record("\(name) cancelled")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// A controller that records the touches forwarded to it.
@MainActor
final class TouchRecordingViewController: UIViewController {
    var recorder: EventRecorder?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { recorder?.record("controller began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { recorder?.record("controller moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { recorder?.record("controller ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        recorder?.record("controller cancelled")
    }
}

/// Records a recognizer's actions as "<name> <state>".
@MainActor
final class GestureLog {
    let recorder: EventRecorder
    init(_ recorder: EventRecorder) { self.recorder = recorder }
    func handle(_ g: UIGestureRecognizer) { recorder.record("\(g.name ?? "?") \(g.state)") }
}

/// A delegate whose answers are set by the test.
@MainActor
final class TestGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    var simultaneous = false
    var shouldBegin = true
    var receives = true
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
}

/// An app on an iPhone 15 window (393 × 852) whose root view is plain; the clock idle first.
@MainActor
func makeTouchApp() -> (AppDriver, TouchRecordingViewController) {
    MediaClock.main.runUntilIdle()
    let vc = TouchRecordingViewController()
    let app = AppDriver(rootViewController: vc)
    return (app, vc)
}
