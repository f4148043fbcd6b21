import Foundation
import FlipbookQuartz

/// A scripted finger, from `AppDriver.touchDown(at:)` (Flipbook API).
///
/// Each call is delivered at once, at the clock's current time, in the driver window's
/// coordinates. Moves outside the window, non-finite points and calls after `lift()` or
/// `cancel()` are reported once and ignored. A finger that went down while the app ignored
/// interaction events, or where nothing can be touched, still answers these calls but
/// delivers nothing (as a real finger would).
@preconcurrency @MainActor
public final class SyntheticTouch {
    /// The touch the finger made (nil when it was dropped).
    let touch: UITouch?
    private weak var window: UIWindow?
    /// Whether the finger has lifted or been cancelled (or was never accepted): later calls
    /// are ignored. The one name for this idea (the router's touches use `UITouch.isLifted`).
    package private(set) var isLifted = false

    /// Where the finger is, in window coordinates.
    public private(set) var location: CGPoint

    /// A finger whose touch-down was refused (already reported): later calls are silent.
    private var isRejected = false
    /// The runtime of the app the finger touches: its moves and lift go to that app, whichever
    /// runtime the caller runs in.
    private let runtime = AppRuntime.current

    /// Where the touch's window's origin is in the driver window's coordinates (another window
    /// on the screen took the touch): moves are shifted into the touch's window.
    private let offset: CGPoint

    init(touch: UITouch?, window: UIWindow, location: CGPoint, offset: CGPoint = .zero, rejected: Bool = false) {
        self.touch = touch
        self.offset = offset
        self.window = window
        self.location = location
        self.isLifted = rejected
        self.isRejected = rejected
    }

    /// Moves the finger to `point` (window coordinates).
    public func move(to point: CGPoint) { move(to: point, time: nil) }

    /// Lifts the finger.
    public func lift() { lift(time: nil) }

    /// The system takes the touch away (as when a call comes in): views and recognizers get
    /// `touchesCancelled`.
    public func cancel() { cancel(time: nil) }

    /// `move(to:)` with the event's own time (nil: the clock's), for the preview's timed input.
    package func move(to point: CGPoint, time: CFTimeInterval?) {
        guard checkActive("move(to:)") else { return }
        guard let window, SyntheticTouch.check(point, in: window, caller: "SyntheticTouch.move(to:)") else { return }
        location = point
        let local = CGPoint(x: point.x - offset.x, y: point.y - offset.y)
        if let touch { runtime.run { UIApplication.shared.touchRouter.move(touch, to: local, time: time) } }
    }

    /// `lift()` at the event's own time (nil: the clock's).
    package func lift(time: CFTimeInterval?) {
        guard checkActive("lift()") else { return }
        isLifted = true
        if let touch { runtime.run { UIApplication.shared.touchRouter.end(touch, time: time) } }
    }

    /// `cancel()` at the event's own time (nil: the clock's).
    package func cancel(time: CFTimeInterval?) {
        guard checkActive("cancel()") else { return }
        isLifted = true
        if let touch { runtime.run { UIApplication.shared.touchRouter.cancel(touch, time: time) } }
    }

    private func checkActive(_ name: String) -> Bool {
        guard !isLifted else {
            if isRejected { return false }
            FlipbookDiagnostics.report(
                "SyntheticTouch.\(name) after the touch lifted or was cancelled; ignored.", once: "SyntheticTouch.done")
            return false
        }
        return true
    }

    /// Whether `point` can be touched in `window` (finite, within its bounds, edges included);
    /// reports once otherwise.
    static func check(_ point: CGPoint, in window: UIWindow, caller: String) -> Bool {
        guard point.x.isFinite, point.y.isFinite else {
            FlipbookDiagnostics.report(
                "\(caller): non-finite point (\(point.x), \(point.y)); ignored.", once: "SyntheticTouch.nonFinite")
            return false
        }
        let b = window.bounds
        guard point.x >= b.minX, point.x <= b.maxX, point.y >= b.minY, point.y <= b.maxY else {
            FlipbookDiagnostics.report(
                "\(caller): (\(point.x), \(point.y)) is outside the window (\(b.width) × \(b.height)); ignored.",
                once: "SyntheticTouch.outside")
            return false
        }
        return true
    }
}
