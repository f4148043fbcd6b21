import Foundation
import FlipbookGeometry

/// Core Animation's interpolation of `CAShapeLayer.path` (see docs/Semantics.md, "Shape
/// layers"): two paths with the same elements in the same order (the same count of moves,
/// lines, curves and closes, so the same number of control points) interpolate point by point;
/// any other pair switches at the halfway point (Apple: "the results are undefined"), as every
/// other discrete value does.
enum PathInterpolation {
    /// Whether `a` and `b` have the same structure (element types in order).
    static func isCompatible(_ a: CGPath, _ b: CGPath) -> Bool {
        let ea = a.elements, eb = b.elements
        guard ea.count == eb.count else { return false }
        for (x, y) in zip(ea, eb) where x.type != y.type || x.points.count != y.points.count { return false }
        return true
    }

    /// The path `f` of the way from `a` to `b` (a compatible pair), or nil when they are not
    /// compatible.
    static func interpolate(_ a: CGPath, _ b: CGPath, _ f: Double) -> CGPath? {
        guard isCompatible(a, b) else { return nil }
        let g = CGFloat(f)
        let elements = zip(a.elements, b.elements).map { x, y in
            CGPathElement(
                type: x.type,
                points: zip(x.points, y.points).map { p, q in CGPoint(x: p.x + (q.x - p.x) * g, y: p.y + (q.y - p.y) * g) })
        }
        return CGPath(elements: elements)
    }
}
