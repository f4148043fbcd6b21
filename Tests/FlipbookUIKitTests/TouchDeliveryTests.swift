import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Touch delivery from the window: hit testing, the responder chain, a touch staying with its
/// view, multiple and exclusive touch, and ignoring interaction events.
@MainActor
@Suite(.freshRuntime) struct TouchDeliveryTests {
    @Test func phasesGoToTheHitViewAndUpTheResponderChainToTheController() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        vc.recorder = rec
        let container = TouchRecordingView(
            "container", rec, frame: CGRect(x: 50, y: 100, width: 200, height: 200), forwards: true)
        let leaf = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))  // no overrides: forwards to container
        container.addSubview(leaf)
        vc.view.addSubview(container)
        let finger = app.touchDown(at: CGPoint(x: 80, y: 130))
        #expect(finger.touch?.view === leaf)
        finger.move(to: CGPoint(x: 90, y: 140))
        finger.lift()
        #expect(
            rec.events == [
                "container began", "controller began", "container moved", "controller moved",
                "container ended", "controller ended",
            ])
        // The touch kept its locations: leaf space and window space.
        #expect(finger.touch?.location(in: leaf) == CGPoint(x: 30, y: 30))
        #expect(finger.touch?.previousLocation(in: nil) == CGPoint(x: 90, y: 140))
        #expect(finger.touch?.phase == .ended)
    }

    @Test func hitTestingSkipsHiddenTransparentAndNonInteractiveViews() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let target = TouchRecordingView("target", rec, frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        vc.view.addSubview(target)
        let hidden = TouchRecordingView("hidden", rec, frame: target.frame)
        hidden.isHidden = true
        let clear = TouchRecordingView("clear", rec, frame: target.frame)
        clear.alpha = 0.005
        let inert = TouchRecordingView("inert", rec, frame: target.frame)
        inert.isUserInteractionEnabled = false
        let faint = TouchRecordingView("faint", rec, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        faint.alpha = 0.02  // faint but not below 0.01: still receives touches
        for v in [hidden, clear, inert, faint] { vc.view.addSubview(v) }
        app.tap(at: CGPoint(x: 150, y: 150))
        app.tap(at: CGPoint(x: 50, y: 50))
        #expect(rec.events == ["target began", "target ended", "faint began", "faint ended"])
    }

    @Test func aTouchStaysWithTheViewItBeganIn() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let a = TouchRecordingView("a", rec, frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        let b = TouchRecordingView("b", rec, frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        vc.view.addSubview(a)
        vc.view.addSubview(b)
        let finger = app.touchDown(at: CGPoint(x: 50, y: 150))
        finger.move(to: CGPoint(x: 250, y: 150))
        finger.lift()
        #expect(rec.events == ["a began", "a moved", "a ended"])
        #expect(finger.touch?.view === a)
        #expect(finger.touch?.location(in: a) == CGPoint(x: 250, y: 50))
    }

    @Test func aViewThatIsNotMultipleTouchEnabledGetsOnlyItsFirstTouch() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let single = TouchRecordingView("single", rec, frame: CGRect(x: 0, y: 100, width: 300, height: 300))
        vc.view.addSubview(single)
        let one = app.touchDown(at: CGPoint(x: 50, y: 150))
        let two = app.touchDown(at: CGPoint(x: 150, y: 150))
        two.move(to: CGPoint(x: 160, y: 160))
        two.lift()
        one.lift()
        single.isMultipleTouchEnabled = true
        let three = app.touchDown(at: CGPoint(x: 50, y: 150))
        let four = app.touchDown(at: CGPoint(x: 150, y: 150))
        four.lift()
        three.lift()
        #expect(
            rec.events == [
                "single began", "single ended",
                "single began", "single began", "single ended", "single ended",
            ])
    }

    @Test func exclusiveTouchBlocksOtherViewsOfTheWindow() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let exclusive = TouchRecordingView("exclusive", rec, frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = TouchRecordingView("other", rec, frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        vc.view.addSubview(exclusive)
        vc.view.addSubview(other)
        let one = app.touchDown(at: CGPoint(x: 50, y: 150))
        let blocked = app.touchDown(at: CGPoint(x: 250, y: 150))
        blocked.lift()
        one.lift()
        let first = app.touchDown(at: CGPoint(x: 250, y: 150))
        let refused = app.touchDown(at: CGPoint(x: 50, y: 150))
        refused.lift()
        first.lift()
        #expect(rec.events == ["exclusive began", "exclusive ended", "other began", "other ended"])
    }

    @Test func ignoringInteractionEventsDropsNewTouchesAndNests() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let v = TouchRecordingView("v", rec, frame: CGRect(x: 0, y: 100, width: 300, height: 300))
        vc.view.addSubview(v)
        let application = UIApplication.shared
        let down = app.touchDown(at: CGPoint(x: 50, y: 150))
        application.beginIgnoringInteractionEvents()
        application.beginIgnoringInteractionEvents()
        down.move(to: CGPoint(x: 60, y: 150))  // a touch already down carries on
        down.lift()
        app.tap(at: CGPoint(x: 50, y: 150))
        application.endIgnoringInteractionEvents()
        #expect(application.isIgnoringInteractionEvents)
        app.tap(at: CGPoint(x: 50, y: 150))
        application.endIgnoringInteractionEvents()
        #expect(!application.isIgnoringInteractionEvents)
        app.tap(at: CGPoint(x: 50, y: 150))
        let unbalanced = FlipbookDiagnostics.capture { application.endIgnoringInteractionEvents() }
        #expect(unbalanced.count == 1)
        #expect(!application.isIgnoringInteractionEvents)
        #expect(rec.events == ["v began", "v moved", "v ended", "v began", "v ended"])
    }

    @Test func theEventCarriesTheTouchesAndTapCountCountsQuickTaps() {
        let (app, vc) = makeTouchApp()
        let a = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        vc.view.addSubview(a)
        vc.view.addSubview(b)
        let one = app.touchDown(at: CGPoint(x: 50, y: 150))
        let two = app.touchDown(at: CGPoint(x: 250, y: 150))
        let event = UIApplication.shared.touchRouter.event
        #expect(event.allTouches?.count == 2)
        #expect(event.touches(for: a) == [one.touch!])
        #expect(event.touches(for: app.window)?.count == 2)
        #expect(event.timestamp == MediaClock.main.now)
        #expect(event.type == .touches)
        one.lift()
        two.lift()
        var counts: [Int] = []
        for _ in 0..<3 {
            let f = app.touchDown(at: CGPoint(x: 50, y: 150))
            counts.append(f.touch?.tapCount ?? 0)
            app.advanceFrames(1)
            f.lift()
            app.advanceFrames(2)
        }
        app.advance(by: 0.5)
        let late = app.touchDown(at: CGPoint(x: 50, y: 150))
        counts.append(late.touch?.tapCount ?? 0)
        late.lift()
        #expect(counts == [1, 2, 3, 1])
    }

    @Test func aViewRemovedMidTouchGetsNothingMoreAndItsRecognizerIsCancelled() {
        let (app, vc) = makeTouchApp()
        let rec = EventRecorder()
        let log = GestureLog(rec)
        let v = TouchRecordingView("v", rec, frame: CGRect(x: 0, y: 100, width: 300, height: 300))
        let pan = UIPanGestureRecognizer(target: log, action: { $0.handle($1) })
        pan.name = "pan"
        pan.cancelsTouchesInView = false
        v.addGestureRecognizer(pan)
        vc.view.addSubview(v)
        let finger = app.touchDown(at: CGPoint(x: 50, y: 150))
        finger.move(to: CGPoint(x: 80, y: 150))
        v.removeFromSuperview()
        finger.move(to: CGPoint(x: 100, y: 150))
        finger.lift()
        #expect(rec.events == ["v began", "pan began", "v moved", "pan cancelled"])
        #expect(finger.touch?.view === v)  // the touch keeps its view
        #expect(pan.state == .possible)
    }
}
