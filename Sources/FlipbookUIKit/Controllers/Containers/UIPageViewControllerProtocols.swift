import Foundation

/// Supplies the pages of a `UIPageViewController` on demand, UIKit's
/// `UIPageViewControllerDataSource`.
///
/// The two `viewController…` methods are required, as in UIKit; the page-indicator
/// pair is optional (default: no indicator, reported as count 0 / index 0).
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: NSObjectProtocol {
    /// The page before `viewController`, or nil when it is the first page.
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController?
    /// The page after `viewController`, or nil when it is the last page.
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController?
    /// The number of dots of the page indicator (scroll style only).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The selected dot of the page indicator.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

/// The defaults stand for "not implemented": a data-source proxy (`DelegateForwarding`) hands
/// the call to its forwarding delegate first.
extension UIPageViewControllerDataSource {
    public func presentationCount(for pageViewController: UIPageViewController) -> Int {
        forwarded(as: UIPageViewControllerDataSource.self) { $0.presentationCount(for: pageViewController) } ?? 0
    }
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        forwarded(as: UIPageViewControllerDataSource.self) { $0.presentationIndex(for: pageViewController) } ?? 0
    }
}

/// Hears about page turns the user makes, UIKit's `UIPageViewControllerDelegate`.
/// Every member is optional, as in Apple's protocol.
///
/// As in UIKit, programmatic `setViewControllers(_:direction:animated:completion:)` calls do
/// not reach the delegate; turns made by a gesture (or by Flipbook's
/// `UIPageViewController.turnPage(_:animated:completion:)`, which stands in for the swipe) do.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: NSObjectProtocol {
    /// A gesture-driven turn is about to show `pendingViewControllers`.
    func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// A gesture-driven turn ended; `completed` is false when the turn was abandoned.
    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UIPageViewControllerDelegate {
    public func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]
    ) {
        forwarded(as: UIPageViewControllerDelegate.self) {
            $0.pageViewController(pageViewController, willTransitionTo: pendingViewControllers)
        }
    }
    public func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) {
        forwarded(as: UIPageViewControllerDelegate.self) {
            $0.pageViewController(
                pageViewController, didFinishAnimating: finished, previousViewControllers: previousViewControllers,
                transitionCompleted: completed)
        }
    }
}
