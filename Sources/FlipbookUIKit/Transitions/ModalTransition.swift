import Foundation
import FlipbookQuartz

/// Where a view lived before UIKit took it out of the window, to put it back later.
@preconcurrency @MainActor
struct ViewHome {
    weak var superview: UIView?
    var index: Int
    var frame: CGRect

    init(of view: UIView) {
        superview = view.superview
        index = view.superview?.subviews.firstIndex { $0 === view } ?? 0
        frame = view.frame
    }

    func restore(_ view: UIView, fallback: UIView?) {
        if let superview {
            superview.insertSubview(view, at: min(index, superview.subviews.count))
        } else if let fallback {
            fallback.insertSubview(view, at: 0)
        }
    }
}

/// How one controller is currently presented: its presentation controller, container
/// and where its presenter's view came from.
@preconcurrency @MainActor
final class PresentationRecord {
    let presentationController: UIPresentationController
    let style: UIModalPresentationStyle
    let container: TransitionContainerView
    weak var source: UIViewController?
    /// The presenter's view's place before this presentation (restored on dismissal).
    var presenterHome: ViewHome?
    /// The transition running for this presentation (its presentation or dismissal).
    var activeContext: ViewControllerTransitionContext?

    init(presentationController: UIPresentationController, style: UIModalPresentationStyle, container: TransitionContainerView) {
        self.presentationController = presentationController
        self.style = style
        self.container = container
    }
}

/// One modal presentation or dismissal, run as UIKit runs it (docs/Semantics.md, "Order of
/// calls: presentation", "Order of calls: dismissal" and "Presentation styles"). See `present` and `dismiss` below for
/// the exact order of calls. The modal part is here: links, container, presenter's view,
/// appearance callbacks, and what a completed or cancelled transition leaves behind; the
/// running itself (animator, interaction, watchdogs) is the shared `TransitionEngine`.
@preconcurrency @MainActor
final class ModalTransition {
    let context: ViewControllerTransitionContext
    let record: PresentationRecord
    /// The presented controller on top (the "to" side of a presentation, the "from"
    /// side of a dismissal).
    let presented: UIViewController
    let presenter: UIViewController
    /// Dismissal: every controller leaving, from the dismissed one to the top.
    let leaving: [UIViewController]
    let animator: UIViewControllerAnimatedTransitioning?
    let interactor: UIViewControllerInteractiveTransitioning?
    let completion: (() -> Void)?
    /// Whether the presenter gets appearance callbacks (its view leaves or returns).
    let presenterChangesAppearance: Bool
    weak var window: UIWindow?

    private init(
        context: ViewControllerTransitionContext, record: PresentationRecord, presented: UIViewController,
        presenter: UIViewController, leaving: [UIViewController], animator: UIViewControllerAnimatedTransitioning?,
        interactor: UIViewControllerInteractiveTransitioning?, completion: (() -> Void)?,
        presenterChangesAppearance: Bool, window: UIWindow?
    ) {
        self.context = context
        self.record = record
        self.presented = presented
        self.presenter = presenter
        self.leaving = leaving
        self.animator = animator
        self.interactor = interactor
        self.completion = completion
        self.presenterChangesAppearance = presenterChangesAppearance
        self.window = window
    }

    var participants: [UIViewController] { [presenter] + leaving + [presented] }

    // MARK: Presentation

