import Foundation
import FlipbookQuartz

extension ModalTransition {
    /// Hands the transition to the shared engine, with the modal parts: the change made at
    /// once when not animated, the container's layout, and the end (`finish`).
    func run() {
        let engine = TransitionEngine(context: context, animator: animator, interactor: interactor, subject: describe(presented))
        engine.applyWithoutAnimation = { [self] in
            if context.isPresentationTransition, let toView = context.toView {
                toView.frame = context.finalFrame(for: presented)
                context.containerView.addSubview(toView)
            }
        }
        engine.layoutContainer = { [self] in layoutContainer() }
        engine.onEnd = { [self] didComplete in finish(didComplete) }
        engine.run()
        // The status bar follows the new deciding controller over the transition (Semantics.md, "Status bar").
        StatusBarOverlay.appearanceMayHaveChanged(in: window ?? context.containerView.window, duration: context.transitionDuration)
    }

    /// The container's layout pass (the presentation controller's layout hooks).
    /// The container's layout pass after the animator has started. A presentation always
    /// lays it out (the presentation controller places its views); a dismissal only when the
    /// animator changed what needs it, as a layout pass would on iOS: forcing one would call
    /// `containerViewWillLayoutSubviews()`, whose usual `presentedView.frame = frameOfPresented…`
    /// would move the model value under the dismissal's additive animation.
    func layoutContainer() {
        guard !context.isComplete || context.isPresentationTransition else { return }
        if context.isPresentationTransition { context.containerView.setNeedsLayout() }
        context.containerView.layoutIfNeeded()
    }

    func finish(_ didComplete: Bool) {
        record.activeContext = nil
        for participant in participants where participant.involvedTransition === context {
            participant.involvedTransition = nil
        }
        if context.isPresentationTransition {
            didComplete ? finishPresentation() : cancelPresentation()
        } else {
            didComplete ? finishDismissal() : cancelDismissal()
        }
        StatusBarOverlay.appearanceMayHaveChanged(in: window ?? context.containerView.window, duration: didComplete ? 0 : 0.25)
    }

    // MARK: Presentation

    private func finishPresentation() {
        let controller = record.presentationController
        if controller.shouldRemovePresentersView, let view = presenter.viewIfLoaded {
            view.removeFromSuperview()
        }
        if let toView = context.toView, toView.window == nil {
            FlipbookDiagnostics.report(missingToViewMessage())
        }
        presented.isBeingPresented = false
        // A zoomed controller can be dismissed interactively, also when presented without animation.
        if presented.zoomTransition != nil { ZoomDismissal.install(on: presented) }
        if presenterChangesAppearance { presenter.endAppearanceTransition() }
        presented.endAppearanceTransition()
        TransitionProbe.emit(.presentationHook(controller, .presentationTransitionDidEnd(true)))
        controller.presentationTransitionDidEnd(true)
        context.endAnimation(of: animator, completed: true, completion: completion)
    }

    /// The report of a presentation completed with its view off screen. Under a style other
    /// than `.fullScreen` and `.custom` (the sheets of iOS 13's default `.automatic` above all)
    /// the usual cause is an animator written for full screen that gives up when
    /// `view(forKey: .from)` is nil, so the report names the style and the two that work.
    private func missingToViewMessage() -> String {
        let base =
            "\(context.animatorName) completed the presentation of \(describe(presented)) without adding "
            + "its view (view(forKey: .to)) to the container view, so it is not on screen."
        let style = record.style
        guard style != .fullScreen, style != .custom else {
            return base + " Add it with transitionContext.containerView.addSubview(toView) in animateTransition(using:)."
        }
        let asked = presented.modalPresentationStyle
        let named =
            asked == .automatic
            ? ".\(style.appleName) (modalPresentationStyle .automatic, the default since iOS 13)"
            : asked == style ? ".\(style.appleName)" : ".\(style.appleName) (modalPresentationStyle .\(asked.appleName))"
        return base + " The presentation style is \(named): the presenting view stays outside the container and "
            + "view(forKey: .from) is nil, which animators written for full-screen presentations take as a reason to "
            + "stop. Set modalPresentationStyle = .fullScreen (or .custom with a presentation controller) before "
            + "presenting, or add the view with transitionContext.containerView.addSubview(toView) in "
            + "animateTransition(using:)."
    }

