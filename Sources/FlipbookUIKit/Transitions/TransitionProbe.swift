import Foundation
import FlipbookQuartz

/// What the transition machinery tells test tools (FlipbookTesting's `TransitionRecorder` and
/// `TransitionInvariants`) as it runs: package API, not UIKit's. Observers are told
/// synchronously, at the moment each thing happens. They live in a runtime (`AppRuntime`, in
/// one of its state slots) and hear the transitions of that runtime's app only, found through
/// the transition's container view or the controller (`Event.runtime`), whichever runtime is
/// bound; with no observer in that runtime, the event goes nowhere. Every kind of transition
/// (modal, navigation, tab) reports through here.
///
/// Each event carries the call as a value (`AnimatorCall`, `ContextCall`, `AppearanceCall`,
/// `PresentationHook`), so observers switch on cases; each call's `description` is the call as
/// written in Swift (`completeTransition(true)`), the text `TransitionRecorder` records.
@preconcurrency @MainActor
package enum TransitionProbe {
    package enum Event {
        /// The engine starts a transition (before the animator is asked for its duration; the
        /// context already knows its animator).
        case began(ViewControllerTransitionContext)
        /// The engine called the transition's animator or interaction controller (`callee`).
        case animatorCall(ViewControllerTransitionContext, callee: AnyObject, AnimatorCall)
        /// A call on the context, before the context acts on it, ignored calls included.
        case contextCall(ViewControllerTransitionContext, ContextCall)
        /// An appearance callback is about to run.
        case appearance(UIViewController, AppearanceCall)
        /// A presentation controller's transition hook is about to run.
        case presentationHook(UIPresentationController, PresentationHook)
        /// The coordinator's completion blocks are about to run (how many).
        case coordinatorCompletions(ViewControllerTransitionContext, Int)
        /// The caller is about to call the animator's `animationEnded(_:)`.
        case animationEnded(ViewControllerTransitionContext, Bool)
        /// The transition has ended and everything that follows `completeTransition(_:)` has
        /// run (appearance ends, hooks, completions, `animationEnded(_:)`).
        case ended(ViewControllerTransitionContext, didComplete: Bool)

        /// The runtime whose observers are told: the one the transition's container view
        /// belongs to (through its window), the controller's, or the presentation's; for
        /// objects in no window, the current one.
        var runtime: AppRuntime {
            switch self {
            case let .began(context), let .animatorCall(context, _, _), let .contextCall(context, _),
                 let .coordinatorCompletions(context, _), let .animationEnded(context, _), let .ended(context, _):
                return context.containerView.layer.owningRuntime
            case let .appearance(controller, _):
                return controller.owningRuntime
            case let .presentationHook(controller, _):
                return controller.containerView?.layer.owningRuntime
                    ?? controller.presentingViewController.owningRuntime
            }
        }
    }

    /// A call the engine makes on an animator or interaction controller.
    package enum AnimatorCall: Equatable, Sendable, CustomStringConvertible {
        /// `transitionDuration(using:)`, with its answer.
        case transitionDuration(TimeInterval)
        /// `animateTransition(using:)`.
        case animateTransition
        /// The interaction controller's `startInteractiveTransition(_:)`.
        case startInteractiveTransition

        /// `transitionDuration(using:) -> 0.5`, `animateTransition(using:)`, `startInteractiveTransition(_:)`.
        package var description: String {
            switch self {
            case let .transitionDuration(duration): return "transitionDuration(using:) -> \(duration)"
            case .animateTransition: return "animateTransition(using:)"
            case .startInteractiveTransition: return "startInteractiveTransition(_:)"
            }
        }
    }

    /// A call on the transition context (`UIViewControllerContextTransitioning`).
    package enum ContextCall: Equatable, Sendable, CustomStringConvertible {
        case completeTransition(Bool)
        case updateInteractiveTransition(CGFloat)
        case finishInteractiveTransition
        case cancelInteractiveTransition
        case pauseInteractiveTransition

        /// `completeTransition(true)`, `updateInteractiveTransition(0.5)`, `finishInteractiveTransition()`, …
        package var description: String {
            switch self {
            case let .completeTransition(didComplete): return "completeTransition(\(didComplete))"
            case let .updateInteractiveTransition(percent): return "updateInteractiveTransition(\(percent))"
            case .finishInteractiveTransition: return "finishInteractiveTransition()"
            case .cancelInteractiveTransition: return "cancelInteractiveTransition()"
            case .pauseInteractiveTransition: return "pauseInteractiveTransition()"
            }
        }
    }

    /// An appearance callback: which one, and its `animated` argument.
    package struct AppearanceCall: Equatable, Sendable, CustomStringConvertible {
        package enum Callback: Equatable, Sendable {
            case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
        }
        package var callback: Callback
        package var animated: Bool

        package init(_ callback: Callback, animated: Bool) {
            self.callback = callback
            self.animated = animated
        }

        /// The phase the controller enters with this callback.
        package var phase: UIViewController.AppearanceState {
            switch callback {
            case .viewWillAppear: return .appearing
            case .viewDidAppear: return .appeared
            case .viewWillDisappear: return .disappearing
            case .viewDidDisappear: return .disappeared
            }
        }

        /// `viewWillAppear(true)`, `viewDidDisappear(false)`, …
        package var description: String {
            switch callback {
            case .viewWillAppear: return "viewWillAppear(\(animated))"
            case .viewDidAppear: return "viewDidAppear(\(animated))"
            case .viewWillDisappear: return "viewWillDisappear(\(animated))"
            case .viewDidDisappear: return "viewDidDisappear(\(animated))"
            }
        }
    }

    /// A presentation controller's transition hook.
    package enum PresentationHook: Equatable, Sendable, CustomStringConvertible {
        case presentationTransitionWillBegin
        case presentationTransitionDidEnd(Bool)
        case dismissalTransitionWillBegin
        case dismissalTransitionDidEnd(Bool)

        /// `presentationTransitionWillBegin()`, `dismissalTransitionDidEnd(true)`, …
        package var description: String {
            switch self {
            case .presentationTransitionWillBegin: return "presentationTransitionWillBegin()"
            case let .presentationTransitionDidEnd(completed): return "presentationTransitionDidEnd(\(completed))"
            case .dismissalTransitionWillBegin: return "dismissalTransitionWillBegin()"
            case let .dismissalTransitionDidEnd(completed): return "dismissalTransitionDidEnd(\(completed))"
            }
        }
    }

    /// An installed observer: the runtime it lives in (weak: it goes with its runtime) and its
    /// number there.
    package struct ObserverToken {
        fileprivate weak var runtime: AppRuntime?
        fileprivate let id: Int
    }

    /// The probe's observers of one runtime, kept in that runtime's state.
    private typealias Observers = ObserverList<Event>

    /// Installs `handler` in the current runtime (under `.freshRuntime`, the test's) for every
    /// later event of a transition of that runtime's app; returns a token for `removeObserver(_:)`.
    package static func addObserver(_ handler: @escaping (Event) -> Void) -> ObserverToken {
        addObserver(in: AppRuntime.current, handler)
    }

    /// Installs `handler` in `runtime` for every later event of a transition of its app.
    package static func addObserver(in runtime: AppRuntime, _ handler: @escaping (Event) -> Void) -> ObserverToken {
        let id = runtime.state(Observers.self) { Observers() }.add(handler)
        return ObserverToken(runtime: runtime, id: id)
    }

    /// Removes the observer `token` names (nothing once it is removed or its runtime is gone).
    package static func removeObserver(_ token: ObserverToken) {
        token.runtime?.existingState(Observers.self)?.remove(token.id)
    }

    /// Tells the observers of the runtime the event's transition or controller belongs to
    /// (`Event.runtime`); with none installed there, nothing more is done.
    static func emit(_ event: @autoclosure () -> Event) {
        let e = event()
        guard let observers = e.runtime.existingState(Observers.self), !observers.isEmpty else { return }
        observers.notify(e)
    }

    /// The contexts of the transitions running now, oldest first.
    package static var runningContexts: [ViewControllerTransitionContext] {
        UIApplication.shared.runningTransitions.map(\.context)
    }

    /// Reports the coming `animationEnded(_:)` call of a transition that has an animator.
    static func animationEnded(
        _ animator: UIViewControllerAnimatedTransitioning?, _ context: ViewControllerTransitionContext, _ completed: Bool
    ) {
        if animator != nil { emit(.animationEnded(context, completed)) }
    }
}

