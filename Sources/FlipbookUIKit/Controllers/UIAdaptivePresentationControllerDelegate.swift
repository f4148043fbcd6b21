import Foundation

/// How a presentation adapts to its environment and is dismissed, UIKit's
/// `UIAdaptivePresentationControllerDelegate` (every method optional, as in Objective-C: the
/// defaults below stand for "not implemented").
///
/// Flipbook asks it when a `.popover` presentation starts in a compact-width environment (every
/// iPhone): `adaptivePresentationStyle(for:traitCollection:)` (whose default asks
/// `adaptivePresentationStyle(for:)`), then `presentationController(_:willPresentWithAdaptiveStyle:transitionCoordinator:)`.
/// The dismissal methods are not called: Flipbook has no interactive sheet dismissal.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// The style to adapt to in a compact environment; `.none` keeps the presentation's own
    /// style. The default, `.automatic`, means "not implemented": UIKit's adaptation applies.
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    /// As `adaptivePresentationStyle(for:)`, knowing the traits (the default asks that method).
    func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle
    /// A controller to present instead in the adapted style (not used by Flipbook: the presented
    /// controller is kept; default nil).
    func presentationController(
        _ controller: UIPresentationController, viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle
    ) -> UIViewController?
    /// The presentation is about to show in `style` (`.none`: not adapted).
    func presentationController(
        _ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
        transitionCoordinator: (any UIViewControllerTransitionCoordinator)?)
    /// Whether the user may dismiss the sheet by swiping (default true).
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// An interactive dismissal is starting.
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// An interactive dismissal finished.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// The user tried to dismiss but `presentationControllerShouldDismiss` or `isModalInPresentation` prevented it.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) { $0.adaptivePresentationStyle(for: controller) }
            ?? .automatic
    }
    public func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle {
        // A forwarding delegate that answers `.automatic` implements neither form: this
        // delegate's own `adaptivePresentationStyle(for:)` is asked then, as iOS asks the
        // shorter form of a proxy that forwards neither.
        let answer = forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.adaptivePresentationStyle(for: controller, traitCollection: traitCollection)
        }
        if let answer, answer != .automatic { return answer }
        return adaptivePresentationStyle(for: controller)
    }
    public func presentationController(
        _ controller: UIPresentationController, viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle
    ) -> UIViewController? {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.presentationController(controller, viewControllerForAdaptivePresentationStyle: style)
        }
    }
    public func presentationController(
        _ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
        transitionCoordinator: (any UIViewControllerTransitionCoordinator)?
    ) {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.presentationController(
                presentationController, willPresentWithAdaptiveStyle: style, transitionCoordinator: transitionCoordinator)
        }
    }
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.presentationControllerShouldDismiss(presentationController)
        } ?? true
    }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.presentationControllerWillDismiss(presentationController)
        }
    }
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.presentationControllerDidDismiss(presentationController)
        }
    }
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        forwarded(as: UIAdaptivePresentationControllerDelegate.self) {
            $0.presentationControllerDidAttemptToDismiss(presentationController)
        }
    }
}

/// A popover's delegate, UIKit's `UIPopoverPresentationControllerDelegate` (optional methods,
/// with defaults).
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// The popover is about to show (its source is final).
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UIPopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
        forwarded(as: UIPopoverPresentationControllerDelegate.self) {
            $0.prepareForPopoverPresentation(popoverPresentationController)
        }
    }
}

/// The sides a popover's arrow may point to, UIKit's `UIPopoverArrowDirection` (Apple's raw values).
public struct UIPopoverArrowDirection: OptionSet, Sendable, Hashable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}
