import Foundation
import FlipbookGeometry

/// How keyframe values are joined in time, Core Animation's `CAAnimationCalculationMode`.
public struct CAAnimationCalculationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let discrete = Self(rawValue: "discrete")
    public static let paced = Self(rawValue: "paced")
    public static let cubic = Self(rawValue: "cubic")
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether motion along a path turns the layer, Core Animation's `CAAnimationRotationMode`.
public struct CAAnimationRotationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = Self(rawValue: "auto")
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// An animation through a list of values or along a path, Core Animation's `CAKeyframeAnimation`.
///
/// - `linear`: `keyTimes` (one per value, 0…1, non-decreasing; evenly spaced when nil)
///   place the values; each segment is eased by `timingFunctions[i]`.
/// - `discrete`: each value holds until the next key time (`keyTimes` may have one more
///   entry than `values`, Apple's definition, or as many).
/// - `paced` / `cubicPaced`: `keyTimes` and `timingFunctions` are ignored and the keys are
///   spaced by distance for constant speed.
/// - `cubic`: a Kochanek–Bartels spline through the values (`tensionValues`,
///   `continuityValues`, `biasValues`, one per key, default 0 = Catmull–Rom); the missing
///   neighbour at either end is the end key itself (FlipbookGeometry's `KochanekBartels`).
/// `path` (for "position") overrides `values`: each path element is a segment (curves
/// followed exactly); `rotationMode` then also turns `transform` to the path's tangent.
/// Mismatched `keyTimes` are reported once and replaced by even spacing.
@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    /// Values read once when the animation is added.
    var keys: [AnimatableValue] = []
    var times: [Double] = []
    var cubicTable: PacedSpacing.CubicTable?
    var pathMotion: PathMotion?
    /// The keys as component vectors for the spline and for pacing, when every key has
    /// components and all are of one kind and dimension; nil otherwise (the cubic modes then
    /// interpolate linearly).
    final var splineKeys: [[Double]]?

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        if let k = other as? CAKeyframeAnimation {
            values = k.values
            path = k.path
            keyTimes = k.keyTimes
            timingFunctions = k.timingFunctions
            calculationMode = k.calculationMode
            tensionValues = k.tensionValues
            continuityValues = k.continuityValues
            biasValues = k.biasValues
            rotationMode = k.rotationMode
        }
    }

    var kbParameters: [KochanekBartels.Parameters] {
        let n = keys.count
        func at(_ list: [NSNumber]?, _ i: Int) -> Double {
            guard let list, !list.isEmpty else { return 0 }
            let v = list[min(i, list.count - 1)].doubleValue
            return v.isFinite ? v : 0
        }
        return (0..<n).map {
            KochanekBartels.Parameters(tension: at(tensionValues, $0), continuity: at(continuityValues, $0), bias: at(biasValues, $0))
        }
    }

    override func validate() {
        super.validate()
        let name = keyPath ?? ""
        for note in (timingFunctions ?? []).compactMap(\.diagnostic) { FlipbookDiagnostics.report(note, once: note) }
        if let path, !path.isEmpty {
            pathMotion = PathMotion(path)
            keys = []
        } else {
            keys = (values ?? []).compactMap { AnimatableValue($0) }
            if keys.count != (values ?? []).count || !keys.allSatisfy(\.isFinite) {
                FlipbookDiagnostics.report(
                    "CAKeyframeAnimation \"\(name)\": some values are nil or not finite; they are skipped.",
                    once: "CAKeyframeAnimation.values")
                keys = keys.filter(\.isFinite)
            }
        }
        splineKeys = keysOfOneKind(name: name) ? componentKeys() : nil
        let n = pathMotion?.segmentCount.advanced(by: 1) ?? keys.count
        let discrete = calculationMode == .discrete
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        let expected = discrete ? [n, n + 1] : [n]
        var t = (keyTimes ?? []).map(\.doubleValue)
        // Paced modes ignore keyTimes (Apple's documented rule), so there is nothing to check.
        if keyTimes != nil, !paced {
            let monotonic = zip(t, t.dropFirst()).allSatisfy { $0 <= $1 } && t.allSatisfy(\.isFinite)
            if !expected.contains(t.count) || !monotonic {
                FlipbookDiagnostics.report(
                    "CAKeyframeAnimation \"\(name)\": keyTimes (\(t.count)) don't match \(n) values or are not increasing; using even spacing.",
                    once: "CAKeyframeAnimation.keyTimes")
                t = []
            }
        }
        if t.isEmpty {
            let parts = discrete ? n : n - 1
            t = parts > 0 ? (0..<(n)).map { Double($0) / Double(parts) } : [0]
        }
        if paced {
            t = pacedTimes()
        }
        times = t
        if calculationMode == .cubicPaced, let comps = splineKeys {
            cubicTable = PacedSpacing.CubicTable(comps, parameters: kbParameters)
        }
    }

    /// Whether the keys are all of one kind (and, for component kinds, one dimension).
    /// Mixed kinds are reported once: a spline cannot join them, so the cubic modes fall back
    /// to linear interpolation, where neighbouring keys of different kinds switch at the
    /// halfway point (and a kind that does not fit the key path is reported when shown).
    private final func keysOfOneKind(name: String) -> Bool {
        guard let first = keys.first else { return true }
        // Values that never interpolate (paths, images, booleans...) count as one kind.
        func kind(_ v: AnimatableValue) -> String {
            if case .other = v { return "other" }
            return v.kindName
        }
        let dimension = first.components?.count
        let uniform = keys.allSatisfy { kind($0) == kind(first) && $0.components?.count == dimension }
        if !uniform {
            var kinds: [String] = []
            for k in keys where !kinds.contains(k.kindName) { kinds.append(k.kindName) }
            let cubic = calculationMode == .cubic || calculationMode == .cubicPaced
            FlipbookDiagnostics.report(
                "CAKeyframeAnimation \"\(name)\": values mix kinds or sizes (\(kinds.joined(separator: ", ")))"
                    + (cubic ? "; the \(calculationMode.rawValue) mode interpolates them linearly instead" : "")
                    + "; neighbouring values of different kinds switch at the halfway point.",
                once: "CAKeyframeAnimation.mixedKinds")
        }
        return uniform
    }

    private func componentKeys() -> [[Double]]? {
        var out: [[Double]] = []
        for k in keys {
            guard let c = k.components else { return nil }
            out.append(c)
        }
        return out
    }

    private func pacedTimes() -> [Double] {
        if let motion = pathMotion { return motion.pacedTimes }
        if let comps = splineKeys { return PacedSpacing.keyTimes(comps) }
        // Transforms and other kinds: distances between consecutive keys.
        var lengths = [0.0]
        for i in keys.indices.dropFirst() { lengths.append(lengths[i - 1] + keys[i - 1].distance(to: keys[i])) }
        let total = lengths.last ?? 0
        guard total > 0 else { return keys.indices.map { keys.count > 1 ? Double($0) / Double(keys.count - 1) : 0 } }
        return lengths.map { $0 / total }
    }

    /// The segment and its local parameter for overall fraction `f`.
    func locate(_ f: Double, count n: Int) -> (index: Int, s: Double) {
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < min(times.count, n), times[i + 1] <= f { i += 1 }
            if f >= 1 { i = n - 1 }
            return (min(i, n - 1), 0)
        }
        guard n > 1 else { return (0, 0) }
        if f <= times[0] { return (0, 0) }
        if f >= times[min(n - 1, times.count - 1)] { return (n - 2, 1) }
        var i = 0
        while i + 2 < n, i + 1 < times.count, times[i + 1] <= f { i += 1 }
        let t0 = times[i], t1 = times[min(i + 1, times.count - 1)]
        var s = t1 > t0 ? (f - t0) / (t1 - t0) : 1
        if calculationMode == .linear || calculationMode == .cubic, let fns = timingFunctions, !fns.isEmpty {
            if i < fns.count { s = fns[i].value(at: s) }
        }
        return (i, s)
    }

    func value(atFraction f: Double) -> AnimatableValue? {
        if let motion = pathMotion {
            let (i, s) = locate(f, count: motion.segmentCount + 1)
            if calculationMode == .paced || calculationMode == .cubicPaced { return .point(motion.pacedPoint(f)) }
            // Discrete motion jumps between the path's vertices, the last one included.
            if calculationMode == .discrete { return .point(motion.vertex(i)) }
            return .point(motion.point(segment: i, t: s))
        }
        let n = keys.count
        guard n > 0 else { return nil }
        if n == 1 { return keys[0] }
        if calculationMode == .cubicPaced, let table = cubicTable {
            return keys[0].with(components: table.point(atFraction: f))
        }
        let (i, s) = locate(f, count: n)
        switch calculationMode {
        case .discrete: return keys[i]
        case .cubic, .cubicPaced:
            if let comps = splineKeys {
                return keys[i].with(components: KochanekBartels.interpolate(comps, segment: i, t: s, parameters: kbParameters))
            }
            return keys[i].interpolated(to: keys[i + 1], fraction: s)
        default:
            return keys[i].interpolated(to: keys[i + 1], fraction: s)
        }
    }

    override func animatedValue(at active: ActiveTime, base: AnimatableValue) -> AnimatableValue? {
        guard let v = value(atFraction: eased(active.fraction)) else { return nil }
        guard isCumulative, active.iteration > 0 else { return v }
        let first = pathMotion.map { AnimatableValue.point($0.point(segment: 0, t: 0)) } ?? keys.first
        let last = value(atFraction: 1)
        guard let first, let last else { return v }
        return accumulate(v, delta: last.subtracting(first), iteration: active.iteration)
    }

    override func apply(_ active: ActiveTime, to target: CALayer) {
        super.apply(active, to: target)
        guard let mode = rotationMode, let motion = pathMotion else { return }
        let f = eased(active.fraction)
        let a = motion.pacedOrTimedPoint(self, f - 1e-4), b = motion.pacedOrTimedPoint(self, f + 1e-4)
        guard hypot(b.x - a.x, b.y - a.y) > 1e-12 else { return }
        var angle = atan2(b.y - a.y, b.x - a.x)
        if mode == .rotateAutoReverse { angle += .pi }
        target.transform = CATransform3DRotate(target.transform, angle, 0, 0, 1)
    }

    override var sampleValue: AnimatableValue? {
        pathMotion != nil ? .point(.zero) : (keys.first ?? (values ?? []).lazy.compactMap { AnimatableValue($0) }.first)
    }

    override var affectedKeys: Set<LayerKey>? {
        var keys = super.affectedKeys ?? []
        if rotationMode != nil { keys.insert(.transform) }
        return keys
    }
}
