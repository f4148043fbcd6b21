import Foundation

/// A continuous drag recognizer, UIKit's `UIPanGestureRecognizer`.
///
/// It begins once the centroid of its touches has moved more than `hysteresis` (10 pt) from
/// where the touches went down, with between `minimumNumberOfTouches` and
/// `maximumNumberOfTouches` fingers down (extra fingers are ignored); each later move is
/// `.changed`; the last lift (or fewer fingers than the minimum) ends it. A lift before it
/// began fails it.
///
/// `translation(in:)` is measured from where the touches went down, so at `.began` it already
/// holds the hysteresis distance (Flipbook's reading of UIKit; see docs/Divergences.md); fingers
/// added or lifted rebase it so it does not jump. `velocity(in:)` is in points per second over
/// the last 0.1 s of samples (a steady 1000 pt/s drag reads 1000).
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest fingers that pan (default 1).
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan (default `Int.max`).
    open var maximumNumberOfTouches = Int.max
    /// The pointer scroll events (mouse wheel, trackpad) that also pan (default none). Flipbook
    /// has no pointer devices, so this is kept and never consulted; touches always pan, as on
    /// iOS whatever the mask.
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// How far the touches move before the pan begins.
    public static let hysteresis: CGFloat = 10

    /// Translation = centroid − origin (window coordinates).
    var origin: CGPoint = .zero
    var tracker = GestureVelocityTracker()

    var liveTouches: [UITouch] { activeTouches.filter { !$0.isLifted } }
    private func centroid(_ touches: [UITouch]) -> CGPoint { Self.centroid(touches.map(\.windowLocation)) }
    private var windowTranslation: CGPoint {
        let c = centroid(liveTouches)
        return CGPoint(x: c.x - origin.x, y: c.y - origin.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let before = liveTouches.filter { !touches.contains($0) }
        var accepted = before
        for t in touches.sorted(by: { $0.serial < $1.serial }) {
            if accepted.count >= maximumNumberOfTouches {
                ignore(t, for: event)
            } else {
                accepted.append(t)
            }
        }
        if sequenceTouches.count == touches.count {
            origin = centroid(accepted)
        } else {
            rebase(from: before, to: accepted)
        }
        tracker.add(windowTranslation, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let t = windowTranslation
        tracker.add(t, at: event.timestamp)
        switch state {
        case .possible:
            let n = liveTouches.count
            if n >= minimumNumberOfTouches, n <= maximumNumberOfTouches, hypot(t.x, t.y) > Self.hysteresis {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let all = liveTouches + activeTouches.filter { touches.contains($0) && !liveTouches.contains($0) }
        let remaining = liveTouches
        tracker.add(windowTranslation(of: all), at: event.timestamp)
        if remaining.count < max(1, minimumNumberOfTouches) {
            continuousTouchesEnded(failsIfPossible: true)
            return
        }
        rebase(from: all, to: remaining)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        continuousTouchesCancelled()
    }

    open override func reset() {
        super.reset()
        origin = .zero
        tracker.clear()
    }

    private func windowTranslation(of touches: [UITouch]) -> CGPoint {
        let c = centroid(touches)
        return CGPoint(x: c.x - origin.x, y: c.y - origin.y)
    }

    /// Keeps the translation continuous when the set of fingers changes.
    private func rebase(from old: [UITouch], to new: [UITouch]) {
        guard !old.isEmpty, !new.isEmpty else { return }
        let a = centroid(old), b = centroid(new)
        origin = CGPoint(x: origin.x + b.x - a.x, y: origin.y + b.y - a.y)
    }

    // MARK: Translation and velocity

    /// The distance moved since the touches went down, in `view`'s coordinate system (the
    /// window's when nil).
    open func translation(in view: UIView?) -> CGPoint {
        let touches = liveTouches
        let t = touches.isEmpty ? lastTranslation : windowTranslation
        return convertVector(t, to: view)
    }

    /// Sets the translation (in `view`'s coordinate system) to `translation`; velocity is unchanged.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite else {
            FlipbookDiagnostics.report(
                "UIPanGestureRecognizer.setTranslation: ignored non-finite \(translation).", once: "pan.setTranslation")
            return
        }
        let wanted = convertVector(translation, from: view)
        let current = liveTouches.isEmpty ? lastTranslation : windowTranslation
        let d = CGPoint(x: wanted.x - current.x, y: wanted.y - current.y)
        origin = CGPoint(x: origin.x - d.x, y: origin.y - d.y)
        tracker.shift(by: d)
    }

    /// The velocity in points per second, in `view`'s coordinate system.
    open func velocity(in view: UIView?) -> CGPoint { convertVector(tracker.velocity, to: view) }

    private var lastTranslation: CGPoint {
        let c = lastWindowCentroid ?? origin
        return CGPoint(x: c.x - origin.x, y: c.y - origin.y)
    }

    /// A window-space vector expressed in `view`'s space, taken at the gesture's location.
    func convertVector(_ v: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow ?? liveTouches.first?.window, view !== window else { return v }
        let p = lastWindowCentroid ?? origin
        let a = view.convert(p, from: window)
        let b = view.convert(CGPoint(x: p.x + v.x, y: p.y + v.y), from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    func convertVector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow ?? liveTouches.first?.window, view !== window else { return v }
        let p = view.convert(lastWindowCentroid ?? origin, from: window)
        let a = view.convert(p, to: window)
        let b = view.convert(CGPoint(x: p.x + v.x, y: p.y + v.y), to: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}
