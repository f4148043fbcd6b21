import Foundation
import Testing
import TestSupport
import Flipbook

// Seed 003's AnimationController (Objective-C in the seed) written in Swift as an iOS developer
// would port it, and the three delegate extensions that return it. Nothing in it uses
// target-action, so it needs no change at all beyond `import Flipbook` (docs/Porting.md).
// The seed does not give the duration; 0.5 s here.

enum JLCustomTransitionType {
    case navigationTransition
    case tabTransition
    case modalTransition
}

enum CustomTransitionOperation {
    // TabTransition
    case tabOperationLeft
    case tabOperationRight

    // ModalTransition
    case modalOperationNone
    case modalOperationPresentation
    case modalOperationDismissal

    // NavigationTransition
    case navigationTransitionNone
    case navigationTransitionPop
    case navigationTransitionPush
}

class SeedAnimationController: NSObject, UIViewControllerAnimatedTransitioning {
    private var _transitionType: JLCustomTransitionType
    private var _transitionOperation: CustomTransitionOperation

    init(transitionType: JLCustomTransitionType, transitionOperation: CustomTransitionOperation) {
        _transitionType = transitionType
        _transitionOperation = transitionOperation
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        let fromController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
        let toController = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
        let fromView = fromController.view!
        let toView = toController.view!

        var transition = containerView.frame.size.width
        var toViewTransform = CGAffineTransform.identity
        var fromViewTransform = CGAffineTransform.identity

        let duration = self.transitionDuration(using: transitionContext)

        switch _transitionType {
        case .tabTransition:
            transition = (_transitionOperation == .tabOperationLeft) ? transition : -transition
            fromViewTransform = CGAffineTransform(translationX: transition, y: 0)
            toViewTransform = CGAffineTransform(translationX: -transition, y: 0)

            containerView.addSubview(toView)
            toView.transform = toViewTransform
            // 1. The first way
            UIView.animate(withDuration: duration, animations: {
                fromView.transform = fromViewTransform
                toView.transform = CGAffineTransform.identity
            }) { finished in
                fromView.transform = CGAffineTransform.identity
                toView.transform = CGAffineTransform.identity

                let isCancelled = transitionContext.transitionWasCancelled
                transitionContext.completeTransition(!isCancelled)
            }
        case .modalTransition:
            if toController.isBeingPresented {
                containerView.addSubview(toView)
                let toViewWidth = containerView.frame.size.width * 2 / 3, toViewHeight = containerView.frame.size.height * 2 / 3
                toView.center = containerView.center
                toView.bounds = CGRect(x: 0, y: 0, width: 0, height: 0)

                UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions.curveEaseInOut, animations: {
                    toView.bounds = CGRect(x: 0, y: 0, width: toViewWidth, height: toViewHeight)
                }) { finished in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                }
            }

            // In a dismissal, do not add toView to containerView
            if fromController.isBeingDismissed {
                // let fromViewHeight = fromView.frame.size.height
                UIView.animate(withDuration: duration, animations: {
                    fromView.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    fromView.transform = CGAffineTransform(rotationAngle: 3 * CGFloat.pi)
                    fromView.layoutIfNeeded()
                }) { finished in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                }
            }
        case .navigationTransition:
            transition = (_transitionOperation == .navigationTransitionPush) ? transition : -transition
            fromViewTransform = CGAffineTransform(translationX: transition, y: 0)
            toViewTransform = CGAffineTransform(translationX: -transition, y: 0)
            containerView.addSubview(toView)
            toView.transform = toViewTransform
            UIView.animate(withDuration: duration, animations: {
                fromView.transform = fromViewTransform
                toView.transform = CGAffineTransform.identity
            }) { finished in
                fromView.transform = CGAffineTransform.identity
                toView.transform = CGAffineTransform.identity
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }
}

/// The seed's host: the tab bar controller's, the navigation controllers' and the modal's
/// delegate, as the seed's view controller is.
class SeedTransitionHost: NSObject {}

extension SeedTransitionHost: UITabBarControllerDelegate {
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let fromIndex = tabBarController.viewControllers!.firstIndex(of: fromVC)!
        let toIndex = tabBarController.viewControllers!.firstIndex(of: toVC)!
        let tabChangeDirection: CustomTransitionOperation = toIndex < fromIndex ? .tabOperationLeft : .tabOperationRight
        return SeedAnimationController(transitionType: .tabTransition, transitionOperation: tabChangeDirection)
    }
}

