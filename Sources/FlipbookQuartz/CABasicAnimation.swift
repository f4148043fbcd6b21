import Foundation
import FlipbookGeometry

/// A single-keyframe animation between two values, Core Animation's `CABasicAnimation`.
///
/// The interpolated range follows Apple's rules for which of `fromValue`, `toValue` and
/// `byValue` are set ("current" is the layer's presentation value without this animation):
/// from+to: from → to; from+by: from → from+by; by+to: to−by → to; from: from → current;
/// to: current → to; by: current → current+by; none: current → current.
/// Values are `Any?` and accept Swift numbers, NSNumber, NSValue, points, sizes, rects,
/// transforms, colours. Values that cannot be read are reported once and ignored.
@preconcurrency @MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
    /// The three values read once when the animation is added (reading `Any` is slow).
    final var cachedValues: (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)?
    /// A direct write for the common case (both ends known, plain key, not additive or
    /// cumulative), decided when the animation is added.
    final var fastPlan: FastPlan?
    /// The memos its compiled presentation plans use (see `PresentationMemos`), kept
    /// alive here so the plans can refer to them unretained.
    final var memoRefs = MemoReferences()
    /// The last transform range interpolated, its ends decomposed (see `animatedValue`).
    final var transformInterpolation: TransformInterpolation?
    /// Both `fromValue` and `toValue` are transforms (read when the animation is added):
    /// `transformInterpolation` holds them, and the range never depends on the base.
    final var hasFixedTransformEnds = false

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        if let b = other as? CABasicAnimation {
            fromValue = b.fromValue
            toValue = b.toValue
            byValue = b.byValue
        }
    }

    /// The start and end values at this point, from Apple's from/to/by rules.
    func range(base: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue) {
        let (from, to, by) = cachedValues ?? (AnimatableValue(fromValue), AnimatableValue(toValue), AnimatableValue(byValue))
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b) ?? f)
        case (nil, let t?, let b?): return (t.subtracting(b) ?? t, t)
        case (let f?, nil, nil): return (f, base)
        case (nil, let t?, nil): return (base, t)
        case (nil, nil, let b?): return (base, base.adding(b) ?? base)
        case (nil, nil, nil): return (base, base)
        }
    }

    /// The fraction of the way from `from` to `to` at `active` (the spring overrides this).
    func progress(at active: ActiveTime) -> Double { eased(active.fraction) }

    override func animatedValue(at active: ActiveTime, base: AnimatableValue) -> AnimatableValue? {
        if hasFixedTransformEnds, let ends = transformInterpolation {
            // fromValue and toValue both transforms: the range is theirs whatever the base
            // (what `range(base:)` returns), decomposed once when the animation was added.
            let value = AnimatableValue.transform(ends.value(at: progress(at: active)))
            return accumulate(
                value, delta: AnimatableValue.transform(ends.to).subtracting(.transform(ends.from)), iteration: active.iteration)
        }
        let r = range(base: isAdditive ? base.scaled(by: 0) ?? base : base)
        let value: AnimatableValue
        if case .transform(let from) = r.from, case .transform(let to) = r.to {
            // Both ends decomposed once, not every frame (the same bits as `interpolated`).
            if transformInterpolation?.isBetween(from, to) != true {
                transformInterpolation = TransformInterpolation(from: from, to: to)
            }
            value = .transform(transformInterpolation!.value(at: progress(at: active)))
        } else {
            value = r.from.interpolated(to: r.to, fraction: progress(at: active))
        }
        return accumulate(value, delta: r.to.subtracting(r.from), iteration: active.iteration)
    }

    override func validate() {
        super.validate()
        for (name, value) in [("fromValue", fromValue), ("toValue", toValue), ("byValue", byValue)] {
            guard let v = AnimatableValue(value) else { continue }
            if !v.isFinite {
                FlipbookDiagnostics.report(
                    "CABasicAnimation \"\(keyPath ?? "")\": \(name) is not finite; ignored.", once: "CABasicAnimation.nonfinite")
                switch name {
                case "fromValue": fromValue = nil
                case "toValue": toValue = nil
                default: byValue = nil
                }
            }
        }
        cachedValues = (AnimatableValue(fromValue), AnimatableValue(toValue), AnimatableValue(byValue))
        if case (.transform(let from)?, .transform(let to)?, _)? = cachedValues {
            transformInterpolation = TransformInterpolation(from: from, to: to)
            hasFixedTransformEnds = true
        } else {
            hasFixedTransformEnds = false
        }
        fastPlan = FastPlan(self)
    }

    override func applyFast(_ active: ActiveTime, to values: inout LayerValues) -> Bool {
        guard let plan = fastPlan else { return false }
        plan.apply(progress(at: active), to: &values)
        return true
    }

    override func apply(_ active: ActiveTime, to target: CALayer) {
        if let plan = fastPlan, target.isPresentationCopy {
            plan.apply(progress(at: active), to: &target.state)
            if let path = parsedKeyPath { target.noteAnimatedWrite(path) }
            return
        }
        super.apply(active, to: target)
    }

    override var sampleValue: AnimatableValue? {
        let (from, to, by) = cachedValues ?? (AnimatableValue(fromValue), AnimatableValue(toValue), AnimatableValue(byValue))
        return to ?? from ?? by
    }
}

