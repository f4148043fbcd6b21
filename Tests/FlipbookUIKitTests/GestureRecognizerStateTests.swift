import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Each recognizer's states for scripted touches, as recorded histories: actions as
/// "<name> <state>", and the state after each input step where a failure sends no action.
@MainActor
@Suite(.freshRuntime) struct GestureRecognizerStateTests {
    /// A 393 × 852 app whose root view carries `g` (named "g"); returns the driver and a recorder.
    static func install(_ g: UIGestureRecognizer) -> (AppDriver, EventRecorder, UIView) {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let log = GestureLog(rec)
        g.name = "g"
        g.addTarget(log, action: { $0.handle($1) })
        keepAlive.append(log)
        vc.view.addGestureRecognizer(g)
        return (app, rec, vc.view)
    }
    /// Logs are targets, held weakly by recognizers: the tests keep them alive here.
    nonisolated(unsafe) static var keepAlive: [AnyObject] = []

    @Test func tapRecognizesOnLiftAndFailsWhenTheFingerMovesTooFar() {
        let tap = UITapGestureRecognizer()
        let (app, rec, _) = Self.install(tap)
        app.tap(at: CGPoint(x: 100, y: 100))
        rec.record("after tap: \(tap.state)")
        let finger = app.touchDown(at: CGPoint(x: 100, y: 100))
        finger.move(to: CGPoint(x: 108, y: 100))
        rec.record("moved 8: \(tap.state)")
        finger.move(to: CGPoint(x: 112, y: 100))
        rec.record("moved 12: \(tap.state)")
        finger.lift()
        rec.record("lifted: \(tap.state)")
        #expect(
            rec.events == [
                "g ended", "after tap: possible", "moved 8: possible", "moved 12: failed", "lifted: possible",
            ])
    }

    @Test func doubleTapNeedsTheSecondTapInTime() {
        let tap = UITapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        let (app, rec, _) = Self.install(tap)
        app.tap(at: CGPoint(x: 100, y: 100))
        app.advance(by: 0.1)
        app.tap(at: CGPoint(x: 105, y: 100))
        rec.record("quick: \(tap.state)")
        app.tap(at: CGPoint(x: 100, y: 100))
        rec.record("first: \(tap.state)")
        app.advance(by: 0.4)
        rec.record("late: \(tap.state)")
        app.tap(at: CGPoint(x: 100, y: 100))
        #expect(rec.events == ["g ended", "quick: possible", "first: possible", "late: possible"])
        #expect(MediaClock.main.runUntilIdle())
    }

    @Test func panBeginsPastTheHysteresisAndTracksTranslation() {
        let pan = UIPanGestureRecognizer()
        let (app, rec, view) = Self.install(pan)
        var translations: [CGPoint] = []
        let watcher = GestureLog(rec)
        Self.keepAlive.append(watcher)
        pan.addTarget(watcher) { _, g in translations.append(g.translation(in: view)) }
        let finger = app.touchDown(at: CGPoint(x: 100, y: 300))
        finger.move(to: CGPoint(x: 108, y: 300))
        rec.record("8 pt: \(pan.state)")
        finger.move(to: CGPoint(x: 112, y: 300))
        finger.move(to: CGPoint(x: 150, y: 320))
        pan.setTranslation(.zero, in: view)
        finger.move(to: CGPoint(x: 160, y: 320))
        finger.lift()
        #expect(rec.events == ["8 pt: possible", "g began", "g changed", "g changed", "g ended"])
        #expect(
            translations == [CGPoint(x: 12, y: 0), CGPoint(x: 50, y: 20), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0)])
        #expect(pan.state == .possible)
    }

    @Test func panVelocityOfASteadyDragIsItsSpeed() throws {
        let pan = UIPanGestureRecognizer()
        let (app, _, view) = Self.install(pan)
        var velocities: [CGPoint] = []
        let holder = GestureLog(EventRecorder())
        Self.keepAlive.append(holder)
        pan.addTarget(holder) { _, g in velocities.append(g.velocity(in: view)) }
        // 300 pt in 0.3 s along x: 1000 pt/s; 150 pt down in the same time: 500 pt/s.
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 350, y: 450), duration: 0.3)
        let last = try #require(velocities.last)
        #expect(abs(last.x - 1000) <= 50)
        #expect(abs(last.y - 500) <= 25)
        let middle = velocities[velocities.count / 2]
        #expect(abs(middle.x - 1000) <= 50)
        // A pan with a slow drag reads its speed too.
        velocities.removeAll()
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 110, y: 300), duration: 0.6)
        #expect(abs((velocities.last?.x ?? 0) - 100) <= 5)
    }

    @Test func edgePanBeginsOnlyAtItsEdge() {
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let (app, rec, _) = Self.install(edge)
        app.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 200, y: 400), duration: 0.1)
        rec.record("--")
        let finger = app.touchDown(at: CGPoint(x: 40, y: 400))
        rec.record("40 pt in: \(edge.state)")
        finger.move(to: CGPoint(x: 200, y: 400))
        finger.lift()
        edge.edges = .right
        app.drag(from: CGPoint(x: 390, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.05)
        #expect(
            rec.events == [
                "g began", "g changed", "g changed", "g changed", "g changed", "g changed", "g ended", "--",
                "40 pt in: failed", "g began", "g changed", "g changed", "g ended",
            ])
    }

    @Test func longPressBeginsAfterHalfASecondAndFailsWhenReleasedEarly() {
        let press = UILongPressGestureRecognizer()
        let (app, rec, _) = Self.install(press)
        let early = app.touchDown(at: CGPoint(x: 100, y: 100))
        app.advance(by: 0.4)
        early.lift()
        rec.record("released at 0.4 s: \(press.state)")
        let moved = app.touchDown(at: CGPoint(x: 100, y: 100))
        moved.move(to: CGPoint(x: 100, y: 115))
        rec.record("moved 15 pt: \(press.state)")
        app.advance(by: 0.6)
        moved.lift()
        let held = app.touchDown(at: CGPoint(x: 100, y: 100))
        app.advance(by: 0.45)
        rec.record("0.45 s: \(press.state)")
        app.advance(by: 0.1)
        held.move(to: CGPoint(x: 150, y: 100))
        held.lift()
        #expect(
            rec.events == [
                "released at 0.4 s: possible", "moved 15 pt: failed", "0.45 s: possible",
                "g began", "g changed", "g ended",
            ])
    }

    @Test func swipeRecognizesItsDirectionAndFailsTheOthers() {
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = .left
        let (app, rec, _) = Self.install(swipe)
        app.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 200, y: 410), duration: 0.1)
        rec.record("--")
        let wrong = app.touchDown(at: CGPoint(x: 200, y: 400))
        wrong.move(to: CGPoint(x: 230, y: 400))
        rec.record("rightwards: \(swipe.state)")
        wrong.move(to: CGPoint(x: 300, y: 400))
        wrong.lift()
        let slow = app.touchDown(at: CGPoint(x: 300, y: 400))
        app.advance(by: 0.6)
        slow.move(to: CGPoint(x: 200, y: 400))
        rec.record("too slow: \(swipe.state)")
        slow.lift()
        #expect(rec.events == ["g ended", "--", "rightwards: failed", "too slow: failed"])
    }

    @Test func pinchScaleIsTheSpanRatio() {
        let pinch = UIPinchGestureRecognizer()
        let (app, rec, _) = Self.install(pinch)
        let a = app.touchDown(at: CGPoint(x: 150, y: 400))
        let b = app.touchDown(at: CGPoint(x: 250, y: 400))
        var scales: [CGFloat] = []
        for step in 1...10 {
            let d = CGFloat(step) * 5
            a.move(to: CGPoint(x: 150 - d, y: 400))
            b.move(to: CGPoint(x: 250 + d, y: 400))
            app.advanceFrames(1)
            scales.append(pinch.scale)
        }
        rec.record("velocity > 0: \(pinch.velocity > 0)")
        a.lift()
        b.lift()
        #expect(abs(scales.last! - 2) < 1e-9)
        #expect(rec.events.first == "g began")
        #expect(rec.events.last == "g ended")
        #expect(rec.events.contains("velocity > 0: true"))
    }

    @Test func rotationFollowsTheAngleBetweenTheFingers() {
        let rotation = UIRotationGestureRecognizer()
        let (app, rec, _) = Self.install(rotation)
        let center = CGPoint(x: 200, y: 400)
        let a = app.touchDown(at: CGPoint(x: 150, y: 400))
        let b = app.touchDown(at: CGPoint(x: 250, y: 400))
        for step in 1...18 {
            let angle = CGFloat(step) * .pi / 36  // 5° a frame, to 90°
            a.move(to: CGPoint(x: center.x - 50 * cos(angle), y: center.y - 50 * sin(angle)))
            b.move(to: CGPoint(x: center.x + 50 * cos(angle), y: center.y + 50 * sin(angle)))
            app.advanceFrames(1)
        }
        let angle = rotation.rotation
        let velocity = rotation.velocity
        b.lift()
        a.lift()
        #expect(abs(angle - .pi / 2) < 1e-6)
        #expect(abs(velocity - .pi / 36 * 60) < 0.1)
        #expect(rec.events.first == "g began" && rec.events.last == "g ended")
    }

    @Test func disablingMidGestureCancelsAndResets() {
        let pan = UIPanGestureRecognizer()
        let (app, rec, _) = Self.install(pan)
        let finger = app.touchDown(at: CGPoint(x: 100, y: 100))
        finger.move(to: CGPoint(x: 150, y: 100))
        pan.isEnabled = false
        rec.record("disabled: \(pan.state)")
        finger.move(to: CGPoint(x: 200, y: 100))
        finger.lift()
        pan.isEnabled = true
        app.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 150, y: 100), duration: 1.0 / 60)
        #expect(rec.events == ["g began", "g cancelled", "disabled: possible", "g began", "g ended"])
    }

    @Test func aSubclassSetsStateAndIsResetOnceItsTouchesLift() {
        MediaClock.main.runUntilIdle()
        @MainActor final class TwoMoves: UIGestureRecognizer {
            var moves = 0
            var resets = 0
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                moves += 1
                if moves == 2 { state = .recognized }
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
                if state == .possible { state = .failed }
            }
            override func reset() {
                super.reset()
                moves = 0
                resets += 1
            }
        }
        let g = TwoMoves()
        let (app, rec, _) = Self.install(g)
        let finger = app.touchDown(at: CGPoint(x: 100, y: 100))
        finger.move(to: CGPoint(x: 101, y: 100))
        finger.move(to: CGPoint(x: 102, y: 100))
        rec.record("recognized, finger down: \(g.state) resets \(g.resets)")
        finger.move(to: CGPoint(x: 103, y: 100))
        finger.lift()
        rec.record("lifted: \(g.state) resets \(g.resets) moves \(g.moves)")
        let invalid = FlipbookDiagnostics.capture { g.state = .changed }
        rec.record("invalid: \(g.state) \(invalid.count)")
        #expect(
            rec.events == [
                "g ended", "recognized, finger down: ended resets 0", "lifted: possible resets 1 moves 0",
                "invalid: possible 1",
            ])
    }

    @Test func targetActionTakesBothClosureFormsAndRemovesTargets() {
        MediaClock.main.runUntilIdle()
        @MainActor final class Handler {
            var log: [String] = []
            func handleGesture(_ g: UIScreenEdgePanGestureRecognizer) { log.append("edges \(g.edges.rawValue)") }
            func handle() { log.append("plain") }
        }
        let handler = Handler()
        let edge = UIScreenEdgePanGestureRecognizer(target: handler, action: { $0.handleGesture($1) })
        edge.edges = .left
        edge.addTarget(handler, action: { $0.handle() })
        let tap = UITapGestureRecognizer(target: handler, action: { $0.handle() })
        #expect(tap.delaysTouchesEnded && !tap.delaysTouchesBegan && tap.cancelsTouchesInView)
        let (app, _, _) = Self.install(edge)
        app.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 100, y: 400), duration: 1.0 / 60)
        #expect(handler.log == ["edges 2", "plain", "edges 2", "plain"])
        edge.removeTarget(handler, action: nil)
        app.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 100, y: 400), duration: 1.0 / 60)
        #expect(handler.log.count == 4)
    }

    @Test func removingARecognizerMidGestureCancelsIt() {
        let pan = UIPanGestureRecognizer()
        let (app, rec, view) = Self.install(pan)
        let finger = app.touchDown(at: CGPoint(x: 100, y: 100))
        finger.move(to: CGPoint(x: 150, y: 100))
        view.removeGestureRecognizer(pan)
        rec.record("removed: \(pan.state) view \(pan.view == nil ? "nil" : "set")")
        finger.move(to: CGPoint(x: 200, y: 100))
        finger.lift()
        view.removeGestureRecognizer(pan)  // not its view any more: nothing happens
        #expect(rec.events == ["g began", "g cancelled", "removed: possible view nil"])
    }

    @Test func longPressAfterATapAndATwoFingerPan() {
        let press = UILongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        let (app, rec, view) = Self.install(press)
        app.tap(at: CGPoint(x: 100, y: 100))
        let held = app.touchDown(at: CGPoint(x: 100, y: 100))
        app.advance(by: 0.6)
        held.lift()
        rec.record("--")
        view.removeGestureRecognizer(press)
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        pan.name = "pan"
        let log = GestureLog(rec)
        Self.keepAlive.append(log)
        pan.addTarget(log, action: { $0.handle($1) })
        view.addGestureRecognizer(pan)
        app.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), duration: 2.0 / 60)  // one finger: fails
        let a = app.touchDown(at: CGPoint(x: 100, y: 100))
        let b = app.touchDown(at: CGPoint(x: 100, y: 200))
        a.move(to: CGPoint(x: 120, y: 100))
        b.move(to: CGPoint(x: 120, y: 200))
        rec.record("centroid moved 20: \(pan.translation(in: nil))")
        b.lift()
        a.lift()
        #expect(
            rec.events == [
                "g began", "g ended", "--", "pan began", "centroid moved 20: CGPoint(x: 20.0, y: 0.0)", "pan ended",
            ])
    }

    @Test func locationsOfTheRecognizersTouches() {
        let pinch = UIPinchGestureRecognizer()
        let (app, _, view) = Self.install(pinch)
        let a = app.touchDown(at: CGPoint(x: 100, y: 300))
        let b = app.touchDown(at: CGPoint(x: 200, y: 400))
        let event = UIApplication.shared.touchRouter.event
        let locations = [
            pinch.numberOfTouches == 2, pinch.location(in: nil) == CGPoint(x: 150, y: 350),
            pinch.location(ofTouch: 1, in: view) == view.convert(CGPoint(x: 200, y: 400), from: nil),
            event.touches(for: pinch)?.count == 2,
        ]
        let outOfRange = FlipbookDiagnostics.capture { _ = pinch.location(ofTouch: 2, in: nil) }
        a.lift()
        b.lift()
        #expect(locations == [true, true, true, true])
        #expect(outOfRange.count == 1)
        #expect(pinch.numberOfTouches == 0 && event.touches(for: pinch) == nil)
    }

    /// A pan subclass that cancels itself when it reads back `.began` in the wrong direction,
    /// whose delegate refuses to let it begin: on iOS the refusal comes first, so the subclass
    /// never sees `.began` and never cancels. Flipbook decides after the subclass's method
    /// returns; the cancel that followed the refused `.began` is dropped, with no report.
    @Test func aCancelAfterARefusedBeganIsNoInvalidChange() {
        final class DirectionalPan: UIPanGestureRecognizer {
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                super.touchesMoved(touches, with: event)
                if state == .began, velocity(in: view).y <= 0 { state = .cancelled }
            }
        }
        final class Refuser: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        let pan = DirectionalPan()
        let refuser = Refuser()
        pan.delegate = refuser
        let (app, rec, _) = Self.install(pan)
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        let finger = app.touchDown(at: CGPoint(x: 100, y: 300))
        finger.move(to: CGPoint(x: 130, y: 300))
        rec.record("moved: \(pan.state)")
        finger.move(to: CGPoint(x: 160, y: 300))
        finger.lift()
        rec.record("lifted: \(pan.state)")
        #expect(rec.events == ["moved: failed", "lifted: possible"])
        #expect(reports.filter { $0.contains("invalid state change") } == [])
    }
}
