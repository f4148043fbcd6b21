import CFlipbookBlend
import Foundation

/// The per-row worker of `Compositor.draw`.
// @unchecked: holds raw pointers into rasters the workers only read, or write in disjoint rows.
struct QuadJob: @unchecked Sendable {
    let quad: QuadDraw
    let dest: Raster
    let fastClips: [FastClip]
    let core: UniformCore?
    /// The source's rows of one colour (when looked for and there are any; see `constantRow`).
    let rows: UniformRows?
    /// For an affine map (no perspective part): `edgeBands`, the same on every row, and the
    /// lengths of the texel-per-pixel gradients of u and v the edge coverage divides by, the
    /// same at every pixel (see `AffineConstants`). Nil under perspective.
    let affine: AffineConstants?
    /// False draws every pixel through the full per-pixel path (no interior or flat-colour
    /// shortcuts): the reference the shortcuts are tested against, byte for byte.
    let shortcuts: Bool
    /// The parts of the interior search and of `clipReach` that are the same on every row, when
    /// they are (see `RowInvariants`); nil otherwise, and without `rowInvariants` (every row then
    /// works the search out whole: the reference the tests compare the kept parts with).
    let invariants: RowInvariants?
    /// The last row's interior search, reused by the next row that has the same y tests and
    /// span (one per job: a job belongs to one worker).
    let memo: InteriorMemo?
    /// True when every pixel the quad's rows can reach is certainly inside the interior the
    /// per-row search would find (see `insideEverywhere`): then every row's search, and its
    /// reach narrowing, are skipped, as their answer is the whole span.
    let insideEverywhere: Bool
    /// Margin, in texels or shape units, kept between the interval solutions and the limits
    /// they stand for, so neither rounding nor the tap stepper's interpolation (within 2⁻¹⁰
    /// texel, see `TapStepper`) can let a pixel skip a test it would fail.
    static let margin = 1.0 / 256

    init(quad: QuadDraw, dest: Raster, shortcuts: Bool = true, rowInvariants: Bool = true) {
        self.quad = quad; self.dest = dest; self.shortcuts = shortcuts
        fastClips = quad.clips.map(FastClip.init)
        core = shortcuts ? quad.source.knownUniformCore : nil
        rows = shortcuts ? quad.source.knownUniformRows.flatMap { $0.any ? $0 : nil } : nil
        affine = AffineConstants(quad.toSource)
        invariants = shortcuts && rowInvariants
            ? RowInvariants(quad: quad, clips: fastClips, affine: affine, margin: Self.margin) : nil
        memo = invariants?.testsOnly == true ? InteriorMemo() : nil
        insideEverywhere = shortcuts && fastClips.isEmpty && affine.map { Self.insideEverywhere(quad, $0) } == true
    }

    /// Whether an affine quad without clips keeps every pixel its rows can reach well inside
    /// the source: each row's `quadReach` then keeps the columns it is given and its
    /// `interior` is the whole span (no edge pixels). That is the case of a tile showing a
    /// window in the middle of a large picture (a `contentsRect` sprite, a snapshot tile): its
    /// outline is the window's, the source's own edges are far away.
    ///
    /// The pixel centres the rows visit lie within 1.5 pixels of the outline's bounding box
    /// (`Compositor.rows` and `span` keep a pixel of slack, rounded outwards); the box widened
    /// by 2.5 pixels is tested here. Its four corners map (u and v are affine in x and y) to
    /// texels inside the interior search's bounds with a margin, so does every point of the
    /// box, and each row's interval (the exact crossing lies at least a pixel beyond the
    /// pixel centres, far more than the rounding of its solution) covers every pixel centre:
    /// `RowInterval.pixels` then gives back the whole span, in both the per-row search and the
    /// row-invariant one. Compared byte for byte with the per-pixel path in
    /// `CompositorShortcutTests`.
    static func insideEverywhere(_ quad: QuadDraw, _ affine: AffineConstants) -> Bool {
        let m = quad.toSource
        let fw = Double(quad.source.width), fh = Double(quad.source.height)
        let (bandU, bandV) = affine.bands
        guard quad.polygon.count >= 3, fw >= 2, fh >= 2, bandU.isFinite, bandV.isFinite, m.g == 0, m.h == 0, m.i > 1e-9 else { return false }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in quad.polygon {
            minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
            minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
        }
        let limit = 1e6
        guard minX >= -limit, maxX <= limit, minY >= -limit, maxY <= limit else { return false }  // also false for NaN
        let eps = margin, slack = 1.0 / 64
        let ulo = max(bandU, 0.5) + eps + slack, uhi = min(fw - bandU, fw - 0.5) - eps - slack
        let vlo = max(bandV, 0.5) + eps + slack, vhi = min(fh - bandV, fh - 0.5) - eps - slack
        guard ulo < uhi, vlo < vhi else { return false }
        let inv = 1 / m.i
        @inline(__always) func inside(_ x: Double, _ y: Double) -> Bool {
            let u = (m.a * x + m.b * y + m.c) * inv, v = (m.d * x + m.e * y + m.f) * inv
            return u >= ulo && u <= uhi && v >= vlo && v <= vhi  // false for NaN
        }
        let x0 = minX - 2.5, x1 = maxX + 2.5, y0 = minY - 2.5, y1 = maxY + 2.5
        return inside(x0, y0) && inside(x1, y0) && inside(x0, y1) && inside(x1, y1)
    }

