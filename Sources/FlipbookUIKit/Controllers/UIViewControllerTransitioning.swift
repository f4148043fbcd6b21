import Foundation

/// The keys of `UIViewControllerContextTransitioning.viewController(forKey:)`, UIKit's
/// `UITransitionContextViewControllerKey`: `.from` was on screen before the transition,
/// `.to` is on screen after it (in a dismissal, `.to` is the presenting controller).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = Self(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = Self(rawValue: "UITransitionContextToViewControllerKey")
}

/// The keys of `UIViewControllerContextTransitioning.view(forKey:)`, UIKit's
/// `UITransitionContextViewKey`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = Self(rawValue: "UITransitionContextFromViewKey")
    public static let to = Self(rawValue: "UITransitionContextToViewKey")
}

/// What UIKit hands an animator: the views, controllers and frames of one transition,
/// UIKit's `UIViewControllerContextTransitioning`. Flipbook's implementation is
/// `ViewControllerTransitionContext`.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    /// The view in which the transition runs; the animator adds the "to" view to it.
    var containerView: UIView { get }
    /// Whether the transition is animated (false for `present(_:animated: false)`).
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives the transition right now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (only interactive transitions can be).
    var transitionWasCancelled: Bool { get }
    /// The presentation style of the presented view controller.
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation applied during the transition (always identity in Flipbook).
    var targetTransform: CGAffineTransform { get }
    /// Reports the progress (0…1) of an interactive transition.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Reports that the interactive part ended and the transition should finish.
    func finishInteractiveTransition()
    /// Reports that the interactive part ended and the transition should be undone.
    func cancelInteractiveTransition()
    /// Reports that an interruptible transition was paused.
    func pauseInteractiveTransition()
    /// Tells UIKit the animations are done; pass `!transitionWasCancelled`.
    /// Must be called exactly once per transition.
    func completeTransition(_ didComplete: Bool)
    /// The "from" or "to" view controller.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The "from" or "to" view the animator should animate; nil for a view UIKit keeps
    /// out of the container (the presenting view of `.custom` / over styles).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The frame of `vc`'s view at the start (`.zero` when unknown or not on screen).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The frame `vc`'s view should have at the end (`.zero` when it leaves the screen).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An animator: runs the animations of a transition, UIKit's
/// `UIViewControllerAnimatedTransitioning`.
///
/// Apple's optional members (`animationEnded(_:)`, `interruptibleAnimator(using:)`)
/// are requirements with default implementations in a protocol extension, so an
/// `NSObject` subclass conforms exactly as on iOS.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    /// The transition's duration in seconds.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Sets up and starts the animations; must eventually call `completeTransition(_:)`.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// Called once after the transition completed (true) or was cancelled (false).
    func animationEnded(_ transitionCompleted: Bool)
    /// The animator that runs this transition's animations, for interruptible and
    /// interactive transitions (the same object for every call during one transition).
    ///
    /// Apple's member is optional; an unimplemented one returns the shared
    /// `UIViewPropertyAnimator.notProvidedInterruptibleAnimator`, which Flipbook reads as
    /// "no interruptible animator" (see `providesInterruptibleAnimator(using:)`).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}

    public func interruptibleAnimator(
        using transitionContext: UIViewControllerContextTransitioning
    ) -> UIViewImplicitlyAnimating {
        UIViewPropertyAnimator.notProvidedInterruptibleAnimator
    }

    /// Whether this animator implements `interruptibleAnimator(using:)` (Flipbook's own; on
    /// iOS this is `responds(to:)` on the optional member). It calls that member, so an
    /// animator that builds its property animator there builds it now: the transition machinery
    /// does not use it, and asks once, at the point UIKit needs the animator (docs/Semantics.md,
    /// "Order of calls: interactive start").
    public func providesInterruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> Bool {
        interruptibleAnimator(using: transitionContext) !== UIViewPropertyAnimator.notProvidedInterruptibleAnimator
    }
}

extension UIViewPropertyAnimator {
    /// The value of an unimplemented `interruptibleAnimator(using:)`: an idle animator
    /// with no animations, never started.
    public static let notProvidedInterruptibleAnimator = UIViewPropertyAnimator(duration: 0, curve: .linear)
}

/// An interaction controller: drives a transition's progress from events, UIKit's
/// `UIViewControllerInteractiveTransitioning`.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    /// Starts the interactive transition; the controller usually calls the animator.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// Speed multiplier for the non-interactive completion (default 1).
    var completionSpeed: CGFloat { get }
    /// Whether the transition starts interactively (default true).
    var wantsInteractiveStart: Bool { get }
    /// The curve of the non-interactive completion (default easeInOut).
    var completionCurve: UIView.AnimationCurve { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Supplies the objects of a custom presentation, UIKit's
/// `UIViewControllerTransitioningDelegate`. Every member is optional in Apple's
/// protocol; here each has a default implementation returning nil.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController?
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UIViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        forwarded(as: UIViewControllerTransitioningDelegate.self) {
            $0.animationController(forPresented: presented, presenting: presenting, source: source)
        }
    }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        forwarded(as: UIViewControllerTransitioningDelegate.self) { $0.animationController(forDismissed: dismissed) }
    }
    public func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        forwarded(as: UIViewControllerTransitioningDelegate.self) { $0.interactionControllerForPresentation(using: animator) }
    }
    public func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        forwarded(as: UIViewControllerTransitioningDelegate.self) { $0.interactionControllerForDismissal(using: animator) }
    }
    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        forwarded(as: UIViewControllerTransitioningDelegate.self) {
            $0.presentationController(forPresented: presented, presenting: presenting, source: source)
        }
    }
}
