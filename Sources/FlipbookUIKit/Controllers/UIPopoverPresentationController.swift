import Foundation

/// The presentation controller of `.popover`, UIKit's `UIPopoverPresentationController`.
///
/// In a regular-width environment (iPad) the presented view shows as a popover: its
/// `preferredContentSize` (320 × 480 when zero), next to the source rectangle with the arrow
/// pointing at it (below it when it fits, else above), inside the container with 10-point
/// margins, over the presenting view. In a compact-width environment (every iPhone) it adapts to
/// `.fullScreen`, unless the delegate's `adaptivePresentationStyle(for:traitCollection:)` answers
/// `.none` (stay a popover) or another full-screen style.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// The view the popover points at (with `sourceRect`).
    open var sourceView: UIView?
    /// The rectangle in `sourceView` the popover points at (zero: the source view's bounds).
    open var sourceRect: CGRect = .zero
    /// A bar button item to point at instead of a view (its view when Flipbook knows it, else
    /// the top of the container).
    open var barButtonItem: UIBarButtonItem?
    /// The sides the arrow may point to (default `.any`).
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
    /// The popover's background colour (nil: the system background).
    open var backgroundColor: UIColor?
    /// Views the user may touch while the popover shows (stored; touches outside are not dismissals in Flipbook).
    open var passthroughViews: [UIView]?
    /// Whether the popover may cover the source rectangle (default false).
    open var canOverlapSourceViewRect = false
    /// The margins the popover keeps from the container's edges (10 points).
    open var popoverLayoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    /// The direction the arrow points to once laid out (`.unknown` before, and when adapted).
    open internal(set) var arrowDirection: UIPopoverArrowDirection = .unknown

    /// The style the presentation took: `.popover`, or the adapted full-screen style.
    var adaptedStyle: UIModalPresentationStyle = .popover

    /// The height of the arrow, in points.
    static let arrowHeight: CGFloat = 13

    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    open override var presentationStyle: UIModalPresentationStyle { .popover }
    open override var adaptivePresentationStyle: UIModalPresentationStyle { adaptedStyle }
    open override var shouldRemovePresentersView: Bool { adaptedStyle == .fullScreen }
    open override var shouldPresentInFullscreen: Bool { adaptedStyle != .popover }

    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let container = containerView else { return .zero }
        guard adaptedStyle == .popover else { return container.bounds }
        return popoverFrame(in: container).frame
    }

    open override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard adaptedStyle == .popover, let container = containerView else {
            arrowDirection = .unknown
            return
        }
        DelegateForwardingChain.resolve(delegate, as: UIPopoverPresentationControllerDelegate.self)?
            .prepareForPopoverPresentation(self)
        arrowDirection = popoverFrame(in: container).arrow
        if let view = presentedView {
            view.layer.cornerRadius = 13
            view.clipsToBounds = true
            if let backgroundColor { view.backgroundColor = backgroundColor }
        }
    }

    /// Decides the style for a presentation in `traitCollection` (asking the delegate in a
    /// compact width) and tells the delegate; returns `.popover` or the adapted style.
    func resolveAdaptation(traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        var adapted: UIModalPresentationStyle = .none
        if traitCollection.horizontalSizeClass != .regular {
            adapted = .fullScreen
            if let delegate {
                let asked = delegate.adaptivePresentationStyle(for: self, traitCollection: traitCollection)
                if [.none, .fullScreen, .overFullScreen, .pageSheet, .formSheet].contains(asked) { adapted = asked }
            }
        }
        delegate?.presentationController(self, willPresentWithAdaptiveStyle: adapted, transitionCoordinator: nil)
        adaptedStyle = adapted == .none ? .popover : adapted.resolved
        return adaptedStyle
    }

    /// The source rectangle in the container's coordinates.
    private func sourceRectangle(in container: UIView) -> CGRect {
        if let sourceView {
            let r = sourceRect == .zero ? sourceView.bounds : sourceRect
            return container.convert(r, from: sourceView)
        }
        return CGRect(x: container.bounds.midX, y: container.bounds.minY, width: 0, height: 0)
    }

    private func popoverFrame(in container: UIView) -> (frame: CGRect, arrow: UIPopoverArrowDirection) {
        let b = container.bounds.inset(by: container.safeAreaInsets).inset(by: popoverLayoutMargins)
        let wanted = presentedViewController.preferredContentSize
        let size = CGSize(
            width: min(wanted.width > 0 ? wanted.width : 320, b.width),
            height: min(wanted.height > 0 ? wanted.height : 480, b.height))
        let source = sourceRectangle(in: container)
        let a = Self.arrowHeight
        let below = b.maxY - (source.maxY + a), above = (source.minY - a) - b.minY
        let up = permittedArrowDirections.contains(.up), down = permittedArrowDirections.contains(.down)
        let pointsUp = up && (below >= size.height || !down || below >= above)
        let x = min(max(source.midX - size.width / 2, b.minX), max(b.minX, b.maxX - size.width))
        var y = pointsUp ? source.maxY + a : source.minY - a - size.height
        y = min(max(y, b.minY), max(b.minY, b.maxY - size.height))
        return (CGRect(x: x, y: y, width: size.width, height: size.height), pointsUp ? .up : .down)
    }
}

extension UIViewController {
    /// The popover presentation controller when `modalPresentationStyle` is `.popover`, else nil.
    public var popoverPresentationController: UIPopoverPresentationController? {
        guard modalPresentationStyle == .popover || presentationRecord?.presentationController is UIPopoverPresentationController
        else { return nil }
        return presentationController as? UIPopoverPresentationController
    }
}
