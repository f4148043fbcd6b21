import Foundation

/// A pan that starts at an edge of the screen, UIKit's `UIScreenEdgePanGestureRecognizer`.
///
/// Only a gesture whose first touch goes down within `edgeWidth` (20 pt) of one of `edges`
/// of the window (Flipbook's windows are the screen) can begin; any other fails at once.
/// After that it behaves as a `UIPanGestureRecognizer` (10 pt hysteresis, translation,
/// velocity).
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the gesture may start from (default none: set it, as in UIKit).
    open var edges: UIRectEdge = []

    /// How close to an edge the first touch must go down (see docs/Divergences.md).
    public static let edgeWidth: CGFloat = 20

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, sequenceTouches.count == touches.count {
            let startsAtEdge = touches.contains { t in
                guard let w = t.window else { return false }
                let p = t.location(in: w), b = w.bounds, e = Self.edgeWidth
                return (edges.contains(.left) && p.x <= b.minX + e) || (edges.contains(.right) && p.x >= b.maxX - e)
                    || (edges.contains(.top) && p.y <= b.minY + e) || (edges.contains(.bottom) && p.y >= b.maxY - e)
            }
            if !startsAtEdge {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }
}
