import Foundation

/// A closed interval of pixel-centre x coordinates on one row, narrowed by linear constraints.
///
/// Every quantity the compositor tests along a row is a projective function of the pixel centre
/// `px`: q(px) = (A·px + B) / (G·px + C). Where the denominator is positive, `lo ≤ q ≤ hi` is a
/// pair of linear inequalities in `px`, so the pixels that pass every test form one interval,
/// found with a few divisions per row instead of tests per pixel.
struct RowInterval {
    var lo = -Double.infinity
    var hi = Double.infinity
    var isEmpty: Bool { !(lo <= hi) }

    /// Keeps the px where `G·px + C ≥ minW`.
    @inline(__always) mutating func keepPositive(g: Double, c: Double, minW: Double) {
        if g > 0 { lo = max(lo, (minW - c) / g) } else if g < 0 { hi = min(hi, (minW - c) / g) } else if !(c >= minW) { hi = -.infinity }
    }

    /// Keeps the px where `lo ≤ (A·px + B) / (G·px + C) ≤ hi` (assuming a positive denominator).
    @inline(__always) mutating func keep(a: Double, b: Double, g: Double, c: Double, between qlo: Double, and qhi: Double) {
        guard qlo <= qhi else { hi = -.infinity; return }
        // (A − qlo·G)·px ≥ qlo·C − B
        let k1 = a - qlo * g, c1 = qlo * c - b
        if k1 > 0 { lo = max(lo, c1 / k1) } else if k1 < 0 { hi = min(hi, c1 / k1) } else if c1 > 0 { hi = -.infinity }
        // (A − qhi·G)·px ≤ qhi·C − B
        let k2 = a - qhi * g, c2 = qhi * c - b
        if k2 > 0 { hi = min(hi, c2 / k2) } else if k2 < 0 { lo = max(lo, c2 / k2) } else if c2 < 0 { hi = -.infinity }
    }

    /// The longest interval made by merging overlapping ones (empty when there are none).
    static func longestUnion(_ pieces: [RowInterval]) -> RowInterval {
        var best = RowInterval(lo: 0, hi: -.infinity)
        var current: RowInterval?
        for p in pieces.sorted(by: { $0.lo < $1.lo }) {
            if let c = current, p.lo <= c.hi {
                current = RowInterval(lo: c.lo, hi: max(c.hi, p.hi))
            } else {
                current = p
            }
            if let c = current, best.isEmpty || c.hi - c.lo > best.hi - best.lo { best = c }
        }
        return best
    }

    /// `longestUnion` of the non-empty ones among `a`, `b` and `c` (when given), without building
    /// an array: the same pieces, sorted by `lo` and merged the same way, so the same interval.
    /// (Pieces with equal `lo` overlap and merge whatever their order.) Called per row and clip
    /// by the compositor's interior search, where the array and its sort were most of the cost.
    @inline(__always) static func longestUnion(_ a: RowInterval, _ b: RowInterval, _ c: RowInterval?) -> RowInterval {
        var p = (RowInterval(), RowInterval(), RowInterval())
        var n = 0
        @inline(__always) func add(_ q: RowInterval) {
            switch n {
            case 0: p.0 = q
            case 1: p.1 = q
            default: p.2 = q
            }
            n += 1
        }
        if !a.isEmpty { add(a) }
        if !b.isEmpty { add(b) }
        if let c, !c.isEmpty { add(c) }
        // Insertion sort of up to three by lo.
        // (Plain assignments: swap(&p.0, &p.1) would access the tuple twice at once.)
        if n >= 2 && p.1.lo < p.0.lo { let t = p.0; p.0 = p.1; p.1 = t }
        if n == 3 {
            if p.2.lo < p.1.lo { let t = p.1; p.1 = p.2; p.2 = t }
            if p.1.lo < p.0.lo { let t = p.0; p.0 = p.1; p.1 = t }
        }
        var best = RowInterval(lo: 0, hi: -.infinity)
        var current: RowInterval?
        for k in 0..<n {
            let q = k == 0 ? p.0 : k == 1 ? p.1 : p.2
            if let c = current, q.lo <= c.hi {
                current = RowInterval(lo: c.lo, hi: max(c.hi, q.hi))
            } else {
                current = q
            }
            if let c = current, best.isEmpty || c.hi - c.lo > best.hi - best.lo { best = c }
        }
        return best
    }

    /// `pixels(_:_:)`'s rounding done once, for an interval many rows share (`RowInvariants`).
    var bounds: PixelBounds {
        isEmpty ? PixelBounds(empty: true, a: 0, b: 0) : PixelBounds(empty: false, a: (lo - 0.5).rounded(.up), b: (hi - 0.5).rounded(.down) + 1)
    }

    /// Whether `keep(a: 0, b:, g: 0, c:, between:and:)` empties an interval: with a = g = 0 the
    /// constraint does not depend on px (a row's v, or a clip's y, under scale and translation),
    /// so `keep` either leaves the interval as it is or empties it, whatever the interval.
    @inline(__always) static func fails(b: Double, c: Double, between qlo: Double, and qhi: Double) -> Bool {
        var t = RowInterval(lo: 0, hi: 0)
        t.keep(a: 0, b: b, g: 0, c: c, between: qlo, and: qhi)
        return t.hi == -.infinity
    }

    /// The integer pixels `[x0, x1)` of `xa..<xb` whose centres lie in the interval.
    @inline(__always) func pixels(_ xa: Int, _ xb: Int) -> (Int, Int) {
        guard !isEmpty else { return (xa, xa) }
        let a = max(Double(xa), (lo - 0.5).rounded(.up)), b = min(Double(xb), (hi - 0.5).rounded(.down) + 1)
        guard a < b else { return (xa, xa) }
        return (Int(a), Int(b))
    }
}

/// An interval's `pixels(_:_:)` with its rounding done: the same pixels for any `xa..<xb`.
struct PixelBounds {
    let empty: Bool
    let a: Double
    let b: Double

    @inline(__always) func pixels(_ xa: Int, _ xb: Int) -> (Int, Int) {
        guard !empty else { return (xa, xa) }
        let a = max(Double(xa), self.a), b = min(Double(xb), self.b)
        guard a < b else { return (xa, xa) }
        return (Int(a), Int(b))
    }
}
