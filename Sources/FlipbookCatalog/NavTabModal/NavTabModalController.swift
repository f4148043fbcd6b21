import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 003's app: a tab bar controller with a navigation controller in each tab. It is the
/// delegate of the tab switches, of every navigation controller's pushes and pops, and the
/// transitioning delegate of the modal screen, and each time returns the one
/// `AnimationController` configured for the kind of transition.
final class NavTabModalController: UITabBarController {
    /// The tabs' navigation controllers, left to right.
    private(set) var navigationControllers: [UINavigationController] = []

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        let first = TabRootViewController(
            title: "Cards", colour: UIColor(red: 0.85, green: 0.93, blue: 1.0, alpha: 1), icon: .circle)
        let second = TabRootViewController(
            title: "Photos", colour: UIColor(red: 1.0, green: 0.92, blue: 0.82, alpha: 1), icon: .square)
        var navs: [UINavigationController] = []
        for root in [first, second] {
            let nav = UINavigationController(rootViewController: root)
            nav.delegate = self
            nav.tabBarItem = root.tabBarItem
            navs.append(nav)
        }
        navigationControllers = navs
        delegate = self
        viewControllers = navs
        second.tabBarItem.badgeValue = "3"
    }

    required init?(coder: NSCoder) { nil }

    /// Presents the modal screen from `presenter` with the seed's grow-from-centre animation.
    func presentModal(from presenter: UIViewController) {
        let modal = ModalCardViewController()
        modal.modalPresentationStyle = .custom
        modal.transitioningDelegate = self
        presenter.present(modal, animated: true, completion: nil)
    }
}

// MARK: The three delegates, each returning the one animation controller

extension NavTabModalController: UITabBarControllerDelegate {
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        guard let fromIndex = tabBarController.viewControllers?.firstIndex(of: fromVC),
              let toIndex = tabBarController.viewControllers?.firstIndex(of: toVC)
        else { return nil }
        let operation: CustomTransitionOperation = toIndex < fromIndex ? .tabLeft : .tabRight
        return AnimationController(transitionType: .tab, transitionOperation: operation)
    }
}

extension NavTabModalController: UINavigationControllerDelegate {
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        // The left-edge swipe keeps the system's interactive pop, which follows the finger.
        if navigationController.interactivePopGestureRecognizer?.state == .began { return nil }
        switch operation {
        case .push:
            return AnimationController(transitionType: .navigation, transitionOperation: .navigationPush)
        case .pop:
            return AnimationController(transitionType: .navigation, transitionOperation: .navigationPop)
        default:
            return nil
        }
    }
}

extension NavTabModalController: UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        AnimationController(transitionType: .modal, transitionOperation: .modalPresentation)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AnimationController(transitionType: .modal, transitionOperation: .modalDismissal)
    }
}
