import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UIView {
    // MARK: Basic animations

    /// Animates the changes `animations` makes to views, UIKit's
    /// `animate(withDuration:delay:options:animations:completion:)`.
    ///
    /// Each animatable layer property changed inside the block gets one Core Animation
    /// animation from its previous value to its new model value: `duration` seconds, starting
    /// `delay` seconds from now, paced by the options' curve. `completion` receives true when
    /// every animation ran to its end, false when one was interrupted (replaced by an
    /// animation for the same property, or removed). A zero duration applies the changes at
    /// once and completes on the next frame. NaN or negative durations and delays are reported
    /// and read as 0.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spec = animationSpec(
            duration: duration, delay: delay, timing: AnimationTiming(curve: options.curve),
            flags: options.flags, method: "animate(withDuration:delay:options:animations:completion:)")
        runBasicAnimation(spec: spec, options: options, animations, completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay and default options.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay, default options
    /// and no completion.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    // MARK: Springs

    /// Animates with a damped spring, UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    ///
    /// The spring is UIKit's mapping (docs/Semantics.md, "UIKit's damping-ratio mapping"):
    /// mass 1, stiffness ω0², damping 2ζω0, with ω0 chosen so the motion is within 0.001 of
    /// its target at `duration`; the animation lasts exactly `duration`. `velocity` is in
    /// whole distances per second (1 = the whole change in one second).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let method = "animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)"
        let d = validatedTime(duration, name: "duration", method: method)
        let timing = uikitSpringTiming(duration: d, dampingRatio: Double(dampingRatio), velocity: Double(velocity), method: method)
        var spec = animationSpec(duration: d, delay: delay, timing: timing, flags: options.flags, method: method)
        spec.timing = timing  // a spring block keeps its own spring even when nested
        runBasicAnimation(spec: spec, options: options, animations, completion)
    }

    /// Animates with a spring described by its perceptual duration and bounce, iOS 17's
    /// `animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`.
    ///
    /// ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0), ω0 = 2π/duration, mass 1.
    /// The animation runs until the spring settles (its settling duration), so the
    /// completion comes after the motion has come to rest, as in UIKit.
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let method = "animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)"
        let d = validatedTime(duration, name: "springDuration", method: method)
        let timing = perceptualSpringTiming(
            duration: d, bounce: Double(bounce), velocity: Double(initialSpringVelocity), method: method)
        var spec = animationSpec(duration: d, delay: delay, timing: timing, flags: options.flags, method: method)
        spec.timing = timing
        withoutActuallyEscaping(animations) { body in
            runBasicAnimation(spec: spec, options: options, body, completion)
        }
    }

    // MARK: Switches

    /// Runs `actionsWithoutAnimation` with animations disabled, UIKit's `performWithoutAnimation(_:)`:
    /// changes apply at once even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationRegistry.suppressionDepth += 1
        actionsWithoutAnimation()
        UIViewAnimationRegistry.suppressionDepth -= 1
    }

    /// Turns UIView animations on or off for the whole app, UIKit's `setAnimationsEnabled(_:)`.
    /// While off, animation blocks apply their changes at once and still call their completions.
    public class func setAnimationsEnabled(_ enabled: Bool) {
        UIViewAnimationRegistry.animationsEnabled = enabled
    }

    /// Whether animation blocks animate, UIKit's `areAnimationsEnabled` (false inside
    /// `performWithoutAnimation`).
    public class var areAnimationsEnabled: Bool {
        UIViewAnimationRegistry.animationsEnabled && UIViewAnimationRegistry.suppressionDepth == 0
    }

    /// The duration of the animation block being recorded, 0 outside one, UIKit's
    /// `inheritedAnimationDuration` (seconds).
    public class var inheritedAnimationDuration: TimeInterval {
        UIViewAnimationRegistry.stack.last(where: { $0.isRecording })?.spec.duration ?? 0
    }
}

extension UIView {
    /// Checks a time argument: NaN, infinite or negative values are reported and read as 0.
    static func validatedTime(_ value: TimeInterval, name: String, method: String) -> TimeInterval {
        if value.isFinite && value >= 0 { return value }
        FlipbookDiagnostics.report("UIView.\(method): invalid \(name) \(value); using 0.")
        return 0
    }

