import Foundation
import FlipbookQuartz

/// Runs one view-controller transition, whatever its kind (modal presentation or dismissal,
/// navigation push or pop, tab switch): the part of UIKit's transition machinery that does
/// not depend on who asked for the transition.
///
/// The caller (`ModalTransition.run()` for presentations and dismissals; a
/// `ContainerTransition`, `NavigationTransition` or `TabSwitchTransition`, through
/// `runInContainer` for pushes, pops and tab switches) looks up the animator and the
/// interaction controller, builds the context (views, frames, container), sends the appearance
/// "will" callbacks, sets `applyWithoutAnimation`, `layoutContainer` and `onEnd`, then calls
/// `run()`. The engine:
/// 1. without an animator, applies the change at once (`applyWithoutAnimation`) and completes;
/// 2. asks the animator for its duration (NaN or negative is reported and read as 0);
/// 3. with an interaction controller, marks the transition interactive when it
///    `wantsInteractiveStart` and calls `startInteractiveTransition(_:)`; otherwise calls
///    `animateTransition(using:)`;
/// 4. with an interaction controller, learns whether the animator is interruptible
///    (`providedInterruptibleAnimator()`: the animator is asked at most once, after the
///    transition was marked interactive; a percent-driven interaction controller has asked
///    already); without one it never asks, as UIKit never calls it then;
/// 5. starts the coordinator's alongside animations that the animator's first UIView
///    animation block did not take (step 3 offers them to it) and lays out the container;
/// 6. watches: an interaction that goes quiet for `interactionTimeout` is reported and
///    cancelled; a transition running on its own that is not completed within its expected
///    time plus `completionGracePeriod` is reported and completed;
/// 7. on `completeTransition(_:)`, hands the result to `onEnd` (the caller finishes or
///    undoes its changes and sends the "did" callbacks, then ends through
///    `context.endAnimation(of:completed:completion:)`: the coordinator's completions, its
///    completion handler, `animator.animationEnded(_:)`).
@preconcurrency @MainActor
final class TransitionEngine {
    /// How long after its expected end a transition may go without `completeTransition(_:)`
    /// before Flipbook reports it and completes it, in seconds.
    static let completionGracePeriod: TimeInterval = 5
    /// How long an interactive transition may go without an update, finish, cancel or pause
    /// from its interaction controller before Flipbook reports it and cancels it, in seconds
    /// of media time (docs/Divergences.md, "Interactive transitions").
    static let interactionTimeout: TimeInterval = 30

    /// The application of the app the transition runs in (the runtime it was made in: present,
    /// dismiss, push, pop and tab selection bind their controller's), which lists it in
    /// `runningTransitions` while it runs.
    let application: UIApplication

    let context: ViewControllerTransitionContext
    let animator: UIViewControllerAnimatedTransitioning?
    let interactor: UIViewControllerInteractiveTransitioning?
    /// Names the moved controller in diagnostics ("the dismissal of <B>").
    let subject: String
    /// Makes the change at once, for a transition that is not animated.
    var applyWithoutAnimation: () -> Void = {}
    /// Lays out the container after the animator started (the presentation controller's hooks).
    var layoutContainer: () -> Void = {}
    /// Called once with `didComplete` when the animator calls `completeTransition(_:)`.
    var onEnd: (Bool) -> Void = { _ in }

    private var completionWatchdog: MediaClockToken?
    private var interactionWatchdog: MediaClockToken?

    init(
        context: ViewControllerTransitionContext, animator: UIViewControllerAnimatedTransitioning?,
        interactor: UIViewControllerInteractiveTransitioning?, subject: String
    ) {
        self.context = context
        self.animator = animator
        self.interactor = interactor
        self.subject = subject
        application = UIApplication.shared
        // The context knows its animator from the start (the probe's `began` reads it).
        if let animator {
            context.animator = animator
            context.animatorName = String(describing: type(of: animator))
        }
    }

    /// The hook for blocking touches: true while the transition runs on its own, neither
    /// driven by an interaction nor interruptible. UIKit ignores interaction events then
    /// (`UIApplication.isIgnoringInteractionEvents` asks `blocksInteractionEvents`, so touch
    /// delivery drops new touches meanwhile).
    ///
    /// It does not ask the animator for its interruptible animator: without an interaction
    /// controller it was never asked (see `run()`), and the transition blocks touches.
    var isRunningNonInteractively: Bool {
        !context.isComplete && !context.isInteractive && !context.hasInterruptibleAnimator
    }