    /// Texel distance from an edge beyond which a pixel is certainly fully covered: twice the
    /// larger texel-per-pixel gradient at the row's two ends (+inf when an end is behind the eye).
    static func edgeBands(_ m: Homography, _ py: Double, _ xa: Int, _ xb: Int) -> (Double, Double) {
        var bu = 0.0, bv = 0.0
        for end in 0..<2 {
            let x = end == 0 ? Double(xa) + 0.5 : Double(xb) - 0.5
            let s = m.g * x + m.h * py + m.i
            guard s > 1e-9 else { return (.infinity, .infinity) }
            let inv = 1 / s
            let u = (m.a * x + m.b * py + m.c) * inv, v = (m.d * x + m.e * py + m.f) * inv
            let dudx = (m.a - u * m.g) * inv, dudy = (m.b - u * m.h) * inv
            let dvdx = (m.d - v * m.g) * inv, dvdy = (m.e - v * m.h) * inv
            bu = max(bu, (dudx * dudx + dudy * dudy).squareRoot())
            bv = max(bv, (dvdx * dvdx + dvdy * dvdy).squareRoot())
        }
        return (2 * bu + 1e-6, 2 * bv + 1e-6)
    }

    /// Shape units per output pixel of a clip at the row's ends (+inf behind the eye).
    static func clipBand(_ m: Homography, _ py: Double, _ xa: Int, _ xb: Int) -> Double {
        var worst = 0.0
        for end in 0..<2 {
            let x = end == 0 ? Double(xa) + 0.5 : Double(xb) - 0.5
            let s = m.g * x + m.h * py + m.i
            guard s > 1e-9 else { return .infinity }
            let inv = 1 / s
            let sx = (m.a * x + m.b * py + m.c) * inv, sy = (m.d * x + m.e * py + m.f) * inv
            let dxdx = (m.a - sx * m.g) * inv, dxdy = (m.b - sx * m.h) * inv
            let dydx = (m.d - sy * m.g) * inv, dydy = (m.e - sy * m.h) * inv
            worst = max(worst, abs(dxdx * dydy - dxdy * dydx).squareRoot())
        }
        return worst.isFinite ? worst + 1e-6 : .infinity
    }

