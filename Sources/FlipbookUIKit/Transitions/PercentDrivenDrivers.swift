import Foundation
import FlipbookQuartz

/// How a `UIPercentDrivenInteractiveTransition` moves its transition: through the paused time of
/// the container's layer (`LayerTimeDriver`, for animators without an interruptible animator)
/// or through the animator's interruptible `UIViewPropertyAnimator` (`PropertyAnimatorDriver`).
/// The interaction keeps the phase (interactive or completing), the progress and the checks of
/// its public calls; a driver only does what each call means for its kind of animation.
@preconcurrency @MainActor
protocol PercentDrivenDriver: AnyObject {
    /// Starts the transition held at 0 when it starts interactively, or running when it does
    /// not; returns whether it runs on its own now.
    func start() -> Bool
    /// Shows the transition at `percent` (an update while the interaction drives it).
    func show(_ percent: CGFloat)
    /// Plays the rest of the transition from `percent`: forwards to the end when `finishing`,
    /// else back to the start; `share` is the part of the duration left to play (1 − p or p).
    func complete(finishing: Bool, from percent: CGFloat, share: Double, interaction: UIPercentDrivenInteractiveTransition)
    /// Stops a transition that runs on its own where it is; returns the progress it stopped at.
    func pause(at percent: CGFloat) -> CGFloat
    /// The progress shown while the transition runs on its own, when the driver knows it
    /// better than the interaction's last figure (nil: it does not).
    var runningPercent: CGFloat? { get }
    /// The transition completed: puts back what the driver changed.
    func restore()
    /// Lets go of the transition (after `restore()`, or without it when a new transition starts).
    func release()
}

// MARK: The interruptible animator

/// Drives the animator's interruptible `UIViewPropertyAnimator`: paused at the start (or started,
/// when the transition does not start interactively), `fractionComplete` on each update, and
/// `continueAnimation(withTimingParameters: timingCurve, durationFactor:)` at the end, reversed
/// when cancelling.
@preconcurrency @MainActor
final class PropertyAnimatorDriver: PercentDrivenDriver {
    private let animator: UIViewImplicitlyAnimating
    private let context: ViewControllerTransitionContext

    init(_ animator: UIViewImplicitlyAnimating, context: ViewControllerTransitionContext) {
        self.animator = animator
        self.context = context
    }

    func start() -> Bool {
        if context.isInteractive {
            animator.pauseAnimation()
            return false
        }
        animator.startAnimation()
        return true
    }

    func show(_ percent: CGFloat) { animator.fractionComplete = percent }

    func complete(finishing: Bool, from percent: CGFloat, share: Double, interaction: UIPercentDrivenInteractiveTransition) {
        animator.isReversed = !finishing
        animator.continueAnimation(
            withTimingParameters: interaction.timingCurve, durationFactor: CGFloat(share) / interaction.completionSpeed)
    }

    func pause(at percent: CGFloat) -> CGFloat {
        animator.pauseAnimation()
        return animator.fractionComplete
    }

    var runningPercent: CGFloat? { animator.fractionComplete }

    func restore() {}

    func release() {}
}

// MARK: The paused layer

/// Drives the container layer's time: the layer is paused (speed 0, time offset 0) *before* the
/// animator's `animateTransition(using:)` runs, so every animation it adds under the container
/// (delayed ones too, whose begin time UIView computes from the layer's current local time) is
/// laid out on a timeline starting at local time 0; an update sets the time offset to
/// p · duration; the end moves the time offset on the clock (a display link) to the end or back
/// to 0, then lets the layer run again from local time `duration`, so the animations end there
/// and their completions run. Layers outside the container that alongside blocks animate are
/// adopted: paused and moved with it (`adopt(_:at:)`).
@preconcurrency @MainActor
final class LayerTimeDriver: PercentDrivenDriver {
    private typealias LayerTiming = (speed: Float, timeOffset: CFTimeInterval, beginTime: CFTimeInterval)

    private let context: ViewControllerTransitionContext
    private let animator: UIViewControllerAnimatedTransitioning
    private let duration: CGFloat
    private weak var interaction: UIPercentDrivenInteractiveTransition?
    /// The paused container layer and its timing before the transition.
    private let pausedLayer: CALayer
    private let savedTiming: LayerTiming
    /// Layers outside the container that alongside animations animated, paused with the
    /// container and scrubbed with it, with their timing before (see `adopt(_:at:)`).
    private var alongsideLayers: [(layer: CALayer, timing: LayerTiming)] = []
    private var link: CADisplayLink?
    private var ramp: (from: CGFloat, to: CGFloat, start: CFTimeInterval, seconds: Double, curve: (Double) -> Double)?

