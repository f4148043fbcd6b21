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

/// A container whose content area a `ContainerTransition` changes.
@preconcurrency @MainActor
protocol TransitionContainer: UIViewController {
    /// The view the content area's controller views go in (the transition's container view).
    var transitionView: UIView { get }
    /// Puts `view` in the content area, sized to it.
    func install(_ view: UIView)
}

extension UINavigationController: TransitionContainer {}
extension UITabBarController: TransitionContainer {}

/// A container's transition on screen (a navigation push or pop, a tab switch): the context,
/// the animator and interaction controller that run it, and the container whose content area
/// it changes. It ends the same way for both: the container forgets it (`clearRunning()`), the
/// participants are released, and a completed one reports a to view the animator left out and
/// swaps the views before the subclass's `completed()`; a cancelled one is the subclass's
/// `cancelled()`.
@preconcurrency @MainActor
class ContainerTransition<Container: TransitionContainer> {
    unowned let container: Container
    /// Joins the transition's kind and the to controller in a report: "the push of …",
    /// "the tab switch to …".
    let preposition: String
    let context: ViewControllerTransitionContext
    let animator: UIViewControllerAnimatedTransitioning?
    let interactor: UIViewControllerInteractiveTransitioning?

    init(
        container: Container, preposition: String, context: ViewControllerTransitionContext,
        animator: UIViewControllerAnimatedTransitioning?, interactor: UIViewControllerInteractiveTransitioning?
    ) {
        self.container = container
        self.preposition = preposition
        self.context = context
        self.animator = animator
        self.interactor = interactor
    }

    var fromVC: UIViewController { context.fromViewController }
    var toVC: UIViewController { context.toViewController }
    /// The container and both sides: each is marked as involved in the transition while it runs.
    var participants: [UIViewController] { [container, fromVC, toVC] }

    /// Runs on an engine; without animation the views swap at once.
    func run() {
        let container = container
        context.runInContainer(animator: animator, interactor: interactor, install: { container.install($0) }) {
            [self] didComplete in
            end(didComplete)
        }
    }

    private func end(_ didComplete: Bool) {
        clearRunning()
        for vc in participants where vc.involvedTransition === context { vc.involvedTransition = nil }
        guard didComplete else { return cancelled() }
        context.reportToViewLeftOut(of: container.transitionView, preposition: preposition)
        fromVC.viewIfLoaded?.removeFromSuperview()
        container.install(toVC.view)
        completed()
    }

    /// The container no longer runs this transition.
    func clearRunning() {}
    /// The rest of a completed transition, after the views swapped.
    func completed() {}
    /// An undone transition.
    func cancelled() {}
}
