import Foundation
import FlipbookQuartz

extension UINavigationController {
    /// Moves the stack from its current contents to `newStack` (never empty): new
    /// controllers become children at once (`willMove(toParent:)`), leaving ones are told
    /// (`willMove(toParent: nil)`), the stack changes at once (as `viewControllers` does in
    /// UIKit), and when the top changes on screen a transition runs through the engine. The
    /// leaving controllers leave (`removeFromParent()`) and the new ones settle
    /// (`didMove(toParent:)`) when it completes; a cancelled transition puts everything back.
    func change(to newStack: [UIViewController], operation: Operation, animated: Bool) {
        let oldStack = stack
        let oldTop = oldStack.last
        guard let newTop = newStack.last else { return }
        let added = newStack.filter { vc in !oldStack.contains { $0 === vc } }
        let removed = oldStack.filter { vc in !newStack.contains { $0 === vc } }
        for vc in added { addChild(vc) }
        for vc in removed { vc.willMove(toParent: nil) }
        stack = newStack

        guard oldTop !== newTop else {
            updatePopGesture()
            updateBar()
            finishMembership(added: added, removed: removed)
            tabBarHost?.navigationStackDidChange(self, context: nil)
            return
        }
        let onScreen = appearanceState == .appeared && viewIfLoaded?.window != nil
        guard onScreen, let oldTop else {
            // Off screen (or the first controller): the views change at once, without a
            // transition; a navigation controller that is appearing passes the change on.
            if isViewLoaded {
                oldTop?.viewIfLoaded?.removeFromSuperview()
                install(newTop.view)
            }
            switch appearanceState {
            case .appearing:
                oldTop?.beginAppearanceTransition(false, animated: false)
                oldTop?.endAppearanceTransition()
                newTop.beginAppearanceTransition(true, animated: animated)
            case .appeared:
                oldTop?.beginAppearanceTransition(false, animated: false)
                newTop.beginAppearanceTransition(true, animated: false)
                oldTop?.endAppearanceTransition()
                newTop.endAppearanceTransition()
            case .disappearing:
                // The old top was leaving with the navigation controller: it has left.
                oldTop?.endAppearanceTransition()
            default:
                break
            }
            updatePopGesture()
            updateBar()
            finishMembership(added: added, removed: removed)
            tabBarHost?.navigationStackDidChange(self, context: nil)
            return
        }

        // On screen: UIKit's order (docs/Semantics.md, "Navigation controller").
        // The new top's place (under the bars it extends under, its safe area carrying them),
        // known before the animator asks (`finalFrame(for:)`).
        let toView: UIView = newTop.view
        let placed = extendedLayout.place(newTop, in: transitionView.bounds)
        let finalFrame = placed.frame
        toView.containerBarInsetsForController = placed.covered
        if toView.superview == nil { toView.frame = finalFrame }
        let initialFrame = oldTop.view.frame
        oldTop.beginAppearanceTransition(false, animated: animated)
        newTop.beginAppearanceTransition(true, animated: animated)
        delegate?.navigationController(self, willShow: newTop, animated: animated)

        var animator: UIViewControllerAnimatedTransitioning?
        var interactor: UIViewControllerInteractiveTransitioning?
        if animated {
            if let custom = delegate?.navigationController(
                self, animationControllerFor: operation, from: oldTop, to: newTop)
            {
                animator = custom
                interactor = delegate?.navigationController(self, interactionControllerFor: custom)
            } else if operation == .push, let zoom = newTop.zoomTransition {
                // iOS 18's preferredTransition = .zoom (Transitions/Zoom/).
                animator = ZoomTransitionAnimator(transition: zoom, zoomingIn: true, zoomed: newTop, source: oldTop)
            } else if operation == .pop, let zoom = oldTop.zoomTransition {
                interactor = application.startingZoomInteraction
                animator = ZoomTransitionAnimator(
                    transition: zoom, zoomingIn: false, zoomed: oldTop, source: newTop, interactive: interactor != nil)
            } else {
                animator = DefaultNavigationAnimator(operation: operation)
            }
            if interactor == nil, operation == .pop, popGestureIsStarting { interactor = popInteraction }
        }

        let context = ViewControllerTransitionContext(
            container: transitionView, animated: animated, style: .none, kind: operation == .pop ? .pop : .push,
            from: oldTop, to: newTop)
        context.fromView = oldTop.view
        context.toView = toView
        context.initialFrames[ObjectIdentifier(oldTop)] = initialFrame
        context.finalFrames[ObjectIdentifier(newTop)] = finalFrame
        let transition = NavigationTransition(
            navigationController: self, context: context, oldStack: oldStack, added: added, removed: removed,
            animator: animator, interactor: interactor)
        runningTransition = transition
        for vc in transition.participants { vc.involvedTransition = context }
        tabBarHost?.navigationStackDidChange(self, context: context)
        // A tab bar that hides for this push (`hidesBottomBarWhenPushed`) or shows again for this
        // pop no longer (or not yet) covers the navigation controller's view.
        let settled = extendedLayout.place(newTop, in: transitionView.bounds)
        toView.containerBarInsetsForController = settled.covered
        if settled.frame != finalFrame {
            context.finalFrames[ObjectIdentifier(newTop)] = settled.frame
            if toView.superview == nil { toView.frame = settled.frame }
        }
        navigationBar.setItemsForTransition(stack.map { $0.navigationItem }, context: context, operation: operation)
        updateToolbar()
        transition.run()
    }

