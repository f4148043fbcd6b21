import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// An interaction controller that drives a transition's animations from a completion
/// percentage, UIKit's `UIPercentDrivenInteractiveTransition`.
///
/// Two ways of driving, as in UIKit (docs/Divergences.md, "Interactive transitions"):
///
/// - **Core Animation** (the animator has no `interruptibleAnimator(using:)`): the container
///   view's layer is paused (speed 0, time offset 0) *before* the animator's
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
/// - **Interruptible animator**: the animator's `UIViewPropertyAnimator` is paused at the
///   start (or started, when `wantsInteractiveStart` is false), `update(p)` sets its
///   `fractionComplete`, and `finish()`/`cancel()` set `isReversed` and call
///   `continueAnimation(withTimingParameters: timingCurve, durationFactor:)` with
///   (finishing ? 1 − p : p) / completionSpeed.
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
    private var propertyAnimator: UIViewImplicitlyAnimating?
    private typealias LayerTiming = (speed: Float, timeOffset: CFTimeInterval, beginTime: CFTimeInterval)

    /// The paused container layer and its timing before the transition.
    private var pausedLayer: CALayer?
    private var savedTiming: LayerTiming = (1, 0, 0)
    /// Layers outside the container that alongside animations animated, paused with the
    /// container and scrubbed with it, with their timing before (see `adoptAlongsideLayers`).
    private var alongsideLayers: [(layer: CALayer, timing: LayerTiming)] = []
    private var link: CADisplayLink?
    private var ramp: (from: CGFloat, to: CGFloat, start: CFTimeInterval, seconds: Double, curve: (Double) -> Double)?

    /// The transition's duration (the animator's `transitionDuration(using:)`), in seconds.
    open var duration: CGFloat { storedDuration }

    /// The progress shown now, 0…1 (it moves while the transition finishes or cancels).
    open var percentComplete: CGFloat {
        if phase == .completing, let propertyAnimator { return propertyAnimator.fractionComplete }
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
        if context.isInterruptible {
            let driven = context.interruptibleAnimator ?? animator.interruptibleAnimator(using: context)
            context.interruptibleAnimator = driven
            propertyAnimator = driven
            if context.isInteractive {
                driven.pauseAnimation()
                phase = .interactive
            } else {
                driven.startAnimation()
                phase = .completing
            }
            return
        }
        // The layer is paused before the animator runs: the begin times of the animations it
        // adds (delayed UIView animations take theirs from the layer's local time at once, the
        // others at the next flush) then all land on a timeline that starts at local time 0.
        let layer = context.containerView.layer
        savedTiming = (layer.speed, layer.timeOffset, layer.beginTime)
        layer.speed = 0
        layer.timeOffset = 0
        pausedLayer = layer
        phase = .interactive
        animator.animateTransition(using: context)
        if !context.isComplete, !context.isInteractive {
            // Not interactive at the start: play at normal speed, as the animator would alone.
            phase = .completing
            startRamp(to: 1, seconds: Double(storedDuration), curve: { $0 })
        }
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
        // Animations added since the last frame take their begin time at the next flush, in
        // the layer's local time: flush first, so that they begin where the time offset stands
        // now (local 0 for the animator's own), not where it is moved to.
        if pausedLayer != nil { CATransaction.flush() }
        show(p)
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
        if let propertyAnimator {
            propertyAnimator.pauseAnimation()
            storedPercent = propertyAnimator.fractionComplete
        } else {
            stopRamp()
        }
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
        let share = finishing ? 1 - p : p
        if let propertyAnimator {
            propertyAnimator.isReversed = !finishing
            propertyAnimator.continueAnimation(
                withTimingParameters: timingCurve, durationFactor: CGFloat(share) / completionSpeed)
            return
        }
        let seconds = Double(storedDuration) * share / Double(completionSpeed)
        startRamp(to: finishing ? 1 : 0, seconds: seconds, curve: completionTiming(seconds: seconds))
    }

    /// The completion's progress curve over a ramp of `seconds`: `timingCurve` (cubic, or a
    /// spring fitted to those seconds and evaluated over them) or `completionCurve`.
    private func completionTiming(seconds: Double) -> (Double) -> Double {
        if let cubic = timingCurve?.cubicTimingParameters {
            let function = cubic.timingFunction
            return { function.value(at: $0) }
        }
        if let spring = timingCurve?.springTimingParameters {
            let length = max(seconds, 1e-3)
            guard case let .spring(m, k, c, v, _) = spring.timing(
                forDuration: length, velocity: Double(spring.initialVelocity.dx))
            else { return { $0 } }
            let curve = SpringCurve(mass: m, stiffness: k, damping: c, initialVelocity: v)
            return { curve.value(at: $0 * length) }
        }
        let function = CAMediaTimingFunction(
            controlPoints: completionCurve.controlPoints.0, completionCurve.controlPoints.1,
            completionCurve.controlPoints.2, completionCurve.controlPoints.3)
        return { function.value(at: $0) }
    }

    // MARK: The Core Animation path

    private func show(_ p: CGFloat) {
        if let propertyAnimator {
            propertyAnimator.fractionComplete = p
        } else if let pausedLayer {
            pausedLayer.timeOffset = Double(p) * Double(storedDuration)
            for entry in alongsideLayers { entry.layer.timeOffset = Double(p) * Double(storedDuration) }
        }
    }

    /// Brings the layers an alongside block animated outside the container (a navigation
    /// bar's cross-fade, a tab bar sliding away) under the interaction, as UIKit does: each
    /// is paused at the container's local time before its new animations take their begin
    /// time, so they are scrubbed by `update(_:)` and finish or cancel with the container.
    /// Layers inside the container (already paused) or inside another adopted layer are
    /// left alone; so are ancestors of the container, which would freeze the container's
    /// own clock (they run on their own, reported once). Only the Core Animation path needs
    /// this: an interruptible animator takes alongside blocks into itself.
    func adoptAlongsideLayers(_ layers: [CALayer]) {
        guard let container = pausedLayer, propertyAnimator == nil else { return }
        let now = Double(storedPercent) * Double(storedDuration)
        for layer in layers {
            if layer.isInside(container) || alongsideLayers.contains(where: { layer.isInside($0.layer) }) { continue }
            // Another transition running inside it keeps its own clock (see
            // `releaseAdoptedLayers(enclosing:)`).
            if TransitionEngine.running.contains(where: {
                $0.context !== context && $0.context.containerView.layer.isInside(layer)
            }) { continue }
            if container.isInside(layer) {
                FlipbookDiagnostics.report(
                    "An alongside animation on an ancestor of the transition's container view runs on its own clock "
                        + "during the interactive transition; animate views outside the container's ancestors.",
                    once: "PercentDriven.alongside.ancestor")
                continue
            }
            // A layer adopted before that turns out to be inside this one: this one governs.
            alongsideLayers.removeAll { entry in
                guard entry.layer.isInside(layer) else { return false }
                restore(entry.layer, entry.timing)
                return true
            }
            alongsideLayers.append((layer, (layer.speed, layer.timeOffset, layer.beginTime)))
            layer.speed = 0
            layer.timeOffset = now
            if !Self.adopting.contains(where: { $0 === self }) { Self.adopting.append(self) }
        }
    }

    /// The percent-driven interactions that hold adopted layers now.
    private static var adopting: [UIPercentDrivenInteractiveTransition] {
        get { UIApplication.shared.adoptingTransitions }
        set { UIApplication.shared.adoptingTransitions = newValue }
    }

    /// A transition is starting in `container`: an adopted layer around it stops following
    /// the interaction and runs on from where it stands (its time continues, so nothing jumps),
    /// or the new transition's animations would wait for the interaction to end.
    static func releaseAdoptedLayers(enclosing container: CALayer) {
        for controller in adopting { controller.releaseAdopted(enclosing: container) }
    }

    private func releaseAdopted(enclosing inner: CALayer) {
        alongsideLayers.removeAll { entry in
            guard inner.isInside(entry.layer) else { return false }
            let layer = entry.layer
            let local = layer.timeOffset
            layer.speed = entry.timing.speed == 0 ? 1 : entry.timing.speed
            layer.timeOffset = local
            layer.beginTime = layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()
            return true
        }
    }

    private func restore(_ layer: CALayer, _ timing: LayerTiming) {
        layer.speed = timing.speed
        layer.timeOffset = timing.timeOffset
        layer.beginTime = timing.beginTime
    }

    /// Moves the paused layer's time offset to `target` on the clock; the last step (always on
    /// a display-link frame, so the animations' completions run in that same frame) lets the
    /// layer run again from local time `duration`.
    private func startRamp(to target: CGFloat, seconds: Double, curve: @escaping (Double) -> Double) {
        stopRamp()
        CATransaction.flush()  // pending begin times first (see update(_:))
        ramp = (storedPercent, target, CACurrentMediaTime(), max(seconds, 0), curve)
        let link = CADisplayLink { [weak self] _ in self?.stepRamp() }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func stepRamp() {
        guard let ramp, let context else { return stopRamp() }
        let f = ramp.seconds > 0 ? min(max((CACurrentMediaTime() - ramp.start) / ramp.seconds, 0), 1) : 1
        if f >= 1 - 1e-9 {
            stopRamp()
            storedPercent = ramp.to
            context.percentComplete = ramp.to
            resumeLayer()
            return
        }
        let p = ramp.from + (ramp.to - ramp.from) * CGFloat(ramp.curve(f))
        storedPercent = p
        context.percentComplete = min(max(p, 0), 1)
        show(p)
    }

    private func stopRamp() {
        link?.invalidate()
        link = nil
        ramp = nil
    }

    /// The layer runs again at its own speed from local time `duration`: every animation of
    /// the transition ends now (finished), whether it finished or was cancelled.
    private func resumeLayer() {
        guard let layer = pausedLayer else { return }
        resume(layer, savedSpeed: savedTiming.speed)
        for entry in alongsideLayers { resume(entry.layer, savedSpeed: entry.timing.speed) }
    }

    private func resume(_ layer: CALayer, savedSpeed: Float) {
        let speed = savedSpeed == 0 ? 1 : Double(savedSpeed)
        let parentTime = layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()
        layer.speed = Float(speed)
        layer.timeOffset = 0
        layer.beginTime = parentTime - Double(storedDuration) / speed
    }

    // MARK: The end

    /// The transition completed (by the animator, or by a watchdog): put the container
    /// layer's timing back and let go of the transition.
    private func transitionDidComplete() {
        stopRamp()
        if let layer = pausedLayer { restore(layer, savedTiming) }
        for entry in alongsideLayers { restore(entry.layer, entry.timing) }
        releaseTransition()
    }

    private func releaseTransition() {
        stopRamp()
        pausedLayer = nil
        alongsideLayers = []
        Self.adopting.removeAll { $0 === self }
        propertyAnimator = nil
        context = nil
        phase = .idle
    }
}

private extension CALayer {
    /// Whether this layer is `other` or one of its descendants.
    func isInside(_ other: CALayer) -> Bool {
        var layer: CALayer? = self
        while let current = layer {
            if current === other { return true }
            layer = current.superlayer
        }
        return false
    }
}
