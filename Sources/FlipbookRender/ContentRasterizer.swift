import CCairo
import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Draws a layer's own content (never its sublayers) into a bitmap with cairo and pango, in the
/// layer's bounds space scaled to pixels. Pure functions of their `LayerContent`/`BorderContent`/
/// `ShadowContent` key, so results can be cached by key.
enum ContentRasterizer {
    /// Largest bitmap side in pixels; bigger layers are rasterised at a lower resolution.
    static let maxSide = 8192

    /// The pixel size and scale factors of a bounds-sized bitmap at `scale` (clamped to `maxSide`).
    static func pixelSize(bounds: CGRect, scale: Double) -> (w: Int, h: Int)? {
        let bw = Double(bounds.width), bh = Double(bounds.height)
        guard bw.isFinite, bh.isFinite, bw > 0, bh > 0, scale.isFinite, scale > 0 else { return nil }
        let w = min(maxSide, max(1, Int((bw * scale).rounded(.up))))
        let h = min(maxSide, max(1, Int((bh * scale).rounded(.up))))
        return (w, h)
    }

    /// A context whose user space is the layer's bounds space in points.
    private static func withContext(
        width: Int, height: Int, bounds: CGRect, _ body: (OpaquePointer) -> Void
    ) -> Raster? {
        guard let surface = CairoBridge.makeSurface(width: width, height: height) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        cairo_scale(cr, Double(width) / Double(bounds.width), Double(height) / Double(bounds.height))
        cairo_translate(cr, -Double(bounds.minX), -Double(bounds.minY))
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        body(cr)
        cairo_destroy(cr)
        return CairoBridge.raster(from: surface)
    }

    static func setColor(_ c: [CGFloat], _ cr: OpaquePointer, alpha: Double = 1) {
        cairo_set_source_rgba(cr, Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * alpha)
    }

    /// The layer body: background, contents image, gradient, shape, recorded drawing, text.
    static func rasterize(_ c: LayerContent) -> PlacedRaster? {
        guard !c.isEmpty else { return nil }
        let raster = solidColor(c).map { Raster(width: c.pixelWidth, height: c.pixelHeight, uniform: $0) } ?? drawn(c)
        guard let raster else { return nil }
        return PlacedRaster(
            raster: raster, originX: Double(c.bounds.minX), originY: Double(c.bounds.minY),
            scaleX: Double(c.pixelWidth) / Double(c.bounds.width), scaleY: Double(c.pixelHeight) / Double(c.bounds.height))
    }

    /// The body drawn by cairo and pango (every body but `solidColor`'s, which this draws alike).
    static func drawn(_ c: LayerContent) -> Raster? {
        withContext(width: c.pixelWidth, height: c.pixelHeight, bounds: c.bounds) { cr in
            if let bg = c.background, bg[3] > 0 {
                c.shape.addPath(to: cr)
                setColor(bg, cr)
                cairo_fill(cr)
            }
            cairo_save(cr)
            if c.masksToBounds { c.shape.addPath(to: cr) } else {
                cairo_rectangle(cr, Double(c.bounds.minX), Double(c.bounds.minY), Double(c.bounds.width), Double(c.bounds.height))
            }
            cairo_clip(cr)
            if let g = c.gradient {
                if g.conic {
                    GradientRasterizer.drawConic(g, bounds: c.bounds, pixelWidth: c.pixelWidth, pixelHeight: c.pixelHeight, cr)
                } else {
                    drawGradient(g, bounds: c.bounds, cr)
                }
            }
            if let box = c.image, let image = box.object as? CGImage { drawImage(image, c, cr) }
            if let s = c.shapeLayer { drawShape(s, cr) }
            if let box = c.drawing, let ctx = box.object as? CGContext {
                DrawingReplay.replay(ctx.commands, origin: c.bounds.origin, cr: cr)
            }
            if let t = c.text { TextRenderer.draw(t.string, style: t.style, in: c.bounds, cr: cr) }
            cairo_restore(cr)
        }
    }

    /// The one colour of a body that is only a background filling its square-cornered bounds (a
    /// plain view's backing layer), as an RGBA word; nil for any other body. The bitmap is
    /// scaled to the bounds, so the fill covers every pixel whole and cairo draws them all alike:
    /// the colour is what cairo draws into one pixel, and the bitmap is that pixel repeated
    /// (tested against the drawn bitmap: `ContentRasterizerTests`).
    static func solidColor(_ c: LayerContent) -> UInt32? {
        guard isPlainBackground(c), let bg = c.background else { return nil }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        guard let pixel = withContext(width: 1, height: 1, bounds: unit, { cr in
            cairo_rectangle(cr, 0, 0, 1, 1)
            setColor(bg, cr)
            cairo_fill(cr)
        }) else { return nil }
        return UnsafeRawPointer(pixel.data).loadUnaligned(as: UInt32.self).littleEndian
    }