    /// The pixels of a row where the quad's edges and every clip certainly cover fully, the map
    /// is in front of the eye and all four bilinear taps are inside the source: no per-pixel
    /// tests are needed there. Also, for each of the first clips, the pixels where that clip
    /// alone certainly covers fully (`ClipFull`: the edge path skips its coverage there).
    func interior(_ py: Double, _ xa: Int, _ xb: Int, bandU: Double, bandV: Double) -> (Int, Int, ClipFull) {
        if let invariants {
            guard let memo, let tests = invariants.rowTests(py, quad: quad.toSource, clips: fastClips) else {
                return invariants.interior(py, xa, xb, quad: quad.toSource, clips: fastClips)
            }
            // The row's y tests, xa and xb decide the result (see `RowInvariants.rowTests`).
            if memo.tests == tests, memo.xa == xa, memo.xb == xb { return memo.result }
            let result = invariants.interior(py, xa, xb, quad: quad.toSource, clips: fastClips)
            memo.tests = tests; memo.xa = xa; memo.xb = xb; memo.result = result
            return result
        }
        var full = ClipFull()
        let m = quad.toSource
        let fw = Double(quad.source.width), fh = Double(quad.source.height)
        guard fw >= 2, fh >= 2 else { return (xa, xa, full) }
        let eps = Self.margin
        guard bandU.isFinite, bandV.isFinite else { return (xa, xa, full) }
        let bu = m.b * py + m.c, bv = m.e * py + m.f, bw = m.h * py + m.i
        var r = RowInterval()
        r.keepPositive(g: m.g, c: bw, minW: 1e-9)
        r.keep(a: m.a, b: bu, g: m.g, c: bw, between: max(bandU, 0.5) + eps, and: min(fw - bandU, fw - 0.5) - eps)
        r.keep(a: m.d, b: bv, g: m.g, c: bw, between: max(bandV, 0.5) + eps, and: min(fh - bandV, fh - 0.5) - eps)
        for (k, clip) in fastClips.enumerated() {
            let c = clip.m
            let delta = clip.band ?? Self.clipBand(c, py, xa, xb)
            guard delta.isFinite else { return (xa, xa, full) }
            let cu = c.b * py + c.c, cv = c.e * py + c.f, cw = c.h * py + c.i
            // This clip's own covered pieces (the quad's interval is intersected afterwards).
            var own = RowInterval()
            own.keepPositive(g: c.g, c: cw, minW: 1e-9)
            let e = max(clip.e0, clip.e1, clip.e2, clip.e3)
            let x0 = clip.cx - clip.hx, x1 = clip.cx + clip.hx, y0 = clip.cy - clip.hy, y1 = clip.cy + clip.hy
            // The rounded rectangle's certainly-covered middle as three centred rectangles: a
            // wide band between the corners' rows, a tall band between their columns, and a
            // rectangle inset by 0.3 × the corner extent (the corners' inscribed squares reach
            // 0.29 of it for circles, 0.16 for continuous corners), kept only when the shape's
            // own distance at its corners confirms it. A row (a line in the clip's plane) may
            // cross them in separate pieces: overlapping pieces merge, the longest piece wins.
            var wide = own, tall = own
            wide.keep(a: c.a, b: cu, g: c.g, c: cw, between: x0 + delta + eps, and: x1 - delta - eps)
            wide.keep(a: c.d, b: cv, g: c.g, c: cw, between: y0 + e + delta + eps, and: y1 - e - delta - eps)
            tall.keep(a: c.a, b: cu, g: c.g, c: cw, between: x0 + e + delta + eps, and: x1 - e - delta - eps)
            tall.keep(a: c.d, b: cv, g: c.g, c: cw, between: y0 + delta + eps, and: y1 - delta - eps)
            var mid: RowInterval?
            if let middle = clip.certainMiddle(delta: delta, eps: eps) {
                var m = own
                m.keep(a: c.a, b: cu, g: c.g, c: cw, between: middle.x.0, and: middle.x.1)
                m.keep(a: c.d, b: cv, g: c.g, c: cw, between: middle.y.0, and: middle.y.1)
                mid = m
            }
            own = RowInterval.longestUnion(wide, tall, mid)
            full.set(k, own.pixels(xa, xb))
            r = RowInterval(lo: max(r.lo, own.lo), hi: min(r.hi, own.hi))
        }
        let (ia, ib) = r.pixels(xa, xb)
        return (ia, ib, full)
    }

