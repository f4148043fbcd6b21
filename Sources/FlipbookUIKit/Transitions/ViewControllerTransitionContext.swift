import Foundation
import FlipbookQuartz

/// What a view-controller transition does. The engine (`TransitionEngine`) runs every kind
/// the same way; the kind only names the transition in diagnostics and tells the caller's
/// end-of-transition code what to put back.
package enum ViewControllerTransitionKind: Sendable {
    case presentation, dismissal, push, pop, tabSwitch

    /// The word diagnostics use ("the presentation of <B>").
    package var noun: String {
        switch self {
        case .presentation: return "presentation"
        case .dismissal: return "dismissal"
        case .push: return "push"
        case .pop: return "pop"
        case .tabSwitch: return "tab switch"
        }
    }
}

/// Flipbook's transition context and coordinator, for every view-controller transition
/// (modal presentation and dismissal today; navigation push/pop and tab switches run through
/// the same engine): the object animators receive as `UIViewControllerContextTransitioning`
/// and `UIViewController.transitionCoordinator` returns.
///
/// It is created by the transition machinery (`TransitionEngine` and its callers); app code
/// never creates one. Interactive state follows UIKit (docs/Divergences.md, "Interactive
/// transitions"): an interaction controller reports progress with
/// `updateInteractiveTransition(_:)` and ends the interaction with
/// `finishInteractiveTransition()` or `cancelInteractiveTransition()`;
/// `pauseInteractiveTransition()` makes a running interruptible transition interactive again.
@preconcurrency @MainActor
public final class ViewControllerTransitionContext: NSObject, UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    public let containerView: UIView
    public let isAnimated: Bool
    public private(set) var isInteractive = false
    public private(set) var initiallyInteractive = false
    public private(set) var transitionWasCancelled = false
    public let presentationStyle: UIModalPresentationStyle
    public var targetTransform: CGAffineTransform { .identity }
    /// True when the animator provides an interruptible animator (`interruptibleAnimator(using:)`).
    /// UIKit knows it from the start; Flipbook learns it by asking the animator, once, no
    /// earlier than the animator or interaction controller is being started (reading it then
    /// asks; see `providedInterruptibleAnimator()`). False before that point.
    public var isInterruptible: Bool {
        if !askedForInterruptibleAnimator, mayAskForInterruptibleAnimator { _ = providedInterruptibleAnimator() }
        return interruptibleAnimator != nil
    }
    /// Whether the animator's interruptible animator is known, without asking for it.
    var hasInterruptibleAnimator: Bool { interruptibleAnimator != nil }
    public var isCancelled: Bool { transitionWasCancelled }
    /// The animator's duration in seconds (0 before it was asked, and when not animated).
    public internal(set) var transitionDuration: TimeInterval = 0
    /// The progress of the transition, 0…1, as last reported by the interaction controller.
    public internal(set) var percentComplete: CGFloat = 0
    /// The interaction controller's completion speed (1 when there is none; ≤ 0 reads as 1).
    public var completionVelocity: CGFloat {
        guard let speed = interactionController?.completionSpeed, speed.isFinite, speed > 0 else { return 1 }
        return speed
    }
    public var completionCurve: UIView.AnimationCurve { interactionController?.completionCurve ?? .easeInOut }

    /// Whether `completeTransition(_:)` has been called.
    public private(set) var isComplete = false

    let kind: ViewControllerTransitionKind
    let fromViewController: UIViewController
    let toViewController: UIViewController
    var fromView: UIView?
    var toView: UIView?
    var initialFrames: [ObjectIdentifier: CGRect] = [:]
    var finalFrames: [ObjectIdentifier: CGRect] = [:]
    weak var interactionController: UIViewControllerInteractiveTransitioning?
    /// The transition's animator (UIPercentDrivenInteractiveTransition asks it to animate).
    var animator: UIViewControllerAnimatedTransitioning?
    /// The interruptible animator of this transition, once asked for (the same object for the
    /// whole transition, as Apple requires).
    private(set) var interruptibleAnimator: UIViewImplicitlyAnimating?
    /// Whether the animator has been asked for its interruptible animator.
    private var askedForInterruptibleAnimator = false
    /// True while the animator builds its interruptible animator (UIView blocks it starts
    /// meanwhile do not take the alongside blocks: the property animator will).
    private var askingForInterruptibleAnimator = false
    /// Whether the transition is far enough for that question (the engine has marked it
    /// interactive or not, and is starting the animator or the interaction controller).
    var mayAskForInterruptibleAnimator = false

    /// The engine running this transition, from its start until `completeTransition(_:)`
    /// (the context keeps it alive meanwhile). The context tells it of the completion and of
    /// the interaction's calls.
    var engine: TransitionEngine?
    /// Called by `completeTransition(_:)` before the transition ends (interaction controllers
    /// put back what they changed, e.g. the container layer's timing).
    var completionCleanups: [() -> Void] = []
    /// Whether the animator has been started (alongside animations run at once after it).
    var hasStarted = false
    private var pendingAlongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionEndHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    var startTime: CFTimeInterval = 0
    var animatorName = "animator"
    /// Tells the test probe (FlipbookTesting's `TransitionRecorder`) of a call on this context,
    /// before the context acts on it (ignored calls included).
    private func observe(_ call: @autoclosure () -> TransitionProbe.ContextCall) {
        TransitionProbe.emit(.contextCall(self, call()))
    }
    /// True for a presentation, false for every other kind.
    var isPresentationTransition: Bool { kind == .presentation }

    init(
        container: UIView, animated: Bool, style: UIModalPresentationStyle, kind: ViewControllerTransitionKind,
        from: UIViewController, to: UIViewController
    ) {
        containerView = container
        isAnimated = animated
        presentationStyle = style
        self.kind = kind
        fromViewController = from
        toViewController = to
    }

    // MARK: UIViewControllerContextTransitioning

    public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return fromViewController
        case .to: return toViewController
        default: return nil
        }
    }

    public func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: return fromView
        case .to: return toView
        default: return nil
        }
    }

    public func initialFrame(for vc: UIViewController) -> CGRect {
        initialFrames[ObjectIdentifier(vc)] ?? .zero
    }

    public func finalFrame(for vc: UIViewController) -> CGRect {
        finalFrames[ObjectIdentifier(vc)] ?? .zero
    }

    public func completeTransition(_ didComplete: Bool) {
        observe(.completeTransition(didComplete))
        guard !isComplete else {
            FlipbookDiagnostics.report(
                "completeTransition(_:) was called more than once for the same transition (\(animatorName)); "
                    + "the extra call is ignored. Call it exactly once, usually in the animation's completion.")
            return
        }
        isComplete = true
        if isInteractive {
            isInteractive = false
        }
        let cleanups = completionCleanups
        completionCleanups = []
        for cleanup in cleanups { cleanup() }
        let engine = self.engine
        self.engine = nil
        engine?.transitionDidComplete(didComplete)
    }

    /// Records the progress of an interactive transition. NaN is ignored and values outside
    /// 0…1 are clamped, each reported once per process.
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {
        observe(.updateInteractiveTransition(percentComplete))
        guard !isComplete else {
            FlipbookDiagnostics.report(
                "updateInteractiveTransition(_:) after the transition completed; ignored.",
                once: "Transition.update.complete")
            return
        }
        guard let p = Self.checkedPercent(percentComplete, caller: "updateInteractiveTransition(_:)") else { return }
        self.percentComplete = p
        engine?.interactionDidProgress()
    }

    /// NaN → nil, outside 0…1 → clamped; both reported once per process.
    static func checkedPercent(_ value: CGFloat, caller: String) -> CGFloat? {
        guard !value.isNaN else {
            FlipbookDiagnostics.report("\(caller) got NaN; ignored.", once: "Transition.percent.nan.\(caller)")
            return nil
        }
        let clamped = min(max(value, 0), 1)
        if clamped != value {
            FlipbookDiagnostics.report(
                "\(caller) got \(value), outside 0…1; using \(clamped).", once: "Transition.percent.range.\(caller)")
        }
        return clamped
    }

    public func finishInteractiveTransition() {
        observe(.finishInteractiveTransition)
        guard checkInteractive("finishInteractiveTransition()") else { return }
        transitionWasCancelled = false
        endInteraction()
    }

    public func cancelInteractiveTransition() {
        observe(.cancelInteractiveTransition)
        guard checkInteractive("cancelInteractiveTransition()") else { return }
        transitionWasCancelled = true
        endInteraction()
    }

    /// Makes a running (interruptible) transition interactive again: an interaction controller
    /// can update, finish or cancel it once more. Reported and ignored when the transition is
    /// already interactive or complete.
    public func pauseInteractiveTransition() {
        observe(.pauseInteractiveTransition)
        guard !isComplete, !isInteractive else {
            FlipbookDiagnostics.report(
                "pauseInteractiveTransition() on a transition that is \(isComplete ? "complete" : "already interactive") "
                    + "(\(animatorName)); ignored.")
            return
        }
        isInteractive = true
        transitionWasCancelled = false
        engine?.interactionDidProgress()
        notifyInteractionHandlers()
    }

    private func checkInteractive(_ name: String) -> Bool {
        guard !isComplete, isInteractive else {
            // A running transition that did not start interactively: UIKit ignores the call and
            // so does Flipbook, silently; correct code makes it (seed 002's dismissal animator
            // calls finishInteractiveTransition() in its completion). docs/Semantics.md,
            // "Calls with no transition running".
            if !isComplete && !initiallyInteractive { return false }
            FlipbookDiagnostics.report(
                "\(name) on a transition that is \(isComplete ? "complete" : "not interactive") (\(animatorName)); "
                    + "ignored. Call it once, while the interaction drives the transition.")
            return false
        }
        return true
    }

    /// Marks the transition as driven by an interaction controller from its start.
    func beginInteraction() {
        isInteractive = true
        initiallyInteractive = true
    }

    /// The animator's interruptible animator, asked for once per transition: nil when the
    /// animator does not implement `interruptibleAnimator(using:)` (its protocol default
    /// answers `notProvidedInterruptibleAnimator`). UIKit learns whether an animator has one
    /// with `responds(to:)` and asks for it only when something needs it (an interaction
    /// controller starting, alongside animations); Swift cannot ask without calling, so this
    /// is the one call, made as late as UIKit makes its first: after the transition was marked
    /// interactive and when the interaction controller starts, or else once the animator has
    /// started (docs/Semantics.md, "Order of calls: interactive start").
    func providedInterruptibleAnimator() -> UIViewImplicitlyAnimating? {
        if askedForInterruptibleAnimator { return interruptibleAnimator }
        guard let animator else { return nil }
        askedForInterruptibleAnimator = true
        askingForInterruptibleAnimator = true
        let answer = animator.interruptibleAnimator(using: self)
        askingForInterruptibleAnimator = false
        guard answer !== UIViewPropertyAnimator.notProvidedInterruptibleAnimator else { return nil }
        interruptibleAnimator = answer
        return answer
    }

    private func endInteraction() {
        isInteractive = false
        engine?.interactionDidEnd()
        notifyInteractionHandlers()
        // `notifyWhenInteractionEnds` handlers run once, at the first end of the interaction,
        // after the `notifyWhenInteractionChanges` handlers (docs/Semantics.md).
        let endHandlers = interactionEndHandlers
        interactionEndHandlers = []
        for handler in endHandlers { handler(self) }
    }

    private func notifyInteractionHandlers() {
        // The handlers stay registered (iOS 10's behaviour): each change is reported.
        for handler in interactionHandlers { handler(self) }
    }

    // MARK: UIViewControllerTransitionCoordinator

    @discardableResult
    public func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !isComplete else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if hasStarted {
            // An interaction controller's transition has its own time: what is left of it is
            // the share after percentComplete (a paused container begins the block there).
            let remaining = interactionController != nil
                ? transitionDuration * (1 - Double(percentComplete))
                : max(0, transitionDuration - (containerView.ownClock.now - startTime))
            runAlongside(animation, duration: remaining)
        } else {
            pendingAlongside.append(animation)
        }
        return true
    }

    @discardableResult
    public func animateAlongsideTransition(
        in view: UIView?,
        animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    public func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    @available(iOS, introduced: 7.0, deprecated: 10.0, message: "Use notifyWhenInteractionChangesUsingBlock")
    public func notifyWhenInteractionEnds(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        // Runs at the next end of an interaction: never for a transition that stays
        // non-interactive (an interruptible one paused later ends its new interaction).
        guard !isComplete else { return }
        interactionEndHandlers.append(handler)
    }

    /// Runs the alongside animations queued before the animator started.
    func startAlongsideAnimations() {
        hasStarted = true
        startTime = containerView.ownClock.now
        let queued = pendingAlongside
        pendingAlongside = []
        for animation in queued { runAlongside(animation, duration: transitionDuration) }
    }

    /// The alongside blocks queued so far, offered to the first top-level UIView animation
    /// block the animator (or interaction controller) starts while `body` runs, as UIKit does
    /// (docs/Semantics.md, "Alongside animations join the animator's block"). An interruptible
    /// animator takes them instead (they join it afterwards, see `runAlongside`); blocks no
    /// animation block took run afterwards in `startAlongsideAnimations()`.
    func offeringAlongsideAnimations(during body: () -> Void) {
        let offer = AlongsideOffer(
            accepts: { [weak self] in
                guard let self else { return false }
                return self.isAnimated && !self.isComplete && !self.hasInterruptibleAnimator
                    && !self.askingForInterruptibleAnimator
            },
            join: { [weak self] state in self?.joinPendingAlongside(into: state) })
        UIViewAnimationRegistry.offeringAlongside(offer, during: body)
    }

    /// Runs the queued alongside blocks inside `state`, the animation block being recorded (the
    /// animator's first top-level block), which gives them its timing and makes its completion
    /// wait for them. Under a percent-driven interaction the layers they animate outside the
    /// container are adopted before the block commits, so they are scrubbed with it (a delayed
    /// block takes its begin time from the adopted layer's paused time). Blocks queued after
    /// this (by the animator, or by these blocks) run when the animator returns.
    private func joinPendingAlongside(into state: UIViewAnimationState) {
        startTime = containerView.ownClock.now
        let queued = pendingAlongside
        pendingAlongside = []
        let before = state.changes.count
        let added = CALayer.collectingAnimatedLayers {
            for animation in queued { animation(self) }
        }
        guard let percentDriven = interactionController as? UIPercentDrivenInteractiveTransition else { return }
        percentDriven.adoptAlongsideLayers(added + state.changes[before...].map(\.layer))
    }

    /// Runs one alongside block. With an interruptible animator that is active, the block
    /// joins it (so it is scrubbed, paused and reversed with the transition, as in UIKit);
    /// otherwise it is a UIView animation of the transition's duration, which a
    /// percent-driven interaction scrubs (inside the container or, adopted, outside it).
    private func runAlongside(_ animation: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void, duration: TimeInterval) {
        if isAnimated, let driven = interruptibleAnimator, driven.state == .active {
            driven.addAnimations { animation(self) }
        } else if isAnimated && duration > 0 {
            guard let percentDriven = interactionController as? UIPercentDrivenInteractiveTransition else {
                TransitionAnimation.animate(duration: duration, animations: { animation(self) })
                return
            }
            // Views outside the container are scrubbed with it too (docs/Semantics.md,
            // "Interactive transitions").
            let animated = CALayer.collectingAnimatedLayers {
                TransitionAnimation.animate(duration: duration, animations: { animation(self) })
            }
            percentDriven.adoptAlongsideLayers(animated)
        } else {
            TransitionAnimation.withoutAnimation { animation(self) }
        }
    }

    /// Runs the coordinator's completion blocks once, in the order registered.
    func runCompletions() {
        let blocks = completions
        if !blocks.isEmpty { TransitionProbe.emit(.coordinatorCompletions(self, blocks.count)) }
        completions = []
        pendingAlongside = []
        interactionHandlers = []
        interactionEndHandlers = []
        for block in blocks { block(self) }
    }
}

/// The context's name before navigation and tab transitions shared it.
@available(*, deprecated, renamed: "ViewControllerTransitionContext")
public typealias ModalTransitionContext = ViewControllerTransitionContext