    /// True for a body that is only a background filling its square-cornered bounds: the bodies
    /// `solidColor` draws as one colour, whatever the bounds' origin.
    static func isPlainBackground(_ c: LayerContent) -> Bool {
        guard let bg = c.background, bg.count >= 4, bg[3] > 0, c.image == nil, c.text == nil, c.drawing == nil, c.shapeLayer == nil,
              c.gradient == nil, c.shape.radii.allSatisfy({ $0 == 0 }),
              c.shape.minX == Double(c.bounds.minX), c.shape.minY == Double(c.bounds.minY),
              c.shape.maxX == Double(c.bounds.maxX), c.shape.maxY == Double(c.bounds.maxY)
        else { return false }
        return true
    }

    /// The border: the rounded outline stroked inside the bounds.
    static func rasterize(_ b: BorderContent) -> PlacedRaster? {
        let raster = withContext(width: b.pixelWidth, height: b.pixelHeight, bounds: b.bounds) { cr in
            // Outer shape minus the shape inset by the border width (even-odd), as CA draws it.
            b.shape.addPath(to: cr)
            let w = Double(min(b.width, min(b.bounds.width, b.bounds.height) / 2))
            var inner = b.shape
            inner.minX += w; inner.minY += w; inner.maxX -= w; inner.maxY -= w
            inner.radii = inner.radii.map { max(0, $0 - w) }
            if inner.maxX > inner.minX && inner.maxY > inner.minY { inner.addPath(to: cr) }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            setColor(b.color, cr)
            cairo_fill(cr)
        }
        guard let raster else { return nil }
        return PlacedRaster(
            raster: raster, originX: Double(b.bounds.minX), originY: Double(b.bounds.minY),
            scaleX: Double(b.pixelWidth) / Double(b.bounds.width), scaleY: Double(b.pixelHeight) / Double(b.bounds.height))
    }

