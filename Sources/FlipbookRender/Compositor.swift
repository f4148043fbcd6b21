import Dispatch
import Foundation

/// A clip region: a rounded rectangle in some layer's plane, seen through a projective map.
struct ClipShape: Sendable {
    /// Output pixel coordinates -> the clipping layer's bounds coordinates.
    var toShape: Homography
    var shape: RoundedRectShape
}

/// One textured quad for the compositor: a whole bitmap placed by a projective map.
struct QuadDraw: Sendable {
    var source: Raster
    /// Output pixel coordinates -> source texel coordinates (texel k covers [k, k+1)).
    var toSource: Homography
    /// The quad's outline in output pixels after clipping behind the eye (convex).
    var polygon: [CGPoint]
    /// Group opacity 0…1 multiplied into every sample.
    var opacity: Double
    var clips: [ClipShape]
}

/// The Swift compositor: draws projective textured quads into a `Raster` with premultiplied
/// source-over.
///
/// Per output pixel centre it maps back into the source (inverse mapping, so the result is
/// perspective-correct), samples bilinearly in 8-bit fixed point, multiplies the coverage of the
/// quad's edges (analytic: the distance to the edge measured in output pixels through the map's
/// Jacobian, giving a 1-pixel antialiased ramp) and of every clip shape, then blends.
/// Rows are shared between two threads in interleaved bands; each row is written by exactly one
/// thread with the same arithmetic, so results are byte-identical whatever the scheduling.
enum Compositor {
    /// Pixels below which a draw stays on one thread (thread hand-off costs more than it saves).
    static let parallelThreshold = 40_000
    static let bandHeight = 8

    /// Row spans of a convex polygon: for each row in `y0..<y1`, the pixel columns it may touch.
    static func spans(of polygon: [CGPoint], width: Int, height: Int) -> (y0: Int, xs: [(Int, Int)])? {
        guard polygon.count >= 3 else { return nil }
        var minY = Double.infinity, maxY = -Double.infinity
        for p in polygon { minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y)) }
        let y0 = max(0, Int((minY - 1).rounded(.down))), y1 = min(height, Int((maxY + 1).rounded(.up)))
        guard y0 < y1 else { return nil }
        var xs: [(Int, Int)] = []
        xs.reserveCapacity(y1 - y0)
        let n = polygon.count
        for y in y0..<y1 {
            let ya = Double(y) - 1, yb = Double(y) + 2  // one pixel of slack for antialiasing
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<n {
                let p = polygon[k], q = polygon[(k + 1) % n]
                let py = Double(p.y), qy = Double(q.y), px = Double(p.x), qx = Double(q.x)
                let emin = min(py, qy), emax = max(py, qy)
                if emax < ya || emin > yb { continue }
                let ta = max(ya, emin), tb = min(yb, emax)
                if qy == py {
                    lo = min(lo, px, qx); hi = max(hi, px, qx)
                } else {
                    let xa = px + (qx - px) * (ta - py) / (qy - py), xb = px + (qx - px) * (tb - py) / (qy - py)
                    lo = min(lo, xa, xb); hi = max(hi, xa, xb)
                }
            }
            if lo > hi { xs.append((0, 0)); continue }
            let xa = max(0, Int((lo - 1).rounded(.down))), xb = min(width, Int((hi + 1).rounded(.up)))
            xs.append(xa < xb ? (xa, xb) : (0, 0))
        }
        return (y0, xs)
    }

    /// Draws `quad` over `dest` (premultiplied source-over). Returns the touched pixel rectangle.
    @discardableResult
    static func draw(_ quad: QuadDraw, into dest: Raster) -> PixelRect? {
        guard quad.opacity > 0, let sp = spans(of: quad.polygon, width: dest.width, height: dest.height) else { return nil }
        let rows = sp.xs.count
        var area = 0
        var rect = PixelRect.empty
        for (k, s) in sp.xs.enumerated() where s.1 > s.0 {
            area += s.1 - s.0
            rect.formUnion(PixelRect(x0: s.0, y0: sp.y0 + k, x1: s.1, y1: sp.y0 + k + 1))
        }
        guard area > 0 else { return nil }
        let job = QuadJob(quad: quad, dest: dest, y0: sp.y0, spans: sp.xs)
        if area >= parallelThreshold && rows >= 2 * bandHeight {
            DispatchQueue.concurrentPerform(iterations: 2) { t in job.run(thread: t, of: 2) }
        } else {
            job.run(thread: 0, of: 1)
        }
        return rect
    }
}

/// An integer pixel rectangle `[x0, x1) × [y0, y1)`.
struct PixelRect: Sendable, Equatable {
    var x0, y0, x1, y1: Int
    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    mutating func formUnion(_ o: PixelRect) {
        if o.isEmpty { return }
        if isEmpty { self = o; return }
        x0 = min(x0, o.x0); y0 = min(y0, o.y0); x1 = max(x1, o.x1); y1 = max(y1, o.y1)
    }
}