    /// Narrows `columns` to the pixels every clip can reach: a pixel centre whose point in a
    /// clip's plane lies farther than one pixel outside the clip's bounding rectangle (or behind
    /// the eye) has coverage 0, so skipping it leaves the same bytes.
    func clipReach(_ py: Double, _ xa: Int, _ xb: Int, _ columns: (Int, Int)) -> (Int, Int) {
        guard !fastClips.isEmpty else { return columns }
        if let reach = invariants?.reachPixels {
            // Each clip's y test either passes (nothing changes) or empties the interval for
            // good (`RowInterval.fails`), so testing them after the x constraints, whose pixels
            // are worked out once per quad, gives the same pixels.
            for clip in fastClips {
                let c = clip.m
                let pad = clip.band! + Self.margin
                if RowInterval.fails(b: c.e * py + c.f, c: c.h * py + c.i, between: clip.cy - clip.hy - pad, and: clip.cy + clip.hy + pad) {
                    return (max(columns.0, xa), min(columns.1, xa))
                }
            }
            let (a, b) = reach.pixels(xa, xb)
            return (max(columns.0, a), min(columns.1, b))
        }
        var r = RowInterval()
        for clip in fastClips {
            let c = clip.m
            let delta = clip.band ?? Self.clipBand(c, py, xa, xb)
            guard delta.isFinite else { continue }
            let cu = c.b * py + c.c, cv = c.e * py + c.f, cw = c.h * py + c.i
            let pad = delta + Self.margin
            r.keepPositive(g: c.g, c: cw, minW: 0)
            r.keep(a: c.a, b: cu, g: c.g, c: cw, between: clip.cx - clip.hx - pad, and: clip.cx + clip.hx + pad)
            r.keep(a: c.d, b: cv, g: c.g, c: cw, between: clip.cy - clip.hy - pad, and: clip.cy + clip.hy + pad)
        }
        let (a, b) = r.pixels(xa, xb)
        return (max(columns.0, a), min(columns.1, b))
    }

    /// Narrows `columns` to the pixels the quad's own edges can reach under an affine map: a
    /// pixel centre whose u lies farther than the edge band outside `[0, width]` (or v outside
    /// `[0, height]`) has edge coverage 0 (`EdgeRow.coverage`: min(u, w − u)/n + ½ ≤ 0, n the
    /// constant gradient the band is half of), so the edge path skips it and skipping it here
    /// leaves the same bytes. The rows' spans keep a pixel of slack on every side for
    /// antialiasing, so each quad's span had a column or two, and whole rows above and below
    /// it, that the edge path walked pixel by pixel for nothing. Perspective maps: unchanged.
    func quadReach(_ py: Double, _ xa: Int, _ xb: Int, _ columns: (Int, Int)) -> (Int, Int) {
        guard let affine else { return columns }
        let m = quad.toSource
        let eps = Self.margin
        var r: RowInterval
        let vBounds: (Double, Double)
        if let invariants, let pixels = invariants.quadReachPixels {
            // m.d = 0: the v constraint is a pure test (`RowInterval.fails`).
            let v = invariants.quadReachV
            if RowInterval.fails(b: m.e * py + m.f, c: m.h * py + m.i, between: v.0, and: v.1) {
                return (max(columns.0, xa), min(columns.1, xa))
            }
            let (a, b) = pixels.pixels(xa, xb)
            return (max(columns.0, a), min(columns.1, b))
        } else if let invariants {
            r = invariants.quadReachX
            vBounds = invariants.quadReachV
        } else {
            let (bandU, bandV) = affine.bands
            guard bandU.isFinite, bandV.isFinite else { return columns }
            let fw = Double(quad.source.width), fh = Double(quad.source.height)
            let bu = m.b * py + m.c, bw = m.h * py + m.i
            r = RowInterval()
            r.keepPositive(g: m.g, c: bw, minW: 1e-9)
            r.keep(a: m.a, b: bu, g: m.g, c: bw, between: -bandU - eps, and: fw + bandU + eps)
            vBounds = (-bandV - eps, fh + bandV + eps)
        }
        r.keep(a: m.d, b: m.e * py + m.f, g: m.g, c: m.h * py + m.i, between: vBounds.0, and: vBounds.1)
        let (a, b) = r.pixels(xa, xb)
        return (max(columns.0, a), min(columns.1, b))
    }