    /// Starts the transition (see the type's documentation for the order).
    func run() {
        application.runningTransitions.append(self)
        LayerTimeDriver.releaseAdoptedLayers(enclosing: context.containerView.layer, in: application)
        TransitionProbe.emit(.began(context))
        // The context keeps the engine alive until the transition completes.
        context.engine = self
        guard let animator else {
            // Not animated: the animators are not asked; the change happens at once.
            applyWithoutAnimation()
            context.startAlongsideAnimations()
            layoutContainer()
            context.completeTransition(true)
            return
        }
        var duration = animator.transitionDuration(using: context)
        TransitionProbe.emit(.animatorCall(context, callee: animator, .transitionDuration(duration)))
        if !duration.isFinite || duration < 0 {
            FlipbookDiagnostics.report(
                "\(context.animatorName).transitionDuration(using:) returned \(duration); using 0.",
                once: "Transition.duration.\(context.animatorName)")
            duration = 0
        }
        context.transitionDuration = duration
        // UIKit's order: the context is interactive before anyone asks the animator for its
        // interruptible animator (an animator may build a different one for an interactive
        // transition), and that question is asked once (docs/Semantics.md, "Order of calls:
        // interactive start").
        if let interactor {
            context.interactionController = interactor
            if interactor.wantsInteractiveStart { context.beginInteraction() }
            context.mayAskForInterruptibleAnimator = true
            TransitionProbe.emit(.animatorCall(context, callee: interactor, .startInteractiveTransition))
            // The queued alongside blocks join the first animation block started meanwhile
            // (a percent-driven interaction runs the animator now), as in UIKit.
            context.offeringAlongsideAnimations { interactor.startInteractiveTransition(context) }
            // Alongside animations join an interruptible animator (see the context's
            // runAlongside), and touches reach an interruptible transition.
            if !context.isComplete { _ = context.providedInterruptibleAnimator() }
        } else {
            // Without an interaction controller nothing can interrupt the transition, and UIKit
            // never calls `interruptibleAnimator(using:)`: animators that build a new property
            // animator (and its views and constraints) in every call rely on that, so it is not
            // asked here; code that reads `isInterruptible` asks then (docs/Divergences.md,
            // "Interactive transitions").
            context.mayAskForInterruptibleAnimator = true
            TransitionProbe.emit(.animatorCall(context, callee: animator, .animateTransition))
            // The queued alongside blocks join the animator's first animation block, as in
            // UIKit; those no block took run on their own just below.
            context.offeringAlongsideAnimations { animator.animateTransition(using: context) }
        }
        context.startAlongsideAnimations()
        layoutContainer()
        if context.isComplete { return }
        if context.isInteractive { restartInteractionWatchdog() } else { startCompletionWatchdog() }
    }

    // MARK: The context's calls

    /// The context's `completeTransition(_:)` ran (once).
    func transitionDidComplete(_ didComplete: Bool) { end(didComplete) }

    /// The context got an interaction call (an update, or a pause that made it interactive
    /// again). Only an interaction controller's transition is watched.
    func interactionDidProgress() {
        guard interactor != nil else { return }
        restartInteractionWatchdog()
    }

    /// The context's interaction ended (finished or cancelled).
    func interactionDidEnd() {
        guard interactor != nil else { return }
        interactionWatchdog.cancelAndClear()
        startCompletionWatchdog()
    }

    // MARK: Watchdogs

    /// An interaction call arrived (or the interaction began again): the interaction
    /// watchdog starts over, and the completion watchdog waits.
    private func restartInteractionWatchdog() {
        guard !context.isComplete else { return }
        completionWatchdog.cancelAndClear()
        interactionWatchdog.cancelAndClear()
        guard context.isInteractive else { return startCompletionWatchdog() }
        interactionWatchdog = application.clock.schedule(after: Self.interactionTimeout) { [weak self] in
            self?.interactionTimedOut()
        }
    }

    private func interactionTimedOut() {
        guard !context.isComplete, context.isInteractive else { return }
        let name = interactor.map { String(describing: type(of: $0)) } ?? "the interaction controller"
        FlipbookDiagnostics.report(
            "\(name) drives the \(context.kind.noun) of \(subject) interactively but has not called update, finish or "
                + "cancel for \(Self.interactionTimeout) s. UIKit would wait for ever, leaving the app unresponsive; "
                + "Flipbook cancels the transition now. Call finish() or cancel() when the gesture ends.")
        if let percentDriven = interactor as? UIPercentDrivenInteractiveTransition {
            percentDriven.cancel()
        } else {
            context.cancelInteractiveTransition()
        }
    }

    /// Reports and completes a transition whose animator never calls `completeTransition(_:)`.
    private func startCompletionWatchdog() {
        guard !context.isComplete, completionWatchdog == nil else { return }
        // The rest of the transition may be slowed down by the interaction's completion speed.
        let limit = context.transitionDuration / Double(context.completionVelocity) + Self.completionGracePeriod
        completionWatchdog = application.clock.schedule(after: limit) { [weak self] in
            guard let self, !self.context.isComplete else { return }
            FlipbookDiagnostics.report(
                "\(self.context.animatorName) never called completeTransition(_:) for the \(self.context.kind.noun) of "
                    + "\(self.subject) (\(limit) s after it started). UIKit would leave the app "
                    + "unresponsive; Flipbook completes the transition now. Call "
                    + "transitionContext.completeTransition(!transitionContext.transitionWasCancelled) "
                    + "in your animation's completion.")
            self.context.completeTransition(!self.context.transitionWasCancelled)
        }
    }

    private func end(_ didComplete: Bool) {
        completionWatchdog.cancelAndClear()
        interactionWatchdog.cancelAndClear()
        application.runningTransitions.removeAll { $0 === self }
        onEnd(didComplete)
        TransitionProbe.emit(.ended(context, didComplete: didComplete))
    }
}
