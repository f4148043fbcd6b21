import Dispatch
import Foundation

/// The backdrop blur at reduced resolution, as iOS blurs its materials: what lies behind is
/// averaged over f × f blocks, the small image is blurred (the same three extended boxes) and
/// the result is read back bilinearly at full resolution. A blur of σ pixels removes every
/// detail finer than about σ, so the small image loses nothing the eye would see in the
/// result; the work drops by f². The block average and the bilinear read-back are filters
/// too, with variances (f² − 1)/12 and about f²/6: the small image's blur is narrowed so that
/// the three add up to σ² (see `reducedSigma`). Error against a true Gaussian: see
/// `BackdropBlurTests.reducedBlurIsCloseToATrueGaussian` and docs/Benchmarks.md.
extension BackdropBlur {
    /// Full-resolution blurs below this σ (pixels); from it, the block size grows as σ / 10
    /// (powers of two up to 8), keeping the small image's σ near 10 pixels or more: with
    /// smaller ones the block average's aliasing of fine stripes starts to show (measured in
    /// `BackdropBlurTests.reducedBlurIsCloseToATrueGaussian`).
    static let reducedFromSigma = 20.0

    /// The block size for a blur of σ pixels: 1 (full resolution), 2, 4 or 8.
    static func reduction(sigma: Double) -> Int {
        guard sigma.isFinite, sigma >= reducedFromSigma else { return 1 }
        var f = 1
        while f < 8 && Double(f * 2) * 10 <= sigma { f *= 2 }
        return f
    }

    /// σ of the small image's blur (in its pixels) so that block average, blur and bilinear
    /// read-back together have variance σ² (in full-resolution pixels).
    static func reducedSigma(sigma: Double, factor f: Int) -> Double {
        let ff = Double(f * f)
        let rest = sigma * sigma - (ff - 1) / 12 - ff / 6
        return max(0, rest / ff).squareRoot()
    }

