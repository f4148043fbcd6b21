import Foundation

/// A two-finger rotation, UIKit's `UIRotationGestureRecognizer` (continuous).
///
/// `rotation` is the angle (radians, clockwise positive on screen as in UIKit) the line
/// between the first two fingers has turned since the second went down, followed past ±π
/// without jumping (plus whatever `rotation` was set to since). It begins once that angle
/// passes `hysteresis` (5°; docs/Divergences.md); lifting a finger ends it. `velocity` is in
/// radians per second over the last 0.1 s.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// How far the fingers must turn before the rotation begins, in radians (5°).
    public static let hysteresis: CGFloat = 5 * .pi / 180

    private var lastAngle: CGFloat?
    private var turned: CGFloat = 0
    private var offset: CGFloat = 0
    private var tracker = GestureVelocityTracker()

    /// The rotation in radians (settable, e.g. back to 0 after applying it).
    open var rotation: CGFloat {
        get { turned + offset }
        set {
            guard newValue.isFinite else {
                FlipbookDiagnostics.report(
                    "UIRotationGestureRecognizer.rotation: ignored \(newValue).", once: "rotation.set")
                return
            }
            tracker.shift(by: CGPoint(x: newValue - rotation, y: 0))
            offset = newValue - turned
        }
    }

    /// Radians per second.
    open var velocity: CGFloat { tracker.velocity.x }

    private var currentAngle: CGFloat? {
        let p = fingerPair
        guard p.count == 2 else { return nil }
        let dx = p[1].windowLocation.x - p[0].windowLocation.x, dy = p[1].windowLocation.y - p[0].windowLocation.y
        guard dx != 0 || dy != 0 else { return nil }
        return atan2(dy, dx)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if lastAngle == nil, let a = currentAngle {
            lastAngle = a
            tracker.add(CGPoint(x: rotation, y: 0), at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let last = lastAngle, let a = currentAngle else { return }
        var d = a - last
        while d > .pi { d -= 2 * .pi }
        while d < -.pi { d += 2 * .pi }
        turned += d
        lastAngle = a
        tracker.add(CGPoint(x: rotation, y: 0), at: event.timestamp)
        continuousTouchesMoved(pastThreshold: abs(turned) > Self.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard fingerPair.count < 2 else { return }
        continuousTouchesEnded(failsIfPossible: lastAngle != nil || fingerPair.isEmpty)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        continuousTouchesCancelled()
    }

    open override func reset() {
        super.reset()
        lastAngle = nil
        turned = 0
        offset = 0
        tracker.clear()
    }
}
