import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The views a zoom moves: the zoomed controller's view inside a clipping, rounded `wrapper`,
/// above a `dimming` view, all in the transition's container. The zoomed view keeps its final
/// size throughout (its layout never changes); only its centre and a scale move.
@preconcurrency @MainActor
final class ZoomStage {
    let container: UIView
    let zoomedView: UIView
    let wrapper = UIView(frame: .zero)
    let dimming: UIView
    /// The zoomed view's frame when it is not zoomed (its final frame, or its frame before a
    /// dismissal), in the container's coordinates.
    let finalFrame: CGRect
    /// The source view hidden by the zoom now, and whether it was hidden before.
    private(set) var hiddenSource: (view: UIView, wasHidden: Bool)?
    private let savedAutoresizing: UIView.AutoresizingMask
    private var isTornDown = false

    init(container: UIView, zoomedView: UIView, finalFrame: CGRect, zoomingIn: Bool, options: UIViewController.Transition.ZoomOptions?) {
        self.container = container
        self.zoomedView = zoomedView
        self.finalFrame = finalFrame
        if let effect = options?.dimmingVisualEffect {
            dimming = UIVisualEffectView(effect: effect)
        } else {
            dimming = UIView(frame: .zero)
            dimming.backgroundColor =
                options?.dimmingColor ?? UIColor(white: ZoomSpec.defaultDimmingWhite, alpha: ZoomSpec.defaultDimmingAlpha)
        }
        dimming.frame = container.bounds
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dimming.isUserInteractionEnabled = false
        wrapper.clipsToBounds = true
        wrapper.autoresizesSubviews = false
        savedAutoresizing = zoomedView.autoresizingMask
        UIView.performWithoutAnimation {
            if !zoomingIn, zoomedView.superview === container {
                container.insertSubview(wrapper, aboveSubview: zoomedView)
            } else {
                container.addSubview(wrapper)
            }
            container.insertSubview(dimming, belowSubview: wrapper)
            zoomedView.transform = .identity
            wrapper.addSubview(zoomedView)
            zoomedView.bounds = CGRect(origin: .zero, size: finalFrame.size)
        }
    }

    /// Shows `state` (inside an animation block: animates to it).
    func apply(_ state: ZoomState) {
        guard !isTornDown else { return }
        wrapper.frame = state.clip
        wrapper.layer.cornerRadius = state.cornerRadius
        wrapper.alpha = state.alpha
        zoomedView.center = CGPoint(x: state.contentCenter.x - state.clip.minX, y: state.contentCenter.y - state.clip.minY)
        zoomedView.transform = CGAffineTransform(scaleX: state.contentScale, y: state.contentScale)
        dimming.alpha = state.dimming
    }

    func applyWithoutAnimation(_ state: ZoomState) { UIView.performWithoutAnimation { apply(state) } }

    /// The state the model values describe now (after a property animator stopped, the values
    /// on screen).
    var currentState: ZoomState {
        let clip = wrapper.frame
        return ZoomState(
            clip: clip, contentCenter: CGPoint(x: clip.minX + zoomedView.center.x, y: clip.minY + zoomedView.center.y),
            contentScale: zoomedView.transform.a, cornerRadius: wrapper.layer.cornerRadius, dimming: dimming.alpha,
            alpha: wrapper.alpha)
    }

    /// Hides `view` (the source) while the zoom shows it, showing the one hidden before.
    func hideSource(_ view: UIView?) {
        if let hidden = hiddenSource, hidden.view !== view {
            hidden.view.isHidden = hidden.wasHidden
            hiddenSource = nil
        }
        guard let view, hiddenSource == nil else { return }
        hiddenSource = (view, view.isHidden)
        view.isHidden = true
    }

    /// Whether the zoom itself hid `view`.
    func hidesSource(_ view: UIView) -> Bool { hiddenSource?.view === view }

