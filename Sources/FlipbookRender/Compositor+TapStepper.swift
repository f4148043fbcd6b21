import Foundation

/// Compile-time choices of the per-pixel loop (each gets its own specialised copy).
protocol PixelPath {
    /// Full coverage and in-bounds taps are guaranteed by the caller.
    static var interior: Bool { get }
    /// The map has a perspective part (w' varies along the row).
    static var perspective: Bool { get }
}
enum AffineEdge: PixelPath { static var interior: Bool { false }; static var perspective: Bool { false } }
enum AffineInterior: PixelPath { static var interior: Bool { true }; static var perspective: Bool { false } }
enum PerspectiveEdge: PixelPath { static var interior: Bool { false }; static var perspective: Bool { true } }
enum PerspectiveInterior: PixelPath { static var interior: Bool { true }; static var perspective: Bool { true } }

/// Tap positions along one output row, in 32.32 fixed-point texels: exact (to 2⁻³²) at anchor
/// pixels every 2^shift columns counted from x = 0, linearly interpolated in between.
///
/// For an affine map the interpolation is exact. Under perspective the map along a row is
/// u(x) = (αx + β)/(γx + δ), whose second derivative 2|γ(αδ − βγ)|/|γx + δ|³ peaks at an end of
/// the row; the spacing is the largest power of two up to 32 that keeps the interpolation error
/// (|u''|·N²/8) within 2⁻¹⁰ texel, or 1 (every pixel exact) when the row (widened to whole
/// 32-column blocks, where its anchors lie) reaches behind the eye.
/// Anchors depend only on the row and the column, so every path through a pixel (edge,
/// interior, any worker) gets the same taps.
struct TapStepper {
    static let half: Int64 = 1 << 31
    static let unit = 4_294_967_296.0  // 2^32
    static let maxError = 1.0 / 1024
    let m: Homography
    let bu, bv, bw: Double
    let shift: Int
    private let mask: Int
    private var span = Int.min
    private var valid = false
    private var au: Int64 = 0, av: Int64 = 0, du: Int64 = 0, dv: Int64 = 0

    init(_ m: Homography, py: Double, xa: Int, xb: Int) {
        self.m = m
        bu = m.b * py + m.c; bv = m.e * py + m.f; bw = m.h * py + m.i
        if m.g == 0 {
            shift = 5
        } else {
            // Anchors of the row's spans lie within whole 32-column blocks around [xa, xb).
            let lo = Double((xa >> 5) << 5) + 0.5, hi = Double(((xb + 31) >> 5) << 5) + 0.5
            let w0 = m.g * lo + bw, w1 = m.g * hi + bw
            if w0 > 0 && w1 > 0 {
                let wmin = min(w0, w1)
                let second = 2 * abs(m.g) * max(abs(m.a * bw - bu * m.g), abs(m.d * bw - bv * m.g)) / (wmin * wmin * wmin)
                var s = 5
                while s > 0 && second * Double(1 << (2 * s)) / 8 > Self.maxError { s -= 1 }
                shift = second.isFinite ? s : 0
            } else {
                shift = 0
            }
        }
        mask = (1 &<< shift) &- 1
    }

    /// The exact position at column x, or nil behind the eye or beyond ±2³⁰ texels.
    @inline(__always) func exact(_ x: Int) -> (Int64, Int64)? {
        let px = Double(x) + 0.5
        let s = m.g * px + bw
        guard s > 0 else { return nil }
        let inv = 1 / s
        let u = (m.a * px + bu) * inv * Self.unit, v = (m.d * px + bv) * inv * Self.unit
        let limit = 4_611_686_018_427_387_904.0  // 2^62 = 2^30 texels
        guard abs(u) < limit, abs(v) < limit else { return nil }  // also false for NaN
        return (Int64(u), Int64(v))
    }

