import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// AppDriver's synthetic input: timing inside and outside clock frames, several fingers, and
/// bad input reported once and ignored.
@MainActor
@Suite(.freshRuntime) struct SyntheticInputTests {
    /// Records "<phase> <x>,<y> @<frames since start>" for every touch it gets.
    @MainActor final class Trace: UIView {
        var log: [String] = []
        var start: CFTimeInterval = 0
        func note(_ phase: String, _ touches: Set<UITouch>) {
            for t in touches {
                let p = t.location(in: nil)
                let frames = ((t.timestamp - start) * 60).rounded()
                log.append("\(phase) \(Int(p.x)),\(Int(p.y)) @\(Int(frames))")
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches) }
    }

    static func makeTrace() -> (AppDriver, Trace) {
        let (app, vc) = makeTouchApp()
        let trace = Trace(frame: vc.view.bounds)
        trace.isMultipleTouchEnabled = true
        trace.start = MediaClock.main.now
        vc.view.addSubview(trace)
        return (app, trace)
    }

    @Test func fromTestCodeTapAndDragAdvanceTheClock() {
        let (app, trace) = Self.makeTrace()
        app.tap(at: CGPoint(x: 10, y: 20))
        #expect(abs(app.time - 1.0 / 60) < 1e-9)
        app.drag(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 40, y: 100), duration: 4.0 / 60)
        #expect(abs(app.time - 5.0 / 60) < 1e-9)
        #expect(
            trace.log == [
                "began 10,20 @0", "ended 10,20 @1",
                "began 0,100 @1", "moved 10,100 @2", "moved 20,100 @3", "moved 30,100 @4", "moved 40,100 @5",
                "ended 40,100 @5",
            ])
    }

    @Test func fromAScriptStepLaterStepsRunOnTheFollowingFrames() {
        let (app, trace) = Self.makeTrace()
        app.at(2.0 / 60) {
            app.tap(at: CGPoint(x: 10, y: 20))
            app.drag(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 30, y: 100), duration: 3.0 / 60)
        }
        app.at(10.0 / 60) { app.tap(trace) }
        app.runScript()
        #expect(
            trace.log == [
                "began 10,20 @2", "began 0,100 @2", "ended 10,20 @3", "moved 10,100 @3", "moved 20,100 @4",
                "moved 30,100 @5", "ended 30,100 @5", "began 196,426 @10", "ended 196,426 @11",
            ])
    }

    @Test func severalFingersMoveIndependently() {
        let (app, trace) = Self.makeTrace()
        let a = app.touchDown(at: CGPoint(x: 100, y: 100))
        let b = app.touchDown(at: CGPoint(x: 200, y: 100))
        a.move(to: CGPoint(x: 90, y: 100))
        b.move(to: CGPoint(x: 210, y: 100))
        #expect(a.location == CGPoint(x: 90, y: 100) && b.location == CGPoint(x: 210, y: 100))
        b.cancel()
        a.lift()
        #expect(
            trace.log == [
                "began 100,100 @0", "began 200,100 @0", "moved 90,100 @0", "moved 210,100 @0", "cancelled 210,100 @0",
                "ended 90,100 @0",
            ])
    }

    @Test func badInputIsReportedOnceAndIgnored() {
        let (app, trace) = Self.makeTrace()
        var reports: [String] = []
        reports += FlipbookDiagnostics.capture {
            let nan = app.touchDown(at: CGPoint(x: CGFloat.nan, y: 10))
            nan.move(to: CGPoint(x: 10, y: 10))
            let outside = app.touchDown(at: CGPoint(x: -5, y: 10))
            outside.lift()
            let finger = app.touchDown(at: CGPoint(x: 10, y: 10))
            finger.move(to: CGPoint(x: 10, y: CGFloat.infinity))
            finger.move(to: CGPoint(x: 400, y: 10))
            finger.lift()
            finger.lift()
            finger.move(to: CGPoint(x: 20, y: 20))
            app.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 900), duration: 0.1)
            app.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 20), duration: -1)
            app.tap(UIView())
        }
        #expect(trace.log == ["began 10,10 @0", "ended 10,10 @0"])
        #expect(
            reports.map { String($0.prefix(26)) } == [
                "AppDriver.touchDown(at:): ", "AppDriver.touchDown(at:): ", "SyntheticTouch.move(to:): ",
                "SyntheticTouch.move(to:): ", "SyntheticTouch.lift() afte", "SyntheticTouch.move(to:) a",
                "AppDriver.drag(from:to:dur", "AppDriver.drag: needs a fi", "AppDriver.tap(_:): <UIView",
            ])
        #expect(reports[1] == "AppDriver.touchDown(at:): (-5.0, 10.0) is outside the window (393.0 × 852.0); ignored.")
        #expect(MediaClock.main.runUntilIdle())
    }

    @Test func aHiddenWindowTakesNoTouches() {
        let (app, trace) = Self.makeTrace()
        app.window.isHidden = true
        let reports = FlipbookDiagnostics.capture { app.tap(at: CGPoint(x: 10, y: 10)) }
        app.window.isHidden = false
        app.tap(at: CGPoint(x: 10, y: 10))
        #expect(reports == ["AppDriver.touchDown(at:): the window is not visible; ignored."])
        #expect(trace.log == ["began 10,10 @1", "ended 10,10 @2"])
    }
}
