import Foundation

// What a quad's rows share, worked out once per quad for `QuadJob` (Compositor+Rows.swift):
// the affine constants and bands, the per-row flat runs and clip reach, the row invariants of
// the interior search and its memo (docs/Renderer.md, "Constant rows and wide backdrop blurs").

/// What an affine map (g = h = 0) makes the same everywhere, computed once per quad: w' is then
/// `i` at every pixel (0·x + 0·y + i, exactly), so the texel-per-pixel gradients
/// ((a − u·g)/w', (b − u·h)/w') are (a/w', b/w') for any finite u: the lengths the edge coverage
/// divides by are the per-pixel code's, bit for bit, and the bands can be exact (`band`).
struct AffineConstants: Sendable {
    let bands: (Double, Double)
    let gradientU: Double
    let gradientV: Double

    init?(_ m: Homography) {
        guard m.g == 0, m.h == 0, m.i > 1e-9 else { return nil }
        let inv = 1 / (m.g * 0.5 + m.h * 0.5 + m.i)
        let u = 0.0, v = 0.0
        let dudx = (m.a - u * m.g) * inv, dudy = (m.b - u * m.h) * inv
        let dvdx = (m.d - v * m.g) * inv, dvdy = (m.e - v * m.h) * inv
        gradientU = (dudx * dudx + dudy * dudy).squareRoot()
        gradientV = (dvdx * dvdx + dvdy * dvdy).squareRoot()
        bands = (Self.band(gradientU), Self.band(gradientV))
    }

    /// The texel distance from an edge beyond which the edge's coverage is certainly 1 when the
    /// gradient's length `n` is the same at every pixel: coverage is min(1, d/n + 0.5), full from
    /// d = n/2 on. The margins (relative and absolute) keep d/n + 0.5 ≥ 1 through the division's
    /// rounding. (`edgeBands` allows 2n, for gradients that vary along a row under perspective.)
    static func band(_ n: Double) -> Double {
        guard n.isFinite else { return .infinity }
        return 0.5 * n * (1 + 1e-9) + 1e-6
    }
}

/// The flat-colour runs of one row (at most two: the source's core has at most two rectangles),
/// sorted and disjoint, without an array (one per row was an allocation per row).
struct FlatRuns {
    var count = 0
    var first = (0, 0), second = (0, 0)

    mutating func append(_ r: (Int, Int)) {
        if count == 0 { first = r } else { second = r }
        count = min(count + 1, 2)
    }
}

/// The edge bands of one row (`pixels`' per-pixel coverage test) and where each clip certainly
/// covers fully.
struct RowBands {
    var u: Double
    var v: Double
    var full: ClipFull
}

/// For each of a quad's first four clips, the pixels `[a, b)` of one row where that clip's
/// coverage is certainly 1 (`QuadJob.interior`); none for the others.
struct ClipFull: Equatable {
    private var r0 = (0, 0), r1 = (0, 0), r2 = (0, 0), r3 = (0, 0)

    static func == (a: ClipFull, b: ClipFull) -> Bool { a.r0 == b.r0 && a.r1 == b.r1 && a.r2 == b.r2 && a.r3 == b.r3 }

    mutating func set(_ k: Int, _ r: (Int, Int)) {
        switch k {
        case 0: r0 = r
        case 1: r1 = r
        case 2: r2 = r
        case 3: r3 = r
        default: break
        }
    }

    @inline(__always) func covers(_ k: Int, _ x: Int) -> Bool {
        let r = k == 0 ? r0 : k == 1 ? r1 : k == 2 ? r2 : k == 3 ? r3 : (0, 0)
        return x >= r.0 && x < r.1
    }
}

/// The parts of a quad's per-row interior search (`QuadJob.interior`) and clip reach
/// (`QuadJob.clipReach`) that are the same on every row, worked out once per quad.
///
/// Under an affine map with b = 0 (u does not depend on the row: a scroll, a zoom, any scale
/// and translation), and clips whose maps are the same kind, every x constraint of the search
/// has the same inputs on every row (b·py + c is c, h·py + i is i, whatever py), so it gives the
/// same interval: the search keeps each interval after its row-independent constraints and
/// applies only the row's own (v, and each clip's y) per row, the same operations in the same
/// order on the same numbers as the whole search (bit for bit; compared row by row in
/// `CompositorShortcutTests`). Under rotation or perspective there is none.
/// A class: the row loop binds it (`if let invariants`) several times a row, and binding a
/// struct of this size copied it (a memcpy and its arrays' reference counts) each time.
final class RowInvariants {
    struct Clip {
        /// The clip's three covered pieces (`QuadJob.interior`) after their x constraints.
        var wide: RowInterval
        var tall: RowInterval
        var mid: RowInterval?
        /// Their y bounds.
        var wideY: (Double, Double)
        var tallY: (Double, Double)
        var midY: (Double, Double)
    }

