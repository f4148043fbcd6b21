import Foundation
import FlipbookGeometry

/// A 3×3 projective map of the plane (row vectors), the flattened form of a layer's
/// 4×4 transform chain: CALayers flatten their sublayers into their own plane.
struct PlaneMap {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let identity = PlaneMap(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// Drops the z row and column of `t` (input z = 0, output z ignored).
    init(_ t: CATransform3D) {
        m = (Double(t.m11), Double(t.m12), Double(t.m14),
             Double(t.m21), Double(t.m22), Double(t.m24),
             Double(t.m41), Double(t.m42), Double(t.m44))
    }

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// `self` then `o`.
    func then(_ o: PlaneMap) -> PlaneMap {
        let a = m, b = o.m
        return PlaneMap(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    var inverse: PlaneMap? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let k = 1 / det
        return PlaneMap(m: (
            A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
            B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
            C * k, -(a * h - b * g) * k, (a * e - b * d) * k))
    }

    func apply(_ p: CGPoint) -> CGPoint {
        let x = Double(p.x), y = Double(p.y)
        let X = x * m.0 + y * m.3 + m.6, Y = x * m.1 + y * m.4 + m.7, W = x * m.2 + y * m.5 + m.8
        guard W > 1e-12 else { return CGPoint(x: X, y: Y) }
        return CGPoint(x: X / W, y: Y / W)
    }
}

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates: the bounding box of `bounds`
    /// mapped through anchor point, `transform` and `position` (perspective included).
    /// Setting it sets `position` (from `anchorPoint`) and `bounds.size`; under a
    /// non-identity transform only the position follows, as `frame` is then undefined on iOS.
    public var frame: CGRect {
        get {
            let map = mapToSuperlayerPlane(includeSuperSublayerTransform: false)
            return Self.boundingBox(of: bounds, through: map)
        }
        set {
            guard accepts(newValue, "frame", old: frame) else { return }
            let r = newValue.standardized
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            if CATransform3DIsIdentity(transform) {
                bounds.size = r.size
            }
        }
    }

    /// The 4×4 transform from this layer's bounds space into its superlayer's bounds space.
    public var transformToSuperlayer: CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.height
        var t = CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ), transform)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let s = superlayer, !CATransform3DIsIdentity(s.sublayerTransform) {
            let sx = s.bounds.origin.x + s.anchorPoint.x * s.bounds.width
            let sy = s.bounds.origin.y + s.anchorPoint.y * s.bounds.height
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(-sx, -sy, 0))
            t = CATransform3DConcat(t, s.sublayerTransform)
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(sx, sy, 0))
        }
        return t
    }

    func mapToSuperlayerPlane(includeSuperSublayerTransform: Bool = true) -> PlaneMap {
        if includeSuperSublayerTransform { return PlaneMap(transformToSuperlayer) }
        let ax = bounds.origin.x + anchorPoint.x * bounds.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.height
        var t = CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ), transform)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        return PlaneMap(t)
    }

    /// The map from this layer's bounds space to the space above its root layer.
    func mapToScreen() -> PlaneMap {
        var map = mapToSuperlayerPlane()
        var p = superlayer
        while let layer = p {
            map = map.then(layer.mapToSuperlayerPlane())
            p = layer.superlayer
        }
        return map
    }

    static func boundingBox(of r: CGRect, through map: PlaneMap) -> CGRect {
        let pts = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
        ].map(map.apply)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// The map from `layer`'s bounds space (the space above the root when nil) into this layer's.
    private func map(from layer: CALayer?) -> PlaneMap? {
        let source = layer?.mapToScreen() ?? .identity
        guard let inverse = mapToScreen().inverse else {
            FlipbookDiagnostics.report(
                "CALayer.convert: \(name ?? "\(type(of: self))") has a non-invertible transform; the value is returned unconverted.",
                once: "CALayer.convert.singular")
            return nil
        }
        return source.then(inverse)
    }

    /// Converts a point from `layer`'s coordinate space (nil: the space above the root
    /// layer, i.e. the window/screen) into this layer's, through every 3D transform.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        map(from: layer)?.apply(p) ?? p
    }

    /// Converts a point from this layer's coordinate space into `layer`'s.
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        guard let layer else { return mapToScreen().apply(p) }
        return layer.convert(p, from: self)
    }

    /// Converts a rectangle (the bounding box of its mapped corners) from `layer`'s space.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        guard let m = map(from: layer) else { return r }
        return Self.boundingBox(of: r, through: m)
    }

    /// Converts a rectangle (the bounding box of its mapped corners) into `layer`'s space.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        guard let layer else { return Self.boundingBox(of: r, through: mapToScreen()) }
        return layer.convert(r, from: self)
    }


    /// The farthest descendant (or this layer) containing `p`, given in the superlayer's
    /// coordinates; hidden layers are skipped and `masksToBounds` clips. Sublayers are
    /// tried front to back (higher `zPosition` first, then later siblings).
    func performHitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        guard let inv = mapToSuperlayerPlane().inverse else { return nil }
        let local = inv.apply(p)
        if masksToBounds, !contains(local) { return nil }
        if let subs = sublayers {
            let ordered = subs.enumerated().sorted { ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset) }
            for (_, s) in ordered {
                if let hit = s.hitTest(local) { return hit }
            }
        }
        return contains(local) ? self : nil
    }
}
