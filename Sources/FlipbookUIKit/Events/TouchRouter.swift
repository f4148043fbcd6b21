import Foundation
import FlipbookQuartz

/// Turns finger input into UIKit's touch events and sends them (UIKit's HID → app step,
/// headless); `TouchDelivery` is the window's side.
///
/// A new touch is hit-tested in its window (hidden, nearly transparent and non-interactive
/// views are skipped by `hitTest(_:with:)`) and keeps that view; the recognizers of that view
/// and its ancestors that are enabled and whose delegate accepts the touch receive it, innermost
/// view first. Each change is recorded on the touch as a `TouchSample` and sent, carried by the
/// app's one touches event (`UIEvent.changes`), through `UIApplication.sendEvent(_:)` →
/// `UIWindow.sendEvent(_:)` → `TouchDelivery`; nothing on that path calls back into the router.
///
/// Rules at touch-down: nothing while the app ignores interaction events; a touch on an
/// exclusive-touch view while another touch is down in the window, or any touch while an
/// exclusive-touch view has one, is dropped entirely; a second touch on a view that is not
/// multiple-touch enabled reaches its recognizers but not the view.
@preconcurrency @MainActor
final class TouchRouter {
    /// The app's touches event (UIKit reuses one as well), shared with `TouchDelivery`.
    let event: UIEvent
    private var nextSerial = 0
    private struct LastTap {
        weak var window: UIWindow?
        var location: CGPoint
        var time: CFTimeInterval
        var count: Int
    }
    private var lastTap: LastTap?

    /// Successive taps within this time (lift to next touch-down) and distance count up
    /// `tapCount` (see docs/Divergences.md).
    static let multipleTapInterval: CFTimeInterval = 0.35
    static let multipleTapDistance: CGFloat = 40

    init(event: UIEvent) { self.event = event }

    // MARK: Input

    /// A finger goes down at `point` (window coordinates). Nil when the touch is dropped.
    /// `origin`: who made the touch (told to `UIApplication.touchObserver`). `time`: the event's
    /// time when it is not the clock's (the preview's pointer events carry their own, sub-frame
    /// times; the caller checks them: finite, in order).
    func begin(at point: CGPoint, in window: UIWindow, origin: TouchOrigin = .app, time: CFTimeInterval? = nil) -> UITouch? {
        begin(frontToBack: [(window, point)], origin: origin, time: time)
    }

    /// A finger goes down on a screen showing several windows: `frontToBack` lists them from
    /// the front, each with the finger's point in its coordinates. The touch belongs to the
    /// first window whose `hitTest(_:with:)` finds a view (a window that returns nil lets the
    /// touch through to the windows behind), as UIKit routes a touch among a scene's windows.
    func begin(
        frontToBack: [(window: UIWindow, point: CGPoint)], origin: TouchOrigin = .app, time: CFTimeInterval? = nil
    ) -> UITouch? {
        guard !UIApplication.shared.isIgnoringInteractionEvents else { return nil }
        event.dropLiftedTouches()
        let now = Self.eventTime(time)
        nextSerial += 1
        event.timestamp = now
        var found: (window: UIWindow, point: CGPoint, hit: UIView)?
        for c in frontToBack {
            if let hit = c.window.hitTest(c.point, with: event) {
                found = (c.window, c.point, hit)
                break
            }
        }
        guard let (window, point, hit) = found else { return nil }
        let touch = UITouch(serial: nextSerial, window: window, location: point, timestamp: now)
        touch.origin = origin
        let live = liveTouches(in: window)
        if live.contains(where: { $0.view?.isExclusiveTouch == true }) || (hit.isExclusiveTouch && !live.isEmpty) {
            return nil
        }
        touch.view = hit
        if let last = lastTap, last.window === window, last.window != nil,
            now - last.time <= Self.multipleTapInterval + 1e-9,
            hypot(point.x - last.location.x, point.y - last.location.y) <= Self.multipleTapDistance
        {
            touch.tapCount = last.count + 1
        }
        if !hit.isMultipleTouchEnabled, live.contains(where: { $0.view === hit && $0.deliversToViews }) {
            touch.keepFromViews()
        }
        for t in live { t.becomeStationary() }
        event.touchList.append(touch)
        var v: UIView? = hit
        while let cur = v {
            for r in cur.gestureRecognizerStorage where r.isReceiving {
                guard r.delegate?.gestureRecognizer(r, shouldReceive: touch) ?? true, r.shouldReceive(event) else { continue }
                touch.receive(by: r)
            }
            v = cur.superview
        }
        dispatch(touch)
        return touch
    }

    /// The finger moves to `point` (window coordinates), at `time` (nil: the clock's).
    func move(_ touch: UITouch, to point: CGPoint, time: CFTimeInterval? = nil) {
        advance(touch, to: .moved, location: point, time: time)
    }

    /// The finger lifts, at `time` (nil: the clock's).
    func end(_ touch: UITouch, time: CFTimeInterval? = nil) {
        advance(touch, to: .ended, time: time) {
            lastTap = LastTap(window: touch.window, location: touch.windowLocation, time: $0, count: touch.tapCount)
        }
    }

    /// The system cancels the touch, at `time` (nil: the clock's).
    func cancel(_ touch: UITouch, time: CFTimeInterval? = nil) {
        advance(touch, to: .cancelled, time: time)
    }

    /// An event's time: `time` when given and finite, else the clock's.
    private static func eventTime(_ time: CFTimeInterval?) -> CFTimeInterval {
        if let time, time.isFinite { return time }
        return MediaClock.main.now
    }

    /// Moves a live touch into `phase` at the clock's time (at `location` when it moved; the
    /// other touches of the event become stationary), runs `also` with that time, and
    /// delivers it. A touch that has ended or been cancelled is left alone.
    private func advance(
        _ touch: UITouch, to phase: UITouch.Phase, location: CGPoint? = nil, time: CFTimeInterval? = nil,
        also: (CFTimeInterval) -> Void = { _ in }
    ) {
        guard !touch.isLifted else { return }
        let now = Self.eventTime(time)
        let last = touch.sample
        event.timestamp = now
        for t in event.touchList where t !== touch { t.becomeStationary() }
        touch.record(
            TouchSample(phase: phase, location: location ?? last.location, previousLocation: last.location, timestamp: now))
        also(now)
        dispatch(touch)
    }

    private func liveTouches(in window: UIWindow) -> [UITouch] {
        event.touchList.filter { $0.window === window && !$0.isLifted }
    }

    /// Sends `touch`'s latest change through the application (an app's `sendEvent(_:)`
    /// overrides see it, and swallow it by not calling super). A change made while another is
    /// being delivered (a handler moved a finger) is sent inside it and the outer one's
    /// changes come back after; finished touches leave the event once the outermost returns.
    private func dispatch(_ touch: UITouch) {
        let change = TouchChange(touch: touch, sample: touch.sample)
        UIApplication.shared.touchObserver?(change.sample.phase, change.sample.location, touch.origin)
        let outer = event.changes
        event.changes = [change]
        UIApplication.shared.sendEvent(event)
        event.changes = outer
        if outer == nil { event.dropLiftedTouches() }
    }
}