    private func cancelPresentation() {
        let controller = record.presentationController
        presented.isBeingPresented = false
        context.toView?.removeFromSuperview()
        // The presenting view is back where it was (also when the animator took it out of the container).
        if let home = record.presenterHome, let view = presenter.viewIfLoaded,
           view.superview === record.container || view.superview == nil
        {
            view.frame = home.frame
            home.restore(view, fallback: window)
        }
        record.container.removeFromSuperview()
        presenter.storedPresentedViewController = nil
        presented.storedPresentingViewController = nil
        presented.presentationRecord = nil
        presented.beginAppearanceTransition(false, animated: context.isAnimated)
        if presenterChangesAppearance { presenter.beginAppearanceTransition(true, animated: context.isAnimated) }
        presented.endAppearanceTransition()
        if presenterChangesAppearance { presenter.endAppearanceTransition() }
        TransitionProbe.emit(.presentationHook(controller, .presentationTransitionDidEnd(false)))
        controller.presentationTransitionDidEnd(false)
        context.endAnimation(of: animator, completed: false)
    }

    // MARK: Dismissal

    private func finishDismissal() {
        let controller = record.presentationController
        let container = record.container
        let presenterView = presenter.viewIfLoaded
        if presenterWasVisible, let presenterView, presenterView.isDescendant(of: container) {
            FlipbookDiagnostics.report(
                "\(context.animatorName) added the presenting view controller's view (\(describe(presenter))) to "
                    + "the container view during the dismissal of a .\(record.style.appleName) presentation. With "
                    + ".custom and the over styles UIKit keeps that view outside the container (view(forKey: .to) "
                    + "is nil), so it has now left the window together with the container and the screen shows "
                    + "nothing: don't add the presenting view to the container in this dismissal.")
        }
        context.fromView?.removeFromSuperview()
        presented.viewIfLoaded?.removeFromSuperview()
        for vc in leaving { vc.viewIfLoaded?.removeFromSuperview() }
        container.removeFromSuperview()
        if !presenterWasVisible, let presenterView {
            // Back in its own superview's coordinates, where the container's differ (a context).
            if let home = presenterHome, home.superview != nil, home.frame != context.finalFrame(for: presenter),
               presenterView.frame == context.finalFrame(for: presenter)
            {
                presenterView.frame = home.frame
            }
            presenterHome.restore(presenterView, fallback: window)
        }
        presenter.storedPresentedViewController = nil
        for vc in leaving + [presented] {
            vc.storedPresentingViewController = nil
            vc.storedPresentedViewController = nil
            vc.presentationRecord = nil
            vc.isBeingDismissed = false
        }
        presented.endAppearanceTransition()
        for vc in leaving.reversed() { vc.endAppearanceTransition() }
        if presenterChangesAppearance { presenter.endAppearanceTransition() }
        TransitionProbe.emit(.presentationHook(controller, .dismissalTransitionDidEnd(true)))
        controller.dismissalTransitionDidEnd(true)
        context.endAnimation(of: animator, completed: true, completion: completion)
    }

    private func cancelDismissal() {
        let controller = record.presentationController
        for vc in leaving + [presented] { vc.isBeingDismissed = false }
        if !presenterWasVisible, let view = presenter.viewIfLoaded, view.isDescendant(of: record.container) {
            view.removeFromSuperview()
        }
        // A cancelled chained dismissal puts the controllers between back on screen.
        for (container, home) in intermediateHomes where container.superview == nil {
            home.restore(container, fallback: window)
            container.frame = home.frame
        }
        if let fromView = context.fromView, fromView.superview == nil {
            FlipbookDiagnostics.report(
                "\(context.animatorName) removed the dismissed view (view(forKey: .from)) of \(describe(presented)) "
                    + "from the container, and the dismissal was cancelled; Flipbook puts the from view back. Remove it "
                    + "only when the transition completes (not transitionWasCancelled).")
            record.container.addSubview(fromView)
        }
        presented.beginAppearanceTransition(true, animated: context.isAnimated)
        for vc in appearedIntermediates { vc.beginAppearanceTransition(true, animated: context.isAnimated) }
        if presenterChangesAppearance { presenter.beginAppearanceTransition(false, animated: context.isAnimated) }
        presented.endAppearanceTransition()
        for vc in appearedIntermediates { vc.endAppearanceTransition() }
        if presenterChangesAppearance { presenter.endAppearanceTransition() }
        TransitionProbe.emit(.presentationHook(controller, .dismissalTransitionDidEnd(false)))
        controller.dismissalTransitionDidEnd(false)
        context.endAnimation(of: animator, completed: false)
    }
}

extension Optional where Wrapped == ViewHome {
    @preconcurrency @MainActor
    func restore(_ view: UIView, fallback: UIView?) {
        if let home = self { home.restore(view, fallback: fallback) } else { fallback?.insertSubview(view, at: 0) }
    }
}
