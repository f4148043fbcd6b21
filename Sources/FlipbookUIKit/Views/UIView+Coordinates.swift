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

    /// Converts `point` from this view's bounds space to `view`'s (the window, or the tree's
    /// root, when `view` is nil), through the layers (`CALayer.convert`). Views in different
    /// trees meet in their roots' bounds spaces.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inRoot = layer.convert(point, to: treeRoot.layer)
        guard let view else { return inRoot }
        return view.layer.convert(inRoot, from: view.treeRoot.layer)
    }

    /// Converts `point` from `view`'s bounds space (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inRoot = view.map { $0.layer.convert(point, to: $0.treeRoot.layer) } ?? point
        return layer.convert(inRoot, from: treeRoot.layer)
    }

    /// Converts `rect` to `view`'s space: the bounding box of its four converted corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        boundingBox(of: rect) { convert($0, to: view) }
    }

    /// Converts `rect` from `view`'s space: the bounding box of its four converted corners.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        boundingBox(of: rect) { convert($0, from: view) }
    }

    private func boundingBox(of rect: CGRect, _ f: (CGPoint) -> CGPoint) -> CGRect {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return r }
        let pts = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
        ].map(f)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01 else { return nil }
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