    static func present(
        _ vc: UIViewController, presenter: UIViewController, source: UIViewController, animated: Bool,
        completion: (() -> Void)?
    ) {
        var style = vc.resolvedModalPresentationStyle
        let delegate = vc.transitioningDelegate
        // 1. The presentation controller (the delegate is asked only for .custom; a popover
        //    adapts to the presenter's traits first: UIPopoverPresentationController.swift).
        var pc: UIPresentationController?
        if vc.modalPresentationStyle == .popover, let popover = vc.presentationController as? UIPopoverPresentationController {
            popover.adopt(presenting: presenter)
            style = popover.resolveAdaptation(traitCollection: presenter.traitCollection)
            pc = popover
        } else if style == .custom {
            pc = delegate?.presentationController(forPresented: vc, presenting: presenter, source: source)
        }
        if pc == nil, let prepared = vc.preparedPresentationController, prepared.fits(style) { pc = prepared }
        let controller = pc ?? UIPresentationController.builtIn(for: style, presented: vc, presenting: presenter)
        controller.adopt(presenting: presenter)
        vc.preparedPresentationController = nil

        // 2. The presented view loads, then the animator and the interaction controller are
        //    asked, so a delegate the controller sets in its own `viewDidLoad` is the one asked
        //    (docs/Semantics.md, "When the presented view loads").
        vc.loadViewIfNeeded()
        let animationDelegate = vc.transitioningDelegate
        var animator: UIViewControllerAnimatedTransitioning?
        var interactor: UIViewControllerInteractiveTransitioning?
        if animated {
            animator = animationDelegate?.animationController(forPresented: vc, presenting: presenter, source: source)
            if let animator {
                interactor = animationDelegate?.interactionControllerForPresentation(using: animator)
            } else if let zoom = vc.zoomTransition, style != .popover {
                // iOS 18's preferredTransition = .zoom (Transitions/Zoom/).
                animator = ZoomTransitionAnimator(transition: zoom, zoomingIn: true, zoomed: vc, source: source)
            } else {
                // A popover shown as one fades in, as UIKit's does.
                let transitionStyle =
                    style == .popover ? .crossDissolve
                    : (style.usesPresentationContext && presenter.providesPresentationContextTransitionStyle)
                    ? presenter.modalTransitionStyle : vc.effectiveModalTransitionStyle
                animator = DefaultModalAnimator(style: transitionStyle, sheet: controller is UISheetPresentationController)
            }
        }

        // 3. The container view, above the presenter's view (in the window, or in the
        //    presentation context's superview for the context styles).
        let presenterView: UIView = presenter.view
        let window = presenterView.window
        let container = TransitionContainerView(frame: .zero)
        container.presentationController = controller
        if style.usesPresentationContext, let host = presenterView.superview {
            container.frame = presenterView.frame
            host.insertSubview(container, aboveSubview: presenterView)
        } else if let window {
            container.frame = window.bounds
            window.addSubview(container)
        }
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.containerView = container
        let record = PresentationRecord(presentationController: controller, style: style, container: container)
        record.source = source
        if controller.shouldRemovePresentersView { record.presenterHome = ViewHome(of: presenterView) }
        // Semantics.md, "Presentation styles": in a full-screen presentation the presenting view takes part in the
        // transition: UIKit moves it into the container (keeping its place on screen), so what
        // the animator applies to the container (a perspective) reaches it too. It leaves the
        // hierarchy when the presentation completes and comes back on dismissal.
        if animated, let home = record.presenterHome, let host = home.superview {
            presenterView.frame = container.convert(home.frame, from: host)
            container.insertSubview(presenterView, at: 0)
        }

        // 4. Links and the context.
        vc.storedPresentingViewController = presenter
        presenter.storedPresentedViewController = vc
        vc.presentationRecord = record
        vc.isBeingPresented = true
        let context = ViewControllerTransitionContext(
            container: container, animated: animated, style: style, kind: .presentation, from: presenter, to: vc)
        context.fromView = controller.shouldRemovePresentersView ? presenterView : nil
        context.toView = controller.presentedView
        // The frames (docs/Semantics.md, "Frames in the context"): the presenter's is where its
        // view is now, and zero at the end when the presentation removes it; the presented
        // controller's starts unknown (zero) and ends at the presentation controller's frame.
        let presenterFrame = Self.frame(of: presenterView, in: container)
        context.initialFrames[ObjectIdentifier(presenter)] = presenterFrame
        context.finalFrames[ObjectIdentifier(presenter)] = controller.shouldRemovePresentersView ? .zero : presenterFrame
        context.finalFrames[ObjectIdentifier(vc)] = controller.frameOfPresentedViewInContainerView
        record.activeContext = context

        let transition = ModalTransition(
            context: context, record: record, presented: vc, presenter: presenter, leaving: [], animator: animator,
            interactor: interactor, completion: completion,
            presenterChangesAppearance: controller.shouldRemovePresentersView, window: window)
        for participant in transition.participants { participant.involvedTransition = context }

        // 5. Appearance callbacks begin, then the presentation controller's hook. A full-screen
        //    presented view not yet in a hierarchy is sized to the screen first, so its
        //    viewWillAppear sees the size it will have (docs/Semantics.md, "The presented view's
        //    size in viewWillAppear"), not the size its loadView gave it.
        if style == .fullScreen || style == .overFullScreen, let presentedView = vc.viewIfLoaded,
           presentedView.superview == nil, container.bounds.width > 0
        {
            presentedView.frame = controller.frameOfPresentedViewInContainerView
        }
        if transition.presenterChangesAppearance { presenter.beginAppearanceTransition(false, animated: animated) }
        vc.beginAppearanceTransition(true, animated: animated)
        TransitionProbe.emit(.presentationHook(controller, .presentationTransitionWillBegin))
        controller.presentationTransitionWillBegin()
        transition.run()
    }

    // MARK: Dismissal

