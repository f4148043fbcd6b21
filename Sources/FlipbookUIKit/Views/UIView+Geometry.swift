import FlipbookGeometry
import FlipbookQuartz
import Foundation

// The geometry helpers behind `frame`, `bounds`, `center` and `transform` (UIView.swift keeps
// the overridable properties themselves, which must stay in the class body).

extension UIView {
    /// `frame`'s setter: position and bounds size "to match the given frame", as Core
    /// Animation does.
    func applyFrame(_ newValue: CGRect) {
        guard acceptsFinite(newValue, "frame") else { return }
        changingObserved("frame") {
            let r = newValue.standardized
            let oldFrame = layer.frame
            let oldSize = layer.bounds.size
            let t = layer.transform
            var size = r.size
            let a = layer.anchorPoint
            var position = CGPoint(x: r.minX + a.x * r.width, y: r.minY + a.y * r.height)
            // Core Animation changes `position` and `bounds.size` "to match the given frame":
            // under an affine transform, the size whose transformed bounding box is the frame
            // (a scaled view that pan-to-dismiss code then moves by frame; a menu turned a
            // quarter turn and placed by its frame), so the frame read back is the frame set
            // (docs/Divergences.md, "frame setter with a non-identity transform").
            if !CATransform3DIsIdentity(t), CATransform3DIsAffine(t),
                let fitted = Self.boundsSize(fitting: r.size, under: t)
            {
                size = fitted
                let dx = (0.5 - a.x) * size.width, dy = (0.5 - a.y) * size.height
                position = CGPoint(
                    x: r.midX - (dx * t.m11 + dy * t.m21) - t.m41, y: r.midY - (dx * t.m12 + dy * t.m22) - t.m42)
            }
            layer.bounds = CGRect(origin: layer.bounds.origin, size: size)
            layer.position = position
            // Setting the frame a view already has changes nothing: telling Auto Layout it
            // did would make a container that re-sets its child's frame in every layout
            // pass (a navigation controller) re-solve and lay out again without end.
            guard layer.frame != oldFrame else { return }
            geometryDidChange(oldSize: oldSize)
        }
    }

    /// `bounds`'s setter.
    func applyBounds(_ newValue: CGRect) {
        guard acceptsFinite(newValue, "bounds") else { return }
        changingObserved("bounds") {
            let oldSize = layer.bounds.size
            let oldOrigin = layer.bounds.origin
            layer.bounds = newValue
            // The origin maps the subviews into this view: ancestors' fitted sizes used it.
            if layer.bounds.origin != oldOrigin { invalidateLayoutMemos(includingSelf: false) }
            geometryDidChange(oldSize: oldSize, moved: .boundsOrigin)
        }
    }

    /// The bounds size whose bounding box under the affine part of `t` is `frame`: with
    /// x' = x·m11 + y·m21 and y' = x·m12 + y·m22, a w × h rectangle's box is
    /// (|m11|·w + |m21|·h) × (|m12|·w + |m22|·h). Nil where that has no single answer of
    /// non-negative sizes (a turn of 45°, a skew that squashes).
    static func boundsSize(fitting frame: CGSize, under t: CATransform3D) -> CGSize? {
        let a = abs(t.m11), c = abs(t.m21), b = abs(t.m12), d = abs(t.m22)
        let det = a * d - c * b
        guard abs(det) > 1e-9 else { return nil }
        var w = (frame.width * d - frame.height * c) / det
        var h = (frame.height * a - frame.width * b) / det
        // Rounding leaves a hair below zero for a zero-sized frame.
        if w < 0, w > -1e-6 { w = 0 }
        if h < 0, h > -1e-6 { h = 0 }
        guard w >= 0, h >= 0, w.isFinite, h.isFinite else { return nil }
        return CGSize(width: w, height: h)
    }

    /// Whether a new `frame` or `bounds` (`property`) is finite; a non-finite one is reported
    /// and ignored.
    func acceptsFinite(_ r: CGRect, _ property: String) -> Bool {
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else {
            FlipbookDiagnostics.report("UIView.\(property): ignored non-finite \(property) \(r) on \(Self.self).")
            return false
        }
        return true
    }

    /// Runs after frame/bounds/center change: autoresizes subviews and marks layout needs.
    /// `moved` says what moved besides the size: the frame (`center`, `frame`) or the bounds
    /// origin (`bounds`).
    func geometryDidChange(oldSize: CGSize, moved: GeometryMove = .frame) {
        let newSize = layer.bounds.size
        if newSize != oldSize {
            boundsSizeDidChange()
            setNeedsLayout()
            if autoresizesSubviews { resizeSubviews(withOldSize: oldSize) }
            if layer.needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
        autoLayoutGeometryDidChange(sizeChanged: newSize != oldSize, moved: moved)
    }
}