    /// Pixels (within `ia..<ib`) whose four bilinear taps all lie in a flat-colour rectangle of
    /// the source, merged into at most two sorted, disjoint runs.
    private func flatRuns(_ py: Double, _ ia: Int, _ ib: Int) -> FlatRuns {
        var runs = FlatRuns()
        guard let core, ia < ib else { return runs }
        let m = quad.toSource
        let eps = Self.margin
        let bu = m.b * py + m.c, bv = m.e * py + m.f, bw = m.h * py + m.i
        for rect in core.rects {
            var r = RowInterval()
            r.keepPositive(g: m.g, c: bw, minW: 1e-9)
            r.keep(a: m.a, b: bu, g: m.g, c: bw, between: Double(rect.x0) + 0.5 + eps, and: Double(rect.x1) - 0.5 - eps)
            r.keep(a: m.d, b: bv, g: m.g, c: bw, between: Double(rect.y0) + 0.5 + eps, and: Double(rect.y1) - 0.5 - eps)
            let (a, b) = r.pixels(ia, ib)
            if a < b { runs.append((a, b)) }
        }
        if runs.count == 2 {
            if runs.second.0 < runs.first.0 { (runs.first, runs.second) = (runs.second, runs.first) }
            if runs.second.0 <= runs.first.1 {
                runs.first = (runs.first.0, max(runs.first.1, runs.second.1))
                runs.count = 1
            }
        }
        return runs
    }

    /// Draws row y of the quad over its span `xa..<xb`, only in `columns` (a sub-range; every
    /// row parameter still comes from the whole span, so the bytes do not depend on the clip).
    func row(_ y: Int, _ xa: Int, _ xb: Int, columns: (Int, Int)) {
        let py = Double(y) + 0.5
        let columns = shortcuts && !insideEverywhere ? quadReach(py, xa, xb, clipReach(py, xa, xb, columns)) : columns
        guard columns.0 < columns.1 else { return }
        let m = quad.toSource
        let (bandU, bandV) = affine?.bands ?? Self.edgeBands(m, py, xa, xb)
        let (ia, ib, full) = !shortcuts ? (xa, xa, ClipFull())
            : insideEverywhere ? (xa, xb, ClipFull()) : interior(py, xa, xb, bandU: bandU, bandV: bandV)
        let bands = RowBands(u: bandU, v: bandV, full: full)
        let stepper = TapStepper(m, py: py, xa: xa, xb: xb)
        if m.g == 0 && m.h == 0 {
            let s = m.g * (Double(xa) + 0.5) + m.h * py + m.i
            guard s > 0 else { return }
            if ia < ib, let (top, bottom, wy) = constantRow(stepper, ia) {
                // Every interior pixel takes the same sample: computed once (see `constantRow`).
                var stepper = stepper
                let ca = columns.0, cb = columns.1
                pixels(AffineEdge.self, y, max(xa, ca), min(ia, cb), bands, &stepper)
                constantRun(y, max(ia, ca), min(ib, cb), top: top, bottom: bottom, wy: wy)
                pixels(AffineEdge.self, y, max(ib, ca), min(xb, cb), bands, &stepper)
                return
            }
            let runs = flatRuns(py, ia, ib)
            segments(y, xa, xb, ia, ib, runs, bands, stepper, columns, edge: AffineEdge.self, inside: AffineInterior.self)
        } else {
            let runs = flatRuns(py, ia, ib)
            segments(y, xa, xb, ia, ib, runs, bands, stepper, columns, edge: PerspectiveEdge.self, inside: PerspectiveInterior.self)
        }
    }

    /// The two tap rows and the vertical weight shared by every interior pixel of an output
    /// row, when they are the same all along it: an affine map whose source row does not change
    /// along the output row (m.d = 0: v is the same at every pixel, to the bit, so the tap
    /// stepper gives every pixel the same v) and both tap rows of one colour each. Then the
    /// horizontal pass of the bilinear mean is that colour × 256 whatever the column and weight,
    /// and the sample is the same for every interior pixel. Nil otherwise.
    private func constantRow(_ stepper: TapStepper, _ ia: Int) -> (top: UInt32, bottom: UInt32, wy: Int)? {
        guard let rows, quad.toSource.d == 0, let (_, fv) = stepper.exact(ia) else { return nil }
        let tv = fv &- TapStepper.half
        let iy = Int(truncatingIfNeeded: tv &>> 32), wy = Int(truncatingIfNeeded: (tv &>> 24) & 255)
        guard let t = rows.color(iy), let b = rows.color(iy &+ 1) else { return nil }
        return (t, b, wy)
    }

