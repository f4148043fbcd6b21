import Foundation

/// Kochanek–Bartels (TCB) spline segments: the curve `CAKeyframeAnimation` follows in the
/// `cubic` and `cubicPaced` calculation modes, shaped by tension τ, continuity γ and bias β
/// (all 0 gives a Catmull–Rom spline).
///
/// A segment runs from P1 to P2 as a cubic Hermite curve with the outgoing tangent at P1
///
///     D1 = (1−τ)(1+β)(1+γ)/2 · (P1 − P0) + (1−τ)(1−β)(1−γ)/2 · (P2 − P1)
///
/// and the incoming tangent at P2
///
///     S2 = (1−τ)(1+β)(1−γ)/2 · (P2 − P1) + (1−τ)(1−β)(1+γ)/2 · (P3 − P2).
///
/// At the ends of a key list there is no P0 (or P3): Flipbook passes the end point itself,
/// so that difference is zero. Tangents are per unit of segment parameter (uniform spacing,
/// as Core Animation's keyframe cubic is).
public enum KochanekBartels {
    /// Tension, continuity and bias at one key (each usually in −1…1; 0 is Catmull–Rom).
    public struct Parameters: Sendable, Hashable {
        public var tension: Double, continuity: Double, bias: Double
        public init(tension: Double = 0, continuity: Double = 0, bias: Double = 0) {
            self.tension = tension.isFinite ? tension : 0
            self.continuity = continuity.isFinite ? continuity : 0
            self.bias = bias.isFinite ? bias : 0
        }
        public static let catmullRom = Parameters()
    }

    /// The point at parameter `t` (0 at `p1`, 1 at `p2`) of the segment from `p1` to `p2`, with
    /// one set of tension/continuity/bias for both ends.
    /// - Complexity: O(1).
    public static func interpolate(
        _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double,
        tension: Double, continuity: Double, bias: Double
    ) -> Double {
        let k = Parameters(tension: tension, continuity: continuity, bias: bias)
        return interpolate(p0, p1, p2, p3, t: t, start: k, end: k)
    }

    /// The point at parameter `t` of the segment from `p1` to `p2`, with the parameters of the key
    /// at `p1` (`start`, shaping its outgoing tangent) and at `p2` (`end`, its incoming tangent).
    /// Parameters outside 0…1 extrapolate the cubic.
    public static func interpolate(
        _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double,
        start: Parameters, end: Parameters
    ) -> Double {
        let (d1, s2) = tangents(p0, p1, p2, p3, start: start, end: end)
        return hermite(p1, d1, p2, s2, t: t.isFinite ? t : 0)
    }

    /// The tangents (outgoing at `p1`, incoming at `p2`) of the segment from `p1` to `p2`.
    public static func tangents(
        _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, start: Parameters, end: Parameters
    ) -> (outgoing: Double, incoming: Double) {
        let (t1, c1, b1) = (start.tension, start.continuity, start.bias)
        let (t2, c2, b2) = (end.tension, end.continuity, end.bias)
        let d1 = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1 - p0) + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2 - p1)
        let s2 = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2 - p1) + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3 - p2)
        return (d1, s2)
    }

    /// Cubic Hermite interpolation from `p1` (tangent `m1`) to `p2` (tangent `m2`).
    public static func hermite(_ p1: Double, _ m1: Double, _ p2: Double, _ m2: Double, t: Double) -> Double {
        let t2 = t * t, t3 = t2 * t
        let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t
        let h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
        return h00 * p1 + h10 * m1 + h01 * p2 + h11 * m2
    }

    /// The spline through `points` (keys of equal dimension, e.g. [x, y] per key) at parameter
    /// `t` of segment `segment` (from key `segment` to key `segment + 1`), per component.
    ///
    /// `parameters` holds one entry per key (a shorter list repeats its last entry; empty means
    /// Catmull–Rom). Missing neighbours at the ends are the end keys themselves. An empty key
    /// list gives []; one key gives that key; the segment index is clamped to the valid range.
    public static func interpolate(
        _ points: [[Double]], segment: Int, t: Double, parameters: [Parameters] = []
    ) -> [Double] {
        guard let first = points.first else { return [] }
        guard points.count > 1 else { return first }
        let i = Swift.min(Swift.max(segment, 0), points.count - 2)
        let p0 = points[Swift.max(i - 1, 0)], p1 = points[i], p2 = points[i + 1]
        let p3 = points[Swift.min(i + 2, points.count - 1)]
        func param(_ k: Int) -> Parameters {
            guard let last = parameters.last else { return .catmullRom }
            return k < parameters.count ? parameters[k] : last
        }
        let n = [p0.count, p1.count, p2.count, p3.count].min() ?? 0
        return (0..<n).map { c in
            interpolate(p0[c], p1[c], p2[c], p3[c], t: t, start: param(i), end: param(i + 1))
        }
    }
}
