import Foundation

/// Arc-length spacing for keyframe motion at constant speed: Core Animation's `paced` and
/// `cubicPaced` calculation modes, which ignore `keyTimes` and space the keys by distance.
///
/// Points are n-dimensional (`[x, y]` for a position, `[v]` for a scalar, any length as long as
/// every key has the same one; extra components are ignored). Distances are Euclidean.
public enum PacedSpacing {
    /// The cumulative fraction of total polyline length at each key: the key times of a
    /// `paced` animation. First 0, last 1. When the path has no length (every key equal) the
    /// keys are spaced evenly; no keys give [], one key gives [0].
    /// - Complexity: O(n · dimension).
    public static func keyTimes(_ points: [[Double]]) -> [Double] {
        guard points.count > 1 else { return points.isEmpty ? [] : [0] }
        var lengths = [0.0]
        for i in 1..<points.count {
            lengths.append(lengths[i - 1] + distance(points[i - 1], points[i]))
        }
        return normalised(lengths)
    }

    /// The cumulative fraction of total length at each key along the Kochanek–Bartels spline
    /// through `points` (the key times of a `cubicPaced` animation), measured by sampling each
    /// segment at `samplesPerSegment` points.
    public static func cubicKeyTimes(
        _ points: [[Double]], parameters: [KochanekBartels.Parameters] = [], samplesPerSegment: Int = 64
    ) -> [Double] {
        guard points.count > 1 else { return points.isEmpty ? [] : [0] }
        let table = CubicTable(points, parameters: parameters, samplesPerSegment: samplesPerSegment)
        return (0..<points.count).map { table.fractionAtKey($0) }
    }

    /// Maps arc-length fractions to positions on the Kochanek–Bartels spline through a list of
    /// keys, so that a `cubicPaced` animation moves at constant speed inside segments as well.
    public struct CubicTable: Sendable, Equatable {
        public let points: [[Double]]
        public let parameters: [KochanekBartels.Parameters]
        /// Samples per segment.
        public let resolution: Int
        /// Cumulative length fraction at every sample (segments × resolution + 1 entries).
        public let fractions: [Double]

        public init(_ points: [[Double]], parameters: [KochanekBartels.Parameters] = [], samplesPerSegment: Int = 64) {
            self.points = points
            self.parameters = parameters
            let r = Swift.min(Swift.max(samplesPerSegment, 1), 4096)
            resolution = r
            guard points.count > 1 else {
                fractions = points.isEmpty ? [] : [0]
                return
            }
            var lengths = [0.0]
            var previous = points[0]
            for s in 0..<(points.count - 1) {
                for j in 1...r {
                    let p = KochanekBartels.interpolate(points, segment: s, t: Double(j) / Double(r), parameters: parameters)
                    lengths.append(lengths[lengths.count - 1] + PacedSpacing.distance(previous, p))
                    previous = p
                }
            }
            fractions = PacedSpacing.normalised(lengths)
        }

        /// The length fraction at key `k`.
        public func fractionAtKey(_ k: Int) -> Double {
            guard !fractions.isEmpty else { return 0 }
            return fractions[Swift.min(Swift.max(k, 0) * resolution, fractions.count - 1)]
        }

        /// The segment and its parameter (0…1) at which the path has covered `fraction` of its
        /// length (clamped to 0…1), by linear interpolation between samples.
        /// - Complexity: O(log samples).
        public func locate(_ fraction: Double) -> (segment: Int, t: Double) {
            guard fractions.count > 1 else { return (0, 0) }
            let f = fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
            // First sample index whose fraction is ≥ f.
            var lo = 0, hi = fractions.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if fractions[mid] < f { lo = mid + 1 } else { hi = mid }
            }
            let upper = Swift.max(lo, 1), lower = upper - 1
            let span = fractions[upper] - fractions[lower]
            let local = span > 0 ? (f - fractions[lower]) / span : 0
            let sample = Double(lower) + local
            let segments = points.count - 1
            let segment = Swift.min(Int(sample) / resolution, segments - 1)
            return (segment, sample / Double(resolution) - Double(segment))
        }

        /// The point at `fraction` of the path's length.
        public func point(atFraction fraction: Double) -> [Double] {
            let (s, t) = locate(fraction)
            return KochanekBartels.interpolate(points, segment: s, t: t, parameters: parameters)
        }
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for i in 0..<Swift.min(a.count, b.count) {
            let d = b[i] - a[i]
            sum += d * d
        }
        let r = sum.squareRoot()
        return r.isFinite ? r : 0
    }

    /// Divides cumulative lengths by the total; even spacing when the total is zero.
    static func normalised(_ lengths: [Double]) -> [Double] {
        guard let total = lengths.last, lengths.count > 1 else { return lengths.isEmpty ? [] : [0] }
        let n = lengths.count - 1
        guard total > 0 else { return (0...n).map { Double($0) / Double(n) } }
        var r = lengths.map { $0 / total }
        r[n] = 1
        return r
    }
}