    /// Interior pixels `xa..<xb` of row y, all taking the sample of tap rows of the colours `top`
    /// and `bottom`: the bytes of the per-pixel interior loop, with the sample computed once.
    private func constantRun(_ y: Int, _ xa: Int, _ xb: Int, top t: UInt32, bottom b: UInt32, wy: Int) {
        guard xa < xb else { return }
        let top = UInt64(t) | UInt64(t) << 32, bottom = UInt64(b) | UInt64(b) << 32
        if (top | bottom) & 0xFF00_0000_FF00_0000 == 0 { return }  // all four texels transparent
        let k = Int(quad.opacity * 256 + 0.5)
        let o = UnsafeMutableRawPointer(dest.data + y * dest.width * 4).assumingMemoryBound(to: UInt32.self)
        let flat = t == b
        if k >= 256 && flat && t >= 0xFF00_0000 {
            (o + xa).update(repeating: t, count: xb - xa)
            return
        }
        // The horizontal weight does not matter (both taps of a row are equal): 0 stands for any.
        let sample = PixelVector.sample(top: top, bottom: bottom, flat: flat, wx: 0, wy: wy, k: k)
        if sample == SIMD4<UInt16>() { return }
        if sample[3] >= 255 {
            (o + xa).update(repeating: PixelVector.pack(sample), count: xb - xa)
            return
        }
        flipbook_blend_over_color(o + xa, xb - xa, PixelVector.pack(sample))
    }

    /// Edge pixels up to the interior, interior runs around the flat-colour fills, edge pixels after.
    @inline(__always)
    private func segments<E: PixelPath, I: PixelPath>(
        _ y: Int, _ xa: Int, _ xb: Int, _ ia: Int, _ ib: Int, _ runs: FlatRuns, _ bands: RowBands,
        _ stepper: TapStepper, _ columns: (Int, Int), edge: E.Type, inside: I.Type
    ) {
        var stepper = stepper
        let ca = columns.0, cb = columns.1
        pixels(E.self, y, max(xa, ca), min(ia, cb), bands, &stepper)
        var x = ia
        for k in 0..<runs.count {
            let run = k == 0 ? runs.first : runs.second
            pixels(I.self, y, max(x, ca), min(run.0, cb), bands, &stepper)
            fill(y, max(run.0, ca), min(run.1, cb))
            x = run.1
        }
        pixels(I.self, y, max(x, ca), min(ib, cb), bands, &stepper)
        pixels(E.self, y, max(ib, ca), min(xb, cb), bands, &stepper)
    }

    /// Pixels whose bilinear taps all show the core's colour: the result of sampling, without
    /// sampling (four equal taps give the tap itself), scaled by opacity and blended.
    private func fill(_ y: Int, _ xa: Int, _ xb: Int) {
        guard xa < xb, let core else { return }
        let k = Int(quad.opacity * 256 + 0.5)
        guard k > 0 else { return }
        let t = core.color
        let o = UnsafeMutableRawPointer(dest.data + y * dest.width * 4).assumingMemoryBound(to: UInt32.self)
        if t >= 0xFF00_0000 && k >= 256 {
            (o + xa).update(repeating: t, count: xb - xa)
            return
        }
        var rb = Pixel.rb(t), ga = Pixel.ga(t)
        if k < 256 {
            let round8: UInt64 = 128 | 128 << 32
            rb = ((rb &* UInt64(k) &+ round8) >> 8) & Pixel.lanes8
            ga = ((ga &* UInt64(k) &+ round8) >> 8) & Pixel.lanes8
        }
        if rb == 0 && ga == 0 { return }
        if ga >> 32 >= 255 {
            (o + xa).update(repeating: Pixel.packLanes(rb, ga), count: xb - xa)
            return
        }
        flipbook_blend_over_color(o + xa, xb - xa, Pixel.packLanes(rb, ga))
    }

