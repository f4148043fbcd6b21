import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// The touch path runs one way (router → application → window → recognizers and views): an
/// app's `UIWindow.sendEvent(_:)` override sees every event and decides whether the window
/// delivers it, and a view sent a phase a recognizer held back reads that phase's values.
@MainActor
@Suite(.freshRuntime) struct TouchPathTests {
    /// A window that records each event it is sent and passes it on only when `passes`.
    final class FilteringWindow: UIWindow {
        var passes = true
        var seen: [String] = []
        override func sendEvent(_ event: UIEvent) {
            let phases = (event.allTouches ?? []).map { "\($0.phase.rawValue)" }.sorted()
            seen.append(phases.joined(separator: ","))
            if passes { super.sendEvent(event) }
        }
    }

    /// A finger down on `window` through the router `AppDriver.touchDown(at:)` uses.
    func down(_ point: CGPoint, in window: UIWindow) -> SyntheticTouch {
        let touch = UIApplication.shared.touchRouter.begin(at: point, in: window)
        return SyntheticTouch(touch: touch, window: window, location: point)
    }

    func makeWindow() -> (FilteringWindow, TouchRecordingView, EventRecorder, GestureLog) {
        MediaClock.main.runUntilIdle()
        let window = FilteringWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        window.makeKeyAndVisible()
        let rec = EventRecorder()
        let view = TouchRecordingView("view", rec, frame: window.bounds)
        window.addSubview(view)
        return (window, view, rec, GestureLog(rec))
    }

    @Test func aWindowOverrideThatCallsSuperSeesEveryEventAndDeliversIt() {
        let (window, view, rec, log) = makeWindow()
        let pan = UIPanGestureRecognizer(target: log, action: { $0.handle($1) })
        pan.name = "pan"
        view.addGestureRecognizer(pan)
        let finger = down(CGPoint(x: 50, y: 50), in: window)
        for x in [70.0, 90, 110] { finger.move(to: CGPoint(x: x, y: 50)) }
        finger.lift()
        // began, three moves, ended: one event each, seen by the override before delivery.
        #expect(window.seen == ["0", "1", "1", "1", "3"])
        // The pan recognizes on the first move (recognizers hear it first): the view's touch is
        // cancelled before the pan's action runs.
        #expect(rec.events == ["view began", "view cancelled", "pan began", "pan changed", "pan changed", "pan ended"])
    }

    @Test func aWindowOverrideThatDoesNotCallSuperSwallowsTheEvent() {
        let (window, view, rec, log) = makeWindow()
        let tap = UITapGestureRecognizer(target: log, action: { $0.handle($1) })
        tap.name = "tap"
        view.addGestureRecognizer(tap)
        window.passes = false
        let finger = down(CGPoint(x: 50, y: 50), in: window)
        finger.lift()
        #expect(window.seen == ["0", "3"])
        #expect(rec.events.isEmpty)
        #expect(tap.state == .possible)
        // Passing events again: the next touch is delivered whole.
        window.passes = true
        let again = down(CGPoint(x: 60, y: 60), in: window)
        again.lift()
        #expect(rec.events == ["view began", "view cancelled", "tap ended"])
    }

    /// A view that records, inside each phase call, the phase and location the touch shows.
    final class ReadingView: UIView {
        var reads: [String] = []
        func read(_ touches: Set<UITouch>) {
            for t in touches {
                let p = t.location(in: self)
                reads.append("\(t.phase.rawValue)@\(Int(p.x)),\(Int(p.y))")
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { read(touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { read(touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { read(touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { read(touches) }
    }

    @Test func aHeldPhaseReachesTheViewWithItsOwnValuesAndTheTouchKeepsItsLatest() {
        MediaClock.main.runUntilIdle()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        window.makeKeyAndVisible()
        let view = ReadingView(frame: window.bounds)
        window.addSubview(view)
        // A recognizer that holds the view's began and fails once the finger has moved twice.
        final class Holder: UIGestureRecognizer {
            var moves = 0
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                moves += 1
                if moves == 2 { state = .failed }
            }
        }
        let holder = Holder(target: nil, action: nil)
        holder.delaysTouchesBegan = true
        view.addGestureRecognizer(holder)
        let finger = down(CGPoint(x: 10, y: 20), in: window)
        finger.move(to: CGPoint(x: 30, y: 20))
        #expect(view.reads.isEmpty)
        finger.move(to: CGPoint(x: 50, y: 20))
        // Released together: each phase shows its own location, in order.
        #expect(view.reads == ["0@10,20", "1@30,20", "1@50,20"])
        // Outside the calls the touch shows its latest state.
        #expect(finger.touch?.phase == .moved)
        #expect(finger.touch?.location(in: nil) == CGPoint(x: 50, y: 20))
        #expect(finger.touch?.previousLocation(in: nil) == CGPoint(x: 30, y: 20))
        finger.lift()
        #expect(view.reads.last == "3@50,20")
    }
}
