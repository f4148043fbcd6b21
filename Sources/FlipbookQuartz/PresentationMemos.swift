import Foundation
import FlipbookGeometry

// Shared, exact memos for the compiled presentation walk (Flipbook's own).
//
// Many layers usually animate with the same timing, curve, colour pair or angles, and in
// one frame they are evaluated at the same input (the same local time, fraction, angle):
// a transition or a `UIView.animate` block moving many views, a list fading in. Each memo
// below is shared by every compiled animation with the same constant inputs (interned by
// the engine) and remembers its last input and output, compared bit for bit, so it returns
// exactly what a fresh evaluation returns: presentation values stay a pure function of
// model, animations and time, and a frame computes each distinct value once. Shared
// memos are also small and hot in the cache, where per-layer copies were not.
//
// Ownership: each animation keeps the memos its compiled plans use (`memoRefs`); plans
// refer to them unretained; the engine's tables forget the memos no animation holds.

/// A timing curve with its last evaluation (input compared by bit pattern).
@preconcurrency @MainActor
final class TimingCurveMemo {
    let function: CAMediaTimingFunction
    private var lastX: UInt64 = Double.nan.bitPattern
    private var lastY: Double = 0

    init(_ function: CAMediaTimingFunction) { self.function = function }

    /// `function.value(at: x)`.
    @inline(__always)
    func value(at x: Double) -> Double {
        if x.bitPattern == lastX { return lastY }
        let y = function.value(at: x)
        lastX = x.bitPattern
        lastY = y
        return y
    }
}

/// An animation's resolved timing and pacing with its last evaluation: the progress
/// (eased fraction, or a spring's value) at a local time of its layer, nil outside its
/// active time. Shared by animations with bit-identical timing and the same curve;
/// a spring's is its own.
@preconcurrency @MainActor
final class ProgressMemo {
    let timing: ResolvedTiming
    /// The timing curve (nil: linear, or `source`).
    let curve: TimingCurveMemo?
    /// Set for springs: the progress is asked of the animation (which owns this memo).
    unowned(unsafe) let source: CABasicAnimation?
    private var lastLocal: UInt64 = Double.nan.bitPattern
    private var lastProgress: Double = 0
    private var lastActive = false

    init(timing: ResolvedTiming, curve: TimingCurveMemo?, source: CABasicAnimation?) {
        self.timing = timing
        self.curve = curve
        self.source = source
    }

    /// The progress at the layer's local time `local`, exactly as `CABasicAnimation.apply`
    /// computes it; `beginsNow`: not yet committed, so the animation begins at `local`.
    @inline(__always)
    func progress(atLocalTime local: Double, beginsNow: Bool) -> Double? {
        if beginsNow {
            var t = timing
            t.beginTime = local
            return evaluate(t, local)
        }
        if local.bitPattern == lastLocal { return lastActive ? lastProgress : nil }
        let p = evaluate(timing, local)
        lastLocal = local.bitPattern
        lastActive = p != nil
        lastProgress = p ?? 0
        return p
    }

    @inline(__always)
    private func evaluate(_ timing: ResolvedTiming, _ local: Double) -> Double? {
        guard let active = timing.activeTime(atParentTime: local) else { return nil }
        if let source { return source.progress(at: active) }
        if let curve { return curve.value(at: active.fraction) }
        return active.fraction
    }

    /// The interning key: every timing field bit for bit, and the curve's identity.
    static func key(_ t: ResolvedTiming, curve: TimingCurveMemo?) -> [UInt64] {
        let flags: UInt64 = (t.autoreverses ? 1 : 0) | (t.fillsForwards ? 2 : 0) | (t.fillsBackwards ? 4 : 0)
        let id = curve.map { UInt64(UInt(bitPattern: ObjectIdentifier($0))) } ?? 0
        return [
            t.beginTime.bitPattern, t.speed.bitPattern, t.timeOffset.bitPattern, t.simpleDuration.bitPattern,
            t.cycle.bitPattern, t.activeDuration.bitPattern, flags, id,
        ]
    }
}

/// A colour pair's interpolation with its last result (fraction compared by bit pattern).
@preconcurrency @MainActor
final class ColorInterpolationMemo {
    let a: (CGFloat, CGFloat, CGFloat, CGFloat)
    let b: (CGFloat, CGFloat, CGFloat, CGFloat)
    private var lastFraction: UInt64 = Double.nan.bitPattern
    private var lastColor: CGColor?