/// The per-row worker of `Compositor.draw`.
private struct QuadJob: @unchecked Sendable {
    let quad: QuadDraw
    let dest: Raster
    let y0: Int
    let spans: [(Int, Int)]
    let fastClips: [FastClip]

    init(quad: QuadDraw, dest: Raster, y0: Int, spans: [(Int, Int)]) {
        self.quad = quad; self.dest = dest; self.y0 = y0; self.spans = spans
        fastClips = quad.clips.map(FastClip.init)
    }

    /// Integer offset when the map is a pure whole-pixel translation (then texels copy 1:1).
    var blitOffset: (dx: Int, dy: Int)? {
        let m = quad.toSource
        guard quad.clips.isEmpty, m.a == 1, m.b == 0, m.d == 0, m.e == 1, m.g == 0, m.h == 0, m.i == 1 else { return nil }
        let dx = m.c.rounded(), dy = m.f.rounded()
        guard abs(m.c - dx) < 1e-9, abs(m.f - dy) < 1e-9, abs(dx) < 1e9, abs(dy) < 1e9 else { return nil }
        return (Int(dx), Int(dy))
    }

    func run(thread: Int, of count: Int) {
        let band = Compositor.bandHeight
        if let (dx, dy) = blitOffset {
            var k = thread * band
            while k < spans.count {
                for r in k..<min(k + band, spans.count) { blitRow(y0 + r, dx: dx, dy: dy) }
                k += band * count
            }
            return
        }
        var k = thread * band
        while k < spans.count {
            for r in k..<min(k + band, spans.count) {
                let s = spans[r]
                if s.1 > s.0 { row(y0 + r, s.0, s.1) }
            }
            k += band * count
        }
    }

