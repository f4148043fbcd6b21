import Foundation
import FlipbookQuartz

/// Turns finger input into UIKit's touch events and delivers them (UIKit's HID → app → window
/// path, headless).
///
/// A new touch is hit-tested in its window (hidden, nearly transparent and non-interactive
/// views are skipped by `hitTest(_:with:)`) and keeps that view; the recognizers of that view
/// and its ancestors that are enabled and whose delegate accepts the touch receive it, innermost
/// view first. Each change is sent as the app's one touches event through
/// `UIApplication.sendEvent(_:)` → `UIWindow.sendEvent(_:)`: recognizers first, then the view,
/// whose phases wait while a recognizer that delays them is still possible
/// (`delaysTouchesBegan`, `delaysTouchesEnded`) and stop once a recognizer that cancels touches
/// in view recognizes (the view gets `touchesCancelled` if it had begun).
///
/// Rules at touch-down: nothing while the app ignores interaction events; a touch on an
/// exclusive-touch view while another touch is down in the window, or any touch while an
/// exclusive-touch view has one, is dropped entirely; a second touch on a view that is not
/// multiple-touch enabled reaches its recognizers but not the view.
@preconcurrency @MainActor
final class TouchRouter {
    /// The app's touches event (UIKit reuses one as well).
    let event = UIEvent()
    private var changedStack: [[UITouch]] = []
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

    private var arbiter: GestureArbiter { UIApplication.shared.gestureArbiter }

    // MARK: Input