    /// `exact` for columns x and x + 1 at once, in the lanes of two-wide vectors (one SSE2
    /// register each: one division for two columns); the same operations in the same order, so
    /// the same bits. Nil when either column has no position.
    @inline(__always) func exactPair(_ x: Int) -> (u: SIMD2<Int64>, v: SIMD2<Int64>)? {
        let px = SIMD2<Double>(Double(x) + 0.5, Double(x &+ 1) + 0.5)
        let s = m.g * px + bw
        guard all(s .> 0) else { return nil }
        let inv = 1 / s
        let u = (m.a * px + bu) * inv * Self.unit, v = (m.d * px + bv) * inv * Self.unit
        let limit = 4_611_686_018_427_387_904.0  // 2^62 = 2^30 texels
        // |u| < limit, false for NaN as in `exact`.
        guard all((u .< limit) .& (u .> -limit)), all((v .< limit) .& (v .> -limit)) else { return nil }
        return (SIMD2<Int64>(Int64(u[0]), Int64(u[1])), SIMD2<Int64>(Int64(v[0]), Int64(v[1])))
    }

    /// Whether `taps` works out two exact columns a division by default: in optimised builds (in
    /// unoptimised ones every lane operation of the vectors would look up generic metadata).
    #if DEBUG
    static let paired = false
    #else
    static let paired = true
    #endif

    /// The tap origins (position − half a texel, see `QuadJob.pixels`) of columns x0..<x0 + n as
    /// (u, v) pairs into `p`: what `position` gives each column. False when a column has none
    /// (behind the eye or too far; `p` is then incomplete). `paired`: where every column is
    /// exact, two columns a division (`exactPair`).
    @inline(__always) mutating func taps(_ x0: Int, _ n: Int, into p: UnsafeMutablePointer<Int64>, paired: Bool = Self.paired) -> Bool {
        let end = x0 &+ n
        var x = x0, q = p
        if shift == 0 {
            // Two columns a division.
            while paired && x &+ 2 <= end {
                guard let (u, v) = exactPair(x) else { return false }
                q[0] = u[0] &- Self.half; q[1] = v[0] &- Self.half
                q[2] = u[1] &- Self.half; q[3] = v[1] &- Self.half
                q += 4; x &+= 2
            }
            while x < end {
                guard let (u, v) = exact(x) else { return false }
                q[0] = u &- Self.half; q[1] = v &- Self.half
                q += 2; x &+= 1
            }
            return true
        }
        let sh = Int64(truncatingIfNeeded: shift)
        while x < end {
            let e = min(end, ((x &>> shift) &+ 1) &<< shift)
            guard let b = block(x) else { return false }
            // du × j stepped by additions (the same bits modulo 2^64), half a texel taken off the anchor.
            let j = Int64(truncatingIfNeeded: x & mask)
            var su = b.du &* j, sv = b.dv &* j
            let au = b.au &- Self.half, av = b.av &- Self.half
            while x < e {
                q[0] = au &+ (su &>> sh); q[1] = av &+ (sv &>> sh)
                su &+= b.du; sv &+= b.dv
                q += 2; x &+= 1
            }
        }
        return true
    }

    /// The anchors of the block holding column x (shift > 0): its first column's exact position
    /// and the difference to the next block's; nil where either is behind the eye or too far
    /// (then every column takes `exact`). Column x of the block is at
    /// `au + ((du × j) >> shift)`, j = x mod 2^shift.
    @inline(__always) mutating func block(_ x: Int) -> (au: Int64, av: Int64, du: Int64, dv: Int64)? {
        enter(x &>> shift)
        return valid ? (au, av, du, dv) : nil
    }

    /// The position at column x.
    @inline(__always) mutating func position(_ x: Int) -> (Int64, Int64)? {
        if shift == 0 { return exact(x) }
        enter(x &>> shift)
        guard valid else { return exact(x) }
        let j = Int64(truncatingIfNeeded: x & mask), sh = Int64(truncatingIfNeeded: shift)
        return (au &+ ((du &* j) &>> sh), av &+ ((dv &* j) &>> sh))
    }

    /// Makes block k current (its anchors reuse the previous block's end when consecutive).
    @inline(__always) private mutating func enter(_ k: Int) {
        if k != span {
            if valid && k == span &+ 1 {
                au = au &+ du; av = av &+ dv  // this span's start is the last span's end
                if let b = exact((k &+ 1) &<< shift) {
                    du = b.0 &- au; dv = b.1 &- av
                } else {
                    valid = false
                }
            } else if let a = exact(k &<< shift), let b = exact((k &+ 1) &<< shift) {
                au = a.0; av = a.1; du = b.0 &- a.0; dv = b.1 &- a.1
                valid = true
            } else {
                valid = false
            }
            span = k
        }
    }
}
