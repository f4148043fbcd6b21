import Foundation

/// Hears about a navigation controller's changes and supplies custom push and pop
/// transitions, UIKit's `UINavigationControllerDelegate`. Every member is optional, as in
/// Apple's protocol (the defaults do nothing and return nil).
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// Before the new top controller's view is shown (after its `viewWillAppear`).
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// After the new top controller's view was shown (after its `viewDidAppear`).
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// A custom animator for an animated push or pop; nil uses the built-in slide.
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    /// An interaction controller for the custom animator returned above; nil: not interactive.
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
    /// The interface orientations the navigation controller supports (Flipbook's screens do not
    /// ask: the app rotates with `AppDriver.rotate(to:)`).
    func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
        -> UIInterfaceOrientationMask
    /// The orientation to present the navigation controller in full screen.
    func navigationControllerPreferredInterfaceOrientationForPresentation(
        _ navigationController: UINavigationController
    ) -> UIInterfaceOrientation
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UINavigationControllerDelegate {
    public func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
        -> UIInterfaceOrientationMask
    {
        forwarded(as: UINavigationControllerDelegate.self) {
            $0.navigationControllerSupportedInterfaceOrientations(navigationController)
        } ?? .all
    }
    public func navigationControllerPreferredInterfaceOrientationForPresentation(
        _ navigationController: UINavigationController
    ) -> UIInterfaceOrientation {
        forwarded(as: UINavigationControllerDelegate.self) {
            $0.navigationControllerPreferredInterfaceOrientationForPresentation(navigationController)
        } ?? .portrait
    }
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        forwarded(as: UINavigationControllerDelegate.self) {
            $0.navigationController(navigationController, willShow: viewController, animated: animated)
        }
    }
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        forwarded(as: UINavigationControllerDelegate.self) {
            $0.navigationController(navigationController, didShow: viewController, animated: animated)
        }
    }
    public func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        forwarded(as: UINavigationControllerDelegate.self) {
            $0.navigationController(navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
        }
    }
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        forwarded(as: UINavigationControllerDelegate.self) {
            $0.navigationController(navigationController, interactionControllerFor: animationController)
        }
    }
}
