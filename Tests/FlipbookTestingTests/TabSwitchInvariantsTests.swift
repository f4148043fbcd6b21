import Foundation
import Testing
import Flipbook
import FlipbookTesting

/// A tab switch's animator: the new view fades in over the old one.
final class FadingTabAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let view = context.view(forKey: .to)!
        view.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
        view.alpha = 0
        context.containerView.addSubview(view)
        UIView.animate(withDuration: 0.25, animations: { view.alpha = 1 }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

final class FadingTabDelegate: NSObject, UITabBarControllerDelegate {
    let animator = FadingTabAnimator()
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }
}

/// Tab switches keep the rules every transition keeps: animated through the delegate's animator,
/// and immediate without one, `animationEnded(_:)` once each, appearance balanced, nothing left
/// behind.
@Suite(.freshRuntime)
@MainActor
struct TabSwitchInvariantsTests {
    @Test func tabSwitchesKeepTheInvariants() {
        let tabs = UITabBarController()
        let first = UINavigationController(rootViewController: UIViewController())
        let second = UIViewController()
        first.tabBarItem = UITabBarItem(title: "One", image: nil, tag: 0)
        second.tabBarItem = UITabBarItem(title: "Two", image: nil, tag: 1)
        tabs.viewControllers = [first, second]
        let delegate = FadingTabDelegate()
        tabs.delegate = delegate
        let driver = AppDriver(rootViewController: tabs)
        let invariants = TransitionInvariants(app: driver)

        tabs.selectedIndex = 1
        driver.runScript()
        tabs.selectedIndex = 0
        driver.runScript()
        tabs.delegate = nil
        tabs.selectedIndex = 1
        driver.runScript()

        #expect(tabs.selectedViewController === second)
        #expect(invariants.violations.isEmpty, "\(invariants.violations.map(\.message))")
    }
}
