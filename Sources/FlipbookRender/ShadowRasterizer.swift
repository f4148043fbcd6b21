import CCairo
import Foundation
import FlipbookGeometry

/// Rasterises a layer's shadow: the shape's alpha, blurred and tinted.
///
/// The blur is a Gaussian of standard deviation `shadowRadius` points (the usual reading of
/// Core Animation's radius: design tools' blur = 2 × shadowRadius, CSS σ = blur / 2),
/// approximated by three box passes in integer arithmetic, so it is exact to ±1 level and
/// deterministic.
enum ShadowRasterizer {
    static func rasterize(_ s: ShadowContent, body: PlacedRaster?) -> PlacedRaster? {
        let scale = Double(s.scale)
        guard scale > 0, scale.isFinite, s.radius.isFinite else { return nil }
        let sigma = max(0, Double(s.radius)) * scale
        let margin = Int((3 * sigma).rounded(.up)) + 2
        var area = s.bounds
        if let p = s.path { area = area.union(p.boundingBox) }
        guard area.width.isFinite, area.height.isFinite, area.width > 0, area.height > 0 else { return nil }
        let w = Int((Double(area.width) * scale).rounded(.up)) + 2 * margin
        let h = Int((Double(area.height) * scale).rounded(.up)) + 2 * margin
        guard w > 0, h > 0, w <= ContentRasterizer.maxSide * 2, h <= ContentRasterizer.maxSide * 2 else { return nil }
        let originX = Double(area.minX) - Double(margin) / scale, originY = Double(area.minY) - Double(margin) / scale
        var alpha = [UInt8](repeating: 0, count: w * h)
        if let path = s.path {
            guard let surface = CairoBridge.makeSurface(width: w, height: h), let cr = cairo_create(surface) else { return nil }
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -originX, -originY)
            CairoPath.add(path, to: cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
            cairo_destroy(cr)
            let r = CairoBridge.raster(from: surface)
            cairo_surface_destroy(surface)
            for k in 0..<(w * h) { alpha[k] = r.data[k * 4 + 3] }
        } else if let body {
            // The body bitmap's alpha, resampled to this grid (same scale: a shifted copy).
            let r = body.raster
            let dx = Int(((body.originX - originX) * scale).rounded()), dy = Int(((body.originY - originY) * scale).rounded())
            for y in 0..<r.height where y + dy >= 0 && y + dy < h {
                for x in 0..<r.width where x + dx >= 0 && x + dx < w {
                    alpha[(y + dy) * w + x + dx] = r.data[(y * r.width + x) * 4 + 3]
                }
            }
        } else {
            return nil
        }
        if sigma > 0.3 {
            let radius = max(1, Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded()))
            for _ in 0..<3 {
                boxBlur(&alpha, w: w, h: h, radius: radius, horizontal: true)
                boxBlur(&alpha, w: w, h: h, radius: radius, horizontal: false)
            }
        }
        let out = Raster(width: w, height: h)
        let c = s.color
        for k in 0..<(w * h) where alpha[k] > 0 {
            let a = Double(alpha[k]) / 255 * Double(c[3])
            out.data[k * 4] = UInt8((Double(c[0]) * a * 255).rounded())
            out.data[k * 4 + 1] = UInt8((Double(c[1]) * a * 255).rounded())
            out.data[k * 4 + 2] = UInt8((Double(c[2]) * a * 255).rounded())
            out.data[k * 4 + 3] = UInt8((a * 255).rounded())
        }
        return PlacedRaster(raster: out, originX: originX, originY: originY, scaleX: scale, scaleY: scale)
    }

    /// One box pass of width 2·radius+1 along rows or columns, zero outside, rounded to nearest.
    static func boxBlur(_ a: inout [UInt8], w: Int, h: Int, radius r: Int, horizontal: Bool) {
        let n = horizontal ? w : h, lines = horizontal ? h : w
        let step = horizontal ? 1 : w
        let width = 2 * r + 1
        var line = [Int](repeating: 0, count: n)
        for l in 0..<lines {
            let base = horizontal ? l * w : l
            for i in 0..<n { line[i] = Int(a[base + i * step]) }
            var sum = 0
            for i in 0..<min(r, n) { sum += line[i] }
            for i in 0..<n {
                let add = i + r, sub = i - r - 1
                if add < n { sum += line[add] }
                if sub >= 0 { sum -= line[sub] }
                a[base + i * step] = UInt8((sum + width / 2) / width)
            }
        }
    }
}