    /// The tab bar controller whose tab this navigation controller is.
    var tabBarHost: UITabBarController? { parent as? UITabBarController }

    /// The leaving controllers leave their parent and the new ones settle.
    func finishMembership(added: [UIViewController], removed: [UIViewController]) {
        for vc in removed {
            vc.viewIfLoaded?.removeFromSuperview()
            vc.viewIfLoaded?.containerBarInsetsForController = .zero
            vc.removeFromParent()
        }
        for vc in added { vc.didMove(toParent: self) }
    }
}

/// One push or pop of a navigation controller on screen: the navigation part of a
/// transition (views in the content area, appearance ends, children, the delegate's
/// `didShow`); the running itself is the shared `TransitionEngine`.
@preconcurrency @MainActor
final class NavigationTransition: ContainerTransition<UINavigationController> {
    let oldStack: [UIViewController]
    let added: [UIViewController]
    let removed: [UIViewController]

    init(
        navigationController: UINavigationController, context: ViewControllerTransitionContext,
        oldStack: [UIViewController], added: [UIViewController], removed: [UIViewController],
        animator: UIViewControllerAnimatedTransitioning?, interactor: UIViewControllerInteractiveTransitioning?
    ) {
        self.oldStack = oldStack
        self.added = added
        self.removed = removed
        super.init(
            container: navigationController, preposition: "of", context: context, animator: animator, interactor: interactor)
    }

    override func clearRunning() {
        if container.runningTransition === self { container.runningTransition = nil }
    }

    /// The new top is installed: the pop gesture, a zoomed controller's dismissal, appearance
    /// ends, the children's membership, the delegate's `didShow`.
    override func completed() {
        let nav = container
        nav.updatePopGesture()
        if context.kind == .push, toVC.zoomTransition != nil { ZoomDismissal.install(on: toVC) }
        fromVC.endAppearanceTransition()
        toVC.endAppearanceTransition()
        nav.finishMembership(added: added, removed: removed)
        nav.delegate?.navigationController(nav, didShow: toVC, animated: context.isAnimated)
        context.endAnimation(of: animator, completed: true)
    }

    /// The old stack and top come back, and the children added or removed are put back.
    override func cancelled() {
        let nav = container
        nav.stack = oldStack
        toVC.viewIfLoaded?.removeFromSuperview()
        nav.install(fromVC.view)
        nav.updatePopGesture()
        nav.updateBar()
        context.reverseAppearance()
        for vc in removed { vc.didMove(toParent: nav) }
        for vc in added {
            vc.willMove(toParent: nil)
            vc.removeFromParent()
        }
        context.endAnimation(of: animator, completed: false)
    }
}