extension SeedTransitionHost: UINavigationControllerDelegate {
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let navigationOperation: CustomTransitionOperation = operation == .push ? .navigationTransitionPush : .navigationTransitionPop
        return SeedAnimationController(transitionType: .navigationTransition, transitionOperation: navigationOperation)
    }
}

extension SeedTransitionHost: UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return SeedAnimationController(transitionType: .modalTransition, transitionOperation: .modalOperationPresentation)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return SeedAnimationController(transitionType: .modalTransition, transitionOperation: .modalOperationDismissal)
    }
}

@MainActor
@Suite(.freshRuntime) struct NavTabModalSeedCompileTests {
    final class Keeper { var things: [AnyObject] = [] }
    let keeper = Keeper()

    /// Two tabs, each a navigation controller, all with the seed's host as delegate.
    func makeApp() -> (AppDriver, UITabBarController, [UINavigationController], SeedTransitionHost) {
        let host = SeedTransitionHost()
        keeper.things.append(host)
        let navs = [UIViewController(), UIViewController()].map { root -> UINavigationController in
            let nav = UINavigationController(rootViewController: root)
            nav.delegate = host
            return nav
        }
        let tabs = UITabBarController()
        tabs.viewControllers = navs
        tabs.delegate = host
        return (AppDriver(rootViewController: tabs), tabs, navs, host)
    }

    func tx(_ view: UIView) -> CGFloat {
        view.layer.presentation().map { CGAffineTransform(a: $0.transform.m11, b: $0.transform.m12, c: $0.transform.m21, d: $0.transform.m22, tx: $0.transform.m41, ty: $0.transform.m42).tx } ?? .nan
    }

    @Test func tabSwitchesSlideByIndexOrder() {
        let (app, tabs, navs, _) = makeApp()
        let width = tabs.view.bounds.width
        let bar = tabs.tabBar
        app.tap(at: bar.convert(CGPoint(x: bar.bounds.width * 0.75, y: 24), to: app.window))
        #expect(tabs.selectedIndex == 1)
        // Ease-in-out is half way at half time: the new tab comes in from the right.
        app.advance(by: 0.25)
        #expect(abs(tx(navs[1].view) - width / 2) < 2)
        #expect(abs(tx(navs[0].view) + width / 2) < 2)
        app.advance(by: 0.3)
        #expect(navs[0].view.superview == nil && navs[1].view.transform == .identity)
        // Back to the first tab: it comes in from the left.
        tabs.selectedIndex = 0
        app.advance(by: 0.25)
        #expect(abs(tx(navs[0].view) + width / 2) < 2)
        app.advance(by: 0.3)
        #expect(tabs.selectedViewController === navs[0] && navs[1].view.superview == nil)
    }

    @Test func pushAndPopSlideByDirection() {
        let (app, _, navs, _) = makeApp()
        let nav = navs[0]
        let root = nav.viewControllers[0]
        let pushed = UIViewController()
        let width = nav.view.bounds.width
        nav.pushViewController(pushed, animated: true)
        app.advance(by: 0.25)
        // The seed's push brings the new view in from the left and moves the old one right.
        #expect(abs(tx(pushed.view) + width / 2) < 2)
        #expect(abs(tx(root.view) - width / 2) < 2)
        app.advance(by: 0.3)
        #expect(root.view.superview == nil && pushed.view.transform == .identity)
        nav.popViewController(animated: true)
        app.advance(by: 0.25)
        #expect(abs(tx(root.view) - width / 2) < 2)
        app.advance(by: 0.3)
        #expect(nav.viewControllers.count == 1 && pushed.view.superview == nil)
    }

    @Test func theModalGrowsToTwoThirdsAndShrinksSpinning() {
        let (app, tabs, navs, host) = makeApp()
        let root = navs[0].viewControllers[0]
        let modal = UIViewController()
        modal.modalPresentationStyle = .custom
        modal.transitioningDelegate = host
        root.present(modal, animated: true)
        #expect(modal.presentingViewController === tabs)
        app.advance(by: 0.6)
        let window = app.window.bounds
        #expect(modal.view.bounds.size == CGSize(width: window.width * 2 / 3, height: window.height * 2 / 3))
        #expect(modal.view.center == CGPoint(x: window.midX, y: window.midY))
        #expect(tabs.view.window != nil)  // custom: the tabs stay underneath
        modal.dismiss(animated: true)
        app.advance(by: 0.25)
        let size = modal.view.layer.presentation()?.bounds.size ?? .zero
        #expect(size.width < window.width * 2 / 3 && size.width > 10)
        app.advance(by: 0.3)
        #expect(modal.view.window == nil && tabs.presentedViewController == nil)
    }
}