    /// The quad's interval after its positivity and u constraints, and its v bounds.
    let quadX: RowInterval
    let vBounds: (Double, Double)
    /// `QuadJob.quadReach`'s interval after its positivity and u constraints, and its v bounds.
    let quadReachX: RowInterval
    let quadReachV: (Double, Double)
    /// `quadReachX`'s pixels, when the v constraint is a pure test (m.d = 0, see
    /// `RowInterval.fails`): every row then has these pixels or none.
    let quadReachPixels: PixelBounds?
    /// `reach`'s pixels (its clips' y constraints are pure tests): every row has these or none.
    let reachPixels: PixelBounds?
    let clips: [Clip]
    /// `clipReach`'s interval after every clip's x constraints, when every clip's y constraint
    /// is a pure test (d = 0: the clip's y does not change along a row); nil otherwise.
    let reach: RowInterval?

    init?(quad: QuadDraw, clips fastClips: [FastClip], affine: AffineConstants?, margin eps: Double) {
        let m = quad.toSource
        guard let affine, m.b == 0 else { return nil }
        let fw = Double(quad.source.width), fh = Double(quad.source.height)
        let (bandU, bandV) = affine.bands
        guard fw >= 2, fh >= 2, bandU.isFinite, bandV.isFinite else { return nil }
        // Any row's py gives these (see above); py > 0 on every row, as here.
        let py = 0.5
        let bu = m.b * py + m.c, bw = m.h * py + m.i
        var r = RowInterval()
        r.keepPositive(g: m.g, c: bw, minW: 1e-9)
        r.keep(a: m.a, b: bu, g: m.g, c: bw, between: max(bandU, 0.5) + eps, and: min(fw - bandU, fw - 0.5) - eps)
        quadX = r
        vBounds = (max(bandV, 0.5) + eps, min(fh - bandV, fh - 0.5) - eps)
        var reachX = RowInterval()
        reachX.keepPositive(g: m.g, c: bw, minW: 1e-9)
        reachX.keep(a: m.a, b: bu, g: m.g, c: bw, between: -bandU - eps, and: fw + bandU + eps)
        quadReachX = reachX
        quadReachV = (-bandV - eps, fh + bandV + eps)
        quadReachPixels = m.d == 0 ? reachX.bounds : nil
        var clips: [Clip] = []
        clips.reserveCapacity(fastClips.count)
        var reach: RowInterval? = RowInterval()
        for clip in fastClips {
            let c = clip.m
            guard let delta = clip.band, delta.isFinite, c.b == 0 else { return nil }
            let cu = c.b * py + c.c, cw = c.h * py + c.i
            var own = RowInterval()
            own.keepPositive(g: c.g, c: cw, minW: 1e-9)
            let e = max(clip.e0, clip.e1, clip.e2, clip.e3)
            let x0 = clip.cx - clip.hx, x1 = clip.cx + clip.hx, y0 = clip.cy - clip.hy, y1 = clip.cy + clip.hy
            var wide = own, tall = own
            wide.keep(a: c.a, b: cu, g: c.g, c: cw, between: x0 + delta + eps, and: x1 - delta - eps)
            tall.keep(a: c.a, b: cu, g: c.g, c: cw, between: x0 + e + delta + eps, and: x1 - e - delta - eps)
            var mid: RowInterval?
            let middle = clip.certainMiddle(delta: delta, eps: eps)
            if let middle {
                var m = own
                m.keep(a: c.a, b: cu, g: c.g, c: cw, between: middle.x.0, and: middle.x.1)
                mid = m
            }
            clips.append(Clip(
                wide: wide, tall: tall, mid: mid, wideY: (y0 + e + delta + eps, y1 - e - delta - eps),
                tallY: (y0 + delta + eps, y1 - delta - eps), midY: middle?.y ?? (0, 0)))
            if c.d == 0, reach != nil {
                let pad = delta + eps
                reach!.keepPositive(g: c.g, c: cw, minW: 0)
                reach!.keep(a: c.a, b: cu, g: c.g, c: cw, between: clip.cx - clip.hx - pad, and: clip.cx + clip.hx + pad)
            } else {
                reach = nil
            }
        }
        self.clips = clips
        self.reach = fastClips.isEmpty ? nil : reach
        reachPixels = self.reach?.bounds
        rowTestsApply = m.d == 0 && fastClips.count <= 20 && fastClips.allSatisfy { $0.m.d == 0 }
    }

