import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// One step of a flattened frame.
enum DisplayItem: Sendable, Equatable {
    /// Draw a bitmap through a projective map.
    case quad(QuadDraw)
    /// Start an offscreen group (a translucent layer with sublayers, or a masked layer).
    case beginGroup
    /// End the innermost group: multiply it by the mask (when given), then composite it with `opacity`.
    case endGroup(opacity: Double, mask: [DisplayItem]?)
    /// Blur what lies behind a backdrop layer into the innermost group (DisplayList+Backdrop.swift).
    case backdrop(BackdropDraw)
}

/// Absolute matrices of Core Animation's layer geometry.
enum LayerGeometry {
    /// The anchor point in bounds coordinates.
    @preconcurrency @MainActor static func anchor(of l: CALayer) -> (x: Double, y: Double) {
        let b = l.bounds
        return (Double(b.minX + l.anchorPoint.x * b.width), Double(b.minY + l.anchorPoint.y * b.height))
    }

    /// Maps a layer's bounds space into its superlayer's bounds space (before the superlayer's
    /// sublayerTransform): translate(−anchor, −anchorPointZ) · transform · translate(position, zPosition).
    @preconcurrency @MainActor static func local(_ l: CALayer) -> CATransform3D {
        let a = anchor(of: l)
        let t0 = CATransform3DMakeTranslation(CGFloat(-a.x), CGFloat(-a.y), -l.anchorPointZ)
        let t1 = CATransform3DMakeTranslation(l.position.x, l.position.y, l.zPosition)
        return CATransform3DConcat(CATransform3DConcat(t0, l.transform), t1)
    }

    /// The superlayer's sublayerTransform applied about its anchor point.
    @preconcurrency @MainActor static func sublayerTransform(of p: CALayer) -> CATransform3D {
        if CATransform3DIsIdentity(p.sublayerTransform) { return CATransform3DIdentity }
        let a = anchor(of: p)
        let t0 = CATransform3DMakeTranslation(CGFloat(-a.x), CGFloat(-a.y), 0)
        let t1 = CATransform3DMakeTranslation(CGFloat(a.x), CGFloat(a.y), 0)
        return CATransform3DConcat(CATransform3DConcat(t0, p.sublayerTransform), t1)
    }

    /// Core Animation's flattening: the z coordinate is dropped (each layer is a plane).
    static func flatten(_ m: CATransform3D) -> CATransform3D {
        var r = m
        r.m13 = 0; r.m23 = 0; r.m33 = 0; r.m43 = 0
        return r
    }

    /// A child's absolute matrix from its parent's: local · parent's sublayerTransform · flatten · parent.
    @preconcurrency @MainActor static func child(_ c: CALayer, of p: CALayer, parentMatrix: CATransform3D) -> CATransform3D {
        let m = CATransform3DConcat(local(c), sublayerTransform(of: p))
        return CATransform3DConcat(flatten(m), parentMatrix)
    }

    /// The matrix of a layer's mask: in the masked layer's bounds space, no sublayerTransform.
    @preconcurrency @MainActor static func mask(_ m: CALayer, parentMatrix: CATransform3D) -> CATransform3D {
        CATransform3DConcat(flatten(local(m)), parentMatrix)
    }
}

/// Walks a presentation tree and produces the frame's display list (see FlipbookRender.swift).
@preconcurrency @MainActor
struct DisplayListBuilder {
    let scale: Double
    let cache: ContentCache
    /// The output's pixels, when known (`build`): vector content magnified past it is drawn only
    /// where it shows (DisplayListBuilder+VectorScale.swift).
    var viewport: CGRect? = nil