/// The read-only facts about one transition that tools outside UIKit read: FlipbookTesting's
/// recorder and invariants, and the live preview's inspector. A value: what the transition was
/// at the moment `ViewControllerTransitionContext.snapshot` was read.
@preconcurrency @MainActor
package struct TransitionSnapshot {
    /// Presentation, dismissal, push, pop or tab switch.
    package let kind: ViewControllerTransitionKind
    package let fromViewController: UIViewController
    package let toViewController: UIViewController
    package let containerView: UIView
    /// The transition's animator (nil when not animated).
    package let animator: UIViewControllerAnimatedTransitioning?
    /// The animator's type name, as diagnostics write it (`"animator"` when there is none).
    package let animatorName: String
    package let isInteractive: Bool
    /// Whether the animator is known to provide an interruptible animator (reading the
    /// snapshot never asks it).
    package let isInterruptible: Bool
    package let percentComplete: CGFloat
    package let transitionWasCancelled: Bool
    package let isComplete: Bool

    /// The modal controller the transition moves: the presented one of a presentation or
    /// dismissal; nil for navigation and tab transitions.
    package var presentedViewController: UIViewController? {
        switch kind {
        case .presentation: return toViewController
        case .dismissal: return fromViewController
        case .push, .pop, .tabSwitch: return nil
        }
    }
}

extension ViewControllerTransitionContext {
    /// The transition as it is now, for test tools and the preview's inspector.
    package var snapshot: TransitionSnapshot {
        TransitionSnapshot(
            kind: kind, fromViewController: fromViewController, toViewController: toViewController,
            containerView: containerView, animator: animator, animatorName: animatorName, isInteractive: isInteractive,
            isInterruptible: interruptibleAnimator != nil, percentComplete: percentComplete,
            transitionWasCancelled: transitionWasCancelled, isComplete: isComplete)
    }
}

extension UIViewController {
    /// Where the controller is in its appearance cycle (test tools check that callbacks are
    /// balanced).
    package var appearancePhase: AppearanceState { appearanceState }

    /// The style this controller was presented with (resolved), nil when not presented.
    package var presentedStyle: UIModalPresentationStyle? { presentationRecord?.style }
    /// The container view of this controller's presentation, nil when not presented.
    package var presentationContainer: UIView? { presentationRecord?.container }
    /// The controller this one presents, itself (not through its parent), nil if none.
    package var ownPresentedViewController: UIViewController? { storedPresentedViewController }
    /// The controller that presents this one, itself (not through its parent), nil if none.
    package var ownPresentingViewController: UIViewController? { storedPresentingViewController }
}

extension UINavigationController {
    /// The view the top controller's view lives in.
    package var contentContainerView: UIView { transitionView }
}
