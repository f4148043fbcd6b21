import CCairo
import Foundation
import FlipbookGeometry

/// Rasterises a layer's shadow: the shape's alpha, blurred and tinted.
///
/// The blur is a Gaussian of standard deviation `shadowRadius` points (the usual reading of
/// Core Animation's radius: design tools' blur = 2 × shadowRadius, CSS σ = blur / 2),
/// made of three extended-box passes whose variances add up to exactly σ² (integer arithmetic:
/// exact to about ±1 level, and deterministic).
///
/// The work is in two steps: `blurred` makes the shape's alpha on a grid and blurs it (the costly
/// part, which does not depend on the shadow's colour or opacity), `tint` colours that alpha. The
/// content cache keeps the first while only the colour or shadowOpacity changes (a shadow fading
/// with its card), so such a frame only tints again (docs/Renderer.md, "Shadows").
enum ShadowRasterizer {
    /// A shadow's shape, blurred, on its grid: what `tint` colours.
    struct Blurred: Sendable {
        let grid: Grid
        let alpha: [UInt8]
        /// Where the alpha is one level (the flat core of `UniformCore.find`, found on the
        /// levels themselves, colours being levels): every tint is one colour there too, so
        /// `tint` hands it to its bitmap instead of the compositor scanning each new tint (a
        /// fading shadow's every frame). A tint may be one colour over a little more (levels
        /// that round to the same bytes); the core handed on is then smaller than a scan's,
        /// which gives the same bytes.
        let levelCore: UniformCore?
        /// Each row's lowest and highest level: the tint's row is one colour exactly when the
        /// table gives both the same word (it never decreases with the level), so the tint's
        /// uniform rows are those `UniformRows.find` would find, without a scan.
        let rowLevels: [(low: UInt8, high: UInt8)]

        init(grid: Grid, alpha: [UInt8]) {
            self.grid = grid
            self.alpha = alpha
            let probe = Raster(width: grid.w, height: grid.h)
            let words = UnsafeMutableRawPointer(probe.data).assumingMemoryBound(to: UInt32.self)
            for k in 0..<min(alpha.count, grid.w * grid.h) { words[k] = UInt32(alpha[k]) }
            levelCore = UniformCore.find(in: probe)
            var levels: [(low: UInt8, high: UInt8)] = []
            levels.reserveCapacity(grid.h)
            for y in 0..<grid.h {
                var low = UInt8.max, high = UInt8.min
                for x in 0..<grid.w {
                    let k = y * grid.w + x
                    let v = k < alpha.count ? alpha[k] : 0
                    low = min(low, v)
                    high = max(high, v)
                }
                levels.append((low, high))
            }
            rowLevels = levels
        }
    }

    static func rasterize(_ s: ShadowContent, body: PlacedRaster?) -> PlacedRaster? {
        blurred(s, body: body).map { tint($0, color: s.color) }
    }

    static func rasterize(_ s: ShadowContent, image: ImageContent) -> PlacedRaster? {
        blurred(s, image: image).map { tint($0, color: s.color) }
    }

    static func rasterize(_ s: ShadowContent, extent: CGRect, draw: (Grid) -> [UInt8]?) -> PlacedRaster? {
        blurred(s, extent: extent, draw: draw).map { tint($0, color: s.color) }
    }

    /// The blurred shape of a shadow drawn from its path, or else from the body bitmap's alpha.
    static func blurred(_ s: ShadowContent, body: PlacedRaster?) -> Blurred? {
        blurred(s, extra: nil) { grid, alpha in
            if let path = s.path {
                guard let a = grid.cairoAlpha({ cr in
                    CairoPath.add(path, to: cr)
                    cairo_set_source_rgba(cr, 0, 0, 0, 1)
                    cairo_fill(cr)
                }) else { return false }
                alpha = a
            } else if let body {
                // The body bitmap's alpha, resampled to this grid (same scale: a shifted copy).
                let r = body.raster
                let w = grid.w, h = grid.h
                let dx = Int(((body.originX - grid.originX) * grid.scale).rounded())
                let dy = Int(((body.originY - grid.originY) * grid.scale).rounded())
                for y in 0..<r.height where y + dy >= 0 && y + dy < h {
                    for x in 0..<r.width where x + dx >= 0 && x + dx < w {
                        alpha[(y + dy) * w + x + dx] = r.data[(y * r.width + x) * 4 + 3]
                    }
                }
            } else {
                return false
            }
            return true
        }
    }