    /// `apply` at reduced resolution: reads the same region (`region`, the written spans widened
    /// by the full-resolution support), writes the same pixels with the same coverage and
    /// saturation. In three stages: block averages of what is behind, the small image's blur and
    /// saturation, and the bilinear read-back into the spans.
    static func applyReduced(
        _ d: BackdropDraw, stack: [Raster], spans sp: (y0: Int, xs: [(Int, Int)]), region: PixelRect, sigma: Double, factor f: Int,
        workers: Int
    ) -> PixelRect? {
        guard let top = stack.last else { return nil }
        let grid = ReducedGrid(region: region, factor: f)
        let small = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: grid.lw * grid.lh)
        defer { small.deallocate() }
        let n = max(1, workers)
        gatherBlockAverages(of: stack, width: top.width, grid: grid, into: SharedFloatPointer(pointer: small), workers: n)
        let ls = reducedSigma(sigma: sigma, factor: f)
        if ls > 0 { blur(small, width: grid.lw, height: grid.lh, sigma: ls, workers: workers) }
        // Saturation on the small image (the read-back only interpolates between its pixels).
        let sat = Float(d.saturation.isFinite ? max(0, d.saturation) : 1)
        if sat != 1 { for k in 0..<(grid.lw * grid.lh) { small[k] = saturate(small[k], sat) } }
        return readBack(d, from: SharedFloatPointer(pointer: small), grid: grid, into: top, spans: sp, workers: n)
    }

    /// The small image's geometry: the full-resolution region read and its f × f blocks.
    struct ReducedGrid: Sendable {
        let rx0: Int, ry0: Int, rw: Int, rh: Int, f: Int
        /// The small image's width and height (blocks, the last ones possibly partial).
        let lw: Int, lh: Int

        init(region: PixelRect, factor f: Int) {
            rx0 = region.x0; ry0 = region.y0; rw = region.x1 - region.x0; rh = region.y1 - region.y0
            self.f = f
            lw = (rw + f - 1) / f; lh = (rh + f - 1) / f
        }
    }

    /// Stage 1: each block's average of what is behind (the target with each open group over
    /// it), rows of blocks shared out among `n` workers.
    private static func gatherBlockAverages(
        of stack: [Raster], width w: Int, grid g: ReducedGrid, into shared: SharedFloatPointer, workers n: Int
    ) {
        let layers = stack.map { SharedBytes(pointer: $0.data) }
        let gather: @Sendable (Int) -> Void = { t in
            var by = t
            while by < g.lh {
                let ya = g.ry0 + by * g.f, yb = min(g.ry0 + g.rh, ya + g.f)
                for bx in 0..<g.lw {
                    let xa = g.rx0 + bx * g.f, xb = min(g.rx0 + g.rw, xa + g.f)
                    let sum = layers.count == 1
                        ? blockSum(layers[0], width: w, xs: xa..<xb, ys: ya..<yb)
                        : blockSum(composing: layers, width: w, xs: xa..<xb, ys: ya..<yb)
                    shared.pointer[by * g.lw + bx] = sum / Float((yb - ya) * (xb - xa))
                }
                by += n
            }
        }
        if n == 1 || g.lh < 8 {
            for t in 0..<n { gather(t) }
        } else {
            DispatchQueue.concurrentPerform(iterations: n, execute: gather)
        }
    }

    /// The sum of one raster's pixels over a block, in integers.
    @inline(__always)
    private static func blockSum(_ layer: SharedBytes, width w: Int, xs: Range<Int>, ys: Range<Int>) -> SIMD4<Float> {
        var isum = SIMD4<UInt32>(repeating: 0)
        for y in ys {
            let row = UnsafeRawPointer(layer.pointer + (y * w) * 4)
            for x in xs {
                let v = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
                isum &+= SIMD4<UInt32>(truncatingIfNeeded: v)
            }
        }
        return SIMD4<Float>(isum)
    }

    /// The sum over a block of the target with each open group composited over it.
    private static func blockSum(composing layers: [SharedBytes], width w: Int, xs: Range<Int>, ys: Range<Int>) -> SIMD4<Float> {
        var sum = SIMD4<Float>(repeating: 0)
        for y in ys {
            for x in xs {
                let o = (y * w + x) * 4
                let b0 = layers[0].pointer
                var p = SIMD4<Float>(Float(b0[o]), Float(b0[o + 1]), Float(b0[o + 2]), Float(b0[o + 3]))
                for g in layers.dropFirst() {
                    let sa = Float(g.pointer[o + 3])
                    if sa == 0 { continue }
                    p = SIMD4<Float>(Float(g.pointer[o]), Float(g.pointer[o + 1]), Float(g.pointer[o + 2]), sa) + p * (1 - sa / 255)
                }
                sum += p
            }
        }
        return sum
    }

    /// Stage 3: the read-back. Bilinear between block centres (edges repeat), coverage, blend,
    /// written into `top`'s spans, rows shared out among `n` workers. The small image's column
    /// and the weight of each output column are the same on every row, so they are worked out
    /// once. Returns the pixels written (nil for none).
    private static func readBack(
        _ d: BackdropDraw, from small: SharedFloatPointer, grid g: ReducedGrid, into top: Raster,
        spans sp: (y0: Int, xs: [(Int, Int)]), workers n: Int
    ) -> PixelRect? {
        var xLo = Int.max, xHi = Int.min
        for s in sp.xs where s.1 > s.0 { xLo = min(xLo, s.0); xHi = max(xHi, s.1) }
        guard xLo < xHi else { return nil }
        let inv = 1 / Double(g.f)
        var cols = [Int32](repeating: 0, count: xHi - xLo), wts = [Float](repeating: 0, count: xHi - xLo)
        for x in xLo..<xHi {
            let u = max(0, min(Double(g.lw - 1), (Double(x) + 0.5 - Double(g.rx0)) * inv - 0.5))
            cols[x - xLo] = Int32(u)
            wts[x - xLo] = Float(u - u.rounded(.down))
        }
        let writer = ReadBackRows(
            own: FastClip(d.shape), clips: d.clips.map(FastClip.init), opacity: min(1, d.opacity),
            out: SharedBytes(pointer: top.data), width: top.width, small: small, grid: g,
            columns: cols, weights: wts, x0: xLo)
        let rows = sp.xs.count
        let results = UnsafeMutableBufferPointer<PixelRect>.allocate(capacity: n)
        defer { results.deallocate() }
        results.initialize(repeating: .empty)
        nonisolated(unsafe) let written = results  // each worker writes only its own index
        let write: @Sendable (Int) -> Void = { t in
            // The small image's row at this output row (vertically interpolated), one past its
            // end repeated so the right tap always exists.
            let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: g.lw + 1)
            defer { line.deallocate() }
            var rect = PixelRect.empty
            var k = t
            while k < rows {
                defer { k += n }
                let s = sp.xs[k]
                guard s.1 > s.0 else { continue }
                let y = sp.y0 + k
                if writer.write(row: y, span: s, line: line) { rect.formUnion(PixelRect(x0: s.0, y0: y, x1: s.1, y1: y + 1)) }
            }
            written[t] = rect
        }
        if n == 1 || rows < 8 {
            for t in 0..<n { write(t) }
        } else {
            DispatchQueue.concurrentPerform(iterations: n, execute: write)
        }
        var all = PixelRect.empty
        for r in results { all.formUnion(r) }
        return all.isEmpty ? nil : all
    }
}