    init(
        context: ViewControllerTransitionContext, animator: UIViewControllerAnimatedTransitioning, duration: CGFloat,
        interaction: UIPercentDrivenInteractiveTransition
    ) {
        self.context = context
        self.animator = animator
        self.duration = duration
        self.interaction = interaction
        let layer = context.containerView.layer
        pausedLayer = layer
        savedTiming = (layer.speed, layer.timeOffset, layer.beginTime)
    }

    /// The animations under the container before the animator ran (layer, key): not the
    /// transition's, so a cancel leaves their layers' model values alone.
    private var animationsBefore: Set<AnimationKey> = []
    private struct AnimationKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    func start() -> Bool {
        animationsBefore = Self.animationKeys(under: pausedLayer)
        // The layer is paused before the animator runs: the begin times of the animations it
        // adds (delayed UIView animations take theirs from the layer's local time at once, the
        // others at the next flush) then all land on a timeline that starts at local time 0.
        pausedLayer.speed = 0
        pausedLayer.timeOffset = 0
        animator.animateTransition(using: context)
        guard !context.isComplete, !context.isInteractive else { return false }
        // Not interactive at the start: play at normal speed, as the animator would alone.
        startRamp(from: 0, to: 1, seconds: Double(duration), curve: { $0 })
        return true
    }

    func show(_ percent: CGFloat) {
        // Animations added since the last frame take their begin time at the next flush, in
        // the layer's local time: flush first, so that they begin where the time offset stands
        // now (local 0 for the animator's own), not where it is moved to.
        CATransaction.flush()
        setTime(percent)
    }

    func complete(finishing: Bool, from percent: CGFloat, share: Double, interaction: UIPercentDrivenInteractiveTransition) {
        let seconds = Double(duration) * share / Double(interaction.completionSpeed)
        startRamp(from: percent, to: finishing ? 1 : 0, seconds: seconds, curve: interaction.completionTiming(seconds: seconds))
    }

    func pause(at percent: CGFloat) -> CGFloat {
        stopRamp()
        return percent
    }

    var runningPercent: CGFloat? { nil }

    private func setTime(_ percent: CGFloat) {
        pausedLayer.timeOffset = Double(percent) * Double(duration)
        for entry in alongsideLayers { entry.layer.timeOffset = Double(percent) * Double(duration) }
    }

    // MARK: Alongside layers

    /// The application of the app the transition runs in (the runtime the driver was made in),
    /// which lists the drivers holding adopted layers (`adoptingDrivers`).
    private let application = UIApplication.shared

