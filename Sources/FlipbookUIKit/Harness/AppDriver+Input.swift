import Foundation
import FlipbookQuartz

/// Synthetic input: real touches through the window (hit testing, gesture recognizers,
/// controls), in the driver window's coordinates, each step delivered at the clock's current
/// time (Flipbook API).
///
/// From test code (outside a clock frame) `tap` and `drag` advance the clock themselves. From
/// a script step (`at(_:_:)`, which runs inside a frame, where the clock cannot be advanced)
/// they deliver the first step now and schedule the later ones on the following frames:
/// `tap` lifts one frame later, `drag` moves once per frame and lifts with its last move.
extension AppDriver {
    /// Puts a finger down at `point`. Keep the result to move, lift or cancel it; several may
    /// be down at once.
    @discardableResult
    public func touchDown(at point: CGPoint) -> SyntheticTouch { touchDown(at: point, origin: .app, time: nil) }

    /// `touchDown(at:)` made by `origin` at the event's own `time` (nil: the clock's), for the
    /// live preview's user input (docs/Preview.md, "Event times").
    @discardableResult
    package func touchDown(at point: CGPoint, origin: TouchOrigin, time: CFTimeInterval?) -> SyntheticTouch {
        return runtime.run {
            guard SyntheticTouch.check(point, in: window, caller: "AppDriver.touchDown(at:)") else {
                return SyntheticTouch(touch: nil, window: window, location: point, rejected: true)
            }
            guard !window.isHidden else {
                FlipbookDiagnostics.report(
                    "AppDriver.touchDown(at:): the window is not visible; ignored.", once: "AppDriver.hiddenWindow")
                return SyntheticTouch(touch: nil, window: window, location: point, rejected: true)
            }
            // The screen's windows from the front, each with the point in its own coordinates: a
            // window above the app's (a toast's) takes the touch unless its hit test lets it through.
            let origin0 = window.frame.origin
            let candidates = screenWindows.reversed().map { w in
                (window: w, point: CGPoint(x: point.x + origin0.x - w.frame.minX, y: point.y + origin0.y - w.frame.minY))
            }
            let touch = UIApplication.shared.touchRouter.begin(frontToBack: candidates, origin: origin, time: time)
            var offset = CGPoint.zero
            if let w = touch?.window, w !== window {
                offset = CGPoint(x: w.frame.minX - origin0.x, y: w.frame.minY - origin0.y)
            }
            return SyntheticTouch(touch: touch, window: window, location: point, offset: offset)
        }
    }

    /// A tap at `point`: down, then up one frame later.
    public func tap(at point: CGPoint) {
        runtime.run {
            let finger = touchDown(at: point)
            let clock = MediaClock.main
            if clock.isInsideFrame {
                clock.schedule(after: clock.frameDuration) { finger.liftIfDown() }
            } else {
                clock.advanceFrames(1)
                finger.liftIfDown()
            }
        }
    }

    /// Taps the centre of `view` (converted to window coordinates) through the same path as
    /// `tap(at:)`: the touch goes to whatever the window's hit test finds there.
    public func tap(_ view: UIView) {
        guard let viewWindow = view.window, screenWindows.contains(where: { $0 === viewWindow }) else {
            FlipbookDiagnostics.report("AppDriver.tap(_:): \(describe(view)) is not in a window on the driver's screen; ignored.")
            return
        }
        let b = view.bounds
        let p = view.convert(CGPoint(x: b.midX, y: b.midY), to: viewWindow)
        tap(at: CGPoint(
            x: p.x + viewWindow.frame.minX - window.frame.minX, y: p.y + viewWindow.frame.minY - window.frame.minY))
    }

    /// A finger down at `start`, moved in a straight line at constant speed once per frame for
    /// `duration` seconds (the clock advances by `duration`), lifted at `end`.
    public func drag(from start: CGPoint, to end: CGPoint, duration: CFTimeInterval) {
        runtime.run {
            guard duration.isFinite, duration >= 0 else {
                FlipbookDiagnostics.report(
                    "AppDriver.drag: needs a finite, non-negative duration (got \(duration)); ignored.",
                    once: "AppDriver.drag.duration")
                return
            }
            guard SyntheticTouch.check(end, in: window, caller: "AppDriver.drag(from:to:duration:)") else { return }
            let finger = touchDown(at: start)
            let clock = MediaClock.main
            let frame = clock.frameDuration
            let steps = max(1, Int((duration / frame - 1e-6).rounded(.up)))
            func point(at t: CFTimeInterval) -> CGPoint {
                let f = duration > 0 ? min(1, t / duration) : 1
                return CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
            }
            if clock.isInsideFrame {
                for k in 1...steps {
                    let t = min(Double(k) * frame, duration)
                    clock.schedule(after: t) {
                        finger.moveIfDown(to: point(at: t))
                        if k == steps { finger.liftIfDown() }
                    }
                }
            } else {
                let t0 = clock.now
                for k in 1...steps {
                    let t = min(Double(k) * frame, duration)
                    clock.advance(by: max(0, t0 + t - clock.now))
                    finger.moveIfDown(to: point(at: t))
                }
                finger.liftIfDown()
            }
        }
    }
}

extension SyntheticTouch {
    /// Scripted steps of a tap or drag: silent when the finger is already up (the script
    /// lifted or cancelled it meanwhile).
    func liftIfDown() { if !isLifted { lift() } }
    func moveIfDown(to p: CGPoint) { if !isLifted, location != p { move(to: p) } }
}
