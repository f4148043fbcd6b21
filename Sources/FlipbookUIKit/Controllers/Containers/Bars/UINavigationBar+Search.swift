import Foundation
import FlipbookQuartz

/// The search row of a navigation bar whose top item has a search controller
/// (docs/Semantics.md, "Search in the navigation bar").
extension UINavigationBar {
    /// The height of the row a navigation item's search bar gets below the title (iOS 13+:
    /// 52 pt).
    static let searchRowHeight: CGFloat = 52

    /// The search controller of the top item, whose search bar the bar shows.
    var shownSearchController: UISearchController? { topItem?.searchController }

    /// The height of the title row now: 44 pt, or none while the top item's search is active
    /// and hides the navigation bar.
    var titleRowHeight: CGFloat { shownSearchController?.hidesTitleRow == true ? 0 : Self.defaultHeight }

    /// How much of the search row shows: all of it, except while the top item hides its search
    /// bar when scrolling and its search is not active: then the row shrinks by as far as the
    /// content has scrolled up from its top, down to nothing.
    var searchRowShownHeight: CGFloat {
        guard let search = shownSearchController else { return 0 }
        let full = Self.searchRowHeight
        guard topItem?.hidesSearchBarWhenScrolling == true, !search.isActive, let scroll = contentScrollView else { return full }
        let scrolled = scroll.contentOffset.y + scroll.adjustedContentInset.top
        guard scrolled.isFinite else { return full }
        return min(full, max(0, full - scrolled))
    }

    /// The bar's height below the top safe area: the title row and the part of the search row
    /// that shows.
    var contentHeight: CGFloat { titleRowHeight + searchRowShownHeight }

    /// The height the content's safe area makes room for: the title row and the whole search
    /// row (the content scrolls up under the row as it hides).
    var extendedContentHeight: CGFloat { titleRowHeight + (shownSearchController == nil ? 0 : Self.searchRowHeight) }

    /// Watches the content scroll view's offset while the top item hides its search bar when
    /// scrolling, so the search row follows the content.
    func watchContentScrollForSearch() {
        let wanted = topItem?.searchController != nil && topItem?.hidesSearchBarWhenScrolling == true ? contentScrollView : nil
        guard wanted !== searchScrollSlots.observed || (wanted != nil && searchScrollSlots.observation == nil) else { return }
        searchScrollSlots.observation?.invalidate()
        searchScrollSlots.observation = nil
        searchScrollSlots.observed = wanted
        guard let wanted else { return }
        searchScrollSlots.observation = wanted.observe(\.contentOffset) { [weak self] _, _ in
            MainActor.assumeIsolated { self?.searchRowMayHaveChanged() }
        }
    }

    /// The content scrolled: the bar takes the height of the search row that shows now,
    /// keeping its origin (a library may have moved the bar).
    func searchRowMayHaveChanged() {
        guard let nav = owningNavigationController, !nav.isNavigationBarHidden else { return }
        let height = contentHeight
        guard abs(frame.height - height) > 0.001 else { return }
        frame.size.height = height
        layoutIfNeeded()
    }
}

/// What a navigation bar watches for its search row.
struct NavigationBarSearchScrollSlots {
    weak var observed: UIScrollView?
    var observation: NSKeyValueObservation?
}