    /// The shadow of a directly drawn image (see `ImageContent`): the background's shape and the
    /// image's alpha in its gravity rectangle, not clipped to the bounds (a layer with a shadow
    /// does not mask to its bounds, so on iOS its image spills and casts a shadow there too).
    static func blurred(_ s: ShadowContent, image: ImageContent) -> Blurred? {
        guard s.path == nil else { return blurred(s, body: nil) }  // shadowPath wins, as for any body
        return blurred(s, extra: image.rect) { grid, alpha in
            guard let a = grid.cairoAlpha({ cr in
                if let bg = s.content?.background, bg[3] > 0, let shape = s.content?.shape {
                    shape.addPath(to: cr)
                    cairo_set_source_rgba(cr, 0, 0, 0, Double(bg[3]))
                    cairo_fill(cr)
                }
                ContentRasterizer.paintImage(image.image, source: image.source, in: image.rect, cr)
            }) else { return false }
            alpha = a
            return true
        }
    }

    /// The shadow of a layer drawn whole (its body, sublayers and border) when it has no
    /// shadowPath: `extent` is what that drawing covers in the layer's bounds space (points), and
    /// `draw(grid)` returns the drawing's alpha on the grid (nil: nothing to show).
    static func blurred(_ s: ShadowContent, extent: CGRect, draw: (Grid) -> [UInt8]?) -> Blurred? {
        blurred(s, extra: extent) { grid, alpha in
            guard let a = draw(grid), a.count == alpha.count else { return false }
            alpha = a
            return true
        }
    }

    /// The alpha grid of a shadow: `scale` pixels per point over the bounds (plus the shadow
    /// path's box and `extra`) with a margin for the blur.
    struct Grid: Sendable {
        let w, h: Int
        let originX, originY, scale: Double

