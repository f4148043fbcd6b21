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
        let s = src.data + (sy * src.width + dx) * 4
        let o = dest.data + y * dest.width * 4
        for x in xa..<xb {
            let p = s + x * 4, q = o + x * 4
            var sa = Int(p[3])
            if sa == 0 { continue }
            if sa == 255 && k >= 256 {
                UnsafeMutableRawPointer(q).storeBytes(of: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self), as: UInt32.self)
                continue
            }
            var sr = Int(p[0]), sg = Int(p[1]), sb = Int(p[2])
            if k < 256 {
                sa = (sa * k + 128) >> 8; sr = (sr * k + 128) >> 8
                sg = (sg * k + 128) >> 8; sb = (sb * k + 128) >> 8
            }
            let ia = 255 - sa
            q[0] = UInt8(min(255, sr + div255(Int(q[0]) * ia)))
            q[1] = UInt8(min(255, sg + div255(Int(q[1]) * ia)))
            q[2] = UInt8(min(255, sb + div255(Int(q[2]) * ia)))
            q[3] = UInt8(min(255, sa + div255(Int(q[3]) * ia)))
        }
    }

    /// Texel distance from an edge beyond which a pixel is certainly fully covered: twice the
    /// larger texel-per-pixel gradient at the row's two ends (+inf when an end is behind the eye).
    private func edgeBands(_ m: Homography, _ py: Double, _ xa: Int, _ xb: Int) -> (Double, Double) {
        var bu = 0.0, bv = 0.0
        for x in [Double(xa) + 0.5, Double(xb) - 0.5] {
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
        let m = quad.toSource
        let src = quad.source
        let sw = src.width, sh = src.height
        let fw = Double(sw), fh = Double(sh)
        let sdata = src.data
        let out = dest.data + y * dest.width * 4
        let py = Double(y) + 0.5
        let opacity = quad.opacity
        let clips = quad.clips
        let (bandU, bandV) = edgeBands(m, py, xa, xb)
        // Homogeneous source coordinates at the first pixel centre, stepped by one pixel.
        let px0 = Double(xa) + 0.5
        var uh = m.a * px0 + m.b * py + m.c
        var vh = m.d * px0 + m.e * py + m.f
        var sh0 = m.g * px0 + m.h * py + m.i
        for x in xa..<xb {
            let s = sh0, uhx = uh, vhx = vh
            uh += m.a; vh += m.d; sh0 += m.g
            guard s > 0 else { continue }  // the point of the plane is behind the eye
            let inv = 1 / s
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
            if !clips.isEmpty {
                let px = Double(x) + 0.5
                for clip in clips {
                    cov *= ClipCoverage.coverage(clip, px, py)
                    if cov <= 0 { break }
                }
                if cov <= 0 { continue }
            }
            // Bilinear sample in 8.8 fixed point, clamped to the edge texels.
            let sx = u - 0.5, sy = v - 0.5
            let fx0 = sx.rounded(.down), fy0 = sy.rounded(.down)
            let wx = Int((sx - fx0) * 256), wy = Int((sy - fy0) * 256)
            let ix = Int(fx0), iy = Int(fy0)
            let x0 = ix < 0 ? 0 : (ix >= sw ? sw - 1 : ix)
            let x1 = ix + 1 < 0 ? 0 : (ix + 1 >= sw ? sw - 1 : ix + 1)
            let y0 = iy < 0 ? 0 : (iy >= sh ? sh - 1 : iy)
            let y1 = iy + 1 < 0 ? 0 : (iy + 1 >= sh ? sh - 1 : iy + 1)
            let p00 = sdata + (y0 * sw + x0) * 4, p10 = sdata + (y0 * sw + x1) * 4
            let p01 = sdata + (y1 * sw + x0) * 4, p11 = sdata + (y1 * sw + x1) * 4
            let k = Int(cov * 256 + 0.5)
            if k <= 0 { continue }
            let ia = p00[3] == 0 && p10[3] == 0 && p01[3] == 0 && p11[3] == 0
            if ia { continue }
            let w00 = (256 - wx) * (256 - wy), w10 = wx * (256 - wy), w01 = (256 - wx) * wy, w11 = wx * wy
            var sa = (Int(p00[3]) * w00 + Int(p10[3]) * w10 + Int(p01[3]) * w01 + Int(p11[3]) * w11 + 32768) >> 16
            var sr = (Int(p00[0]) * w00 + Int(p10[0]) * w10 + Int(p01[0]) * w01 + Int(p11[0]) * w11 + 32768) >> 16
            var sg = (Int(p00[1]) * w00 + Int(p10[1]) * w10 + Int(p01[1]) * w01 + Int(p11[1]) * w11 + 32768) >> 16
            var sb = (Int(p00[2]) * w00 + Int(p10[2]) * w10 + Int(p01[2]) * w01 + Int(p11[2]) * w11 + 32768) >> 16
            if k < 256 {
                sa = (sa * k + 128) >> 8; sr = (sr * k + 128) >> 8
                sg = (sg * k + 128) >> 8; sb = (sb * k + 128) >> 8
            }
            if sa == 0 && sr == 0 && sg == 0 && sb == 0 { continue }
            let o = out + x * 4
            if sa >= 255 {
                o[0] = UInt8(min(255, sr)); o[1] = UInt8(min(255, sg)); o[2] = UInt8(min(255, sb)); o[3] = 255
            } else {
                let ia = 255 - sa
                o[0] = UInt8(min(255, sr + div255(Int(o[0]) * ia)))
                o[1] = UInt8(min(255, sg + div255(Int(o[1]) * ia)))
                o[2] = UInt8(min(255, sb + div255(Int(o[2]) * ia)))
                o[3] = UInt8(min(255, sa + div255(Int(o[3]) * ia)))
            }
        }
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