/// What the read-back's workers share: the shapes' coverage, the small image and the column
/// table; `write(row:span:line:)` does one output row.
private struct ReadBackRows: @unchecked Sendable {  // @unchecked: raw pointers; workers write disjoint rows
    let own: FastClip, clips: [FastClip], opacity: Double
    let out: SharedBytes, width: Int
    let small: SharedFloatPointer, grid: BackdropBlur.ReducedGrid
    let columns: [Int32], weights: [Float], x0: Int

    /// Writes span `s` of output row `y`, using `line` (room for the small image's width + 1)
    /// for the row's vertical interpolation. Returns whether any pixel was written.
    func write(row y: Int, span s: (Int, Int), line: UnsafeMutablePointer<SIMD4<Float>>) -> Bool {
        let g = grid, lw = g.lw, w = width
        let py = Double(y) + 0.5
        let v = max(0, min(Double(g.lh - 1), (py - Double(g.ry0)) * (1 / Double(g.f)) - 0.5))
        let j0 = Int(v), j1 = min(g.lh - 1, j0 + 1)
        let fy = Float(v - Double(j0))
        let row0 = small.pointer + j0 * lw, row1 = small.pointer + j1 * lw
        for i in 0..<lw { line[i] = row0[i] + (row1[i] - row0[i]) * fy }
        line[lw] = line[lw - 1]
        // Pixels every shape certainly covers fully: no coverage needed there.
        var full = own.fullRow(py)
        for c in clips {
            let r = c.fullRow(py)
            full = (max(full.0, r.0), min(full.1, r.1))
        }
        let o = out.pointer + y * w * 4
        var wrote = false
        columns.withUnsafeBufferPointer { cols in
            weights.withUnsafeBufferPointer { wts in
                // The fully covered pixels at full opacity: interpolate and store.
                var fa = s.0, fb = s.0
                if opacity >= 1, full.0 <= full.1 {
                    fa = max(s.0, Int((full.0 - 0.5).rounded(.up))); fb = min(s.1, Int((full.1 - 0.5).rounded(.down)) + 1)
                    if fa >= fb { fa = s.0; fb = s.0 }
                }
                if fa < fb {
                    // Round to nearest through the float's mantissa (values lie in 0…255).
                    let magic = SIMD4<Float>(repeating: 12_582_912)  // 1.5 × 2^23
                    for x in fa..<fb {
                        let i = Int(cols[x - x0])
                        let a = line[i], blurred = a + (line[i + 1] - a) * wts[x - x0]
                        let bits = unsafeBitCast(blurred + magic, to: SIMD4<Int32>.self) &- 0x4B40_0000
                        UnsafeMutableRawPointer(o + x * 4).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: bits), as: SIMD4<UInt8>.self)
                    }
                    wrote = true
                }
                for x in s.0..<s.1 where x < fa || x >= fb {
                    let px = Double(x) + 0.5
                    var c = opacity
                    if px < full.0 || px > full.1 {
                        c *= own.coverage(px, py)
                        if c <= 0 { continue }
                        for clip in clips where c > 0 { c *= clip.coverage(px, py) }
                        if c <= 0 { continue }
                    }
                    let i = Int(cols[x - x0])
                    let a = line[i], blurred = a + (line[i + 1] - a) * wts[x - x0]
                    Self.blend(blurred, coverage: c, into: o + x * 4)
                    wrote = true
                }
            }
        }
        return wrote
    }

    /// Stores `blurred` at `p` with coverage `c` over what is there (scalar lanes: the generic
    /// SIMD conversions are not specialised here).
    @inline(__always)
    private static func blend(_ blurred: SIMD4<Float>, coverage c: Double, into p: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func byte(_ v: Float) -> UInt8 {
            let r = v + 0.5  // rounds half up (v is at least 0 but for rounding)
            return r <= 0 ? 0 : r >= 255 ? 255 : UInt8(Int32(r))
        }
        if c >= 1 {
            p[0] = byte(blurred[0]); p[1] = byte(blurred[1]); p[2] = byte(blurred[2]); p[3] = byte(blurred[3])
        } else {
            let cf = Float(c), rest = 1 - cf
            p[0] = byte(blurred[0] * cf + Float(p[0]) * rest)
            p[1] = byte(blurred[1] * cf + Float(p[1]) * rest)
            p[2] = byte(blurred[2] * cf + Float(p[2]) * rest)
            p[3] = byte(blurred[3] * cf + Float(p[3]) * rest)
        }
    }
}