    @inline(__always) private func div255(_ x: Int) -> Int {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over of one row for a whole-pixel translation: texel (x + dx, y + dy) onto pixel (x, y).
    private func blitRow(_ y: Int, dx: Int, dy: Int) {
        let src = quad.source
        let sy = y + dy
        guard sy >= 0, sy < src.height else { return }
        let xa = max(0, -dx), xb = min(dest.width, src.width - dx)
        guard xa < xb else { return }
        let k = Int(quad.opacity * 256 + 0.5)
        guard k > 0 else { return }
        let s = UnsafeMutableRawPointer(src.data + (sy * src.width + dx) * 4).assumingMemoryBound(to: UInt32.self)
        let o = UnsafeMutableRawPointer(dest.data + y * dest.width * 4).assumingMemoryBound(to: UInt32.self)
        var x = xa
        while x < xb {
            let w = s[x]
            if w < 0x0100_0000 { x += 1; continue }  // transparent texel
            if w >= 0xFF00_0000 && k >= 256 {
                // A run of opaque texels copies straight through.
                var e = x + 1
                while e < xb && s[e] >= 0xFF00_0000 { e += 1 }
                (o + x).update(from: s + x, count: e - x)
                x = e
                continue
            }
            var p = Pixel.unpack(w)
            if k < 256 { p = (p &* Int32(k) &+ 128) &>> 8 }
            o[x] = Pixel.over(p, Pixel.unpack(o[x]))
            x += 1
        }
    }

    /// Texel distance from an edge beyond which a pixel is certainly fully covered: twice the
    /// larger texel-per-pixel gradient at the row's two ends (+inf when an end is behind the eye).
    private func edgeBands(_ m: Homography, _ py: Double, _ xa: Int, _ xb: Int) -> (Double, Double) {
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

    private func row(_ y: Int, _ xa: Int, _ xb: Int) {
        if quad.toSource.g == 0 && quad.toSource.h == 0 {
            rowBody(y, xa, xb, perspective: false)
        } else {
            rowBody(y, xa, xb, perspective: true)
        }
    }

    /// One row of the general (resampling) path. `perspective == false` when w' is constant along
    /// the map (affine), so the divide is done once: the same value every pixel would compute.
    @inline(__always)
    private func rowBody(_ y: Int, _ xa: Int, _ xb: Int, perspective: Bool) {
        let m = quad.toSource
        let src = quad.source
        let sw = src.width, sh = src.height
        let fw = Double(sw), fh = Double(sh)
        let sdata = UnsafeRawPointer(src.data)
        let out = UnsafeMutableRawPointer(dest.data + y * dest.width * 4)
        let py = Double(y) + 0.5
        let opacity = quad.opacity
        let clips = fastClips
        let hasClips = !clips.isEmpty
        let (bandU, bandV) = edgeBands(m, py, xa, xb)
        // Homogeneous source coordinates at the first pixel centre, stepped by one pixel.
        let px0 = Double(xa) + 0.5
        var uh = m.a * px0 + m.b * py + m.c
        var vh = m.d * px0 + m.e * py + m.f
        var sh0 = m.g * px0 + m.h * py + m.i
        let affineInv = 1 / sh0
        if !perspective && !(sh0 > 0) { return }
        for x in xa..<xb {
            let s = sh0, uhx = uh, vhx = vh
            uh += m.a; vh += m.d
            let inv: Double
            if perspective {
                sh0 += m.g
                guard s > 0 else { continue }  // the point of the plane is behind the eye
                inv = 1 / s
            } else {
                inv = affineInv
            }
            let u = uhx * inv, v = vhx * inv
            let du = min(u, fw - u), dv = min(v, fh - v)
            var cov = opacity
            if du < bandU || dv < bandV {
                // Near or outside an edge: coverage from the distance in output pixels (+0.5).
                let dudx = (m.a - u * m.g) * inv, dudy = (m.b - u * m.h) * inv
                let dvdx = (m.d - v * m.g) * inv, dvdy = (m.e - v * m.h) * inv
                let cu = du / (dudx * dudx + dudy * dudy).squareRoot() + 0.5
                if !(cu > 0) { continue }
                if cu < 1 { cov *= cu }
                let cv = dv / (dvdx * dvdx + dvdy * dvdy).squareRoot() + 0.5
                if !(cv > 0) { continue }
                if cv < 1 { cov *= cv }
            }
            // Bilinear sample in 8.8 fixed point, clamped to the edge texels.
            let sx = u - 0.5, sy = v - 0.5
            let tx = Int(sx), ty = Int(sy)  // toward zero; fixed below to the floor (exact)
            let ix = Double(tx) > sx ? tx - 1 : tx, iy = Double(ty) > sy ? ty - 1 : ty
            let wx = Int((sx - Double(ix)) * 256), wy = Int((sy - Double(iy)) * 256)
            let x0 = ix < 0 ? 0 : (ix >= sw ? sw - 1 : ix)
            let x1 = ix + 1 < 0 ? 0 : (ix + 1 >= sw ? sw - 1 : ix + 1)
            let y0 = iy < 0 ? 0 : (iy >= sh ? sh - 1 : iy)
            let y1 = iy + 1 < 0 ? 0 : (iy + 1 >= sh ? sh - 1 : iy + 1)
            let t00 = sdata.loadUnaligned(fromByteOffset: (y0 * sw + x0) * 4, as: UInt32.self)
            let t10 = sdata.loadUnaligned(fromByteOffset: (y0 * sw + x1) * 4, as: UInt32.self)
            let t01 = sdata.loadUnaligned(fromByteOffset: (y1 * sw + x0) * 4, as: UInt32.self)
            let t11 = sdata.loadUnaligned(fromByteOffset: (y1 * sw + x1) * 4, as: UInt32.self)
            if (t00 | t10 | t01 | t11) & 0xFF00_0000 == 0 { continue }  // all four texels transparent
            // Clips only where the sample shows something (text and shadows are mostly transparent).
            if hasClips {
                let px = Double(x) + 0.5
                var c = 0
                while c < clips.count {
                    cov *= clips[c].coverage(px, py)
                    if cov <= 0 { break }
                    c += 1
                }
                if cov <= 0 { continue }
            }
            let k = Int(cov * 256 + 0.5)
            if k <= 0 { continue }
            let o = out + x * 4
            if k >= 256 && t00 == t10 && t00 == t01 && t00 == t11 && t00 >= 0xFF00_0000 {
                o.storeBytes(of: t00, as: UInt32.self)  // opaque and flat: the sample is the texel
                continue
            }
            let w00 = UInt64((256 - wx) * (256 - wy)), w10 = UInt64(wx * (256 - wy))
            let w01 = UInt64((256 - wx) * wy), w11 = UInt64(wx * wy)
            // Two channels per 64-bit word (lanes 32 bits apart: r|b and g|a), the same integer
            // arithmetic as four separate channels, since no lane ever exceeds 2^24.
            let round16: UInt64 = 32768 | 32768 << 32
            var rb = (Pixel.rb(t00) &* w00 &+ Pixel.rb(t10) &* w10 &+ Pixel.rb(t01) &* w01 &+ Pixel.rb(t11) &* w11 &+ round16) >> 16
            var ga = (Pixel.ga(t00) &* w00 &+ Pixel.ga(t10) &* w10 &+ Pixel.ga(t01) &* w01 &+ Pixel.ga(t11) &* w11 &+ round16) >> 16
            rb &= Pixel.lanes8; ga &= Pixel.lanes8
            if k < 256 {
                let round8: UInt64 = 128 | 128 << 32
                rb = ((rb &* UInt64(k) &+ round8) >> 8) & Pixel.lanes8
                ga = ((ga &* UInt64(k) &+ round8) >> 8) & Pixel.lanes8
            }
            if rb == 0 && ga == 0 { continue }
            let sa = ga >> 32
            if sa >= 255 {
                // Lanes are at most 255 here (a bilinear mean of bytes), so no clamping is needed.
                o.storeBytes(of: Pixel.packLanes(rb, ga), as: UInt32.self)
            } else {
                o.storeBytes(of: Pixel.overLanes(rb, ga, o.load(as: UInt32.self)), as: UInt32.self)
            }
        }
    }
}

/// Premultiplied RGBA8 pixels as four 32-bit lanes (r, g, b, a) for fixed-point arithmetic.
enum Pixel {
    @inline(__always) static func unpack(_ w: UInt32) -> SIMD4<Int32> {
        SIMD4<Int32>(Int32(w & 0xFF), Int32((w >> 8) & 0xFF), Int32((w >> 16) & 0xFF), Int32(w >> 24))
    }

    /// Packs lanes already in 0…255.
    @inline(__always) static func pack(_ v: SIMD4<Int32>) -> UInt32 {
        UInt32(truncatingIfNeeded: v[0]) | UInt32(truncatingIfNeeded: v[1]) << 8
            | UInt32(truncatingIfNeeded: v[2]) << 16 | UInt32(truncatingIfNeeded: v[3]) << 24
    }

    /// Lanes of two channels 32 bits apart, each holding 0…255.
    static let lanes8: UInt64 = 0xFF | 0xFF << 32

    /// Red in bits 0…7 and blue in bits 32…39.
    @inline(__always) static func rb(_ w: UInt32) -> UInt64 { UInt64(w & 0xFF) | UInt64(w & 0xFF_0000) << 16 }

    /// Green in bits 0…7 and alpha in bits 32…39.
    @inline(__always) static func ga(_ w: UInt32) -> UInt64 { UInt64((w >> 8) & 0xFF) | UInt64(w >> 24) << 32 }

    /// Packs two-lane words (lanes 0…255) back into RGBA8.
    @inline(__always) static func packLanes(_ rb: UInt64, _ ga: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: rb & 0xFF) | UInt32(truncatingIfNeeded: ga & 0xFF) << 8
            | UInt32(truncatingIfNeeded: (rb >> 32) & 0xFF) << 16 | UInt32(truncatingIfNeeded: (ga >> 32) & 0xFF) << 24
    }

    /// `over` on two-lane words: source lanes 0…255 over the packed destination pixel `d`.
    @inline(__always) static func overLanes(_ rb: UInt64, _ ga: UInt64, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (ga >> 32)
        let round: UInt64 = 128 | 128 << 32
        @inline(__always) func div255(_ x: UInt64) -> UInt64 {
            let t = x &+ round
            return ((t &+ ((t >> 8) & 0x00FF_FFFF_00FF_FFFF)) >> 8) & 0xFFFF_0000_FFFF
        }
        let r = rb &+ div255(Pixel.rb(d) &* ia), g = ga &+ div255(Pixel.ga(d) &* ia)
        @inline(__always) func c(_ v: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: min(v, 255)) }
        return c(r & 0xFFFF_FFFF) | c(g & 0xFFFF_FFFF) << 8 | c(r >> 32) << 16 | c(g >> 32) << 24
    }

