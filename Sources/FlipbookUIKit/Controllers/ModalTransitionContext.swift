import Foundation
import FlipbookQuartz

/// Flipbook's transition context and coordinator for modal presentations and
/// dismissals: the object animators receive as `UIViewControllerContextTransitioning`
/// and `UIViewController.transitionCoordinator` returns.
///
/// It is created by the modal machinery (`ModalTransition`); app code never creates one.
/// The interactive calls record progress and state for interaction controllers
/// (`UIPercentDrivenInteractiveTransition` drives the animations itself).
@MainActor
public final class ModalTransitionContext: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    public let containerView: UIView
    public let isAnimated: Bool
    public private(set) var isInteractive = false
    public private(set) var initiallyInteractive = false
    public private(set) var transitionWasCancelled = false
    public let presentationStyle: UIModalPresentationStyle
    public var targetTransform: CGAffineTransform { .identity }
    public var isInterruptible: Bool { false }
    public var isCancelled: Bool { transitionWasCancelled }
    /// The animator's duration in seconds (0 before it was asked, and when not animated).
    public internal(set) var transitionDuration: TimeInterval = 0
    public private(set) var percentComplete: CGFloat = 0
    public var completionVelocity: CGFloat { CGFloat(interactionController?.completionSpeed ?? 1) }
    public var completionCurve: UIView.AnimationCurve { interactionController?.completionCurve ?? .easeInOut }

    /// Whether `completeTransition(_:)` has been called.
    public private(set) var isComplete = false

    let fromViewController: UIViewController
    let toViewController: UIViewController
    var fromView: UIView?
    var toView: UIView?
    var initialFrames: [ObjectIdentifier: CGRect] = [:]
    var finalFrames: [ObjectIdentifier: CGRect] = [:]
    weak var interactionController: UIViewControllerInteractiveTransitioning?

    /// Called once with `didComplete` by `completeTransition(_:)`.
    var onComplete: ((Bool) -> Void)?
    /// Whether the animator has been started (alongside animations run at once after it).
    var hasStarted = false
    private var pendingAlongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    var startTime: CFTimeInterval = 0
    var animatorName = "animator"
    /// True for a presentation, false for a dismissal.
    var isPresentationTransition = true

    init(
        container: UIView, animated: Bool, style: UIModalPresentationStyle,
        from: UIViewController, to: UIViewController
    ) {
        containerView = container
        isAnimated = animated
        presentationStyle = style
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
        onComplete?(didComplete)
    }

    public func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else {
            FlipbookDiagnostics.report(
                "updateInteractiveTransition(_:) got \(percentComplete); ignored.", once: "ModalTransition.update")
            return
        }
        self.percentComplete = min(max(percentComplete, 0), 1)
    }

    public func finishInteractiveTransition() {
        transitionWasCancelled = false
        endInteraction()
    }

    public func cancelInteractiveTransition() {
        transitionWasCancelled = true
        endInteraction()
    }

    public func pauseInteractiveTransition() {
        isInteractive = true
    }

    /// Marks the transition as driven by an interaction controller from its start.
    func beginInteraction() {
        isInteractive = true
        initiallyInteractive = true
    }

    private func endInteraction() {
        guard isInteractive else { return }
        isInteractive = false
        let handlers = interactionHandlers
        interactionHandlers = []
        for handler in handlers { handler(self) }
    }

    // MARK: UIViewControllerTransitionCoordinator

    @discardableResult
    public func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)? = nil
    ) -> Bool {
        guard !isComplete else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if hasStarted {
            let remaining = max(0, transitionDuration - (MediaClock.main.now - startTime))
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
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)? = nil
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    public func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    /// Runs the alongside animations queued before the animator started.
    func startAlongsideAnimations() {
        hasStarted = true
        startTime = MediaClock.main.now
        let queued = pendingAlongside
        pendingAlongside = []
        for animation in queued { runAlongside(animation, duration: transitionDuration) }
    }

    private func runAlongside(_ animation: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void, duration: TimeInterval) {
        if isAnimated && duration > 0 {
            TransitionAnimation.animate(duration: duration, animations: { animation(self) })
        } else {
            TransitionAnimation.withoutAnimation { animation(self) }
        }
    }

    /// Runs the coordinator's completion blocks once, in the order registered.
    func runCompletions() {
        let blocks = completions
        completions = []
        pendingAlongside = []
        for block in blocks { block(self) }
    }
}