/// Bytes the backdrop's workers read, or write in disjoint rows.
// @unchecked: a raw pointer; each worker writes only its own rows.
struct SharedBytes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
}

extension FastClip {
    /// The pixel-centre x range `[lo, hi]` of the row at `py` where the clip certainly covers
    /// fully (coverage 1), for clips mapped by a scale and a translation; an empty range for
    /// other maps (then every pixel computes its coverage).
    func fullRow(_ py: Double) -> (Double, Double) {
        guard m.b == 0, m.d == 0, m.g == 0, m.h == 0, m.i > 0, m.a != 0, m.e != 0 else { return (1, 0) }
        // Shape units per pixel along each axis; coverage is 1 where the distance is ≤ −0.5 pixel
        // (measured through the map's area scale, as `coverage` does).
        let ux = abs(m.a / m.i), uy = abs(m.e / m.i)
        let unit = (ux * uy).squareRoot()
        let margin = 0.5 * unit + 1e-6 * max(1, hx, hy) + 1e-9
        let y = (m.e * py + m.f) / m.i - cy
        let e = max(e0, e1, e2, e3)
        let half: Double
        if abs(y) <= hy - e - margin {
            half = hx - margin  // between the corners' rows: straight sides
        } else if abs(y) <= hy - margin {
            half = hx - e - margin  // beside the corners
        } else {
            return (1, 0)
        }
        guard half > 0 else { return (1, 0) }
        // Shape x = (a·px + c) / i within cx ± half, solved for px (and shrunk by a pixel's
        // hundredth against rounding).
        let p0 = ((cx - half) * m.i - m.c) / m.a, p1 = ((cx + half) * m.i - m.c) / m.a
        return (min(p0, p1) + 0.01, max(p0, p1) - 0.01)
    }
}
