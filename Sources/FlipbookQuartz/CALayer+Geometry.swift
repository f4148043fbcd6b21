import Foundation
import FlipbookGeometry

extension CALayer {
    /// `transform`'s affine part (`CATransform3DGetAffineTransform(transform)`), as Core
    /// Animation's `affineTransform()` answers; on a presentation copy, the on-screen value.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets `transform` to `m` (`CATransform3DMakeAffineTransform(m)`), with the same implicit
    /// animation a `transform` change gets.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The 4×4 transform from this layer's bounds space into its superlayer's bounds space.
    public var transformToSuperlayer: CATransform3D { transformToSuperlayer(includingSublayerTransform: true) }

    /// Anchor point, `transform`, position and `zPosition`, then (when asked) the
    /// superlayer's `sublayerTransform` about the superlayer's anchor point.
    func transformToSuperlayer(includingSublayerTransform: Bool) -> CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.height
        var t = CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ), transform)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if includingSublayerTransform, let s = superlayer, !CATransform3DIsIdentity(s.sublayerTransform) {
            let sx = s.bounds.origin.x + s.anchorPoint.x * s.bounds.width
            let sy = s.bounds.origin.y + s.anchorPoint.y * s.bounds.height
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(-sx, -sy, 0))
            t = CATransform3DConcat(t, s.sublayerTransform)
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(sx, sy, 0))
        }
        return t
    }

    /// The map of this layer's plane into its superlayer's: `transformToSuperlayer` flattened
    /// (without the superlayer's `sublayerTransform` for `frame`, which iOS defines without it).
    package func mapToSuperlayerPlane(includeSuperSublayerTransform: Bool = true) -> PlaneMap {
        PlaneMap(planeOf: transformToSuperlayer(includingSublayerTransform: includeSuperSublayerTransform))
    }

    /// The map from this layer's bounds space to the space above its root layer.
    /// A sublayer of a `CATransformLayer` is not flattened into it: its matrix goes on through
    /// the transform layers above it, and the whole is flattened into the plane of the first
    /// ancestor that is not one (see `CATransformLayer`).
    package func mapToScreen() -> PlaneMap {
        var map = mapToSuperlayerPlane()
        var p = superlayer
        if p is CATransformLayer { map = PlaneMap(planeOf: throughTransformLayers(transformToSuperlayer, &p)) }
        while let layer = p {
            p = layer.superlayer
            if p is CATransformLayer {
                map = map.then(PlaneMap(planeOf: throughTransformLayers(layer.transformToSuperlayer, &p)))
            } else {
                map = map.then(layer.mapToSuperlayerPlane())
            }
        }
        return map
    }

    /// `t` continued through the transform layers from `p` up (not flattened); `p` becomes the
    /// first ancestor that is not a transform layer.
    private func throughTransformLayers(_ t: CATransform3D, _ p: inout CALayer?) -> CATransform3D {
        var t = t
        var n = 0
        while let tl = p as? CATransformLayer, n < 256 {
            t = CATransform3DConcat(t, tl.transformToSuperlayer)
            p = tl.superlayer
            n += 1
        }
        return t
    }

    /// The map from this layer's bounds space into `ancestor`'s, composed up the chain without
    /// inverting anything, so an ancestor scaled to nothing (a pop-in's first frame) still
    /// receives its sublayers' points. Nil when `ancestor` is not above this layer, or when a
    /// transform layer is on the way (its sublayers are not flattened one plane at a time).
    package func map(toAncestor ancestor: CALayer) -> PlaneMap? {
        var map = PlaneMap.identity
        var layer = self
        while layer !== ancestor {
            guard let p = layer.superlayer, !(p is CATransformLayer) else { return nil }
            map = map.then(layer.mapToSuperlayerPlane())
            layer = p
        }
        return map
    }

    /// The map from `layer`'s bounds space (the space above the root when nil) into this layer's.
    package func map(from layer: CALayer?) -> PlaneMap? {
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
        map(from: layer)?.map(p) ?? p
    }

    /// Converts a point from this layer's coordinate space into `layer`'s.
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        guard let layer else { return mapToScreen().map(p) }
        return layer.convert(p, from: self)
    }

    /// Converts a rectangle (the bounding box of its mapped corners) from `layer`'s space.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        guard let m = map(from: layer) else { return r }
        return m.boundingBox(of: r)
    }

    /// Converts a rectangle (the bounding box of its mapped corners) into `layer`'s space.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        guard let layer else { return mapToScreen().boundingBox(of: r) }
        return layer.convert(r, from: self)
    }


    /// The farthest descendant (or this layer) containing `p`, given in the superlayer's
    /// coordinates; hidden layers are skipped and `masksToBounds` clips. Sublayers are
    /// tried front to back (higher `zPosition` first, then later siblings).
    func performHitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        guard let inv = mapToSuperlayerPlane().inverse else { return nil }
        return hitTest(local: inv.map(p))
    }

    /// `performHitTest` from a point already in this layer's bounds space.
    package func hitTest(local: CGPoint) -> CALayer? {
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
