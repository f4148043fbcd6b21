import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Arbitration between recognizers and views: require(toFail:), exclusivity and the delegate's
/// simultaneity, cancelsTouchesInView, the delays, and controls under tap recognizers.
@MainActor
@Suite(.freshRuntime) struct GestureArbitrationTests {
    /// A recording view filling most of the window, with a log for recognizers' actions.
    static func makeView() -> (AppDriver, EventRecorder, TouchRecordingView, GestureLog) {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let view = TouchRecordingView("view", rec, frame: CGRect(x: 0, y: 100, width: 393, height: 600))
        vc.view.addSubview(view)
        return (app, rec, view, GestureLog(rec))
    }

    static func recognizer<G: UIGestureRecognizer>(_ g: G, _ name: String, _ log: GestureLog, on view: UIView) -> G {
        g.name = name
        g.addTarget(log, action: { $0.handle($1) })
        view.addGestureRecognizer(g)
        return g
    }

    @Test func singleTapWaitsForTheDoubleTapToFail() {
        let (app, rec, view, log) = Self.makeView()
        let double = Self.recognizer(UITapGestureRecognizer(), "double", log, on: view)
        double.numberOfTapsRequired = 2
        let single = Self.recognizer(UITapGestureRecognizer(), "single", log, on: view)
        single.require(toFail: double)
        app.tap(at: CGPoint(x: 100, y: 300))
        rec.record("lifted")
        app.advance(by: 0.3)
        rec.record("0.3 s")
        app.advance(by: 0.1)
        rec.record("0.4 s")
        app.tap(at: CGPoint(x: 100, y: 300))
        app.advanceFrames(3)
        app.tap(at: CGPoint(x: 100, y: 300))
        rec.record("double tapped")
        MediaClock.main.runUntilIdle()
        #expect(
            rec.events == [
                "view began", "lifted", "0.3 s", "view cancelled", "single ended", "0.4 s",
                // Both taps' touches are cancelled: the first one's end was still held back.
                "view began", "view began", "view cancelled", "view cancelled", "double ended", "double tapped",
            ])
    }

    @Test func twoRecognizersOnOneViewRecognizeOneAtATimeUnlessTheDelegateAllows() {
        let (app, rec, view, log) = Self.makeView()
        let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", log, on: view)
        let swipe = Self.recognizer(UISwipeGestureRecognizer(), "swipe", log, on: view)
        pan.cancelsTouchesInView = false
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.1)
        rec.record("--")
        let delegate = TestGestureDelegate()
        delegate.simultaneous = true
        swipe.delegate = delegate
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.1)
        #expect(
            rec.events == [
                "view began", "pan began", "view moved", "pan changed", "view moved", "pan changed", "view moved",
                "pan changed", "view moved", "pan changed", "view moved", "pan changed", "view moved", "pan ended",
                "view ended", "--",
                // Both recognize; the swipe cancels the view's touch (its cancelsTouchesInView).
                "view began", "pan began", "view moved", "pan changed", "view cancelled", "swipe ended", "pan changed",
                "pan changed", "pan changed", "pan changed", "pan ended",
            ])
    }

    @Test func recognizingCancelsTheViewsTouchesUnlessTold() {
        let (app, rec, view, log) = Self.makeView()
        let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", log, on: view)
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 90, y: 300), duration: 2.0 / 60)
        rec.record("--")
        pan.cancelsTouchesInView = false
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 90, y: 300), duration: 2.0 / 60)
        #expect(
            rec.events == [
                "view began", "view cancelled", "pan began", "pan changed", "pan ended", "--",
                "view began", "pan began", "view moved", "pan changed", "view moved", "pan ended", "view ended",
            ])
    }

    @Test func delaysTouchesEndedHoldsTheLiftUntilTheRecognizerFails() {
        let (app, rec, view, log) = Self.makeView()
        let press = Self.recognizer(UILongPressGestureRecognizer(), "press", log, on: view)
        let finger = app.touchDown(at: CGPoint(x: 100, y: 300))
        app.advance(by: 0.2)
        finger.lift()  // the long press fails now: the view gets its ended at once
        rec.record("--")
        press.minimumPressDuration = 10
        let tap = Self.recognizer(UITapGestureRecognizer(), "tap", log, on: view)
        tap.numberOfTapsRequired = 2
        app.tap(at: CGPoint(x: 100, y: 300))
        rec.record("lifted")
        app.advance(by: 0.4)  // the double tap fails for lack of a second tap: ended released
        #expect(rec.events == ["view began", "view ended", "--", "view began", "lifted", "view ended"])
    }

    @Test func delaysTouchesBeganHidesTheTouchFromTheViewUntilTheRecognizerFails() {
        let (app, rec, view, log) = Self.makeView()
        let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", log, on: view)
        pan.delaysTouchesBegan = true
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 90, y: 300), duration: 1.0 / 60)
        rec.record("--")
        app.tap(at: CGPoint(x: 50, y: 300))
        #expect(rec.events == ["pan began", "pan ended", "--", "view began", "view ended"])
    }

    @Test func aButtonKeepsItsTapFromItsSuperviewsTapRecognizer() {
        let (app, rec, view, log) = Self.makeView()
        _ = Self.recognizer(UITapGestureRecognizer(), "tap", log, on: view)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 50)
        button.addAction(UIAction { _ in rec.record("button up inside") }, for: .touchUpInside)
        view.addSubview(button)
        let plain = UIControl(frame: CGRect(x: 100, y: 300, width: 100, height: 50))
        plain.addAction(UIAction { _ in rec.record("control up inside") }, for: .touchUpInside)
        plain.addAction(UIAction { _ in rec.record("control cancel") }, for: .touchCancel)
        view.addSubview(plain)
        app.tap(button)
        rec.record("--")
        app.tap(plain)  // a plain control is not on UIKit's list: the tap recognizer wins
        rec.record("--")
        button.isEnabled = false
        app.tap(button)  // a disabled button does not keep the tap
        #expect(rec.events == ["button up inside", "--", "control cancel", "tap ended", "--", "tap ended"])
    }

    @Test func theDelegateDecidesWhoBeginsAndWhoReceives() {
        let (app, rec, view, log) = Self.makeView()
        let tap = Self.recognizer(UITapGestureRecognizer(), "tap", log, on: view)
        let delegate = TestGestureDelegate()
        tap.delegate = delegate
        delegate.shouldBegin = false
        app.tap(at: CGPoint(x: 100, y: 300))
        rec.record("--")
        delegate.shouldBegin = true
        delegate.receives = false
        app.tap(at: CGPoint(x: 100, y: 300))
        rec.record("--")
        delegate.receives = true
        app.advanceFrames(30)
        app.tap(at: CGPoint(x: 100, y: 300))
        #expect(
            rec.events == [
                "view began", "view ended", "--", "view began", "view ended", "--", "view began", "view cancelled",
                "tap ended",
            ])
    }

    @Test func anAncestorsRecognizerSeesTouchesOfSubviewsAndMovingARecognizerMovesIt() {
        let (app, rec, view, log) = Self.makeView()
        let child = TouchRecordingView("child", rec, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.addSubview(child)
        let other = TouchRecordingView("other", rec, frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        view.addSubview(other)
        let tap = Self.recognizer(UITapGestureRecognizer(), "tap", log, on: view)
        app.tap(at: CGPoint(x: 50, y: 150))
        rec.record("--")
        other.addGestureRecognizer(tap)  // moves it
        #expect(view.gestureRecognizers == nil && other.gestureRecognizers == [tap] && tap.view === other)
        app.advanceFrames(30)
        app.tap(at: CGPoint(x: 50, y: 150))
        app.advanceFrames(30)
        app.tap(at: CGPoint(x: 250, y: 150))
        #expect(
            rec.events == [
                "child began", "child cancelled", "tap ended", "--", "child began", "child ended",
                "other began", "other cancelled", "tap ended",
            ])
    }

    @Test func actionHandlersMayChangeStatesAndTheTreeReentrantly() {
        let (app, rec, view, _) = Self.makeView()
        @MainActor final class Meddler {
            let rec: EventRecorder
            var other: UIPanGestureRecognizer?
            init(_ rec: EventRecorder) { self.rec = rec }
            func handle(_ g: UIPanGestureRecognizer) {
                rec.record("pan \(g.state)")
                if g.state == .changed {
                    g.isEnabled = false  // cancels from inside its own action
                    g.view?.removeFromSuperview()
                    g.isEnabled = true
                }
            }
        }
        let meddler = Meddler(rec)
        let pan = UIPanGestureRecognizer(target: meddler, action: { $0.handle($1) })
        view.addGestureRecognizer(pan)
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 150, y: 300), duration: 0.1)
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 150, y: 300), duration: 0.1)
        #expect(rec.events == ["view began", "view cancelled", "pan began", "pan changed", "pan cancelled"])
        #expect(pan.state == .possible && view.superview == nil)
        #expect(MediaClock.main.runUntilIdle())
    }

    @Test func subclassesAndDelegatesShapeTheRelations() {
        let (app, rec, view, log) = Self.makeView()
        @MainActor final class Unpreventable: UIPanGestureRecognizer {
            override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        @MainActor final class RequiresFailure: NSObject, UIGestureRecognizerDelegate {
            weak var required: UIGestureRecognizer?
            func gestureRecognizer(
                _ gestureRecognizer: UIGestureRecognizer,
                shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
            ) -> Bool { otherGestureRecognizer === required }
        }
        let swipe = Self.recognizer(UISwipeGestureRecognizer(), "swipe", log, on: view)
        swipe.cancelsTouchesInView = false
        let pan = Self.recognizer(Unpreventable(target: nil, action: nil), "pan", log, on: view)
        pan.cancelsTouchesInView = false
        view.forwards = false
        app.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 150, y: 300), duration: 2.0 / 60)
        rec.record("--")
        // The pan waits for the swipe to fail (delegate), which a slow drag makes it do.
        view.removeGestureRecognizer(pan)
        let plain = Self.recognizer(UIPanGestureRecognizer(), "plain", log, on: view)
        plain.cancelsTouchesInView = false
        let delegate = RequiresFailure()
        delegate.required = swipe
        plain.delegate = delegate
        let finger = app.touchDown(at: CGPoint(x: 50, y: 300))
        finger.move(to: CGPoint(x: 70, y: 300))
        rec.record("20 pt while the swipe may still come: \(plain.state)")
        app.advance(by: 0.6)
        rec.record("swipe timed out: \(plain.state)")
        finger.move(to: CGPoint(x: 80, y: 300))
        finger.lift()
        #expect(
            rec.events == [
                // The first 50 pt move completes the swipe; the pan cannot be prevented, so it begins too.
                "view began", "swipe ended", "pan began", "view moved", "pan changed", "view moved", "pan ended",
                "view ended",
                "--",
                "view began", "view moved", "20 pt while the swipe may still come: possible", "plain began",
                "swipe timed out: began", "plain changed", "view moved", "plain ended", "view ended",
            ])
    }
}
