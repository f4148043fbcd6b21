import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Animates view changes with a controllable timeline, UIKit's `UIViewPropertyAnimator`.
///
/// The animation closures run when the animator becomes active (`startAnimation`,
/// `pauseAnimation`, or setting `fractionComplete`); the property changes they make are
/// recorded as with `UIView.animate` and become Core Animation animations that the animator
/// owns. Its timeline is a progress from 0 (start values) to 1 (end values): running moves it
/// linearly in time towards 1 (or 0 when reversed) while the timing curve shapes each
/// property's motion; pausing holds the values on screen; setting `fractionComplete` while
/// paused shows the values at that progress (linearly when `scrubsLinearly`). See
/// `UIViewPropertyAnimator+Timeline.swift` for how the animations are built.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    /// The total duration of the main animations, in seconds: the one given at creation, or,
    /// when the creation's timing is a spring given by mass, stiffness and damping, that
    /// spring's settling duration, which then replaces the given one (UIKit ignores the
    /// duration passed with such a spring; code reads it back, as in
    /// `UIViewPropertyAnimator(duration: 0, timingParameters: spring).duration`, to learn how
    /// long the spring takes).
    public let duration: TimeInterval
    /// The delay of the last `startAnimation(afterDelay:)`, in seconds.
    public internal(set) var delay: TimeInterval = 0
    /// The pacing given at creation.
    public private(set) var timingParameters: UITimingCurveProvider?
    /// Whether the running animation can be paused, stopped or reversed (default true). A
    /// non-interruptible animator, once active, runs to its end: those calls are reported and
    /// ignored. It can be changed only while the animator is inactive (reported otherwise).
    open var isInterruptible: Bool {
        get { interruptible }
        set {
            guard newValue != interruptible else { return }
            guard state == .inactive else {
                FlipbookDiagnostics.report(
                    "UIViewPropertyAnimator.isInterruptible can only be changed while the animator is inactive; ignored.")
                return
            }
            interruptible = newValue
        }
    }
    /// Whether the animated views receive touches while the animation runs (default true).
    /// When false, hit testing skips the views it animates while its animations are on them.
    open var isUserInteractionEnabled = true
    /// Whether the app hit-tests the animated views itself (default false): when true, views
    /// stay hit-testable even with `isUserInteractionEnabled` false.
    open var isManualHitTestingEnabled = false
    /// Whether setting `fractionComplete` while paused maps progress linearly (default true).
    open var scrubsLinearly = true
    /// Whether the animator stays active (paused at the end) instead of completing.
    open var pausesOnCompletion = false
    /// iOS 26: whether pending layout is flushed around each animations block the animator
    /// records (before it without animation, at its end with it), as
    /// `UIView.AnimationOptions.flushUpdates` does for a block (default false).
    open var flushUpdates = false

    public internal(set) var state: UIViewAnimatingState = .inactive
    /// Whether the timeline is moving (false while paused, stopped or inactive).
    public var isRunning: Bool { segment != nil }

    // Engine state (see +Timeline).
    var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    var items: [AnimatorItem] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    var storedProgress: Double = 0
    var reversed = false
    var interruptible = true
    var segment: AnimatorSegment?
    /// The timing of the running segment (changed by `continueAnimation`).
    var activeTiming: UITimingCurveProvider?
    lazy var marker = AnimatorMarker(self)
    /// The runtime the animator was made in (weak: it does not keep its app alive).
    private weak var madeIn: AppRuntime?
    /// The clock the animator runs on: its app's (the runtime it was made in), whichever
    /// runtime is bound when it starts, pauses or is scrubbed.
    var clock: MediaClock { (madeIn ?? AppRuntime.current).clock }

    // MARK: Creating

    /// NSObject's `init()`, which UIKit's animator inherits: no duration, UIKit's default
    /// ease-in-out curve. Code declares a placeholder with it and replaces it before use.
    public override convenience init() {
        self.init(duration: 0, timingParameters: UICubicTimingParameters(animationCurve: .easeInOut))
    }

    /// An animator with any timing curve provider. (Required here so that
    /// `runningPropertyAnimator` can return `Self`.)
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        let given = UIView.validatedTime(duration, name: "duration", method: "UIViewPropertyAnimator.init")
        self.duration = parameters.springTimingParameters?.settlingDuration ?? given
        timingParameters = parameters
        madeIn = AppRuntime.current
        activeTiming = parameters
    }

    /// An animator with one of UIKit's curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a custom cubic Bézier curve.
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of this damping ratio fitted to `duration`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates, fills and starts an animator at once, UIKit's
    /// `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`.
    /// The curve comes from the options' curve bits.
    @discardableResult
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Adding

    /// Adds animations that start with the others (UIKit's `addAnimations(_:)`).
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start `delayFactor` (0…1) of the way through the animator's
    /// duration and end with it. Added while active, they run for the remaining time.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        var factor = Double(delayFactor)
        if !factor.isFinite || factor < 0 || factor >= 1 {
            FlipbookDiagnostics.report("UIViewPropertyAnimator.addAnimations(_:delayFactor:): delayFactor \(delayFactor) must lie in 0..<1; clamping.")
            factor = factor.isFinite ? min(max(factor, 0), 0.999) : 0
        }
        switch state {
        case .inactive: pendingBlocks.append((animation, factor))
        case .active: captureAndInstall(animation, delayFactor: factor)
        case .stopped:
            FlipbookDiagnostics.report("UIViewPropertyAnimator.addAnimations: the animator is stopped; animations ignored.")
        }
    }

    /// Adds a block run when the animator completes, with the position it ended at.
    /// Accepted in every state: one added while stopped (after `stopAnimation(false)`) runs
    /// when `finishAnimation(at:)` concludes the animator, as UIKit does (the common
    /// "stop, add a completion, finish at the end" idiom of interactive dismissals).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }
}

/// One property an animator animates: its values at progress 0 and 1, and where on the
/// progress axis it starts (`delayFactor`).
@preconcurrency @MainActor
final class AnimatorItem {
    let layer: CALayer
    let key: String
    let from: Any
    let to: Any
    var delayFactor: Double

    init(layer: CALayer, key: String, from: Any, to: Any, delayFactor: Double) {
        self.layer = layer
        self.key = key
        self.from = from
        self.to = to
        self.delayFactor = delayFactor
    }

    /// The value on screen now (presentation, else model).
    var displayedValue: Any { AnimatableLayerKeys.presentedValue(of: layer, forKey: key) ?? to }
}

/// A running stretch of the timeline: progress moves linearly in time from `fromProgress`
/// (at `startTime`) to `toProgress` (at `startTime + duration`).
@preconcurrency @MainActor
struct AnimatorSegment {
    let startTime: CFTimeInterval
    let fromProgress: Double
    let toProgress: Double
    let duration: Double
    let token: MediaClockToken

    func progress(at time: CFTimeInterval) -> Double {
        guard duration > 0 else { return toProgress }
        let f = min(max((time - startTime) / duration, 0), 1)
        return fromProgress + (toProgress - fromProgress) * f
    }
}

/// The delegate of every animation an animator adds: marks them as the animator's own.
@preconcurrency @MainActor
final class AnimatorMarker: NSObject, CAAnimationDelegate {
    weak var animator: UIViewPropertyAnimator?
    init(_ animator: UIViewPropertyAnimator) { self.animator = animator }
    /// The animated views ignore touches (`isUserInteractionEnabled` false, and the app does
    /// not hit-test them itself).
    var blocksInteraction: Bool {
        guard let animator else { return false }
        return !animator.isUserInteractionEnabled && !animator.isManualHitTestingEnabled
    }
}
