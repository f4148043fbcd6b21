import Foundation
import FlipbookQuartz

extension UITabBarController {
    /// Switches to tab `index` (in range): the selection changes at once; on screen the
    /// delegate is asked for an animator (and an interaction controller for it), the appearance
    /// "will" callbacks go out and the switch runs through the shared transition engine as a
    /// `.tabSwitch`; without an animator it completes at once. A cancelled switch puts the
    /// selection back.
    func select(_ index: Int, byTap: Bool) {
        guard index != selection else { return }
        if let running = runningSwitch {
            FlipbookDiagnostics.report(
                "Cannot select tab \(index) of \(describe(self)) while a \(running.context.kind.noun) is in progress; "
                    + "ignored. Wait for the transition to end (its coordinator's completion).")
            return
        }
        guard let tabs else { return }
        let oldIndex = selection
        let oldVC = selectedViewController
        let newVC = tabs[index]
        selection = index
        tabBar.selectedItem = newVC.tabBarItem
        let onScreen = appearanceState == .appeared && viewIfLoaded?.window != nil
        guard onScreen, let oldVC else {
            switchAtOnce(from: oldVC, to: newVC)
            updateTabBarForStack()
            return
        }

        let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: oldVC, to: newVC)
        let interactor = animator.flatMap { delegate?.tabBarController(self, interactionControllerFor: $0) }
        let animated = animator != nil
        updateTabBarForStack()
        let toView: UIView = newVC.view
        let placed = extendedLayout.place(newVC, in: transitionView.bounds)
        toView.containerBarInsetsForController = placed.covered
        if toView.superview == nil { toView.frame = placed.frame }
        let initialFrame = oldVC.view.frame
        oldVC.beginAppearanceTransition(false, animated: animated)
        newVC.beginAppearanceTransition(true, animated: animated)

        let context = ViewControllerTransitionContext(
            container: transitionView, animated: animated, style: .none, kind: .tabSwitch, from: oldVC, to: newVC)
        context.fromView = oldVC.view
        context.toView = toView
        context.initialFrames[ObjectIdentifier(oldVC)] = initialFrame
        context.finalFrames[ObjectIdentifier(newVC)] = placed.frame
        let transition = TabSwitchTransition(
            tabBarController: self, context: context, oldIndex: oldIndex, animator: animator, interactor: interactor)
        runningSwitch = transition
        for vc in transition.participants { vc.involvedTransition = context }
        transition.run()
    }

    /// Shows `newVC` instead of `oldVC` without a transition (off screen, or when the tabs
    /// change): the views change at once and the appearance callbacks follow the tab bar
    /// controller's own state.
    func switchAtOnce(from oldVC: UIViewController?, to newVC: UIViewController?) {
        if isViewLoaded {
            oldVC?.viewIfLoaded?.removeFromSuperview()
            if let newVC { install(newVC.view) }
        }
        switch appearanceState {
        case .appearing:
            oldVC?.beginAppearanceTransition(false, animated: false)
            oldVC?.endAppearanceTransition()
            newVC?.beginAppearanceTransition(true, animated: false)
        case .appeared:
            oldVC?.beginAppearanceTransition(false, animated: false)
            newVC?.beginAppearanceTransition(true, animated: false)
            oldVC?.endAppearanceTransition()
            newVC?.endAppearanceTransition()
        case .disappearing:
            oldVC?.endAppearanceTransition()
        default:
            break
        }
    }
}

/// One tab switch of a tab bar controller on screen: the tab part of a transition (views in
/// the content area, appearance ends, putting the selection back on cancel); the running
/// itself is the shared `TransitionEngine`.
@preconcurrency @MainActor
final class TabSwitchTransition: ContainerTransition<UITabBarController> {
    let oldIndex: Int

    init(
        tabBarController: UITabBarController, context: ViewControllerTransitionContext, oldIndex: Int,
        animator: UIViewControllerAnimatedTransitioning?, interactor: UIViewControllerInteractiveTransitioning?
    ) {
        self.oldIndex = oldIndex
        super.init(
            container: tabBarController, preposition: "to", context: context, animator: animator, interactor: interactor)
    }

    override func clearRunning() {
        if container.runningSwitch === self { container.runningSwitch = nil }
    }

    override func completed() {
        fromVC.endAppearanceTransition()
        toVC.endAppearanceTransition()
        context.endAnimation(of: animator, completed: true)
        container.layoutContent()
    }

    /// The old selection and view come back.
    override func cancelled() {
        let tabs = container
        tabs.selection = oldIndex
        tabs.tabBar.selectedItem = fromVC.tabBarItem
        tabs.updateTabBarForStack()
        toVC.viewIfLoaded?.removeFromSuperview()
        tabs.install(fromVC.view)
        context.reverseAppearance()
        context.endAnimation(of: animator, completed: false)
        tabs.layoutContent()
    }
}