    /// Source-over: `s + d × (255 − s.a) / 255` per lane (rounded), clamped to 255, packed.
    @inline(__always) static func over(_ s: SIMD4<Int32>, _ d: SIMD4<Int32>) -> UInt32 {
        let t = d &* (255 &- s[3]) &+ 128
        var r = s &+ ((t &+ (t &>> 8)) &>> 8)
        r.replace(with: 255, where: r .> 255)
        return pack(r)
    }
}

/// Antialiased coverage of a clip shape at an output pixel centre.
enum ClipCoverage {
    @inline(__always) static func coverage(_ clip: ClipShape, _ px: Double, _ py: Double) -> Double {
        let m = clip.toShape
        let s = m.g * px + m.h * py + m.i
        guard s > 0 else { return 0 }
        let inv = 1 / s
        let x = (m.a * px + m.b * py + m.c) * inv, y = (m.d * px + m.e * py + m.f) * inv
        // Shape units per output pixel: the square root of the Jacobian's area factor.
        let dxdx = (m.a - x * m.g) * inv, dxdy = (m.b - x * m.h) * inv
        let dydx = (m.d - y * m.g) * inv, dydy = (m.e - y * m.h) * inv
        let unit = abs(dxdx * dydy - dxdy * dydx).squareRoot()
        guard unit > 0, unit.isFinite else { return 0 }
        let d = clip.shape.signedDistance(x, y) / unit
        return d <= -0.5 ? 1 : (d >= 0.5 ? 0 : 0.5 - d)
    }
}
