import CCairo
import Foundation
import FlipbookGeometry

/// How a CAShapeLayer's stroke is dashed and trimmed (see docs/Semantics.md, "Shape layers"):
/// `lineDashPattern` alternates painted and unpainted lengths along the path from its start,
/// shifted by `lineDashPhase` (a positive phase starts that far into the pattern, so animating
/// it from 0 to the pattern's length marches the dashes backwards along the path, once);
/// `strokeStart`/`strokeEnd` then keep only the part of those dashes between the two fractions
/// of the path's length: the dashes stay where they are while the ends move.
enum ShapeStroke {
    /// The pattern cairo can use, or nil when it must be ignored: no pattern, a negative or
    /// non-finite entry, or only zeros (Core Graphics draws such strokes solid).
    static func dashes(_ pattern: [CGFloat]?) -> [Double]? {
        guard let pattern, !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let d = pattern.map(Double.init)
        guard d.reduce(0, +) > 0 else { return nil }
        // An odd count repeats the list once more (on and off swap), as Core Graphics does.
        return d.count % 2 == 1 ? d + d : d
    }

    /// The painted intervals of `pattern` with `phase` along [0, length].
    static func intervals(pattern d: [Double], phase: Double, length: Double) -> [(Double, Double)] {
        let period = d.reduce(0, +)
        guard period > 0, length > 0, period.isFinite else { return [] }
        var p = phase.truncatingRemainder(dividingBy: period)
        if p < 0 { p += period }
        var out: [(Double, Double)] = []
        var pos = -p
        var k = 0
        // Bounded: each step advances by an entry; zero-length entries cycle at most once per period.
        var steps = 0
        let limit = 4_000_000
        while pos <= length && steps < limit {
            let len = d[k % d.count]
            if k % 2 == 0 {
                let a = max(pos, 0), b = min(pos + len, length)
                if b >= a && pos + len >= 0 { out.append((a, b)) }
            }
            pos += len
            k += 1
            steps += 1
        }
        return out
    }

    /// Sets the stroke's dash on `cr` for the path of `length` points: the layer's pattern and
    /// phase, trimmed to [start, end] (fractions of the length). Returns false when nothing is
    /// painted at all.
    static func apply(_ s: ShapeContent, length: Double, to cr: OpaquePointer) -> Bool {
        let start = Double(max(0, s.strokeStart)), end = Double(min(1, s.strokeEnd))
        let trimmed = start > 0 || end < 1
        guard let pattern = dashes(s.dashPattern) else {
            if trimmed {
                // Partial solid stroke: one dash covering [start, end] of the path's length.
                let a = start * length, b = end * length
                var d = [max(b - a, 1e-9), length * 2 + 1]
                cairo_set_dash(cr, &d, 2, -a)
            }
            return true
        }
        if !trimmed {
            var d = pattern
            cairo_set_dash(cr, &d, Int32(d.count), Double(s.dashPhase))
            return true
        }
        let a = start * length, b = end * length
        let kept = intervals(pattern: pattern, phase: Double(s.dashPhase), length: length)
            .compactMap { i -> (Double, Double)? in
                let x = max(i.0, a), y = min(i.1, b)
                return y >= x ? (x, y) : nil
            }
        guard let first = kept.first else { return false }
        // One on/off list from the first kept dash; the last gap outlasts the path, and the
        // negative offset makes cairo begin in that gap and reach the first dash at its start.
        var d: [Double] = []
        for (k, i) in kept.enumerated() {
            d.append(i.1 - i.0)
            d.append(k + 1 < kept.count ? kept[k + 1].0 - i.1 : length * 2 + first.0 + 1)
        }
        cairo_set_dash(cr, &d, Int32(d.count), -first.0)
        return true
    }
}
