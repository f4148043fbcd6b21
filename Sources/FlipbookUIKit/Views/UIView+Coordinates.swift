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
    /// The map from this view's bounds space to its tree root's bounds space.
    func toRootHomography() -> (root: UIView, map: PlaneMap) {
        var h = PlaneMap.identity
        var v: UIView = self
        while let parent = v.superviewStorage {
            h = h.then(LayerGeometry.toSuperlayerMatrix(v.layer))
            v = parent
        }
        return (v, h)
    }

    /// Converts `point` from this view's bounds space to `view`'s (the window, or the tree's
    /// root, when `view` is nil). Views in different trees meet in their roots' spaces.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let a = toRootHomography()
        let rootPoint = a.map.map(point)
        guard let view else { return rootPoint }
        let b = view.toRootHomography()
        guard let inverse = b.map.inverted else { return rootPoint }
        return inverse.map(rootPoint)
    }

    /// Converts `point` from `view`'s bounds space (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let source = view.map { $0.toRootHomography().map.map(point) } ?? point
        guard let inverse = toRootHomography().map.inverted else { return source }
        return inverse.map(source)
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
            let p = sub.convert(point, from: self)
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }
}
