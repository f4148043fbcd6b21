import Foundation

/// A two-finger pinch, UIKit's `UIPinchGestureRecognizer` (continuous).
///
/// `scale` is the distance between the first two fingers over their distance when the second
/// went down (times whatever `scale` was set to since). It begins once that distance has
/// changed by more than `hysteresis` (10 pt; docs/Divergences.md); lifting a finger ends it
/// (fails it before it began). `velocity` is the change of scale per second over the last
/// 0.1 s.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// How far the span must change before the pinch begins.
    public static let hysteresis: CGFloat = 10

    private var initialSpan: CGFloat?
    private var factor: CGFloat = 1
    private var scaleStorage: CGFloat = 1
    private var tracker = GestureVelocityTracker()

    /// The scale since the pinch started (settable, e.g. back to 1 after applying it).
    open var scale: CGFloat {
        get { scaleStorage }
        set {
            guard newValue.isFinite, newValue > 0 else {
                FlipbookDiagnostics.report("UIPinchGestureRecognizer.scale: ignored \(newValue).", once: "pinch.scale")
                return
            }
            if let span = currentSpan, let initial = initialSpan, initial > 0, span > 0 {
                factor = newValue * initial / span
            } else {
                factor = newValue
            }
            tracker.shift(by: CGPoint(x: newValue - scaleStorage, y: 0))
            scaleStorage = newValue
        }
    }

    /// The change of scale per second.
    open var velocity: CGFloat { tracker.velocity.x }

    private var currentSpan: CGFloat? {
        let p = fingerPair
        guard p.count == 2 else { return nil }
        return hypot(p[1].windowLocation.x - p[0].windowLocation.x, p[1].windowLocation.y - p[0].windowLocation.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if initialSpan == nil, let span = currentSpan, span > 0 {
            initialSpan = span
            tracker.add(CGPoint(x: scaleStorage, y: 0), at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let initial = initialSpan, let span = currentSpan else { return }
        scaleStorage = factor * span / initial
        tracker.add(CGPoint(x: scaleStorage, y: 0), at: event.timestamp)
        continuousTouchesMoved(pastThreshold: abs(span - initial) > Self.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard fingerPair.count < 2 else { return }
        continuousTouchesEnded(failsIfPossible: initialSpan != nil || fingerPair.isEmpty)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        continuousTouchesCancelled()
    }

    open override func reset() {
        super.reset()
        initialSpan = nil
        factor = 1
        scaleStorage = 1
        tracker.clear()
    }
}