    /// Puts the zoomed view back in the container at its frame, removes the wrapper and the
    /// dimming, and shows the source again.
    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        UIView.performWithoutAnimation {
            wrapper.layer.removeAllAnimations()
            zoomedView.layer.removeAllAnimations()
            dimming.layer.removeAllAnimations()
            zoomedView.transform = .identity
            if zoomedView.superview === wrapper {
                container.insertSubview(zoomedView, aboveSubview: wrapper)
            }
            zoomedView.frame = finalFrame
            zoomedView.autoresizingMask = savedAutoresizing
            wrapper.removeFromSuperview()
            dimming.removeFromSuperview()
        }
        hideSource(nil)
    }
}

/// The zoom of `UIViewController.Transition.zoom(options:sourceViewProvider:)`: one animator,
/// run by the shared TransitionEngine like any other, for a presentation or push (`zoomingIn`)
/// and a dismissal or pop. Interruptible: its springs are `UIViewPropertyAnimator`s, touches
/// reach the app while it runs, and an interactive dismissal (ZoomDismissal) drives it by
/// hand, releases it into a spring with the finger's velocity and takes hold of that spring
/// again (docs/Semantics.md, "Zoom transition").
@preconcurrency @MainActor
final class ZoomTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let options: UIViewController.Transition.ZoomOptions?
    let provider: (UIViewController.Transition.ZoomSourceViewProviderContext) -> UIView?
    let zoomingIn: Bool
    let zoomed: UIViewController
    let sourceController: UIViewController

    private(set) var stage: ZoomStage?
    /// The spring running now (or the idle one handed to the engine by an interactive start).
    private(set) var propertyAnimator: UIViewPropertyAnimator?
    private weak var context: ViewControllerTransitionContext?
    /// The state the source view (or the fallback) gives now.
    private(set) var sourceState: ZoomState?
    /// Whether the last answer of the provider was unusable (the zoom falls back).
    private(set) var usesFallback = false

    // The interaction.
    private(set) var isInteracting = false
    private var interactionBase = ZoomState.full(.zero)
    private var interactionAnchor = CGPoint.zero
    private(set) var lastInteractiveState: ZoomState?
    /// Whether the settle after a release is running (a touch may take hold of it).
    var isSettling: Bool { !isInteracting && context?.isComplete == false && context?.initiallyInteractive == true }

    /// Whether a gesture drives this transition from its start (ZoomDismissal): the engine may
    /// ask for the interruptible animator before the context is marked interactive.
    let startsInteractively: Bool

    init(
        transition: UIViewController.Transition, zoomingIn: Bool, zoomed: UIViewController, source: UIViewController,
        interactive: Bool = false
    ) {
        startsInteractively = interactive
        if case let .zoom(options, provider) = transition.style {
            self.options = options
            self.provider = provider
        } else {
            options = nil
            provider = { _ in nil }
        }
        self.zoomingIn = zoomingIn
        self.zoomed = zoomed
        sourceController = source
    }

    // MARK: UIViewControllerAnimatedTransitioning

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ZoomSpec.transitionDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let driven = interruptibleAnimator(using: transitionContext)
        if driven.state != .active || !((driven as? UIViewPropertyAnimator)?.isRunning ?? false) {
            driven.startAnimation()
        }
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        guard let context = transitionContext as? ViewControllerTransitionContext else {
            // Not UIKit's context: nothing to zoom; complete.
            let idle = UIViewPropertyAnimator(duration: 0, curve: .linear, animations: nil)
            idle.addCompletion { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
            propertyAnimator = idle
            return idle
        }
        self.context = context
        if startsInteractively {
            // An interactive dismissal: the interaction moves the views by hand; this idle
            // animator only answers the engine (alongside animations run on their own).
            _ = prepare(context)
            let idle = UIViewPropertyAnimator(duration: ZoomSpec.settleDuration, curve: .linear, animations: nil)
            propertyAnimator = idle
            return idle
        }
        guard let stage = prepare(context), let sourceState else {
            let idle = UIViewPropertyAnimator(duration: 0, curve: .linear, animations: nil)
            idle.addCompletion { [weak self, weak context] _ in if let context { self?.end(context) } }
            propertyAnimator = idle
            return idle
        }
        let full = ZoomState.full(stage.finalFrame)
        let (start, end) = zoomingIn ? (sourceState, full) : (full, sourceState)
        stage.applyWithoutAnimation(start)
        let bounce = zoomingIn ? ZoomSpec.zoomInBounce : ZoomSpec.zoomOutBounce
        let spring = UIViewPropertyAnimator(
            duration: ZoomSpec.springDuration,
            timingParameters: UISpringTimingParameters(duration: ZoomSpec.springDuration, bounce: bounce))
        spring.addAnimations { stage.apply(end) }
        spring.addCompletion { [weak self, weak spring, weak context] _ in
            guard let self, let spring, let context, spring === self.propertyAnimator else { return }
            self.end(context)
        }
        propertyAnimator = spring
        return spring
    }

    func animationEnded(_ transitionCompleted: Bool) {
        if transitionCompleted, zoomingIn {
            ZoomDismissal.install(on: zoomed)
        }
        propertyAnimator = nil
    }

    // MARK: Setting up

    /// Builds the stage and asks for the source view (once per call).
    private func prepare(_ context: ViewControllerTransitionContext) -> ZoomStage? {
        if let stage { return stage }
        let zoomedView: UIView? = zoomingIn ? context.view(forKey: .to) : context.view(forKey: .from)
        guard let zoomedView else {
            FlipbookDiagnostics.report(
                "The zoom transition of \(describe(zoomed)) has no view to zoom (the context's "
                    + "\(zoomingIn ? "to" : "from") view is nil); it completes without animation.")
            return nil
        }
        var frame = zoomingIn ? context.finalFrame(for: zoomed) : context.initialFrame(for: zoomed)
        if frame.isEmpty || !frame.isFinite { frame = zoomedView.superview === context.containerView ? zoomedView.frame : context.containerView.bounds }
        // A pop: the controller below is not in the container yet (animators add it, as the
        // navigation slide does); it goes under the zoom, where the source view is.
        if !zoomingIn, let toView = context.view(forKey: .to), toView.superview == nil {
            let toFrame = context.finalFrame(for: context.toViewController)
            UIView.performWithoutAnimation {
                toView.frame = toFrame.isEmpty ? context.containerView.bounds : toFrame
                context.containerView.insertSubview(toView, at: 0)
                toView.layoutIfNeeded()
            }
        }
        let stage = ZoomStage(
            container: context.containerView, zoomedView: zoomedView, finalFrame: frame, zoomingIn: zoomingIn, options: options)
        self.stage = stage
        // However the transition completes (also by the engine's watchdog), the views go back.
        context.completionCleanups.append { [weak stage] in stage?.tearDown() }
        refreshSource(phase: zoomingIn ? "the zoom in" : "the start of the zoom out")
        if !zoomingIn || startsInteractively { stage.applyWithoutAnimation(.full(frame)) }
        return stage
    }

    /// Asks the provider for the source view now and works out the state it gives (or the
    /// fallback), hiding that view.
    @discardableResult
    func refreshSource(phase: String) -> ZoomState? {
        guard let stage else { return nil }
        let providerContext = UIViewController.Transition.ZoomSourceViewProviderContext(
            sourceViewController: sourceController, zoomedViewController: zoomed)
        let view = provider(providerContext)
        if let view, let rect = usableRect(of: view, stage: stage, phase: phase) {
            var alignment: CGRect?
            if let alignmentProvider = options?.alignmentRectProvider {
                let answer = alignmentProvider(
                    UIViewController.Transition.ZoomOptions.AlignmentRectContext(sourceView: view, zoomedViewController: zoomed))
                if let answer, answer.isFinite, !answer.isNull, answer.width > 0, answer.height > 0 {
                    alignment = answer
                } else if let answer, !answer.isNull {
                    FlipbookDiagnostics.report(
                        "The zoom transition's alignmentRectProvider returned \(answer) for \(describe(zoomed)); a usable "
                            + "rectangle has a finite origin and a positive size. The whole view is used.",
                        once: "Zoom.alignment")
                }
            }
            let state = ZoomState.source(
                rect, cornerRadius: max(view.layer.cornerRadius, 0), finalFrame: stage.finalFrame, alignment: alignment)
            if state.isFinite {
                stage.hideSource(view)
                sourceState = state
                usesFallback = false
                return state
            }
        }
        stage.hideSource(nil)
        sourceState = .fallback(stage.finalFrame)
        usesFallback = true
        return sourceState
    }

    /// The source view's frame in the container, or nil (reported) when the zoom cannot use it.
    private func usableRect(of view: UIView, stage: ZoomStage, phase: String) -> CGRect? {
        let name = "The zoom transition's sourceViewProvider for \(describe(zoomed)) returned \(describe(view)) at \(phase)"
        func refuse(_ why: String, _ key: String) -> CGRect? {
            FlipbookDiagnostics.report("\(name), \(why); the view zooms from / to the centre instead.", once: "Zoom.source.\(key)")
            return nil
        }
        guard let window = view.window else { return refuse("which is not in a window", "window") }
        guard window === stage.container.window else { return refuse("which is in another window", "otherWindow") }
        if view === stage.zoomedView || view.isDescendant(of: stage.zoomedView) {
            return refuse("which is the zoomed view itself or inside it", "inside")
        }
        let size = view.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return refuse("which has no size (\(size.width) × \(size.height))", "size")
        }
        var ancestor: UIView? = view
        while let current = ancestor {
            let hiddenByZoom = stage.hidesSource(current)
            if (current.isHidden && !hiddenByZoom) || current.alpha < 0.01 { return refuse("which is hidden", "hidden") }
            ancestor = current.superview
        }
        let rect = view.convert(view.bounds, to: stage.container)
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return refuse("whose frame is \(rect)", "frame") }
        return rect
    }

    // MARK: The end

    /// Puts the views back and completes the transition.
    private func end(_ context: ViewControllerTransitionContext) {
        guard !context.isComplete else { return }
        onEnd?()
        onEnd = nil
        stage?.tearDown()
        context.completeTransition(!context.transitionWasCancelled)
    }

    // MARK: Interaction (ZoomDismissal drives these)

    /// The interaction takes hold of the transition (at its start, or of the settle after a
    /// release). `anchor` is where the finger is, in the container.
    func beginInteraction(anchor: CGPoint) {
        guard let stage, let context, !context.isComplete else { return }
        if !isInteracting, context.interactionController != nil, !context.isInteractive {
            // Re-grab: the settle stops where it is shown, and the transition is interactive again.
            if let spring = propertyAnimator, spring.state == .active { spring.stopAnimation(true) }
            context.pauseInteractiveTransition()
        }
        isInteracting = true
        interactionBase = stage.currentState
        interactionAnchor = anchor
        lastInteractiveState = interactionBase
        if !watchesInteraction {
            watchesInteraction = true
            // Someone else may end the interaction (the engine's 30 s timeout cancels it): the
            // view then settles as that end says, instead of staying where the finger left it.
            context.notifyWhenInteractionChanges { [weak self] coordinator in
                guard let self, self.isInteracting, !coordinator.isInteractive else { return }
                self.endInteraction(finishing: !coordinator.isCancelled, velocity: .zero, alreadyEnded: true)
            }
        }
    }

    private var watchesInteraction = false

    /// The finger moved `translation` from the anchor; `pinch` is the pinch's scale (1 for a drag).
    func updateInteraction(translation t: CGPoint, pinch: CGFloat?) {
        guard isInteracting, let stage, let context, !context.isComplete, t.x.isFinite, t.y.isFinite else { return }
        let distance = hypot(t.x, t.y)
        let k = pinch.map { ZoomInteractionLaw.pinchScale($0) } ?? ZoomInteractionLaw.dragScale(distance: distance)
        let q = ZoomInteractionLaw.progress(scale: k)
        let radius = pinch == nil ? ZoomInteractionLaw.cornerRadius(distance: distance) : ZoomSpec.interactiveCornerRadius * min(q * 4, 1)
        let state = interactionBase.following(
            anchor: interactionAnchor, translation: t, scale: k, radius: radius, dimmingFactor: 1 - q)
        lastInteractiveState = state
        stage.applyWithoutAnimation(state)
        context.updateInteractiveTransition(q)
    }

    /// The finger lifted after moving `translation` from the anchor at `velocity` (container
    /// points, points per second), or the gesture was cancelled: ZoomInteractionLaw decides
    /// from the view's displacement from its resting place (the translation, plus where the
    /// view was when a settle was caught).
    func releaseDrag(translation t: CGPoint, velocity v: CGPoint, cancelled: Bool) {
        guard isInteracting, let stage else { return }
        let rest = ZoomState.full(stage.finalFrame).contentCenter
        let displacement = CGPoint(
            x: t.x + interactionBase.contentCenter.x - rest.x, y: t.y + interactionBase.contentCenter.y - rest.y)
        let finishing = !cancelled && ZoomInteractionLaw.dragFinishes(translation: displacement, velocity: v)
        endInteraction(finishing: finishing, velocity: cancelled ? .zero : v)
    }

    /// The pinch ended at scale `g` (relative to its start) moving at `gv` per second.
    func releasePinch(scale g: CGFloat, velocity gv: CGFloat, cancelled: Bool) {
        guard isInteracting else { return }
        let scale = interactionBase.contentScale * ZoomInteractionLaw.pinchScale(g)
        let finishing = !cancelled && ZoomInteractionLaw.pinchFinishes(scale: scale, velocity: gv)
        endInteraction(finishing: finishing, velocity: .zero, pinchVelocity: cancelled ? 0 : gv)
    }

    /// The finger lifted: finish (zoom into the source, asked again) or cancel (back to full),
    /// on the settle spring with the release velocity (points per second in the container;
    /// `pinchVelocity` the pinch's scale per second).
    func endInteraction(finishing: Bool, velocity: CGPoint, pinchVelocity: CGFloat? = nil, alreadyEnded: Bool = false) {
        guard isInteracting, let stage, let context, !context.isComplete else { return }
        isInteracting = false
        if !alreadyEnded { finishing ? context.finishInteractiveTransition() : context.cancelInteractiveTransition() }
        if finishing { refreshSource(phase: "the release of the interactive dismissal") }
        let current = stage.currentState
        let target = finishing ? (sourceState ?? .fallback(stage.finalFrame)) : .full(stage.finalFrame)
        var v = ZoomInteractionLaw.relativeVelocity(velocity, from: current.contentCenter, to: target.contentCenter)
        if let pinchVelocity, pinchVelocity.isFinite, abs(target.contentScale - current.contentScale) > 0.01 {
            v = min(max(pinchVelocity / (target.contentScale - current.contentScale), -ZoomSpec.maximumRelativeVelocity), ZoomSpec.maximumRelativeVelocity)
        }
        let spring = UIViewPropertyAnimator(
            duration: ZoomSpec.settleDuration,
            timingParameters: UISpringTimingParameters(
                duration: ZoomSpec.settleDuration, bounce: ZoomSpec.settleBounce, initialVelocity: CGVector(dx: v, dy: v)))
        spring.addAnimations { stage.apply(target) }
        spring.addCompletion { [weak self, weak spring, weak context] position in
            guard let self, let spring, let context, spring === self.propertyAnimator, position == .end else { return }
            self.end(context)
        }
        propertyAnimator = spring
        lastSettleVelocity = v
        spring.startAnimation()
    }

    /// Called once as the transition ends, before the views are put back (ZoomDismissal lets go).
    var onEnd: (() -> Void)?

    /// Whether `windowPoint` is on the zoomed view as shown now (presentation values: hit
    /// testing reads model values, which a spring has already moved to its end).
    func showsZoomedView(at windowPoint: CGPoint) -> Bool {
        guard let stage, let shown = stage.wrapper.layer.presentation() else { return false }
        let p = stage.container.convert(windowPoint, from: nil)
        return shown.frame.contains(p)
    }

    /// The relative velocity the last settle spring started with (for tests and the inspector).
    private(set) var lastSettleVelocity: CGFloat = 0
}

extension CGRect {
    var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}