        /// The alpha of what `draw` paints (user space: the layer's bounds space in points).
        func cairoAlpha(_ draw: (OpaquePointer) -> Void) -> [UInt8]? {
            guard let surface = CairoBridge.makeSurface(width: w, height: h) else { return nil }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return nil }
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -originX, -originY)
            draw(cr)
            cairo_destroy(cr)
            let r = CairoBridge.raster(from: surface)
            var alpha = [UInt8](repeating: 0, count: w * h)
            for k in 0..<(w * h) { alpha[k] = r.data[k * 4 + 3] }
            return alpha
        }
    }

    /// Sets up the grid, lets `fill` write the shape's alpha, then blurs it. The colour plays no
    /// part (`s.color` is not read).
    private static func blurred(
        _ s: ShadowContent, extra: CGRect?, fill: (Grid, inout [UInt8]) -> Bool
    ) -> Blurred? {
        let scale = Double(s.scale)
        guard scale > 0, scale.isFinite, s.radius.isFinite else { return nil }
        let sigma = max(0, Double(s.radius)) * scale
        let margin = Int((3 * sigma).rounded(.up)) + 2
        var area = s.bounds
        if let p = s.path { area = area.union(p.boundingBox) }
        if let extra { area = area.union(extra) }
        guard area.width.isFinite, area.height.isFinite, area.width > 0, area.height > 0 else { return nil }
        let w = Int((Double(area.width) * scale).rounded(.up)) + 2 * margin
        let h = Int((Double(area.height) * scale).rounded(.up)) + 2 * margin
        guard w > 0, h > 0, w <= ContentRasterizer.maxSide * 2, h <= ContentRasterizer.maxSide * 2 else { return nil }
        let originX = Double(area.minX) - Double(margin) / scale, originY = Double(area.minY) - Double(margin) / scale
        var alpha = [UInt8](repeating: 0, count: w * h)
        let grid = Grid(w: w, h: h, originX: originX, originY: originY, scale: scale)
        guard fill(grid, &alpha) else { return nil }
        if sigma > 0 {
            let box = ExtendedBox(variance: sigma * sigma / 3)
            for _ in 0..<3 {
                boxBlur(&alpha, w: w, h: h, box: box, horizontal: true)
                boxBlur(&alpha, w: w, h: h, box: box, horizontal: false)
            }
        }
        return Blurred(grid: grid, alpha: alpha)
    }

    /// The shadow's bitmap: each alpha level a of the blurred shape becomes the colour
    /// (r, g, b) × a / 255 × its alpha, premultiplied, rounded to bytes. The 255 levels are
    /// worked out once (the same expressions per level as per pixel), then looked up.
    static func tint(_ b: Blurred, color c: [CGFloat]) -> PlacedRaster {
        let g = b.grid
        var table = [UInt32](repeating: 0, count: 256)
        if c.count >= 4 {
            for level in 1..<256 {
                let a = Double(level) / 255 * Double(c[3])
                let r = UInt32(UInt8((Double(c[0]) * a * 255).rounded()))
                let gr = UInt32(UInt8((Double(c[1]) * a * 255).rounded()))
                let bl = UInt32(UInt8((Double(c[2]) * a * 255).rounded()))
                let al = UInt32(UInt8((a * 255).rounded()))
                table[level] = (r | gr << 8 | bl << 16 | al << 24).littleEndian
            }
        }
        var core = b.levelCore
        if let c = core { core?.color = table[Int(min(c.color, 255))] }
        let rows = UniformRows(words: b.rowLevels.map { r in
            let (low, high) = (table[Int(r.low)], table[Int(r.high)])
            return low == high ? 1 << 32 | UInt64(low) : 0
        })
        let out = Raster(width: g.w, height: g.h, uninitializedWithCore: core, rows: rows)
        let words = UnsafeMutableRawPointer(out.data).assumingMemoryBound(to: UInt32.self)
        let n = g.w * g.h
        b.alpha.withUnsafeBufferPointer { alpha in
            table.withUnsafeBufferPointer { table in
                // Every texel written (level 0 is transparent).
                for k in 0..<min(alpha.count, n) { words[k] = table[Int(alpha[k])] }
            }
        }
        if b.alpha.count < n { (words + b.alpha.count).update(repeating: 0, count: n - b.alpha.count) }
        return PlacedRaster(raster: out, originX: g.originX, originY: g.originY, scaleX: g.scale, scaleY: g.scale)
    }

    /// A box of radius `r` whose two outer taps (at ±(r+1)) weigh `α` ∈ [0, 1): an "extended
    /// box" (Gwosdek, Grewenig, Bruhn and Weickert, 2011), whose variance is any positive number,
    /// not only the r(r+1)/3 of whole boxes, so three passes make exactly the Gaussian's σ².
    /// Weights are 16.16 fixed point, so the blur is integer arithmetic and deterministic.
    struct ExtendedBox: Equatable {
        let r: Int
        /// Weight of each inner tap and of each outer tap, × 65 536 (they sum to 65 536).
        let inner: Int
        let outer: Int

        init(variance v: Double) {
            // The largest whole box whose variance r(r+1)/3 does not exceed v, then the outer
            // weight that adds the rest: var = (r(r+1)(2r+1)/3 + 2α(r+1)²) / (2r+1+2α).
            var r = max(0, Int((((12 * v + 1).squareRoot() - 1) / 2).rounded(.down)))
            while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
            while r > 0 && Double(r * (r + 1)) / 3 > v { r -= 1 }
            let a = Double(2 * r + 1) * (3 * v - Double(r * (r + 1))) / (6 * (Double((r + 1) * (r + 1)) - v))
            let alpha = min(max(a, 0), 1)
            let norm = Double(2 * r + 1) + 2 * alpha
            self.r = r
            outer = Int((65_536 * alpha / norm).rounded())
            inner = (65_536 - 2 * outer) / (2 * r + 1)
        }

        /// The variance the fixed-point weights give (what the tests compare with σ²/3).
        var variance: Double {
            var sum = 0.0
            for i in 1...(r + 1) { sum += Double(i * i) * Double(i <= r ? inner : outer) }
            return 2 * sum / Double((2 * r + 1) * inner + 2 * outer)
        }
    }

    /// One extended-box pass along rows or columns, zero outside, rounded to nearest.
    static func boxBlur(_ a: inout [UInt8], w: Int, h: Int, box: ExtendedBox, horizontal: Bool) {
        let n = horizontal ? w : h, lines = horizontal ? h : w
        let step = horizontal ? 1 : w
        let r = box.r
        let total = (2 * r + 1) * box.inner + 2 * box.outer
        var line = [Int](repeating: 0, count: n)
        for l in 0..<lines {
            let base = horizontal ? l * w : l
            for i in 0..<n { line[i] = Int(a[base + i * step]) }
            // `sum` holds the inner taps i-r...i+r; the outer taps are read directly.
            var sum = 0
            for i in 0..<min(r, n) { sum += line[i] }
            for i in 0..<n {
                let add = i + r, sub = i - r - 1
                if add < n { sum += line[add] }
                if sub >= 0 { sum -= line[sub] }
                var edge = 0
                if sub >= 0 { edge += line[sub] }
                if add + 1 < n { edge += line[add + 1] }
                a[base + i * step] = UInt8(min(255, (sum * box.inner + edge * box.outer + total / 2) / total))
            }
        }
    }
}

extension ShadowContent {
    /// The key without its colour: what a shadow's blurred shape depends on
    /// (`ShadowRasterizer.blurred` does not read the colour).
    var shape: ShadowContent {
        var k = self
        k.color = []
        return k
    }
}