    /// Where `contentsGravity` puts an image of `size` points in `bounds` (Core Animation's rules;
    /// on iOS the layer space is flipped, so "top" gravity means the bottom edge, as Apple does).
    static func gravityRect(_ gravity: String, size: CGSize, in b: CGRect) -> CGRect {
        let w = size.width, h = size.height
        switch gravity {
        case "resize": return b
        case "resizeAspect", "resizeAspectFill":
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let s = gravity == "resizeAspect" ? min(sx, sy) : max(sx, sy)
            return CGRect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
        default:
            var x = b.midX - w / 2, y = b.midY - h / 2
            if gravity.lowercased().contains("left") { x = b.minX }
            if gravity.lowercased().contains("right") { x = b.maxX - w }
            // Flipped geometry on iOS: kCAGravityTop pins to the visual bottom.
            if gravity.hasPrefix("top") { y = b.maxY - h }
            if gravity.hasPrefix("bottom") { y = b.minY }
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }

    private static func drawImage(_ image: CGImage, _ c: LayerContent, _ cr: OpaquePointer) {
        var rect = c.contentsRect.standardized
        if !(rect.width > 0 && rect.height > 0 && rect.minX.isFinite && rect.minY.isFinite) { rect = CGRect(x: 0, y: 0, width: 1, height: 1) }
        let scale = c.contentsScale > 0 && c.contentsScale.isFinite ? c.contentsScale : 1
        let subPx = CGRect(
            x: rect.minX * CGFloat(image.width), y: rect.minY * CGFloat(image.height),
            width: rect.width * CGFloat(image.width), height: rect.height * CGFloat(image.height))
        let dest = gravityRect(c.gravity, size: CGSize(width: subPx.width / scale, height: subPx.height / scale), in: c.bounds)
        if c.gravity == "resize" && !ImageContent.isUnit(c.contentsCenter) {
            NinePartImage.draw(image, source: subPx, center: c.contentsCenter, in: dest, scale: scale, cr)
            return
        }
        paintImage(image, source: subPx, in: dest, cr)
    }

    /// Fills `dest` (user space) with the `source` pixel rectangle of `image`, resampled by cairo.
    static func paintImage(_ image: CGImage, source subPx: CGRect, in dest: CGRect, _ cr: OpaquePointer) {
        guard dest.width > 0, dest.height > 0, subPx.width > 0, subPx.height > 0 else { return }
        guard let src = CairoBridge.surface(premultipliedRGBA: image.pixels, width: image.width, height: image.height) else { return }
        defer { cairo_surface_destroy(src) }
        let pattern = cairo_pattern_create_for_surface(src)
        defer { cairo_pattern_destroy(pattern) }
        var m = cairo_matrix_t()
        let sx = Double(subPx.width / dest.width), sy = Double(subPx.height / dest.height)
        cairo_matrix_init(&m, sx, 0, 0, sy, Double(subPx.minX) - Double(dest.minX) * sx, Double(subPx.minY) - Double(dest.minY) * sy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, Double(dest.minX), Double(dest.minY), Double(dest.width), Double(dest.height))
        cairo_fill(cr)
    }

    private static func drawGradient(_ g: GradientContent, bounds b: CGRect, _ cr: OpaquePointer) {
        guard !g.colors.isEmpty else { return }
        let p0 = CGPoint(x: b.minX + g.startPoint.x * b.width, y: b.minY + g.startPoint.y * b.height)
        let p1 = CGPoint(x: b.minX + g.endPoint.x * b.width, y: b.minY + g.endPoint.y * b.height)
        let pattern: OpaquePointer?
        if g.radial {
            pattern = GradientRasterizer.radialPattern(g, bounds: b)
            if pattern == nil, let last = g.colors.last {
                setColor(last, cr)  // an empty ellipse: everything is beyond it
                cairo_paint(cr)
                return
            }
        } else {
            pattern = cairo_pattern_create_linear(Double(p0.x), Double(p0.y), Double(p1.x), Double(p1.y))
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        let n = g.colors.count
        for (k, c) in g.colors.enumerated() {
            let loc = g.locations.flatMap { k < $0.count ? Double($0[k]) : nil } ?? (n == 1 ? 0 : Double(k) / Double(n - 1))
            cairo_pattern_add_color_stop_rgba(pattern, loc, Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    private static func drawShape(_ s: ShapeContent, _ cr: OpaquePointer) {
        CairoPath.add(s.path, to: cr)
        if let f = s.fillColor, f[3] > 0 {
            cairo_set_fill_rule(cr, s.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setColor(f, cr)
            cairo_fill_preserve(cr)
        }
        if let st = s.strokeColor, st[3] > 0, s.lineWidth > 0, s.strokeEnd > s.strokeStart {
            cairo_set_line_width(cr, Double(s.lineWidth))
            if s.miterLimit != 10 { cairo_set_miter_limit(cr, max(1, Double(s.miterLimit))) }
            cairo_set_line_cap(cr, s.lineCap == "round" ? CAIRO_LINE_CAP_ROUND : (s.lineCap == "square" ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT))
            cairo_set_line_join(cr, s.lineJoin == "round" ? CAIRO_LINE_JOIN_ROUND : (s.lineJoin == "bevel" ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER))
            let trimmed = s.strokeStart > 0 || s.strokeEnd < 1
            let length = trimmed ? PathLength.length(of: s.path) : 0
            if ShapeStroke.apply(s, length: length, to: cr) {
                setColor(st, cr)
                cairo_stroke(cr)
            }
        }
        cairo_new_path(cr)
    }
}

/// Length of a `CGPath` (curves flattened to 32 segments each), for strokeStart/strokeEnd.
enum PathLength {
    static func length(of path: CGPath) -> Double {
        var total = 0.0
        var cur = CGPoint.zero, start = CGPoint.zero
        func seg(_ a: CGPoint, _ b: CGPoint) -> Double { Double(hypot(b.x - a.x, b.y - a.y)) }
        for e in path.elements {
            switch e.type {
            case .moveToPoint: if let p = e.points.first { cur = p; start = p }
            case .addLineToPoint: if let p = e.points.first { total += seg(cur, p); cur = p }
            case .addQuadCurveToPoint, .addCurveToPoint:
                guard let end = e.points.last else { continue }
                let c = [cur] + e.points
                var prev = cur
                for k in 1...32 {
                    let t = CGFloat(k) / 32
                    let p = bezier(c, t)
                    total += seg(prev, p); prev = p
                }
                cur = end
            case .closeSubpath: total += seg(cur, start); cur = start
            }
        }
        return total
    }

    private static func bezier(_ pts: [CGPoint], _ t: CGFloat) -> CGPoint {
        var p = pts
        while p.count > 1 {
            p = zip(p, p.dropFirst()).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return p[0]
    }
}