    /// Samples and blends pixels `xa..<xb` of row `y`, specialised per `PixelPath`. Interior
    /// paths go to `interiorBlocks` (the caller guarantees full coverage and in-bounds taps
    /// there, see `interior`); edge paths take each pixel's coverage from the quad's edges
    /// (`EdgeRow`) and its clips, clamp the taps to the source and blend.
    private func pixels<P: PixelPath>(
        _ path: P.Type, _ y: Int, _ xa: Int, _ xb: Int, _ bands: RowBands, _ stepper: inout TapStepper
    ) {
        guard xa < xb else { return }
        if P.interior {
            interiorBlocks(y, xa, xb, &stepper)
            return
        }
        let edges = EdgeRow(quad: quad, affine: affine, y: y, xa: xa, bands: bands, perspective: P.perspective)
        let src = quad.source
        let sw = src.width, sh = src.height
        let sdata = UnsafeRawPointer(src.data)
        let out = UnsafeMutableRawPointer(dest.data + y * dest.width * 4)
        let clips = fastClips
        let full = bands.full
        // Rows of one colour (`rows`: shortcuts only) under a map with m.d = 0: every pixel of
        // the row takes its taps from the same two source rows, so when both (after clamping)
        // are of one colour, the four taps are those colours whatever the columns: the loads
        // (a new cache line per row along a cover's outline) are skipped. Looked up once per
        // tap row; a pixel whose tap row differs looks again (`EdgeTaps`).
        var taps = EdgeTaps(rows: P.perspective || quad.toSource.d != 0 ? nil : rows)
        for x in xa..<xb {
            let px = Double(x) + 0.5
            guard var cov = edges.coverage(px) else { continue }
            // Tap origin (texel centre minus half a texel) in 32.32 fixed point: the integer part
            // is the first tap, the next 8 bits the bilinear weight.
            guard let (fu, fv) = stepper.position(x) else { continue }
            let tu = fu &- TapStepper.half, tv = fv &- TapStepper.half
            let ix = Int(truncatingIfNeeded: tu &>> 32), iy = Int(truncatingIfNeeded: tv &>> 32)
            let wx = Int(truncatingIfNeeded: (tu &>> 24) & 255), wy = Int(truncatingIfNeeded: (tv &>> 24) & 255)
            let x0 = ix < 0 ? 0 : (ix >= sw ? sw - 1 : ix)
            let x1 = ix + 1 < 0 ? 0 : (ix + 1 >= sw ? sw - 1 : ix + 1)
            let y0 = iy < 0 ? 0 : (iy >= sh ? sh - 1 : iy)
            let y1 = iy + 1 < 0 ? 0 : (iy + 1 >= sh ? sh - 1 : iy + 1)
            let top: UInt64, bottom: UInt64
            if let pair = taps.uniform(y0, y1) {
                (top, bottom) = pair
            } else {
                let r0 = y0 &* sw, r1 = y1 &* sw
                // Each tap row as one 8-byte pair (texels x0, x1).
                top = UInt64(sdata.load(fromByteOffset: (r0 &+ x0) &<< 2, as: UInt32.self))
                    | UInt64(sdata.load(fromByteOffset: (r0 &+ x1) &<< 2, as: UInt32.self)) << 32
                bottom = UInt64(sdata.load(fromByteOffset: (r1 &+ x0) &<< 2, as: UInt32.self))
                    | UInt64(sdata.load(fromByteOffset: (r1 &+ x1) &<< 2, as: UInt32.self)) << 32
            }
            if (top | bottom) & 0xFF00_0000_FF00_0000 == 0 { continue }  // all four texels transparent
            // Clips only where the sample shows something (text and shadows are mostly transparent).
            var c = 0
            while c < clips.count {
                // A clip certainly covering this pixel fully multiplies by 1: skipped.
                if full.covers(c, x) { c += 1; continue }
                // Through its address: calling it on `clips[c]` copied the 176-byte clip first.
                cov *= clips.withUnsafeBufferPointer { FastClip.coverage($0.baseAddress! + c, px, edges.py) }
                if cov <= 0 { break }
                c += 1
            }
            if cov <= 0 { continue }
            let k = Int(cov * 256 + 0.5)
            if k <= 0 { continue }
            Self.blendSample(top: top, bottom: bottom, wx: wx, wy: wy, k: k, into: out + x &<< 2)
        }
    }

    /// Blends the bilinear sample of the tap pairs `top` and `bottom` (weights `wx`, `wy` in
    /// 256ths) at coverage `k`/256 over the pixel at `o`.
    @inline(__always)
    static func blendSample(top: UInt64, bottom: UInt64, wx: Int, wy: Int, k: Int, into o: UnsafeMutableRawPointer) {
        #if DEBUG
        let t00 = UInt32(truncatingIfNeeded: top)
        // Four equal taps: the bilinear mean is the texel itself, whatever the weights.
        let flat = top == bottom && top == (UInt64(t00) | UInt64(t00) << 32)
        if k >= 256 && flat && t00 >= 0xFF00_0000 {
            o.storeBytes(of: t00, as: UInt32.self)  // opaque and flat: the sample is the texel
            return
        }
        // Unoptimised builds do not specialise the standard library's generic SIMD code
        // (every lane operation looked its metadata up): the scalar form, bit for bit the
        // same, renders several times faster there (docs/Renderer.md, "The compositor in debug builds").
        PixelScalar.sampleOver(top: top, bottom: bottom, flat: flat, wx: wx, wy: wy, k: k, into: o)
        #else
        PixelFast.blend(top: top, bottom: bottom, wx: wx, wy: wy, k: k, into: o)
        #endif
    }
}