    init(a: (CGFloat, CGFloat, CGFloat, CGFloat), b: (CGFloat, CGFloat, CGFloat, CGFloat)) {
        self.a = a
        self.b = b
    }

    /// The colour at `fraction` (finite), as `CGColor.interpolated` gives it for these ends.
    @inline(__always)
    func color(at fraction: Double) -> CGColor {
        if fraction.bitPattern == lastFraction, let c = lastColor { return c }
        let f = CGFloat(fraction)
        let c = CGColor(
            red: a.0 + (b.0 - a.0) * f, green: a.1 + (b.1 - a.1) * f, blue: a.2 + (b.2 - a.2) * f,
            alpha: a.3 + (b.3 - a.3) * f)
        lastFraction = fraction.bitPattern
        lastColor = c
        return c
    }
}

/// The cosine and sine of the last angle asked (compared by bit pattern), for rotation.z.
@preconcurrency @MainActor
final class SineCosineMemo {
    private var lastAngle: UInt64 = Double.nan.bitPattern
    private var lastCos: CGFloat = 1
    private var lastSin: CGFloat = 0

    init() {}

    /// `(cos(angle), sin(angle))`, each computed as `CATransform3DMakeRotation` computes it.
    @inline(__always)
    func cosSin(_ angle: CGFloat) -> (CGFloat, CGFloat) {
        if Double(angle).bitPattern == lastAngle { return (lastCos, lastSin) }
        let c = cos(angle), s = sin(angle)
        lastAngle = Double(angle).bitPattern
        lastCos = c
        lastSin = s
        return (c, s)
    }
}

/// The memos an animation's compiled plans use, kept alive by the animation.
@preconcurrency @MainActor
struct MemoReferences {
    var progress: ProgressMemo?
    var write: AnyObject?
}

/// A table of shared memos by key. It drops the memos only it still holds (no animation
/// uses them) whenever it has doubled since the last sweep. No weak references: those
/// would give the memos side-table reference counts, slow on every retain.
@preconcurrency @MainActor
struct InternTable<Value: AnyObject> {
    private var entries: [[UInt64]: Value] = [:]
    private var sweepAt = 64

    /// The memo under `key`, or a new one from `make`.
    mutating func value(for key: [UInt64], make: () -> Value) -> Value {
        if let v = entries[key] { return v }
        let v = make()
        entries[key] = v
        if entries.count >= sweepAt {
            var unused: [[UInt64]] = []
            for i in entries.indices where isKnownUniquelyReferenced(&entries.values[i]) {
                unused.append(entries.keys[i])
            }
            for k in unused { entries.removeValue(forKey: k) }
            sweepAt = max(64, entries.count * 2)
        }
        return v
    }
}

/// The engine's tables of shared memos.
@preconcurrency @MainActor
final class PresentationMemos {
    private var curves = InternTable<TimingCurveMemo>()
    private var progresses = InternTable<ProgressMemo>()
    private var colors = InternTable<ColorInterpolationMemo>()
    private var rotations = InternTable<SineCosineMemo>()

    /// The shared memo of `function`'s curve (equal control points share one).
    func curve(_ function: CAMediaTimingFunction) -> TimingCurveMemo {
        let key = [function.c1x, function.c1y, function.c2x, function.c2y].map { UInt64($0.bitPattern) }
        return curves.value(for: key) { TimingCurveMemo(function) }
    }

    /// The shared progress memo of `timing` paced by `curve`.
    func progress(_ timing: ResolvedTiming, curve: TimingCurveMemo?) -> ProgressMemo {
        progresses.value(for: ProgressMemo.key(timing, curve: curve)) {
            ProgressMemo(timing: timing, curve: curve, source: nil)
        }
    }

    /// The shared memo of the interpolation from `a` to `b` (components).
    func colorPair(
        _ a: (CGFloat, CGFloat, CGFloat, CGFloat), _ b: (CGFloat, CGFloat, CGFloat, CGFloat)
    ) -> ColorInterpolationMemo {
        let key = [a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3].map { Double($0).bitPattern }
        return colors.value(for: key) { ColorInterpolationMemo(a: a, b: b) }
    }

    /// The shared angle memo of rotation.z animations from `a` to `b` radians.
    func rotation(_ a: Double, _ b: Double) -> SineCosineMemo {
        rotations.value(for: [a.bitPattern, b.bitPattern]) { SineCosineMemo() }
    }
}
