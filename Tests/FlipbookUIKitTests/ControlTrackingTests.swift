import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UIControl tracking real touches: the control events, the drag slop, highlight, disabled
/// controls and cancellation.
@MainActor
@Suite(.freshRuntime) struct ControlTrackingTests {
    static let events: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.primaryActionTriggered, "primary"),
    ]

    /// A button at (100, 400, 100 × 50) in a fresh app, every event recorded.
    static func makeButton(_ rec: EventRecorder) -> (AppDriver, UIButton) {
        let (app, vc) = makeTouchApp()
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 100, y: 400, width: 100, height: 50)
        vc.view.addSubview(button)
        for (event, name) in events {
            button.addAction(UIAction { _ in rec.record(name) }, for: event)
        }
        return (app, button)
    }

    @Test func aTapInsideSendsDownThenUpInsideOnLift() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        let finger = app.touchDown(at: CGPoint(x: 150, y: 425))
        rec.record("highlighted \(button.isHighlighted) tracking \(button.isTracking) inside \(button.isTouchInside)")
        finger.lift()
        rec.record("highlighted \(button.isHighlighted) tracking \(button.isTracking)")
        #expect(
            rec.events == [
                "down", "highlighted true tracking true inside true", "upInside", "primary",
                "highlighted false tracking false",
            ])
    }

    @Test func draggingOutPastTheSlopAndBackSendsExitAndEnter() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        let finger = app.touchDown(at: CGPoint(x: 150, y: 425))
        finger.move(to: CGPoint(x: 150, y: 440))  // inside
        finger.move(to: CGPoint(x: 150, y: 510))  // 60 pt below: still inside the 70 pt slop
        finger.move(to: CGPoint(x: 150, y: 530))  // 80 pt below: outside
        rec.record("highlighted \(button.isHighlighted)")
        finger.move(to: CGPoint(x: 150, y: 540))
        finger.move(to: CGPoint(x: 150, y: 430))
        finger.lift()
        #expect(
            rec.events == [
                "down", "dragInside", "dragInside", "dragExit", "highlighted false", "dragOutside", "dragEnter",
                "upInside", "primary",
            ])
    }

    @Test func liftingOutsideSendsUpOutside() {
        let rec = EventRecorder()
        let (app, _) = Self.makeButton(rec)
        // Two frames: y 512.5 (62.5 pt below the button: inside the slop), then 600.
        app.drag(from: CGPoint(x: 150, y: 425), to: CGPoint(x: 150, y: 600), duration: 2.0 / 60)
        #expect(rec.events == ["down", "dragInside", "dragExit", "upOutside"])
    }

    @Test func aCancelledTouchSendsTouchCancel() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        let finger = app.touchDown(at: CGPoint(x: 150, y: 425))
        finger.cancel()
        #expect(rec.events == ["down", "cancel"])
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test func aDisabledControlGetsNothing() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        button.isEnabled = false
        app.tap(button)
        #expect(rec.events == [])
        #expect(!button.isHighlighted)
    }

    @Test func aQuickSecondTapSendsDownRepeat() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        app.tap(button)
        app.advanceFrames(2)
        app.tap(button)
        #expect(rec.events == ["down", "upInside", "primary", "down", "downRepeat", "upInside", "primary"])
    }

    @Test func aSystemButtonDimsItsTitleWhilePressed() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        let normal = button.titleLabel?.textColor
        let finger = app.touchDown(at: CGPoint(x: 150, y: 425))
        let pressed = button.titleLabel?.textColor
        finger.lift()
        #expect(normal == UIColor.systemBlue)
        #expect(pressed == UIColor.systemBlue.withAlphaComponent(0.2))
        #expect(button.titleLabel?.textColor == normal)
    }

    @Test func trackingOverridesSeeTheTouch() {
        MediaClock.main.runUntilIdle()
        final class Knob: UIControl {
            var log: [String] = []
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                log.append("begin \(touch.location(in: self))")
                return true
            }
            override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                log.append("continue \(touch.location(in: self))")
                return false  // stop tracking after the first move
            }
            override func endTracking(_ touch: UITouch?, with event: UIEvent?) { log.append("end") }
            override func cancelTracking(with event: UIEvent?) { log.append("cancel") }
        }
        let (app, vc) = makeTouchApp()
        let knob = Knob(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        vc.view.addSubview(knob)
        var sent: [String] = []
        knob.addAction(UIAction { _ in sent.append("drag") }, for: [.touchDragInside, .touchDragOutside])
        knob.addAction(UIAction { _ in sent.append("up") }, for: .touchUpInside)
        let finger = app.touchDown(at: CGPoint(x: 10, y: 110))
        finger.move(to: CGPoint(x: 20, y: 110))
        finger.move(to: CGPoint(x: 30, y: 110))
        finger.lift()
        #expect(knob.log == ["begin CGPoint(x: 10.0, y: 10.0)", "continue CGPoint(x: 20.0, y: 10.0)"])
        #expect(sent == ["up"])  // a plain control: no primary action; no drags once tracking stopped
    }

    @Test func aControlThatLeftTheWindowMidTouchTracksTheNextTouch() {
        let rec = EventRecorder()
        let (app, button) = Self.makeButton(rec)
        let parent = button.superview
        let finger = app.touchDown(at: CGPoint(x: 150, y: 425))
        button.removeFromSuperview()
        #expect(!button.isHighlighted && !button.isTracking)
        finger.lift()  // dropped: the button is not in the window
        parent?.addSubview(button)
        app.tap(button)
        // Leaving the window cancels the tracking; the quick second touch-down repeats.
        #expect(rec.events == ["down", "cancel", "down", "downRepeat", "upInside", "primary"])
        #expect(!button.isHighlighted && !button.isTracking)
    }
}