    /// True when every row constraint is a pure test (m.d = 0 and every clip's d = 0: v and
    /// each clip's y do not change along a row, so `RowInterval.keep` either empties the
    /// interval or leaves it as it is) and there are at most 20 clips: then a row's result
    /// depends only on which tests pass (`rowTests`) and its span.
    var testsOnly: Bool { rowTestsApply }
    private let rowTestsApply: Bool

    /// Which of the row's constraints fail, one bit each (quad's v, then each clip's three
    /// pieces), when `testsOnly`; nil otherwise. Each bit is `keep` itself run on a probe.
    @inline(__always)
    func rowTests(_ py: Double, quad m: Homography, clips fastClips: [FastClip]) -> UInt64? {
        guard rowTestsApply else { return nil }
        @inline(__always) func fails(_ a: Double, _ b: Double, _ g: Double, _ c: Double, _ bounds: (Double, Double)) -> UInt64 {
            var t = RowInterval(lo: 0, hi: 0)
            t.keep(a: a, b: b, g: g, c: c, between: bounds.0, and: bounds.1)
            return t.hi == -.infinity ? 1 : 0
        }
        var bits = fails(m.d, m.e * py + m.f, m.g, m.h * py + m.i, vBounds)
        for k in 0..<clips.count {
            let c = fastClips[k].m, kept = clips[k]
            let cv = c.e * py + c.f, cw = c.h * py + c.i
            bits |= fails(c.d, cv, c.g, cw, kept.wideY) << (1 + 3 * k)
            bits |= fails(c.d, cv, c.g, cw, kept.tallY) << (2 + 3 * k)
            if kept.mid != nil { bits |= fails(c.d, cv, c.g, cw, kept.midY) << (3 + 3 * k) }
        }
        return bits
    }

    /// `QuadJob.interior` for row `py`: the row's own constraints applied to the kept intervals.
    @inline(__always)
    func interior(_ py: Double, _ xa: Int, _ xb: Int, quad m: Homography, clips fastClips: [FastClip]) -> (Int, Int, ClipFull) {
        var full = ClipFull()
        var r = quadX
        let bv = m.e * py + m.f, bw = m.h * py + m.i
        r.keep(a: m.d, b: bv, g: m.g, c: bw, between: vBounds.0, and: vBounds.1)
        for k in 0..<clips.count {
            let c = fastClips[k].m, kept = clips[k]
            let cv = c.e * py + c.f, cw = c.h * py + c.i
            var wide = kept.wide, tall = kept.tall
            wide.keep(a: c.d, b: cv, g: c.g, c: cw, between: kept.wideY.0, and: kept.wideY.1)
            tall.keep(a: c.d, b: cv, g: c.g, c: cw, between: kept.tallY.0, and: kept.tallY.1)
            var mid: RowInterval?
            if var m = kept.mid {
                m.keep(a: c.d, b: cv, g: c.g, c: cw, between: kept.midY.0, and: kept.midY.1)
                mid = m
            }
            let own = RowInterval.longestUnion(wide, tall, mid)
            full.set(k, own.pixels(xa, xb))
            r = RowInterval(lo: max(r.lo, own.lo), hi: min(r.hi, own.hi))
        }
        let (ia, ib) = r.pixels(xa, xb)
        return (ia, ib, full)
    }
}

/// `QuadJob.interior`'s last result and what decided it (`RowInvariants.rowTests`).
final class InteriorMemo {
    var tests: UInt64 = .max
    var xa = 0, xb = 0
    var result = (0, 0, ClipFull())
}

/// The edge path's tap pairs for tap rows of one colour (`QuadJob.pixels`): when source rows
/// y0 and y1 are each of one colour, every texel the four taps can read on them is that colour,
/// so the pairs are known without loading them. Remembers the last pair of rows asked about
/// (along a row with m.d = 0 every pixel asks about the same pair).
struct EdgeTaps {
    let rows: UniformRows?
    private var y0 = Int.min, y1 = Int.min
    private var pair: (UInt64, UInt64)?

    init(rows: UniformRows?) { self.rows = rows }

    /// The (top, bottom) pairs when rows y0 and y1 are each of one colour; nil otherwise.
    @inline(__always) mutating func uniform(_ a: Int, _ b: Int) -> (UInt64, UInt64)? {
        guard let rows else { return nil }
        if a != y0 || b != y1 {
            y0 = a; y1 = b
            if let t = rows.color(a), let u = rows.color(b) {
                pair = (UInt64(t) | UInt64(t) << 32, UInt64(u) | UInt64(u) << 32)
            } else {
                pair = nil
            }
        }
        return pair
    }
}
