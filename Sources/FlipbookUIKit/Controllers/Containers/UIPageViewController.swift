import Foundation
import FlipbookQuartz

/// A container that shows one page (a child view controller) at a time and turns to the
/// pages its data source supplies, UIKit's `UIPageViewController`.
///
/// The visible page is a child controller; its view fills the page controller's view and
/// resizes with it. Appearance callbacks reach the pages as in UIKit: the visible page
/// appears and disappears with the container, and a page turn while the container is on
/// screen makes the old page disappear and the new one appear (`animated` as the turn is).
///
/// With the `.scroll` style an animated turn slides the pages side by side (or one above the
/// other for `.vertical`), `interPageSpacing` points apart, over `pageTurnDuration` seconds
/// with an ease-in-out curve. Flipbook differences: `.pageCurl` turns swap pages without a
/// curl (no page-curl rendering yet) and only one page is shown at a time (no two-page spine).
/// A scroll-style controller turns its pages with a swipe along its axis that the pages
/// follow (UIPageViewController+Swipe.swift); `turnPage(_:animated:completion:)` performs the
/// turn a swipe would, for page curl and for scripts.
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
    /// How pages change, UIKit's `UIPageViewController.TransitionStyle`.
    public enum TransitionStyle: Int, Sendable {
        case pageCurl = 0
        case scroll = 1
    }

    /// The axis pages move along, UIKit's `UIPageViewController.NavigationOrientation`.
    public enum NavigationOrientation: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    /// Which way a turn goes, UIKit's `UIPageViewController.NavigationDirection`.
    public enum NavigationDirection: Int, Sendable {
        case forward = 0
        case reverse = 1
    }

    /// Where the spine of a page-curl book is, UIKit's `UIPageViewController.SpineLocation`.
    public enum SpineLocation: Int, Sendable {
        case none = 0
        case min = 1
        case mid = 2
        case max = 3
    }

    /// Keys of the `options` dictionary, UIKit's `UIPageViewController.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A `SpineLocation` (or its raw value) for page-curl controllers.
        public static let spineLocation = Self(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The gap between pages of a scroll-style controller, in points (a number).
        public static let interPageSpacing = Self(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// How long an animated page turn takes, in seconds (Flipbook's choice; UIKit's scroll
    /// view settles in about this time).
    public static let pageTurnDuration: TimeInterval = 0.35

    /// The style given at creation.
    public let transitionStyle: TransitionStyle
    /// The orientation given at creation.
    public let navigationOrientation: NavigationOrientation
    /// The spine location (`.none` for the scroll style, `.min` by default for page curl).
    public private(set) var spineLocation: SpineLocation
    /// The gap between pages during a scroll-style turn, in points.
    let interPageSpacing: CGFloat

    /// Supplies pages before and after the visible one. Weak, as in UIKit.
    open weak var dataSource: UIPageViewControllerDataSource?
    /// Hears about gesture-driven turns. Weak, as in UIKit.
    open weak var delegate: UIPageViewControllerDelegate?
    /// Whether page-curl pages have content on their backs (stored; no curl rendering yet).
    open var isDoubleSided = false

    /// The visible page(s), as last set by `setViewControllers` or a turn; nil before the first.
    open internal(set) var viewControllers: [UIViewController]?

    /// The view the pages live in (fills `view`, clips the pages sliding past).
    let pageHost = UIView(frame: .zero)
    /// The turn being animated, if any.
    var runningTurn: PageTurn?
    /// The swipe following a finger, if any, and what lets it begin (UIPageViewController+Swipe.swift).
    var swipe: PageSwipe?
    var swipeGate: PageSwipeGate?

    /// Creates a page controller. `options` may hold `.spineLocation` and
    /// `.interPageSpacing`; unreadable values are reported and ignored.
    public init(
        transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
        options: [OptionsKey: Any]? = nil
    ) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        var spacing: CGFloat = 0
        if let raw = options?[.interPageSpacing] {
            if let value = AnimatableLayerKeys.cgFloat(raw), value.isFinite, value >= 0 {
                spacing = value
            } else {
                FlipbookDiagnostics.report(
                    "UIPageViewController: interPageSpacing must be a non-negative number (got \(raw)); using 0.")
            }
        }
        interPageSpacing = spacing
        var spine: SpineLocation = style == .pageCurl ? .min : .none
        if style == .pageCurl, let raw = options?[.spineLocation] {
            if let location = raw as? SpineLocation {
                spine = location
            } else if let n = AnimatableLayerKeys.cgFloat(raw), let location = SpineLocation(rawValue: Int(n)) {
                spine = location
            } else {
                FlipbookDiagnostics.report("UIPageViewController: unknown spineLocation \(raw); using .min.")
            }
        }
        spineLocation = spine
        super.init(nibName: nil, bundle: nil)
    }

    /// Archives do not exist in Flipbook: creates a horizontal page-curl controller, the
    /// storyboard default.
    public required init?(coder: NSCoder) {
        transitionStyle = .pageCurl
        navigationOrientation = .horizontal
        spineLocation = .min
        interPageSpacing = 0
        super.init(coder: coder)
    }

    /// Makes a screen-sized root view holding the page host.
    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        pageHost.frame = root.bounds
        pageHost.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        pageHost.clipsToBounds = true
        root.addSubview(pageHost)
        view = root
        installSwipe()
    }

    /// The page on screen now (the first of `viewControllers`).
    var currentPage: UIViewController? { viewControllers?.first }

    // MARK: Setting pages

    /// Shows `viewControllers` (one page; a second is accepted only for a two-page spine,
    /// which Flipbook shows as one). Animated scroll-style changes slide the new page in
    /// from `direction`'s side; `completion(true)` runs when the page is in place (at once
    /// when not animated). Programmatic changes do not reach the delegate, as in UIKit.
    /// A turn still animating is finished at once first.
    open func setViewControllers(
        _ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let page = viewControllers?.first else {
            FlipbookDiagnostics.report(
                "UIPageViewController.setViewControllers: the number of view controllers provided (0) doesn't match the number required (1) for the requested transition; ignored.")
            completion?(false)
            return
        }
        if (viewControllers?.count ?? 0) > 1 && spineLocation != .mid {
            FlipbookDiagnostics.report(
                "UIPageViewController.setViewControllers: \(viewControllers?.count ?? 0) view controllers given for a single-page spine; showing the first.")
        }
        show(page, direction: direction, animated: animated, completion: completion)
    }

    /// Turns one page the way a swipe would (Flipbook's own, for scripts and page curl): asks
    /// the data source for the page after (`.forward`) or before (`.reverse`) the visible one,
    /// tells the delegate `willTransitionTo`, turns, then tells it `didFinishAnimating`.
    /// Returns false (and does nothing) when there is no such page or no visible page.
    @discardableResult
    public func turnPage(
        _ direction: NavigationDirection, animated: Bool = true, completion: ((Bool) -> Void)? = nil
    ) -> Bool {
        guard let current = currentPage, let dataSource else { return false }
        let next: UIViewController? =
            direction == .forward
            ? dataSource.pageViewController(self, viewControllerAfter: current)
            : dataSource.pageViewController(self, viewControllerBefore: current)
        guard let next, next !== current else { return false }
        delegate?.pageViewController(self, willTransitionTo: [next])
        let previous = viewControllers ?? []
        show(next, direction: direction, animated: animated) { [weak self] finished in
            if let self {
                self.delegate?.pageViewController(
                    self, didFinishAnimating: finished, previousViewControllers: previous, transitionCompleted: true)
            }
            completion?(finished)
        }
        return true
    }
}
