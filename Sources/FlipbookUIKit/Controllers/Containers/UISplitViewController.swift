import Foundation

/// A container of a primary and a secondary column, UIKit's `UISplitViewController`, minimal:
/// in a regular-width environment (iPad) the primary column (`primaryColumnWidth`, 320 points
/// by default) sits beside the secondary; in a compact width (every iPhone) the split view is
/// collapsed and shows only the primary controller (usually a navigation controller, whose
/// stack is then the app's navigation). See docs/Divergences.md for what is simplified.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// How the columns show, UIKit's `UISplitViewController.DisplayMode` (Apple's raw values).
    public enum DisplayMode: Int, Sendable {
        case automatic = 0, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary,
             twoOverSecondary, twoDisplaceSecondary
        /// Deprecated name of `.secondaryOnly`.
        public static var primaryHidden: DisplayMode { .secondaryOnly }
        /// Deprecated name of `.oneBesideSecondary`.
        public static var allVisible: DisplayMode { .oneBesideSecondary }
        /// Deprecated name of `.oneOverSecondary`.
        public static var primaryOverlay: DisplayMode { .oneOverSecondary }
    }

    /// The column layout family, UIKit's `UISplitViewController.Style` (iOS 14).
    public enum Style: Int, Sendable {
        case unspecified = 0, doubleColumn, tripleColumn
    }

    /// The style given at creation (`.unspecified` for the classic initializers).
    public let style: Style

    /// The primary and secondary controllers (in that order).
    open var viewControllers: [UIViewController] {
        get { _viewControllers }
        set {
            let oldValue = _viewControllers
            _viewControllers = newValue
            replaceChildren(old: oldValue)
        }
    }
    private var _viewControllers: [UIViewController] = []

    /// The display mode asked for (default `.automatic`).
    open var preferredDisplayMode: DisplayMode {
        get { _preferredDisplayMode }
        set {
            _preferredDisplayMode = newValue
            viewIfLoaded?.setNeedsLayout()
        }
    }
    private var _preferredDisplayMode: DisplayMode = .automatic

    /// The primary column's width in a regular environment, in points (default 320).
    open var preferredPrimaryColumnWidth: CGFloat {
        get { _preferredPrimaryColumnWidth }
        set {
            _preferredPrimaryColumnWidth = newValue
            viewIfLoaded?.setNeedsLayout()
        }
    }
    private var _preferredPrimaryColumnWidth: CGFloat = 320

    /// Whether the split view shows one column only because its width is compact.
    open var isCollapsed: Bool { traitCollection.horizontalSizeClass != .regular }

    /// The display mode in effect: `.secondaryOnly` when asked for in a regular width, else
    /// `.oneBesideSecondary` (also when collapsed, as UIKit's `.allVisible` of a collapsed split
    /// view; the overlay and two-column modes are shown as beside).
    open var displayMode: DisplayMode {
        !isCollapsed && preferredDisplayMode == .secondaryOnly ? .secondaryOnly : .oneBesideSecondary
    }

    /// The primary column's width now (0 when collapsed or hidden).
    open var primaryColumnWidth: CGFloat {
        guard !isCollapsed, displayMode != .secondaryOnly else { return 0 }
        return min(max(0, preferredPrimaryColumnWidth), view.bounds.width)
    }

    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        style = .unspecified
        super.init(coder: coder)
    }

    private var primary: UIViewController? { viewControllers.first }
    private var secondary: UIViewController? { viewControllers.count > 1 ? viewControllers[1] : nil }

    private func replaceChildren(old: [UIViewController]) {
        for vc in old where !viewControllers.contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            vc.viewIfLoaded?.removeFromSuperview()
            vc.removeFromParent()
        }
        for vc in viewControllers where vc.parent !== self { addChild(vc) }
        if isViewLoaded { arrangeColumns() }
        for vc in viewControllers { vc.didMove(toParent: self) }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        arrangeColumns()
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        arrangeColumns()
    }

    /// The columns' views in the split view's view: the primary alone when collapsed, the
    /// secondary alone for `.secondaryOnly`, else both side by side.
    private func arrangeColumns() {
        let bounds = view.bounds
        let showsPrimary = isCollapsed || displayMode != .secondaryOnly
        let showsSecondary = !isCollapsed
        let width = primaryColumnWidth
        if let primary {
            if showsPrimary {
                if primary.view.superview !== view { view.addSubview(primary.view) }
                primary.view.frame = isCollapsed ? bounds : CGRect(x: bounds.minX, y: bounds.minY, width: width, height: bounds.height)
            } else {
                primary.viewIfLoaded?.removeFromSuperview()
            }
        }
        if let secondary {
            if showsSecondary {
                if secondary.view.superview !== view { view.addSubview(secondary.view) }
                let x = displayMode == .secondaryOnly ? bounds.minX : bounds.minX + width
                secondary.view.frame = CGRect(x: x, y: bounds.minY, width: bounds.maxX - x, height: bounds.height)
            } else {
                secondary.viewIfLoaded?.removeFromSuperview()
            }
        }
    }

    /// Only the columns on screen take part in appearance.
    override var childrenForAppearanceForwarding: [UIViewController] {
        viewControllers.filter { $0.viewIfLoaded?.superview === viewIfLoaded }
    }
}

extension UIViewController {
    /// The nearest ancestor (parent, its parent, …) that is a split view controller, nil if none,
    /// UIKit's `splitViewController`. Presented controllers are not children: nil for them too.
    public var splitViewController: UISplitViewController? { nearestAncestor(UISplitViewController.self) }
}