    /// The display list for `root` (a presentation tree: sublayers are drawn as they are), whose
    /// bounds become the output, at `scale` pixels per point.
    /// With `offset`, the root's bounds origin lands at `offset` (points) in the output instead of
    /// at its corner (another window on the screen, `LayerRenderer.screenLayers`).
    func build(root: CALayer, offset: CGPoint = .zero) -> [DisplayItem] {
        let b = root.bounds
        let m = CATransform3DConcat(
            CATransform3DMakeTranslation(-b.minX + offset.x, -b.minY + offset.y, 0),
            CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1))
        var items: [DisplayItem] = []
        var builder = self
        builder.viewport = CGRect(
            x: Double(offset.x) * scale, y: Double(offset.y) * scale, width: Double(b.width) * scale, height: Double(b.height) * scale)
        if root is CATransformLayer {
            // A transform layer as the root: its sublayers form a 3D context in the output's plane.
            builder.appendTransformContext(root, toContext: CATransform3DIdentity, post: m, clips: [], inherited: 1, into: &items, depth: 0)
        } else {
            builder.visit(root, matrix: m, clips: [], into: &items, depth: 0)
        }
        return items
    }

    /// Appends `layer` and its subtree. `shape`: the layer is drawn only as the shape of its own
    /// shadow (opaque as a whole, without that shadow). `inherited`: an opacity multiplied into
    /// the layer's own (from a transform layer, or a superlayer that does not group its
    /// opacity). `unfaded`: the layer is drawn into its own `shouldRasterize` bitmap (its
    /// opacity is applied when that bitmap is composited).
    func visit(
        _ layer: CALayer, matrix m: CATransform3D, clips: [ClipShape], into items: inout [DisplayItem], depth: Int,
        shape: Bool = false, inherited: Double = 1, unfaded: Bool = false
    ) {
        guard depth < 256, !layer.isHidden else { return }
        let own = shape || unfaded ? 1 : layer.opacity.isFinite ? Double(min(max(layer.opacity, 0), 1)) : 1
        let opacity = inherited == 1 ? own : own * inherited
        guard opacity > 0 else { return }
        let plane = Homography(planeOf: m)
        guard plane.isFinite else { return }
        if !layer.isDoubleSided && plane.determinant < 0 { return }  // back face (and its sublayers) culled
        if !shape && !unfaded && layer.shouldRasterize,
           appendRasterized(layer, plane: plane, opacity: opacity, clips: clips, into: &items, depth: depth)
        {
            return
        }
        let subs = Self.drawingOrder(layer.sublayers ?? [])
        let maskLayer = layer.mask
        let emitter = type(of: layer) == CALayer.self ? nil : layer as? CAEmitterLayer
        let hasParticles = !(emitter?.presentedParticles.isEmpty ?? true)
        // allowsGroupOpacity = false: no group for opacity; it multiplies into each sublayer.
        let fadesSublayersApart = maskLayer == nil && opacity < 1 && !subs.isEmpty && !layer.allowsGroupOpacity
        let group = maskLayer != nil || (opacity < 1 && (!subs.isEmpty || hasParticles) && !fadesSublayersApart)
        let alpha = group ? 1 : opacity
        let childOpacity = fadesSublayersApart ? opacity : 1
        if group { items.append(.beginGroup) }

        let content = LayerContentReader.body(of: layer, scale: scale)
        // Without a shadowPath, a layer with sublayers or a border casts the shadow of all of it,
        // as Core Animation does; a lone body's shadow is cached with the body.
        let whole = !shape && layer.shadowOpacity > 0 && layer.shadowPath == nil && (!subs.isEmpty || layer.borderWidth > 0)
        if !shape, let shadow = LayerContentReader.shadow(of: layer, body: content, scale: scale, composite: whole),
           let placed = whole ? compositeShadow(of: layer, shadow, depth: depth) : cache.shadow(shadow)
        {
            let off = layer.shadowOffset
            let shift = Homography.scaleTranslate(sx: 1, sy: 1, tx: Double(off.width), ty: Double(off.height))
            if let q = quad(placed, plane: plane.concat(shift), opacity: alpha, clips: clips) { items.append(.quad(q)) }
        }
        if !shape, let backdropLayer = layer as? BackdropLayer,
           let step = backdrop(of: backdropLayer, plane: plane, opacity: alpha, clips: clips)
        {
            items.append(.backdrop(step))
        }
        if let content, let image = ImageContent(content) {
            appendImage(image, under: content.withoutImage, of: layer, plane: plane, opacity: alpha, clips: clips, into: &items)
        } else if let content, let placed = cache.body(magnifiedShapeBody(content, plane: plane) ?? content),
           let q = quad(placed, plane: plane, opacity: alpha, clips: clips)
        {
            items.append(.quad(q))
        }
        if !subs.isEmpty {
            var childClips = clips
            if layer.masksToBounds, let inv = plane.inverse {
                let shape = LayerContentReader.shape(of: layer)
                childClips.append(ClipShape(toShape: inv, shape: shape))
            }
            if let replicator = layer as? CAReplicatorLayer {
                visitInstances(of: replicator, matrix: m, clips: childClips, into: &items, depth: depth)
            } else {
                for s in subs {
                    if s is CATransformLayer {
                        let toContext = CATransform3DConcat(LayerGeometry.local(s), LayerGeometry.sublayerTransform(of: layer))
                        appendTransformContext(
                            s, toContext: toContext, post: m, clips: childClips, inherited: childOpacity, into: &items,
                            depth: depth + 1)
                    } else {
                        visit(
                            s, matrix: LayerGeometry.child(s, of: layer, parentMatrix: m), clips: childClips, into: &items,
                            depth: depth + 1, inherited: childOpacity)
                    }
                }
            }
        }
        if let border = LayerContentReader.border(of: layer, scale: scale), let placed = cache.border(border),
           let q = quad(placed, plane: plane, opacity: alpha, clips: clips)
        {
            items.append(.quad(q))
        }
        if let emitter, hasParticles {
            // Particles are drawn above the layer's background and border (CAEmitterLayer).
            var particleClips = clips
            if layer.masksToBounds, let inv = plane.inverse {
                particleClips.append(ClipShape(toShape: inv, shape: LayerContentReader.shape(of: layer)))
            }
            appendParticles(of: emitter, matrix: m, opacity: fadesSublayersApart ? opacity : alpha, clips: particleClips, into: &items)
        }
        if group {
            var maskItems: [DisplayItem]?
            if let maskLayer {
                var list: [DisplayItem] = []
                visit(maskLayer, matrix: LayerGeometry.mask(maskLayer, parentMatrix: m), clips: [], into: &list, depth: depth + 1)
                maskItems = list
            }
            items.append(.endGroup(opacity: opacity, mask: maskItems))
        }
    }

    /// Sublayers in drawing order: by zPosition, then by their order in the list. A list whose
    /// zPositions already never decrease (the usual case: all 0) is that order as it is, without
    /// sorting (a container of hundreds of tiles sorted them every frame).
    static func drawingOrder(_ list: [CALayer]) -> [CALayer] {
        var previous = -CGFloat.infinity, sorted = true
        for l in list {
            let z = l.zPosition
            if !(z >= previous) { sorted = false; break }  // NaN too: the general sort decides
            previous = z
        }
        if sorted { return list }
        return list.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    }

    /// A layer body that is an image (plus at most a background): the background's bitmap, then
    /// the image's own pixels as a quad through the layer's map (see `ImageContent`), clipped to
    /// the layer's rounded bounds only when it masks to them. When both parts show and the layer
    /// is translucent they form one group, so the background does not show through the image
    /// (the same picture as one body bitmap faded as a whole).
    private func appendImage(
        _ image: ImageContent, under background: LayerContent?, of layer: CALayer, plane: Homography, opacity: Double,
        clips: [ClipShape], into items: inout [DisplayItem]
    ) {
        var imageClips: [ClipShape]? = clips
        if layer.masksToBounds {
            let shape = LayerContentReader.shape(of: layer)
            if !(shape.isRectangle && layer.bounds.contains(image.rect)) {
                // A singular map shows nothing of the layer anyway (quad() finds no inverse either).
                imageClips = plane.inverse.map { clips + [ClipShape(toShape: $0, shape: shape)] }
            }
        }
        let bg = background.flatMap { cache.body($0) }.flatMap { quad($0, plane: plane, opacity: 1, clips: clips) }
        var img: QuadDraw?
        if let imageClips, let texture = cache.image(image.image) {
            img = quad(image.placed(texture), plane: plane, opacity: 1, clips: imageClips)
        }
        let parts = [bg, img].compactMap { $0 }
        let group = parts.count > 1 && opacity < 1
        if group { items.append(.beginGroup) }
        for var q in parts {
            q.opacity = group ? 1 : opacity
            items.append(.quad(q))
        }
        if group { items.append(.endGroup(opacity: opacity, mask: nil)) }
    }

    /// The shadow of `layer` drawn whole (body, sublayers, border; Core Animation's shape for a
    /// shadow without shadowPath): the layer is drawn alone, flat in its own bounds space, and
    /// that drawing's alpha is blurred and tinted. Kept while that drawing stays the same (see
    /// `ContentCache.compositeShadow`); the extent it may cover is limited to the rasterizer's
    /// largest bitmap.
    private func compositeShadow(of layer: CALayer, _ shadow: ShadowContent, depth: Int) -> PlacedRaster? {
        func drawing(originX: Double, originY: Double, scale s: Double) -> [DisplayItem] {
            ownSpaceDrawing(of: layer, originX: originX, originY: originY, scale: s, depth: depth, shape: true)
        }
        // What the drawing covers, from its quads' outlines (in pixels from the bounds' origin).
        let b = layer.bounds
        let probe = drawing(originX: Double(b.minX), originY: Double(b.minY), scale: scale)
        guard case let (x0, y0, x1, y1)? = Self.outlineBox(of: probe) else { return nil }
        let extent = CGRect(
            x: Double(b.minX) + x0 / scale, y: Double(b.minY) + y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        // The same drawing (its bitmaps are the cache's, so unchanged content is the same
        // objects) casts the same shadow: a layer that only moves keeps it.
        return cache.compositeShadow(of: ObjectIdentifier(layer.model()), key: shadow, drawing: probe) {
            ShadowRasterizer.blurred(shadow, extent: extent) { grid in
                let raster = Raster(width: grid.w, height: grid.h)
                DisplayListExecutor.execute(drawing(originX: grid.originX, originY: grid.originY, scale: grid.scale), into: raster)
                var alpha = [UInt8](repeating: 0, count: grid.w * grid.h)
                for k in 0..<(grid.w * grid.h) { alpha[k] = raster.data[k * 4 + 3] }
                return alpha
            }
        }
    }

    /// `layer` and its subtree drawn flat in the layer's own bounds space, `scale` pixels a
    /// point, the point (originX, originY) at the pixel origin (for a shadow or a bitmap of
    /// the whole layer).
    func ownSpaceDrawing(
        of layer: CALayer, originX: Double, originY: Double, scale s: Double, depth: Int, shape: Bool = false,
        unfaded: Bool = false
    ) -> [DisplayItem] {
        let m = CATransform3DConcat(
            CATransform3DMakeTranslation(CGFloat(-originX), CGFloat(-originY), 0), CATransform3DMakeScale(CGFloat(s), CGFloat(s), 1))
        var items: [DisplayItem] = []
        visit(layer, matrix: m, clips: [], into: &items, depth: depth, shape: shape, unfaded: unfaded)
        return items
    }

    /// The box around the outlines of the quads in `items` (pixels), as (x0, y0, x1, y1); nil
    /// when it is empty or not finite (nothing shows).
    static func outlineBox(of items: [DisplayItem]) -> (Double, Double, Double, Double)? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for case .quad(let q) in items {
            for p in q.polygon {
                x0 = min(x0, Double(p.x)); y0 = min(y0, Double(p.y)); x1 = max(x1, Double(p.x)); y1 = max(y1, Double(p.y))
            }
        }
        guard x0 < x1, y0 < y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        return (x0, y0, x1, y1)
    }

    /// A quad drawing `placed` (texels in bounds space) through the layer plane's map.
    func quad(_ placed: PlacedRaster, plane: Homography, opacity: Double, clips: [ClipShape]) -> QuadDraw? {
        let h = plane.concat(placed.texelToBounds)
        guard let inv = h.inverse else { return nil }
        let t = placed.texelRect ?? CGRect(x: 0, y: 0, width: placed.raster.width, height: placed.raster.height)
        let poly = PolygonClip.clipAndProject(t, through: h)
        guard poly.count >= 3 else { return nil }
        return QuadDraw(
            source: placed.raster, toSource: inv, polygon: poly, opacity: opacity, clips: clips, sourceWindow: placed.texelRect)
    }
}