    /// The spec of a new block, inheriting its enclosing block's duration, curve and options
    /// unless the override flags say otherwise (bit 5 duration, bit 6 curve, bit 9 options).
    static func animationSpec(
        duration: TimeInterval, delay: TimeInterval, timing: AnimationTiming, flags: UInt, method: String
    ) -> AnimationSpec {
        let flags = UIView.AnimationOptions(rawValue: flags)
        var spec = AnimationSpec(
            duration: validatedTime(duration, name: "duration", method: method),
            delay: validatedTime(delay, name: "delay", method: method), timing: timing,
            repeats: flags.contains(.repeat), autoreverses: flags.contains(.autoreverse),
            beginFromCurrentState: flags.contains(.beginFromCurrentState),
            allowsUserInteraction: flags.contains(.allowUserInteraction))
        guard let parent = UIViewAnimationRegistry.stack.last(where: { $0.isRecording }) else { return spec }
        if !flags.contains(.overrideInheritedDuration) { spec.duration = parent.spec.duration }
        if !flags.contains(.overrideInheritedCurve) { spec.timing = parent.spec.timing }
        if !flags.contains(.overrideInheritedOptions) {
            spec.repeats = spec.repeats || parent.spec.repeats
            spec.autoreverses = spec.autoreverses || parent.spec.autoreverses
            spec.beginFromCurrentState = spec.beginFromCurrentState || parent.spec.beginFromCurrentState
            spec.allowsUserInteraction = spec.allowsUserInteraction || parent.spec.allowsUserInteraction
        }
        spec.delay += parent.spec.delay
        return spec
    }

    /// Records `animations` as a basic block and commits it.
    static func runBasicAnimation(
        spec: AnimationSpec, options: AnimationOptions, _ animations: () -> Void, _ completion: ((Bool) -> Void)?
    ) {
        let state = UIViewAnimationState(kind: .basic, spec: spec)
        let flushes = options.contains(.flushUpdates)
        // `.flushUpdates`: what was invalidated before the block is laid out first, outside it.
        if flushes { flushPendingUpdates() }
        // The first top-level block of an animator takes the transition's alongside blocks;
        // they run after the block's own animations, as UIKit runs them when the block ends.
        let alongside = UIViewAnimationRegistry.takeAlongsideOffer(duration: spec.duration)
        UIViewAnimationRegistry.run(state) {
            animations()
            if options.contains(.layoutSubviews) { for view in state.views { view.layoutIfNeeded() } }
            if flushes { flushPendingUpdates() }
            alongside?.join(state)
        }
        state.commitBasic(tracker: AnimationCompletionTracker(completion, spec: spec))
    }

    /// Lays out every window of the app that has layout pending, iOS 26's flush of updates
    /// (`AnimationOptions.flushUpdates`, `UIViewPropertyAnimator.flushUpdates`): inside a
    /// recorded block the changes animate with it.
    static func flushPendingUpdates() {
        for window in UIApplication.shared.windows { window.layoutIfNeeded() }
    }

    /// UIKit's spring mapping for `usingSpringWithDamping:` (docs/Semantics.md, "UIKit's
    /// damping-ratio mapping").
    static func uikitSpringTiming(duration: Double, dampingRatio: Double, velocity: Double, method: String) -> AnimationTiming {
        var zeta = dampingRatio
        if !zeta.isFinite || zeta <= 0 {
            FlipbookDiagnostics.report("UIView.\(method): invalid damping ratio \(dampingRatio); using 1.")
            zeta = 1
        }
        var v0 = velocity
        if !v0.isFinite {
            FlipbookDiagnostics.report("UIView.\(method): invalid initial velocity \(velocity); using 0.")
            v0 = 0
        }
        guard duration > 0 else { return AnimationTiming(curve: .linear) }
        let curve = SpringCurve.uikit(duration: duration, dampingRatio: zeta, initialVelocity: v0)
        return .spring(curve, runsToRest: false)
    }

    /// iOS 17's duration/bounce spring (docs/Semantics.md, "iOS 17 duration and bounce"),
    /// running until it settles.
    static func perceptualSpringTiming(duration: Double, bounce: Double, velocity: Double, method: String) -> AnimationTiming {
        var b = bounce
        if !b.isFinite || b <= -1 || b > 1 {
            FlipbookDiagnostics.report("UIView.\(method): bounce \(bounce) is outside (-1, 1]; clamping.")
            b = b.isFinite ? min(max(b, -0.99), 1) : 0
        }
        let v0 = velocity.isFinite ? velocity : 0
        guard duration > 0 else { return AnimationTiming(curve: .linear) }
        let curve = SpringCurve.perceptual(duration: duration, bounce: b, mass: 1, initialVelocity: v0)
        return .spring(curve, runsToRest: true)
    }
}
