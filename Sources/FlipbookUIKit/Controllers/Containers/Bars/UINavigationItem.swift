import Foundation
import FlipbookQuartz

/// What a navigation bar shows for one controller, UIKit's `UINavigationItem`: the title (or a
/// title view), the bar button items on either side, the back button the next controller shows
/// to return here, and the prompt. Every controller has one (`navigationItem`); a navigation
/// bar shows its top controller's item and redraws when the item changes.
@preconcurrency @MainActor
open class UINavigationItem {
    /// How a large title shows (stored; Flipbook draws standard titles only).
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic = 0, always, never, inline
    }

    /// Creates an item with a title.
    public init(title: String) {
        self.title = title
    }

    /// Creates an item without a title.
    public init() {}

    /// The title in the middle of the bar (a controller's `title` sets it).
    open var title: String? {
        get { _title }
        set {
            _title = newValue
            itemDidChange()
        }
    }
    private var _title: String?
    /// A view shown in the middle of the bar instead of the title.
    open var titleView: UIView? {
        get { _titleView }
        set {
            _titleView = newValue
            itemDidChange()
        }
    }
    private var _titleView: UIView?
    /// One line of text above the bar (stored; Flipbook does not draw prompts).
    open var prompt: String?
    /// The item shown as the back button of the controller pushed above this one (its title
    /// replaces this item's title there).
    open var backBarButtonItem: UIBarButtonItem? {
        get { _backBarButtonItem }
        set {
            _backBarButtonItem = newValue
            itemDidChange()
        }
    }
    private var _backBarButtonItem: UIBarButtonItem?
    /// The back button's title for the controller pushed above this one (iOS 11).
    open var backButtonTitle: String? {
        get { _backButtonTitle }
        set {
            _backButtonTitle = newValue
            itemDidChange()
        }
    }
    private var _backButtonTitle: String?
    /// Whether the back button is hidden while this item is on top (default false).
    open var hidesBackButton: Bool {
        get { _hidesBackButton }
        set {
            _hidesBackButton = newValue
            itemDidChange()
        }
    }
    private var _hidesBackButton: Bool = false
    /// Whether the left items sit beside the back button rather than replacing it.
    open var leftItemsSupplementBackButton: Bool {
        get { _leftItemsSupplementBackButton }
        set {
            _leftItemsSupplementBackButton = newValue
            itemDidChange()
        }
    }
    private var _leftItemsSupplementBackButton: Bool = false
    /// Stored, not drawn.
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

    // MARK: Search (iOS 11)

    /// Where the bar puts the search bar, UIKit's `UINavigationItem.SearchBarPlacement` (iOS 16).
    public enum SearchBarPlacement: Int, Sendable {
        /// The system decides (on iPhone: stacked).
        case automatic = 0
        /// In the title row (Flipbook stacks it: docs/Divergences.md, "Search controller").
        case inline = 1
        /// In its own row below the title.
        case stacked = 2
    }

    /// The search controller whose search bar the navigation bar shows below the title while
    /// this item is on top (docs/Semantics.md, "Search in the navigation bar").
    open var searchController: UISearchController? {
        get { _searchController }
        set {
            _searchController = newValue
            itemDidChange()
        }
    }
    private var _searchController: UISearchController?
    /// Whether scrolling the content up hides the search bar (default true): the bar's search
    /// row shrinks as the content scrolls up from its top (docs/Semantics.md, "Search in the
    /// navigation bar").
    open var hidesSearchBarWhenScrolling = true { didSet { itemDidChange() } }
    /// Where the search bar should go (iOS 16; default `.automatic`).
    open var preferredSearchBarPlacement: SearchBarPlacement = .automatic
    /// Where the search bar is (iOS 16): `.stacked` while there is a search controller, as on
    /// iPhone; `.automatic` without one.
    open var searchBarPlacement: SearchBarPlacement { searchController == nil ? .automatic : .stacked }

    /// The items on the left, outermost first.
    open var leftBarButtonItems: [UIBarButtonItem]? {
        get { _leftBarButtonItems }
        set {
            _leftBarButtonItems = newValue
            itemDidChange()
        }
    }
    private var _leftBarButtonItems: [UIBarButtonItem]?
    /// The items on the right, outermost (rightmost) first.
    open var rightBarButtonItems: [UIBarButtonItem]? {
        get { _rightBarButtonItems }
        set {
            _rightBarButtonItems = newValue
            itemDidChange()
        }
    }
    private var _rightBarButtonItems: [UIBarButtonItem]?

    /// The first left item.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first right item.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// Sets `hidesBackButton` (Flipbook does not animate the change).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        self.hidesBackButton = hidesBackButton
    }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    // MARK: Appearances (iOS 13)

    /// The bar's appearance while this item is on top, at standard height (a copy; nil: the
    /// bar's). An item's appearances win over the bar's.
    open var standardAppearance: UINavigationBarAppearance? {
        get { appearances[0] }
        set { assignAppearance(newValue, at: 0) }
    }
    /// The bar's appearance in compact height while this item is on top (a copy; nil: the bar's).
    open var compactAppearance: UINavigationBarAppearance? {
        get { appearances[1] }
        set { assignAppearance(newValue, at: 1) }
    }
    /// The bar's appearance at the scroll edge while this item is on top (a copy; nil: the bar's).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { appearances[2] }
        set { assignAppearance(newValue, at: 2) }
    }
    /// The bar's compact-height appearance at the scroll edge while this item is on top (a copy;
    /// nil: the bar's).
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { appearances[3] }
        set { assignAppearance(newValue, at: 3) }
    }
    /// Standard, compact, scroll edge, compact scroll edge.
    private var appearances: [UINavigationBarAppearance?] = [nil, nil, nil, nil]

    /// Whether code assigned one of the item's appearances.
    var hasAssignedAppearance: Bool { appearances.contains { $0 != nil } }

    private func assignAppearance(_ appearance: UINavigationBarAppearance?, at index: Int) {
        let copy = appearance?.copy() as? UINavigationBarAppearance
        copy?.onChange = { [weak self] in self?.onChange?() }
        appearances[index] = copy
        itemDidChange()
    }

    /// The owning controller's `toolbarItems`.
    var toolbarItems: [UIBarButtonItem]?

    /// Told when anything drawn changed (the bar showing the item redraws).
    var onChange: (() -> Void)?

    private func itemDidChange() {
        for item in (leftBarButtonItems ?? []) + (rightBarButtonItems ?? []) {
            item.onChange = { [weak self] in self?.onChange?() }
        }
        onChange?()
    }
}
