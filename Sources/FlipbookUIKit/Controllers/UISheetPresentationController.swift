import Foundation
import FlipbookQuartz

/// What a custom detent's resolver can read, UIKit's
/// `UISheetPresentationControllerDetentResolutionContext`.
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDetentResolutionContext {
    /// The height of the large detent, in points: the tallest a sheet can be.
    var maximumDetentValue: CGFloat { get }
}

/// The presentation controller of `.pageSheet` and `.formSheet` (and `.automatic`),
/// UIKit's `UISheetPresentationController`.
///
/// Drawn as iOS draws a sheet on iPhone: the presented view is anchored to the bottom
/// with its top corners rounded (10 pt unless `preferredCornerRadius`), a black dimming
/// view behind it (alpha 0.4, unless `largestUndimmedDetentIdentifier` keeps the current
/// detent undimmed), and, at the large detent, the presenting view scaled down so its
/// width loses 16 pt on each side, moved down to the safe-area top and rounded. In
/// regular widths (containers 700 pt or wider) a form sheet is a centred 540 × 620 card
/// and a page sheet is 704 pt wide. Detent heights: large is the container height minus
/// the safe-area top minus 10 pt; medium is half the container height.
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at, UIKit's `UISheetPresentationController.Detent`.
    @preconcurrency @MainActor
    public final class Detent {
        /// A detent's identifier, UIKit's `UISheetPresentationController.Detent.Identifier`.
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }

        public let identifier: Identifier
        let resolver: (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?

        init(identifier: Identifier, resolver: @escaping (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// About half the screen's height.
        public static func medium() -> Detent {
            Detent(identifier: .medium) { ($0 as? SheetResolutionContext)?.containerHeight.map { $0 / 2 } }
        }

        /// The full sheet height.
        public static func large() -> Detent {
            Detent(identifier: .large) { $0.maximumDetentValue }
        }

        /// A detent whose height the resolver returns (nil makes it inactive).
        public static func custom(
            identifier: Identifier? = nil,
            resolver: @escaping (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?
        ) -> Detent {
            Detent(identifier: identifier ?? Identifier("com.flipbook.custom"), resolver: resolver)
        }

        /// The height this detent resolves to in a container (nil when inactive).
        public func resolvedValue(in context: UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            resolver(context)
        }
    }

    /// The heights the sheet can rest at (default `[.large()]`).
    open var detents: [Detent] = [.large()]
    /// The detent the sheet rests at; nil means the smallest detent.
    open var selectedDetentIdentifier: Detent.Identifier?
    /// The largest detent at which the content behind stays undimmed (nil: always dim).
    open var largestUndimmedDetentIdentifier: Detent.Identifier?
    /// Whether a grabber is drawn at the top of the sheet.
    open var prefersGrabberVisible = false
    /// The corner radius of the sheet's top corners (nil: the system's 10 pt).
    open var preferredCornerRadius: CGFloat?
    /// Stored; scrolling is not simulated.
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Stored; Flipbook has no compact-height layout.
    open var prefersEdgeAttachedInCompactHeight = false
    /// Stored; Flipbook has no compact-height layout.
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false

    /// The dimming view's alpha when dimmed.
    static let dimmingAlpha: CGFloat = 0.4
    static let defaultCornerRadius: CGFloat = 10

    let dimmingView = UIView(frame: .zero)
    let grabberView = UIView(frame: .zero)
    private var savedPresenterCornerRadius: CGFloat = 0
    private var savedPresenterMasks = false

    /// Runs `changes` (e.g. a new `selectedDetentIdentifier`) and animates the sheet to
    /// its new height.
    open func animateChanges(_ changes: () -> Void) {
        changes()
        TransitionAnimation.animate(duration: 0.35, animations: { self.applyLayout() })
    }

    // MARK: Geometry

    var safeAreaTop: CGFloat {
        containerView?.window?.safeAreaInsets.top ?? 0
    }

    var isRegularWidth: Bool { (containerView?.bounds.width ?? 0) >= 700 }

    /// The height of the large detent in the current container.
    var maximumDetentValue: CGFloat {
        guard let bounds = containerView?.bounds else { return 0 }
        return max(0, bounds.height - safeAreaTop - 10)
    }

    /// The detent in use: the selected one, else the smallest active one.
    var currentDetent: (identifier: Detent.Identifier, height: CGFloat)? {
        guard let bounds = containerView?.bounds else { return nil }
        let context = SheetResolutionContext(maximumDetentValue: maximumDetentValue, containerHeight: bounds.height)
        let resolved = detents.compactMap { d in d.resolvedValue(in: context).map { (d.identifier, min(max(0, $0), context.maximumDetentValue)) } }
        if let id = selectedDetentIdentifier, let match = resolved.first(where: { $0.0 == id }) { return match }
        return resolved.min { $0.1 < $1.1 }
    }

    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        if isRegularWidth {
            if presentationStyle == .formSheet {
                let size = CGSize(width: min(540, bounds.width), height: min(620, bounds.height - safeAreaTop))
                return CGRect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
                              width: size.width, height: size.height)
            }
            let width = min(704, bounds.width)
            let height = maximumDetentValue
            return CGRect(x: (bounds.width - width) / 2, y: bounds.height - height, width: width, height: height)
        }
        let height = currentDetent?.height ?? maximumDetentValue
        return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    var isDimmed: Bool {
        guard let undimmed = largestUndimmedDetentIdentifier, let current = currentDetent else { return true }
        guard let bounds = containerView?.bounds else { return true }
        let context = SheetResolutionContext(maximumDetentValue: maximumDetentValue, containerHeight: bounds.height)
        let limit = detents.first { $0.identifier == undimmed }?.resolvedValue(in: context) ?? 0
        return current.height > limit + 0.5
    }

    /// Whether the presenting view is pushed back (large detent on iPhone).
    var pushesPresenterBack: Bool {
        !isRegularWidth && currentDetent?.identifier == .large && presentingViewController.viewIfLoaded?.window != nil
    }

    /// The presenting view's transform while pushed back.
    var presenterBackTransform: CGAffineTransform {
        guard let bounds = containerView?.bounds, bounds.width > 32 else { return .identity }
        let scale = (bounds.width - 32) / bounds.width
        let topAfterScale = bounds.height * (1 - scale) / 2
        return CGAffineTransform(translationX: 0, y: safeAreaTop - topAfterScale).scaledBy(x: scale, y: scale)
    }

    func applyLayout() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        dimmingView.alpha = isDimmed ? Self.dimmingAlpha : 0
        let frame = frameOfPresentedViewInContainerView
        presentedView?.frame = frame
        grabberView.frame = CGRect(x: frame.midX - 18, y: frame.minY + 5, width: 36, height: 5)
        grabberView.isHidden = !prefersGrabberVisible
    }

    // MARK: Hooks

    open override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let container = containerView else { return }
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 1)
        dimmingView.frame = container.bounds
        dimmingView.alpha = 0
        container.insertSubview(dimmingView, at: 0)
        grabberView.backgroundColor = UIColor(white: 0.75, alpha: 1)
        grabberView.layer.cornerRadius = 2.5
        if let presented = presentedView {
            presented.layer.cornerRadius = preferredCornerRadius ?? Self.defaultCornerRadius
            presented.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            presented.layer.masksToBounds = true
        }
        let presenterView = presentingViewController.viewIfLoaded
        let push = pushesPresenterBack
        if push, let presenterView {
            savedPresenterCornerRadius = presenterView.layer.cornerRadius
            savedPresenterMasks = presenterView.layer.masksToBounds
            presenterView.layer.masksToBounds = true
        }
        let dim = isDimmed
        let back = presenterBackTransform
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = dim ? Self.dimmingAlpha : 0
            if push, let presenterView {
                presenterView.transform = back
                presenterView.layer.cornerRadius = Self.defaultCornerRadius
            }
        }, completion: nil)
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if completed {
            if let container = containerView, prefersGrabberVisible { container.addSubview(grabberView) }
            applyLayout()
        } else {
            dimmingView.removeFromSuperview()
            restorePresenter()
        }
    }

    open override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        grabberView.removeFromSuperview()
        let presenterView = presentingViewController.viewIfLoaded
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 0
            if let presenterView, presenterView.transform != .identity {
                presenterView.transform = .identity
                presenterView.layer.cornerRadius = self.savedPresenterCornerRadius
            }
        }, completion: nil)
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed {
            dimmingView.removeFromSuperview()
            restorePresenter()
        } else {
            applyLayout()
        }
    }

    private func restorePresenter() {
        guard let presenterView = presentingViewController.viewIfLoaded else { return }
        presenterView.transform = .identity
        presenterView.layer.cornerRadius = savedPresenterCornerRadius
        presenterView.layer.masksToBounds = savedPresenterMasks
    }

    open override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        // Frames follow the detent except while a transition animates them.
        if presentedViewController.involvedTransition == nil { applyLayout() }
    }
}

struct SheetResolutionContext: UISheetPresentationControllerDetentResolutionContext {
    var maximumDetentValue: CGFloat
    var containerHeight: CGFloat?
}

