import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// An interaction controller that drives a transition's animations from a completion
/// percentage, UIKit's `UIPercentDrivenInteractiveTransition`.
///
/// Two ways of driving, as in UIKit (docs/Divergences.md, "Interactive transitions"), each a
/// driver behind `PercentDrivenDriver` (PercentDrivenDrivers.swift):
///
/// - **Core Animation** (`LayerTimeDriver`; the animator has no `interruptibleAnimator(using:)`):
///   the container view's layer is paused (speed 0, time offset 0) *before* the animator's
///   `animateTransition(using:)` runs, so every animation it adds under the container —
///   including delayed ones, whose begin time UIView computes from the layer's current local
///   time — is laid out on a timeline starting at local time 0. `update(p)` sets the layer's
///   `timeOffset` to p · duration, so the screen shows exactly what the non-interactive
///   animation shows at p · duration. `finish()` and `cancel()` move the time offset on the
///   clock (a display link) to the end or back to 0 in duration · (1 − p) or duration · p
///   seconds, divided by `completionSpeed` and shaped by `timingCurve` or `completionCurve`;
///   then the layer runs again from local time `duration`, so the animations end there and
///   their completions run (the animator then calls `completeTransition(_:)`). After a
///   cancel the model values are still the animations' end values: the animator's completion
///   is expected to put them back when `transitionWasCancelled`, as on iOS.
/// - **Interruptible animator** (`PropertyAnimatorDriver`): the animator's
///   `UIViewPropertyAnimator` is paused at the start (or started, when `wantsInteractiveStart`
///   is false), `update(p)` sets its `fractionComplete`, and `finish()`/`cancel()` set
///   `isReversed` and call `continueAnimation(withTimingParameters: timingCurve, durationFactor:)`
///   with (finishing ? 1 − p : p) / completionSpeed.
///
/// `pause()` stops a completing (or non-interactively started) transition where it is and
/// makes it interactive again: `update(_:)`, then `finish()` or `cancel()` once more.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    private enum Phase { case idle, interactive, completing }

    private var phase = Phase.idle
    private var storedPercent: CGFloat = 0
    private var storedDuration: CGFloat = 0
    private var storedCompletionSpeed: CGFloat = 1

    private var context: ViewControllerTransitionContext?
    /// How the transition is moved (nil when no transition is attached).
    private var driver: PercentDrivenDriver?

    /// The transition's duration (the animator's `transitionDuration(using:)`), in seconds.
    open var duration: CGFloat { storedDuration }

    /// The progress shown now, 0…1 (it moves while the transition finishes or cancels).
    open var percentComplete: CGFloat {
        if phase == .completing, let shown = driver?.runningPercent { return shown }
        return storedPercent
    }

    /// The speed of the non-interactive rest of the transition (default 1; values ≤ 0, and
    /// NaN, read as 1).
    open var completionSpeed: CGFloat {
        get { storedCompletionSpeed }
        set { storedCompletionSpeed = newValue.isFinite && newValue > 0 ? newValue : 1 }
    }

    /// The curve of the non-interactive rest of the transition (default easeInOut).
    open var completionCurve: UIView.AnimationCurve = .easeInOut

    /// The timing of the non-interactive rest of the transition; when set it replaces
    /// `completionCurve`.
    open var timingCurve: UITimingCurveProvider?

    /// Whether the transition starts interactively (default true). When false it starts
    /// running on its own and can be taken over with `pause()`.
    open var wantsInteractiveStart = true

    // MARK: Starting

    /// Starts driving the transition: has the animator set up its animations and holds them
    /// at 0 (or lets them run when `wantsInteractiveStart` is false).
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? ViewControllerTransitionContext, let animator = context.animator else {
            FlipbookDiagnostics.report(
                "UIPercentDrivenInteractiveTransition.startInteractiveTransition(_:) needs a transition context "
                    + "made by UIKit (Flipbook's ViewControllerTransitionContext) with an animator; nothing is driven.")
            return
        }
        if phase != .idle { releaseTransition() }
        self.context = context
        storedPercent = 0
        storedDuration = CGFloat(context.transitionDuration)
        context.completionCleanups.append { [weak self] in self?.transitionDidComplete() }
        // Asked once, now that the context knows whether it is interactive (UIKit's order).
        let driver: PercentDrivenDriver
        if let driven = context.providedInterruptibleAnimator() {
            driver = PropertyAnimatorDriver(driven, context: context)
        } else {
            driver = LayerTimeDriver(context: context, animator: animator, duration: storedDuration, interaction: self)
        }
        self.driver = driver
        phase = .interactive
        if driver.start() { phase = .completing }
    }

    // MARK: Driving

    /// Shows the transition at `percentComplete` (0…1; NaN is ignored and other values are
    /// clamped, reported once). With no transition attached (none started yet, or the last
    /// one completed) the call does nothing and reports nothing, as in UIKit
    /// (docs/Semantics.md, "Calls with no transition running").
    open func update(_ percentComplete: CGFloat) {
        guard context != nil else { return }
        guard let context, phase == .interactive, !context.isComplete else {
            FlipbookDiagnostics.report(
                "UIPercentDrivenInteractiveTransition.update(_:) with no interactive transition running; ignored.",
                once: "PercentDriven.update.idle")
            return
        }
        guard let p = ViewControllerTransitionContext.checkedPercent(
            percentComplete, caller: "UIPercentDrivenInteractiveTransition.update(_:)")
        else { return }
        storedPercent = p
        context.updateInteractiveTransition(p)
        driver?.show(p)
    }

    /// Ends the interaction and plays the rest of the transition. With no transition attached
    /// it does nothing, silently (as `update(_:)`).
    open func finish() { complete(finishing: true, name: "finish()") }

    /// Ends the interaction and plays the transition back to its start. With no transition
    /// attached it does nothing, silently (as `update(_:)`).
    open func cancel() { complete(finishing: false, name: "cancel()") }

    /// Stops a finishing, cancelling or non-interactively running transition where it is
    /// and makes it interactive again.
    open func pause() {
        guard let context, phase == .completing, !context.isComplete else {
            FlipbookDiagnostics.report(
                "UIPercentDrivenInteractiveTransition.pause() while the transition is not running on its own; ignored.",
                once: "PercentDriven.pause")
            return
        }
        if let driver { storedPercent = driver.pause(at: storedPercent) }
        phase = .interactive
        context.percentComplete = storedPercent
        context.pauseInteractiveTransition()
    }

    private func complete(finishing: Bool, name: String) {
        // No transition: UIKit ignores the call silently; pan handlers call finish() or
        // cancel() on every gesture end, whether or not they started a transition.
        guard context != nil else { return }
        guard let context, phase == .interactive, !context.isComplete, context.isInteractive else {
            FlipbookDiagnostics.report(
                "UIPercentDrivenInteractiveTransition.\(name) while its transition is already finishing or "
                    + "cancelling (called twice); ignored.",
                once: "PercentDriven.\(name)")
            return
        }
        if finishing { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        phase = .completing
        let p = Double(storedPercent)
        driver?.complete(finishing: finishing, from: storedPercent, share: finishing ? 1 - p : p, interaction: self)
    }

    /// The completion's progress curve over a ramp of `seconds`: `timingCurve` (cubic, or a
    /// spring fitted to those seconds and evaluated over them) or `completionCurve`.
    func completionTiming(seconds: Double) -> (Double) -> Double {
        if let cubic = timingCurve?.cubicTimingParameters {
            let function = cubic.timingFunction
            return { function.value(at: $0) }
        }
        if let spring = timingCurve?.springTimingParameters {
            let length = max(seconds, 1e-3)
            guard case let .spring(curve, _) = spring.timing(
                forDuration: length, velocity: Double(spring.initialVelocity.dx))
            else { return { $0 } }
            return { curve.value(at: $0 * length) }
        }
        let function = CAMediaTimingFunction(
            controlPoints: completionCurve.controlPoints.0, completionCurve.controlPoints.1,
            completionCurve.controlPoints.2, completionCurve.controlPoints.3)
        return { function.value(at: $0) }
    }

    // MARK: The drivers

    /// A driver moved the transition to `percent` on its own (the layer driver's ramp).
    func driverMoved(to percent: CGFloat) { storedPercent = percent }

    /// Brings the layers an alongside block animated outside the container under the
    /// interaction (the layer driver only: an interruptible animator takes alongside blocks
    /// into itself). See `LayerTimeDriver.adopt(_:at:)`.
    func adoptAlongsideLayers(_ layers: [CALayer]) {
        (driver as? LayerTimeDriver)?.adopt(layers, at: storedPercent)
    }

    // MARK: The end

    /// The transition completed (by the animator, or by a watchdog): put the container
    /// layer's timing back and let go of the transition.
    private func transitionDidComplete() {
        driver?.restore()
        releaseTransition()
    }

    private func releaseTransition() {
        driver?.release()
        driver = nil
        context = nil
        phase = .idle
    }
}
