import CCairo
import Foundation
import FlipbookGeometry

/// CAGradientLayer's radial and conic gradients (see docs/Semantics.md, "Gradient layers").
///
/// - Radial: an ellipse centred at `startPoint` whose half-width and half-height are
///   (endPoint.x − startPoint.x) and (endPoint.y − startPoint.y) of the bounds' width and height
///   (Apple's header: the ellipse's width and height are twice those); colour 0 at the centre,
///   the last colour on the ellipse and beyond.
/// - Conic: centred at `startPoint`; colour 0 starts along the direction from `startPoint` to
///   `endPoint` (in points of the bounds) and the colours go once round, clockwise on screen
///   (y down), the last colour meeting colour 0 again at a seam along the starting direction.
/// `locations` place the colours (evenly spread when nil); before the first and after the
/// last location the end colours continue.
enum GradientRasterizer {
    /// The colour at `t` (0…1) along the stops: straight RGBA interpolated linearly.
    static func color(at t: Double, colors: [[CGFloat]], locations: [Double]) -> SIMD4<Double> {
        func c(_ k: Int) -> SIMD4<Double> {
            SIMD4(Double(colors[k][0]), Double(colors[k][1]), Double(colors[k][2]), Double(colors[k][3]))
        }
        let n = colors.count
        if n == 1 || t <= locations[0] { return c(0) }
        if t >= locations[n - 1] { return c(n - 1) }
        var k = 0
        while k + 1 < n - 1 && t > locations[k + 1] { k += 1 }
        let a = locations[k], b = locations[k + 1]
        let f = b > a ? (t - a) / (b - a) : 1
        return c(k) + (c(k + 1) - c(k)) * f
    }

    /// The stop locations: `locations` where given for each colour (kept non-decreasing),
    /// else evenly spread.
    static func stops(_ g: GradientContent) -> [Double] {
        let n = g.colors.count
        var out: [Double] = []
        for k in 0..<n {
            var v = g.locations.flatMap { k < $0.count ? Double($0[k]) : nil } ?? (n == 1 ? 0 : Double(k) / Double(n - 1))
            if !v.isFinite { v = 0 }
            if let last = out.last, v < last { v = last }
            out.append(v)
        }
        return out
    }

    /// The conic fraction (0…1) of the point (x, y) in points: the clockwise angle from the
    /// starting direction over a full turn.
    static func conicFraction(x: Double, y: Double, center: CGPoint, startAngle: Double) -> Double {
        var a = atan2(y - Double(center.y), x - Double(center.x)) - startAngle
        a = a.truncatingRemainder(dividingBy: 2 * .pi)
        if a < 0 { a += 2 * .pi }
        return a / (2 * .pi)
    }

    /// Paints a conic gradient over the whole clip of `cr` (whose user space is `b` in points,
    /// `pixelWidth` × `pixelHeight` pixels), one sample at each pixel's centre.
    static func drawConic(_ g: GradientContent, bounds b: CGRect, pixelWidth w: Int, pixelHeight h: Int, _ cr: OpaquePointer) {
        guard !g.colors.isEmpty, let surface = CairoBridge.makeSurface(width: w, height: h) else { return }
        defer { cairo_surface_destroy(surface) }
        let center = CGPoint(x: b.minX + g.startPoint.x * b.width, y: b.minY + g.startPoint.y * b.height)
        let end = CGPoint(x: b.minX + g.endPoint.x * b.width, y: b.minY + g.endPoint.y * b.height)
        // Coincident points have no direction: start along +x (Apple: undefined).
        let start = center == end ? 0 : atan2(Double(end.y - center.y), Double(end.x - center.x))
        let locations = stops(g)
        let sx = Double(b.width) / Double(w), sy = Double(b.height) / Double(h)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { return }
        for py in 0..<h {
            let y = Double(b.minY) + (Double(py) + 0.5) * sy
            let row = base + py * stride
            for px in 0..<w {
                let x = Double(b.minX) + (Double(px) + 0.5) * sx
                let t = conicFraction(x: x, y: y, center: center, startAngle: start)
                let c = color(at: t, colors: g.colors, locations: locations)
                let a = min(max(c.w, 0), 1)
                func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * a * 255).rounded()) }
                let word = UInt32((a * 255).rounded()) << 24 | byte(c.x) << 16 | byte(c.y) << 8 | byte(c.z)
                UnsafeMutableRawPointer(row + px * 4).storeBytes(of: word, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The elliptical radial gradient's pattern (nil when the ellipse is empty in both directions).
    static func radialPattern(_ g: GradientContent, bounds b: CGRect) -> OpaquePointer? {
        let cx = Double(b.minX + g.startPoint.x * b.width), cy = Double(b.minY + g.startPoint.y * b.height)
        var rx = abs(Double((g.endPoint.x - g.startPoint.x) * b.width))
        var ry = abs(Double((g.endPoint.y - g.startPoint.y) * b.height))
        guard rx.isFinite, ry.isFinite, rx > 0 || ry > 0 else { return nil }
        // A flat ellipse (one radius 0) is drawn as the circle of the other (see docs/Divergences.md).
        if rx == 0 { rx = ry }
        if ry == 0 { ry = rx }
        guard let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else { return nil }
        // The pattern's matrix maps user space to pattern space: the ellipse becomes the unit circle.
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, 1 / rx, 0, 0, 1 / ry, -cx / rx, -cy / ry)
        cairo_pattern_set_matrix(pattern, &m)
        return pattern
    }
}