/// A spring-driven basic animation, Core Animation's `CASpringAnimation`.
///
/// The value moves from `fromValue` to `toValue` (Apple's from/to/by rules) along the
/// damped spring of FlipbookGeometry's `SpringCurve` with these parameters; `duration`
/// still cuts the animation off, so callers set `duration = settlingDuration`. The
/// timing function is ignored (time runs linearly through the spring), as on iOS.
@preconcurrency @MainActor
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    /// In whole distances per second; positive moves toward `toValue`.
    open var initialVelocity: CGFloat = 0
    /// When false (default) an overdamped spring moves as a critically damped one.
    open var allowsOverdamping = false

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A spring with iOS 17's perceptual parameters: it takes about `perceptualDuration`
    /// seconds, and `bounce` 0 is critically damped, up to 1 for no damping. Sets
    /// `duration` to `settlingDuration`.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let curve = SpringCurve.perceptual(duration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(curve.mass)
        stiffness = CGFloat(curve.stiffness)
        damping = CGFloat(curve.damping)
        allowsOverdamping = true
        duration = settlingDuration
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        if let s = other as? CASpringAnimation {
            mass = s.mass
            stiffness = s.stiffness
            damping = s.damping
            initialVelocity = s.initialVelocity
            allowsOverdamping = s.allowsOverdamping
        }
    }

    var curve: SpringCurve {
        SpringCurve(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// The time the spring needs to come to rest, in seconds (FlipbookGeometry's rule).
    open var settlingDuration: CFTimeInterval { curve.settlingDuration }

    /// The perceptual duration of these parameters, 2π/ω0 (seconds).
    open var perceptualDuration: CFTimeInterval { 2 * .pi / curve.undampedAngularFrequency }

    /// The bounce of these parameters (1 − ζ, or 1/ζ − 1 when overdamped).
    open var bounce: CGFloat {
        let z = curve.dampingRatio
        return CGFloat(z <= 1 ? 1 - z : 1 / z - 1)
    }

    override func progress(at active: ActiveTime) -> Double { curve.value(at: active.time) }

    override func validate() {
        super.validate()
        for (name, v) in [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity)]
        where !v.isFinite || (name != "initialVelocity" && name != "damping" && v <= 0) || (name == "damping" && v < 0) {
            FlipbookDiagnostics.report(
                "CASpringAnimation: \(name) \(v) is invalid; using the default.", once: "CASpringAnimation.\(name)")
            switch name {
            case "mass": mass = 1
            case "stiffness": stiffness = 100
            case "damping": damping = 10
            default: initialVelocity = 0
            }
        }
    }
}
