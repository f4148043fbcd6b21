import Foundation

// What every view-controller transition does at its end, and what a container's transition (a
// navigation push or pop, a tab switch) shares besides: how it runs on an engine, what it says
// when the animator leaves the to view out, and how a cancelled one turns the appearance back.

extension ViewControllerTransitionContext {
    /// The end every transition shares, after its own bookkeeping: the coordinator's completion
    /// blocks, `completion` (a presentation's or dismissal's), then the animator's
    /// `animationEnded(_:)` (the probe hears of it first).
    @preconcurrency @MainActor
    func endAnimation(
        of animator: UIViewControllerAnimatedTransitioning?, completed: Bool, completion: (() -> Void)? = nil
    ) {
        runCompletions()
        completion?()
        TransitionProbe.animationEnded(animator, self, completed)
        animator?.animationEnded(completed)
    }

    /// Runs a container's transition on an engine. Without animation the from view leaves and
    /// `install` puts the to view in the container; `finish` gets whether it completed.
    @preconcurrency @MainActor
    func runInContainer(
        animator: UIViewControllerAnimatedTransitioning?, interactor: UIViewControllerInteractiveTransitioning?,
        install: @escaping @MainActor (UIView) -> Void, finish: @escaping @MainActor (Bool) -> Void
    ) {
        let from = fromViewController, to = toViewController
        let engine = TransitionEngine(context: self, animator: animator, interactor: interactor, subject: describe(to))
        engine.applyWithoutAnimation = {
            from.viewIfLoaded?.removeFromSuperview()
            install(to.view)
        }
        engine.onEnd = finish
        engine.run()
    }

    /// Reports an animator that completed without adding the to view to `transitionView`
    /// ("the push of …", "the tab switch to …": `preposition` joins them).
    @preconcurrency @MainActor
    func reportToViewLeftOut(of transitionView: UIView, preposition: String) {
        guard let toView, toView.superview !== transitionView else { return }
        FlipbookDiagnostics.report(
            "\(animatorName) completed the \(kind.noun) \(preposition) \(describe(toViewController)) without adding its "
                + "view (view(forKey: .to)) to the container view; Flipbook puts it there. Add it with "
                + "transitionContext.containerView.addSubview(toView) in animateTransition(using:).")
    }

    /// A cancelled container transition's appearance calls: the to view controller disappears
    /// again and the from one reappears.
    @preconcurrency @MainActor
    func reverseAppearance() {
        toViewController.beginAppearanceTransition(false, animated: isAnimated)
        fromViewController.beginAppearanceTransition(true, animated: isAnimated)
        toViewController.endAppearanceTransition()
        fromViewController.endAppearanceTransition()
    }
}