/// One output row of a quad's edge path: each pixel's coverage by the quad's edges, from the
/// exact map at that pixel, times the quad's opacity.
struct EdgeRow {
    let m: Homography, perspective: Bool, affine: AffineConstants?
    let py: Double, bu: Double, bv: Double, bw: Double
    let fw: Double, fh: Double, bandU: Double, bandV: Double
    let opacity: Double
    /// 1 / w' on affine maps, where it is the same at every pixel (checked > 0 by the caller).
    let affineInv: Double

    @inline(__always)
    init(quad: QuadDraw, affine: AffineConstants?, y: Int, xa: Int, bands: RowBands, perspective: Bool) {
        m = quad.toSource
        self.perspective = perspective
        self.affine = affine
        py = Double(y) + 0.5
        bu = m.b * py; bv = m.e * py; bw = m.h * py
        fw = Double(quad.source.width); fh = Double(quad.source.height)
        bandU = bands.u; bandV = bands.v
        opacity = quad.opacity
        affineInv = 1 / (m.g * (Double(xa) + 0.5) + bw + m.i)
    }

    /// The coverage at pixel centre `px`, or nil where the pixel shows nothing (outside an
    /// edge, or behind the eye).
    @inline(__always)
    func coverage(_ px: Double) -> Double? {
        var cov = opacity
        let inv: Double
        if perspective {
            let s = m.g * px + bw + m.i
            guard s > 0 else { return nil }  // the point of the plane is behind the eye
            inv = 1 / s
        } else {
            inv = affineInv
        }
        let u = (m.a * px + bu + m.c) * inv, v = (m.d * px + bv + m.f) * inv
        let du = min(u, fw - u), dv = min(v, fh - v)
        guard du < bandU || dv < bandV else { return cov }
        // Near or outside an edge: coverage from the distance in output pixels (+0.5).
        let nu: Double, nv: Double
        if !perspective, let affine, u.isFinite, v.isFinite {
            // The same lengths at every pixel (see `AffineConstants`).
            nu = affine.gradientU; nv = affine.gradientV
        } else {
            let dudx = (m.a - u * m.g) * inv, dudy = (m.b - u * m.h) * inv
            let dvdx = (m.d - v * m.g) * inv, dvdy = (m.e - v * m.h) * inv
            nu = (dudx * dudx + dudy * dudy).squareRoot(); nv = (dvdx * dvdx + dvdy * dvdy).squareRoot()
        }
        let cu = du / nu + 0.5
        if !(cu > 0) { return nil }
        if cu < 1 { cov *= cu }
        let cv = dv / nv + 0.5
        if !(cv > 0) { return nil }
        if cv < 1 { cov *= cv }
        return cov
    }
}

extension FastClip {
    /// The rounded rectangle's middle inset by 0.3 × its corner extent (the corners' inscribed
    /// squares reach 0.29 of it for circles, 0.16 for continuous corners), as x and y ranges in
    /// the clip's plane, when the shape's own distance at the inset rectangle's corners confirms
    /// it lies inside by at least `delta`; nil for a plain rectangle or one too small.
    @inline(__always)
    func certainMiddle(delta: Double, eps: Double) -> (x: (Double, Double), y: (Double, Double))? {
        let e = max(e0, e1, e2, e3)
        let inset = 0.3 * e + delta + eps
        let ma = cx - hx + inset, mb = cx + hx - inset, na = cy - hy + inset, nb = cy + hy - inset
        guard e > 0, ma < mb, na < nb,
              max(signedDistance(ma, na), signedDistance(mb, na), signedDistance(ma, nb), signedDistance(mb, nb)) <= -delta
        else { return nil }
        return ((ma, mb), (na, nb))
    }
}
