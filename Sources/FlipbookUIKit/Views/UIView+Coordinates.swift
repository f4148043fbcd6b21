import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Coordinate conversion and hit testing.
///
/// Conversion runs through every layer's full geometry (bounds origin, anchor point,
/// transform including 3D rotation and perspective, position, and the superlayer's
/// `sublayerTransform`), flattened plane by plane as Core Animation composites: each step is a
/// projective map of the plane, so conversions through perspective are exact and invertible
/// while the layer is not edge-on. Model values are used, not presentation values, as in UIKit.
extension UIView {
    /// The root of this view's tree: its window, when it is in one.
    var treeRoot: UIView {
        var v = self
        while let parent = v.superviewStorage { v = parent }
        return v
    }

    /// The map from this view's bounds space to `view`'s (the tree root's when nil), through
    /// the layers: views in different trees meet in their roots' bounds spaces. Nil when a
    /// view on the way is seen edge-on (reported by `CALayer.convert`'s map).
    func planeMap(to view: UIView?) -> PlaneMap? {
        // Up to an ancestor: straight up the layers, no inverse (exact, and defined under a
        // superview scaled to zero).
        if let view, view !== self, isDescendant(of: view), let up = layer.map(toAncestor: view.layer) { return up }
        guard let toRoot = treeRoot.layer.map(from: layer) else { return nil }
        guard let view else { return toRoot }
        guard let fromRoot = view.layer.map(from: view.treeRoot.layer) else { return nil }
        return toRoot.then(fromRoot)
    }

    /// Converts `point` from this view's bounds space to `view`'s (the window, or the tree's
    /// root, when `view` is nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        planeMap(to: view)?.map(point) ?? point
    }

    /// Converts `point` from `view`'s bounds space (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        (view ?? treeRoot).planeMap(to: self)?.map(point) ?? point
    }

    /// Converts `rect` to `view`'s space: the bounding box of its four converted corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        convertRect(rect, planeMap(to: view))
    }

    /// Converts `rect` from `view`'s space: the bounding box of its four converted corners.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        convertRect(rect, (view ?? treeRoot).planeMap(to: self))
    }

    private func convertRect(_ rect: CGRect, _ map: PlaneMap?) -> CGRect {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, let map else { return r }
        return map.boundingBox(of: r)
    }

    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01 else { return nil }
        // A view in a UIView animation without .allowUserInteraction takes no touches
        // (docs/Semantics.md, "UIView animations"; Animation/UIView+InteractionBlocking.swift).
        guard !isInteractionBlockedByAnimation else { return nil }
        guard point.x.isFinite, point.y.isFinite, self.point(inside: point, with: event) else { return nil }
        for sub in subviewStorage.reversed() {
            // One step down the tree: the inverse of the subview's own plane map (a view
            // seen edge-on cannot be hit).
            guard let down = sub.layer.mapToSuperlayerPlane().inverse else { continue }
            let p = down.map(point)
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }
}