    /// A finger goes down at `point` (window coordinates). Nil when the touch is dropped.
    /// `origin`: who made the touch (told to `UIApplication.touchObserver`). `time`: the event's
    /// time when it is not the clock's (the preview's pointer events carry their own, sub-frame
    /// times; the caller checks them: finite, in order).
    func begin(at point: CGPoint, in window: UIWindow, origin: TouchOrigin = .app, time: CFTimeInterval? = nil) -> UITouch? {
        guard !UIApplication.shared.isIgnoringInteractionEvents else { return nil }
        prune()
        let now = Self.eventTime(time)
        nextSerial += 1
        let touch = UITouch(serial: nextSerial, window: window, location: point, timestamp: now)
        touch.origin = origin
        event.timestamp = now
        guard let hit = window.hitTest(point, with: event) else { return nil }
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
            touch.deliversToViews = false
        }
        for t in live where t.phase == .began || t.phase == .moved { t.phase = .stationary }
        event.touchList.append(touch)
        var v: UIView? = hit
        while let cur = v {
            for r in cur.gestureRecognizerStorage where r.isReceiving {
                if let d = r.delegate {
                    guard d.gestureRecognizer(r, shouldReceive: touch), d.gestureRecognizer(r, shouldReceive: event)
                    else { continue }
                }
                touch.recognizers.append(r)
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
        touch.previousWindowLocation = touch.windowLocation
        if let location { touch.windowLocation = location }
        touch.timestamp = now
        event.timestamp = now
        markOthersStationary(except: touch)
        touch.phase = phase
        also(now)
        dispatch(touch)
    }

    private func markOthersStationary(except touch: UITouch) {
        for t in event.touchList where t !== touch && (t.phase == .began || t.phase == .moved) { t.phase = .stationary }
    }

    private func liveTouches(in window: UIWindow) -> [UITouch] {
        event.touchList.filter { $0.window === window && !$0.isLifted }
    }

    /// Drops finished touches from the event (those whose view phases are all delivered).
    private func prune() {
        event.touchList.removeAll { $0.isLifted && $0.heldPhases.isEmpty }
    }

    private func dispatch(_ touch: UITouch) {
        UIApplication.shared.touchObserver?(touch.phase, touch.windowLocation, touch.origin)
        changedStack.append([touch])
        UIApplication.shared.sendEvent(event)
        changedStack.removeLast()
        // Finished touches leave the event once their view has heard everything (they would
        // otherwise keep their views alive until the next touch).
        if changedStack.isEmpty { prune() }
    }

    // MARK: Delivery

    /// `UIWindow.sendEvent(_:)`: the changed touches of this window go to their recognizers,
    /// then to their views.
    func deliver(_ event: UIEvent, in window: UIWindow) {
        guard event === self.event, let changed = changedStack.last else { return }
        for touch in changed where touch.window === window {
            deliverToRecognizers(touch, in: window)
            if touch.deliversToViews && !touch.viewHasEnded {
                touch.heldPhases.append(
                    TouchSample(
                        phase: touch.phase, location: touch.windowLocation,
                        previousLocation: touch.previousWindowLocation, timestamp: touch.timestamp))
            }
            releaseHeld(touch)
        }
        arbiter.resetFinished()
    }

    private func deliverToRecognizers(_ touch: UITouch, in window: UIWindow) {
        for r in touch.recognizers {
            guard r.isReceiving else { continue }
            guard r.view?.window === window else {
                arbiter.stop(r)
                continue
            }
            if touch.phase == .began {
                r.activeTouches.append(touch)
                r.sequenceTouches.append(touch)
                arbiter.noteInvolved(r)
            }
            guard r.activeTouches.contains(where: { $0 === touch }) else { continue }
            r.lastWindow = window
            r.lastWindowCentroid = UIGestureRecognizer.centroid(r.activeTouches.map(\.windowLocation))
            let set: Set<UITouch> = [touch]
            let phase = touch.phase
            arbiter.deliver {
                switch phase {
                case .began: r.touchesBegan(set, with: event)
                case .moved, .stationary: r.touchesMoved(set, with: event)
                case .ended: r.touchesEnded(set, with: event)
                case .cancelled: r.touchesCancelled(set, with: event)
                default: break
                }
            }
            if phase == .ended || phase == .cancelled { r.activeTouches.removeAll { $0 === touch } }
        }
    }

    /// Delivers whatever recognizers no longer hold back, for every touch of the event.
    func releaseHeldPhases() {
        for t in event.touchList where !t.heldPhases.isEmpty { releaseHeld(t) }
        // Released outside a delivery (a recognizer failed on a timer): the finished touches go.
        if changedStack.isEmpty { prune() }
    }

    private func releaseHeld(_ touch: UITouch) {
        while let s = touch.heldPhases.first {
            if !touch.deliversToViews {
                touch.heldPhases.removeAll()
                break
            }
            if !touch.viewHasBegun {
                if s.phase == .cancelled {
                    touch.heldPhases.removeAll()
                    touch.viewHasEnded = true
                    break
                }
                if isHeld(touch, by: \.delaysTouchesBegan) { break }
            }
            if s.phase == .ended && isHeld(touch, by: \.delaysTouchesEnded) { break }
            touch.heldPhases.removeFirst()
            send(s, of: touch)
        }
    }

    private func isHeld(_ touch: UITouch, by flag: KeyPath<UIGestureRecognizer, Bool>) -> Bool {
        touch.recognizers.contains { r in
            r[keyPath: flag] && r.isEnabled && r.committedState == .possible
                && r.sequenceTouches.contains { $0 === touch }
        }
    }

    /// The view's touches of `r` are cancelled: `r` recognized and cancels touches in view.
    func cancelViewTouches(of r: UIGestureRecognizer) {
        for t in r.sequenceTouches where t.deliversToViews && !t.viewHasEnded {
            t.heldPhases.removeAll()
            t.deliversToViews = false
            if t.viewHasBegun {
                send(
                    TouchSample(
                        phase: .cancelled, location: t.windowLocation, previousLocation: t.previousWindowLocation,
                        timestamp: t.timestamp),
                    of: t)
            } else {
                t.viewHasEnded = true
            }
        }
    }

    /// Sends one phase of `touch` to its view (dropped when the view left the touch's window).
    private func send(_ s: TouchSample, of touch: UITouch) {
        if s.phase == .ended || s.phase == .cancelled { touch.viewHasEnded = true }
        guard let view = touch.view, view.window === touch.window, touch.window != nil else {
            touch.heldPhases.removeAll()
            touch.viewHasEnded = true
            touch.deliversToViews = false
            return
        }
        let saved = TouchSample(
            phase: touch.phase, location: touch.windowLocation, previousLocation: touch.previousWindowLocation,
            timestamp: touch.timestamp)
        touch.phase = s.phase
        touch.windowLocation = s.location
        touch.previousWindowLocation = s.previousLocation
        touch.timestamp = s.timestamp
        let set: Set<UITouch> = [touch]
        switch s.phase {
        case .began:
            touch.viewHasBegun = true
            view.touchesBegan(set, with: event)
        case .moved, .stationary: view.touchesMoved(set, with: event)
        case .ended: view.touchesEnded(set, with: event)
        case .cancelled: view.touchesCancelled(set, with: event)
        default: break
        }
        touch.phase = saved.phase
        touch.windowLocation = saved.location
        touch.previousWindowLocation = saved.previousLocation
        touch.timestamp = saved.timestamp
    }
}