    /// Brings the layers an alongside block animated outside the container (a navigation
    /// bar's cross-fade, a tab bar sliding away) under the interaction, as UIKit does: each
    /// is paused at the container's local time (`percent` of the duration) before its new
    /// animations take their begin time, so they are scrubbed by updates and finish or cancel
    /// with the container. Layers inside the container (already paused) or inside another
    /// adopted layer are left alone; so are ancestors of the container, which would freeze the
    /// container's own clock (they run on their own, reported once).
    func adopt(_ layers: [CALayer], at percent: CGFloat) {
        let container = pausedLayer
        let now = Double(percent) * Double(duration)
        for layer in layers {
            if layer.isInside(container) || alongsideLayers.contains(where: { layer.isInside($0.layer) }) { continue }
            // Another transition running inside it keeps its own clock (see
            // `releaseAdoptedLayers(enclosing:)`).
            if application.runningTransitions.contains(where: {
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
                Self.restore(entry.layer, entry.timing)
                return true
            }
            alongsideLayers.append((layer, (layer.speed, layer.timeOffset, layer.beginTime)))
            layer.speed = 0
            layer.timeOffset = now
            if !application.adoptingDrivers.contains(where: { $0 === self }) { application.adoptingDrivers.append(self) }
        }
    }

    /// A transition is starting in `container`: an adopted layer around it stops following
    /// the interaction and runs on from where it stands (its time continues, so nothing jumps),
    /// or the new transition's animations would wait for the interaction to end.
    static func releaseAdoptedLayers(enclosing container: CALayer, in application: UIApplication) {
        for driver in application.adoptingDrivers { driver.releaseAdopted(enclosing: container) }
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

    private static func restore(_ layer: CALayer, _ timing: LayerTiming) {
        layer.speed = timing.speed
        layer.timeOffset = timing.timeOffset
        layer.beginTime = timing.beginTime
    }

    // MARK: The ramp

    /// Moves the paused layer's time offset from `from` to `target` on the clock; the last step
    /// (always on a display-link frame, so the animations' completions run in that same frame)
    /// lets the layer run again from local time `duration`.
    private func startRamp(from: CGFloat, to target: CGFloat, seconds: Double, curve: @escaping (Double) -> Double) {
        stopRamp()
        CATransaction.flush()  // pending begin times first (see show(_:))
        ramp = (from, target, CACurrentMediaTime(), max(seconds, 0), curve)
        let link = CADisplayLink { [weak self] _ in self?.stepRamp() }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func stepRamp() {
        guard let ramp, let interaction else { return stopRamp() }
        let f = ramp.seconds > 0 ? min(max((CACurrentMediaTime() - ramp.start) / ramp.seconds, 0), 1) : 1
        if f >= 1 - 1e-9 {
            stopRamp()
            interaction.driverMoved(to: ramp.to)
            context.percentComplete = ramp.to
            if ramp.to == 0 { revertModelValues() }
            resumeLayers()
            return
        }
        let p = ramp.from + (ramp.to - ramp.from) * CGFloat(ramp.curve(f))
        interaction.driverMoved(to: p)
        context.percentComplete = min(max(p, 0), 1)
        setTime(p)
    }

    private func stopRamp() {
        link?.invalidate()
        link = nil
        ramp = nil
    }

    /// A cancel has played the transition back to its start: every property the transition's
    /// animations changed is set back to what it showed then, before they end, as a property
    /// animator finishing at `.start` does (UIKit drives interactive transitions with one since
    /// iOS 10). The animator's completion then finds its views where they began, even when it
    /// does not undo its changes itself (docs/Semantics.md, "Cancelling a percent-driven
    /// transition"). Animations that were there before the transition are left alone.
    private func revertModelValues() {
        setTime(0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for root in [pausedLayer] + alongsideLayers.map(\.layer) { revert(under: root) }
        CATransaction.commit()
    }

    private func revert(under layer: CALayer) {
        if let keys = layer.animationKeys() {
            var starts: [(String, Any)] = []
            for key in keys where !animationsBefore.contains(AnimationKey(layer: ObjectIdentifier(layer), key: key)) {
                guard let path = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath,
                    !starts.contains(where: { $0.0 == path }),
                    let start = layer.presentationValue(forKeyPath: path)
                else { continue }
                starts.append((path, start))
            }
            for (path, start) in starts { layer.setValue(start, forKeyPath: path) }
        }
        for sublayer in layer.sublayers ?? [] { revert(under: sublayer) }
        if let mask = layer.mask { revert(under: mask) }
    }

    private static func animationKeys(under layer: CALayer) -> Set<AnimationKey> {
        var found: Set<AnimationKey> = []
        var stack = [layer]
        while let current = stack.popLast() {
            for key in current.animationKeys() ?? [] { found.insert(AnimationKey(layer: ObjectIdentifier(current), key: key)) }
            stack.append(contentsOf: current.sublayers ?? [])
            if let mask = current.mask { stack.append(mask) }
        }
        return found
    }

    /// The layer runs again at its own speed from local time `duration`: every animation of
    /// the transition ends now (finished), whether it finished or was cancelled.
    private func resumeLayers() {
        resume(pausedLayer, savedSpeed: savedTiming.speed)
        for entry in alongsideLayers { resume(entry.layer, savedSpeed: entry.timing.speed) }
    }

    private func resume(_ layer: CALayer, savedSpeed: Float) {
        let speed = savedSpeed == 0 ? 1 : Double(savedSpeed)
        let parentTime = layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()
        layer.speed = Float(speed)
        layer.timeOffset = 0
        layer.beginTime = parentTime - Double(duration) / speed
    }

    // MARK: The end

    func restore() {
        stopRamp()
        Self.restore(pausedLayer, savedTiming)
        for entry in alongsideLayers { Self.restore(entry.layer, entry.timing) }
    }

    func release() {
        stopRamp()
        alongsideLayers = []
        application.adoptingDrivers.removeAll { $0 === self }
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
