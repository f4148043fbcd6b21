import Foundation

/// What a container of view-controller content answers and hears, UIKit's
/// `UIContentContainer`: preferred sizes travelling up, sizes and traits travelling down.
///
/// `UIViewController` and `UIPresentationController` adopt it; their implementations are
/// `open`, so subclasses override them and call `super` (the defaults forward size and trait
/// transitions to children and to the presented controller).
@preconcurrency @MainActor
public protocol UIContentContainer: NSObjectProtocol {
    /// The size the container's content would like, in points.
    var preferredContentSize: CGSize { get }
    /// A child container's `preferredContentSize` changed.
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// A child container's Auto Layout fitting size changed.
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// The size a child container gets within `parentSize`.
    func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    /// The container's view is about to change to `size` (rotation), as the coordinator animates.
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    /// The container's traits are about to change to `newCollection`.
    func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {
    /// Tells the parent, else the presentation controller, that `preferredContentSize` changed.
    func notifyContainerOfPreferredContentSize() {
        if let parent {
            parent.preferredContentSizeDidChange(forChildContentContainer: self)
        } else if let controller = presentationRecord?.presentationController {
            controller.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }
}

extension UIPresentationController: UIContentContainer {}