    static func dismiss(_ target: UIViewController, animated: Bool, completion: (() -> Void)?) {
        guard let presenter = target.storedPresentingViewController else { return }
        var stack = [target]
        while let next = stack[stack.count - 1].storedPresentedViewController { stack.append(next) }
        let top = stack[stack.count - 1]
        guard let record = top.presentationRecord else { return }
        let controller = record.presentationController
        let container = record.container

        var animator: UIViewControllerAnimatedTransitioning?
        var interactor: UIViewControllerInteractiveTransitioning?
        if animated {
            animator = top.transitioningDelegate?.animationController(forDismissed: top)
            if let animator {
                interactor = top.transitioningDelegate?.interactionControllerForDismissal(using: animator)
            } else if let zoom = top.zoomTransition, record.style != .popover {
                // iOS 18's preferredTransition = .zoom; a zoom gesture passes its interaction.
                interactor = top.application.startingZoomInteraction
                animator = ZoomTransitionAnimator(
                    transition: zoom, zoomingIn: false, zoomed: top, source: record.source ?? presenter,
                    interactive: interactor != nil)
            } else {
                animator = DefaultModalAnimator(
                    style: record.style == .popover ? .crossDissolve : top.effectiveModalTransitionStyle,
                    sheet: controller is UISheetPresentationController)
            }
        }

        // Chained dismissal: the controllers between leave at once, without animation.
        let intermediates = Array(stack.dropLast())
        // Their containers' places, to put them back if the dismissal is cancelled.
        let intermediateHomes = intermediates.compactMap { vc in vc.presentationRecord.map { ($0.container, ViewHome(of: $0.container)) } }
        for vc in intermediates { vc.presentationRecord?.container.removeFromSuperview() }

        let window = container.window
        let presenterView: UIView = presenter.view
        let home = stack.lazy.compactMap { $0.presentationRecord?.presenterHome }.first
        // The style decides, not where the view is: when the presentation took the presenting
        // view away (a home was kept), it comes back through the container and to its home even
        // if the app put it back on screen meanwhile (a side-menu library re-inserts it under
        // the presented menu). Semantics.md, "Presentation styles".
        let presenterVisible = presenterView.window != nil && target.presentationRecord?.presenterHome == nil
        let context = ViewControllerTransitionContext(
            container: container, animated: animated, style: record.style, kind: .dismissal, from: top, to: presenter)
        context.fromView = controller.presentedView
        // The frames (docs/Semantics.md, "Frames in the context"): the presented controller's
        // view starts and ends where it is now (the animator moves it off or fades it, and
        // builds that from these); the presenter's ends where its view is (or comes back to),
        // and starts unknown (zero), as the "to" controller's always does.
        let presentedFrame = controller.presentedView?.frame ?? .zero
        context.initialFrames[ObjectIdentifier(top)] = presentedFrame
        context.finalFrames[ObjectIdentifier(top)] = presentedFrame
        let presenterFrame: CGRect
        if presenterVisible, let w = presenterView.window, w.rootViewController === presenter,
            presenterView.superview === w {
            // The window's root view comes back to the window's bounds, where it belongs, even
            // when the presentation's animator moved or inset it (card presentations push the
            // presenter back and restore it from this frame).
            presenterFrame = container.convert(w.bounds, from: w)
        } else if presenterVisible {
            presenterFrame = Self.frame(of: presenterView, in: container)
        } else if let home, let host = home.superview {
            presenterFrame = container.convert(home.frame, from: host)
        } else {
            presenterFrame = home?.frame ?? container.bounds
        }
        context.finalFrames[ObjectIdentifier(presenter)] = presenterFrame
        if !presenterVisible {
            // Semantics.md, "Presentation styles": with .fullScreen, UIKit puts the presenting view back into the
            // container, below the presented view, before the animator runs.
            presenterView.frame = presenterFrame
            container.insertSubview(presenterView, at: 0)
            context.toView = presenterView
        }
        record.activeContext = context

        let transition = ModalTransition(
            context: context, record: record, presented: top, presenter: presenter, leaving: intermediates,
            animator: animator, interactor: interactor, completion: completion,
            presenterChangesAppearance: !presenterVisible, window: window)
        transition.presenterHome = home
        transition.presenterWasVisible = presenterVisible
        transition.intermediateHomes = intermediateHomes
        for participant in transition.participants { participant.involvedTransition = context }
        for vc in stack { vc.isBeingDismissed = true }

        transition.appearedIntermediates = intermediates.filter { $0.appearanceState == .appeared }
        top.beginAppearanceTransition(false, animated: animated)
        for vc in intermediates.reversed() { vc.beginAppearanceTransition(false, animated: animated) }
        if transition.presenterChangesAppearance { presenter.beginAppearanceTransition(true, animated: animated) }
        TransitionProbe.emit(.presentationHook(controller, .dismissalTransitionWillBegin))
        controller.dismissalTransitionWillBegin()
        transition.run()
    }

    /// `view`'s frame in `container`'s coordinates, without its transform (a sheet scales the
    /// presenting view down behind it: its place is still where it comes back to); the
    /// container's bounds when it is in no hierarchy.
    static func frame(of view: UIView, in container: UIView) -> CGRect {
        guard let superview = view.superview else { return container.bounds }
        let size = view.bounds.size
        let place = CGRect(x: view.center.x - size.width / 2, y: view.center.y - size.height / 2, width: size.width, height: size.height)
        return superview === container ? place : container.convert(place, from: superview)
    }

    var presenterHome: ViewHome?
    var presenterWasVisible = true
    /// Chained dismissal: the containers of the controllers between, and where they were.
    var intermediateHomes: [(UIView, ViewHome)] = []
    /// Chained dismissal: the controllers between that were on screen (a cancel shows them again).
    var appearedIntermediates: [UIViewController] = []
}
