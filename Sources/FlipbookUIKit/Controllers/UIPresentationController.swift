import Foundation

/// Manages how a presented view controller sits on screen, UIKit's
/// `UIPresentationController`: the container view, the presented view's frame, extra
/// chrome (dimming views) and the hooks around the presentation and dismissal.
///
/// UIKit creates one per presentation: for `.custom` the transitioning delegate's
/// `presentationController(forPresented:presenting:source:)` supplies it; the other
/// styles use built-in subclasses (`UISheetPresentationController` for sheets).
@preconcurrency @MainActor
open class UIPresentationController: NSObject, UITraitEnvironment {
    /// The controller being presented.
    public let presentedViewController: UIViewController
    /// The controller presenting it (set at presentation when created early).
    public internal(set) var presentingViewController: UIViewController

    /// Decides how the presentation adapts to a compact environment (asked for `.popover`
    /// presentations; Controllers/UIAdaptivePresentationControllerDelegate.swift). Weak, as in UIKit.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// The transition's container view; nil until the presentation starts.
    public internal(set) var containerView: UIView?

    private var pendingPresenting: Bool

    /// Creates a presentation controller for `presentedViewController`; UIKit fills in
    /// `presentingViewController` when it is nil here.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
        self.pendingPresenting = presentingViewController == nil
        super.init()
    }

    /// The view the animator animates as the presented view; default is the presented
    /// controller's view. Override to wrap it in chrome.
    open var presentedView: UIView? { presentedViewController.view }

    /// Where the presented view sits at the end of the presentation, in the container's
    /// coordinates; default is the container's bounds.
    open var frameOfPresentedViewInContainerView: CGRect {
        containerView?.bounds ?? .zero
    }

    /// Whether UIKit removes the presenting controller's view from the window when the
    /// presentation ends (default false: it stays visible under the presented view).
    open var shouldRemovePresentersView: Bool { false }

    /// Whether the presentation covers the whole screen (default true).
    open var shouldPresentInFullscreen: Bool { true }

    /// The style this controller presents with.
    open var presentationStyle: UIModalPresentationStyle { presentedViewController.resolvedModalPresentationStyle }

    /// The style to use in the current environment; Flipbook has no size-class
    /// adaptation and returns `presentationStyle`.
    open var adaptivePresentationStyle: UIModalPresentationStyle { presentationStyle }

    /// Called when the presentation is about to start (transition coordinator available).
    open func presentationTransitionWillBegin() {}
    /// Called when the presentation ended; `completed` is false if it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Called when the dismissal is about to start.
    open func dismissalTransitionWillBegin() {}
    /// Called when the dismissal ended; `completed` is false if it was cancelled.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// Called before the container lays out its subviews.
    open func containerViewWillLayoutSubviews() {}
    /// Called after the container laid out its subviews.
    open func containerViewDidLayoutSubviews() {}

    // MARK: UIContentContainer

    /// The size of a child's content in the container; default is the container's size.
    open func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// The presented controller's preferred size.
    open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }

    /// The presented controller's `preferredContentSize` changed. Default: nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The presented controller's fitting size changed. Default: nothing.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The container is about to take `size` (rotation). The default forwards to the presented
    /// controller with `size(forChildContentContainer:withParentContainerSize:)`: overrides
    /// call `super`.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        presentedViewController.viewWillTransition(
            to: self.size(forChildContentContainer: presentedViewController, withParentContainerSize: size), with: coordinator)
    }

    /// The traits are about to change. The default forwards to the presented controller.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        presentedViewController.willTransition(to: newCollection, with: coordinator)
    }

    // MARK: Traits

    /// Traits the presented controller gets on top of those it would inherit (UIKit's
    /// `overrideTraitCollection`; nil, the default, for none): the presentation controller's
    /// `traitCollection` is the presenting controller's with these on top, and the presented
    /// controller, its views and its children inherit it. Setting it while presenting tells
    /// them at once (`traitCollectionDidChange(_:)`).
    open var overrideTraitCollection: UITraitCollection? {
        get { overrideTraitsStorage }
        set {
            overrideTraitsStorage = newValue
            guard presentedViewController.presentationRecord?.presentationController === self else { return }
            noteOwnTraits()
            presentedViewController.propagateTraitChanges()
        }
    }
    private var overrideTraitsStorage: UITraitCollection?
    /// The traits last reported to this controller (nil until it first had traits).
    private var lastTraits: UITraitCollection?

    /// The traits of the presentation: the presenting controller's with
    /// `overrideTraitCollection` on top (before the presentation, a full-screen window's).
    open var traitCollection: UITraitCollection {
        let base =
            presentingViewController === presentedViewController
            ? UITraitCollection.window(device: UIScreen.main.device, style: .unspecified) : presentingViewController.traitCollection
        return overrideTraitsStorage.map { base.overlaid(with: $0) } ?? base
    }

    /// Called when the presentation's traits changed (not for its first traits).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Re-evaluates the traits and reports a change (called before the presented controller's).
    func noteOwnTraits() {
        let new = traitCollection
        let old = lastTraits
        lastTraits = new
        guard let old, old != new else { return }
        new.performAsCurrent { traitCollectionDidChange(old) }
    }

    func adopt(presenting: UIViewController) {
        if pendingPresenting || presentingViewController !== presenting {
            presentingViewController = presenting
            pendingPresenting = false
        }
    }
}

/// The built-in presentation controller of `.fullScreen` and `.currentContext`: the
/// presenting view leaves the window after the presentation.
@preconcurrency @MainActor
final class FullScreenPresentationController: UIPresentationController {
    override var shouldRemovePresentersView: Bool { true }
}

/// The built-in presentation controller of `.overFullScreen` and `.overCurrentContext`
/// (and of `.custom` without one from the delegate): the presenting view stays.
@preconcurrency @MainActor
final class OverFullScreenPresentationController: UIPresentationController {}

/// The private view UIKit puts in the window (or in a presentation context) to hold a
/// transition's views: UIKit's `UITransitionView`.
@preconcurrency @MainActor
final class TransitionContainerView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
