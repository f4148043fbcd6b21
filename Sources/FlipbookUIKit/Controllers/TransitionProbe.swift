import Foundation
import FlipbookQuartz

/// What the transition machinery tells test tools (FlipbookTesting's `TransitionRecorder` and
/// `TransitionInvariants`) as it runs: package API, not UIKit's. Observers are told
/// synchronously, at the moment each thing happens; with no observer installed, nothing is
/// built. Every kind of transition (modal, navigation, tab) reports through here.
@preconcurrency @MainActor
package enum TransitionProbe {
    package enum Event {
        /// The engine starts a transition (before the animator is asked for its duration).
        case began(ViewControllerTransitionContext)
        /// The engine called the transition's animator or interaction controller, written as
        /// the call (`transitionDuration(using:) -> 0.5`, `animateTransition(using:)`,
        /// `startInteractiveTransition(_:)`), with the callee's type name.
        case animatorCall(ViewControllerTransitionContext, callee: String, call: String)
        /// A call on the context (`completeTransition(true)`, `updateInteractiveTransition(0.5)`),
        /// before the context acts on it, ignored calls included.
        case contextCall(ViewControllerTransitionContext, String)
        /// An appearance callback is about to run (`viewWillAppear(true)`, …).
        case appearance(UIViewController, String)
        /// A presentation controller's transition hook is about to run
        /// (`presentationTransitionWillBegin()`, `dismissalTransitionDidEnd(true)`, …).
        case presentationHook(UIPresentationController, String)
        /// The coordinator's completion blocks are about to run (how many).
        case coordinatorCompletions(ViewControllerTransitionContext, Int)
        /// The caller is about to call the animator's `animationEnded(_:)`.
        case animationEnded(ViewControllerTransitionContext, Bool)
        /// The transition has ended and everything that follows `completeTransition(_:)` has
        /// run (appearance ends, hooks, completions, `animationEnded(_:)`).
        case ended(ViewControllerTransitionContext, didComplete: Bool)
    }

    private static var observers: [(id: Int, handler: (Event) -> Void)] = []
    private static var nextID = 0

    /// Installs `handler` for every later event; returns a token for `removeObserver(_:)`.
    package static func addObserver(_ handler: @escaping (Event) -> Void) -> Int {
        nextID += 1
        observers.append((nextID, handler))
        return nextID
    }

    package static func removeObserver(_ token: Int) { observers.removeAll { $0.id == token } }

    static func emit(_ event: @autoclosure () -> Event) {
        guard !observers.isEmpty else { return }
        let e = event()
        for observer in observers { observer.handler(e) }
    }

    /// The contexts of the transitions running now, oldest first.
    package static var runningContexts: [ViewControllerTransitionContext] { TransitionEngine.running.map(\.context) }
}

/// Read-only facts about a transition for test tools.
extension ViewControllerTransitionContext {
    /// `presentation`, `dismissal`, `push`, `pop` or `tab switch`.
    package var kindName: String { kind.noun }
    /// The transition's animator (nil when not animated).
    package var transitionAnimator: UIViewControllerAnimatedTransitioning? { animator }
    /// The type name diagnostics use for the animator.
    package var transitionAnimatorName: String { animatorName }
}

extension UIViewController {
    /// Where the controller is in its appearance cycle: `disappeared`, `appearing`,
    /// `appeared` or `disappearing` (test tools check that callbacks are balanced).
    package var appearancePhase: String {
        switch appearanceState {
        case .disappeared: return "disappeared"
        case .appearing: return "appearing"
        case .appeared: return "appeared"
        case .disappearing: return "disappearing"
        }
    }

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
    /// Whether a push or pop is running.
    package var isTransitioning: Bool { runningTransition != nil }
}

extension TransitionProbe {
    /// Reports the coming `animationEnded(_:)` call of a transition that has an animator.
    static func animationEnded(
        _ animator: UIViewControllerAnimatedTransitioning?, _ context: ViewControllerTransitionContext, _ completed: Bool
    ) {
        if animator != nil { emit(.animationEnded(context, completed)) }
    }
}
