import Foundation

/// What a transition coordinator tells its blocks about the running transition, UIKit's
/// `UIViewControllerTransitionCoordinatorContext`.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// The presentation style of the transition.
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition started interactively.
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be interrupted (true when the animator provides an
    /// interruptible animator).
    var isInterruptible: Bool { get }
    /// Whether an interaction drives the transition right now.
    var isInteractive: Bool { get }
    /// Whether the (interactive) transition was cancelled.
    var isCancelled: Bool { get }
    /// The animator's duration, in seconds.
    var transitionDuration: TimeInterval { get }
    /// The progress of an interactive transition, 0…1.
    var percentComplete: CGFloat { get }
    /// The speed of the rest of the transition after the interaction ended (default 1).
    var completionVelocity: CGFloat { get }
    /// The curve of the rest of the transition after the interaction ended.
    var completionCurve: UIView.AnimationCurve { get }
    /// The transition's container view.
    var containerView: UIView { get }
    /// The rotation applied during the transition (identity in Flipbook).
    var targetTransform: CGAffineTransform { get }
    /// The "from" or "to" view controller.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The "from" or "to" view (nil where the context's `view(forKey:)` is nil).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// Runs extra animations in step with a view-controller transition, UIKit's
/// `UIViewControllerTransitionCoordinator`. Get it from
/// `UIViewController.transitionCoordinator` while a transition runs.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` inside an animation block with the transition's duration when
    /// the transition starts (or at once, for the time that is left, if it has already
    /// started), and `completion` after it ends. Returns false when the transition has
    /// already finished (nothing is run).
    @discardableResult
    func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
    /// As `animate(alongsideTransition:completion:)`, for views outside the container.
    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?,
        animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
    /// Calls `handler` each time the interaction changes: when it ends (finish or cancel;
    /// `isCancelled` is known then) and when a paused interruptible transition becomes
    /// interactive again.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
    /// Calls `handler` once, when the interactive part of the transition ends (the interaction
    /// controller finishes or cancels; `isCancelled` is known then), before the rest of the
    /// transition animates. Registered while the transition is not interactive, it waits
    /// for the next end of an interaction (never, unless the transition is paused). Deprecated in iOS 10 for `notifyWhenInteractionChanges(_:)`.
    @available(iOS, introduced: 7.0, deprecated: 10.0, message: "Use notifyWhenInteractionChangesUsingBlock")
    func notifyWhenInteractionEnds(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

// Apple's Objective-C methods take `completion:` with a default of nil in Swift. A protocol
// requirement cannot have a default argument, so these overloads make
// `coordinator.animate(alongsideTransition: { _ in })` compile against the protocol type.
extension UIViewControllerTransitionCoordinator {
    /// `animate(alongsideTransition:completion:)` without a completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    /// `animateAlongsideTransition(in:animation:completion:)` without a completion.
    @discardableResult
    public func animateAlongsideTransition(
        in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}

extension UIViewController {
    /// The coordinator of the transition this controller (or an ancestor) takes part in,
    /// nil when none is running.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        var current: UIViewController? = self
        while let vc = current {
            if let context = vc.activeTransitionContext { return context }
            current = vc.parent
        }
        return nil
    }

    /// The running transition this controller takes part in (presented, presenting, or
    /// an intermediate of a chained dismissal).
    var activeTransitionContext: ViewControllerTransitionContext? { involvedTransition }
}
