import Foundation
import Testing
import TestSupport
import Flipbook

/// Records what a search controller, its search bar and its results updater are told, in order.
@MainActor
final class SearchLog: NSObject, UISearchControllerDelegate, UISearchResultsUpdating, UISearchBarDelegate {
    var events: [String] = []
    var refusesEditing = false

    func willPresentSearchController(_ searchController: UISearchController) {
        events.append("willPresent(active: \(searchController.isActive))")
    }
    func didPresentSearchController(_ searchController: UISearchController) { events.append("didPresent") }
    func willDismissSearchController(_ searchController: UISearchController) {
        events.append("willDismiss(active: \(searchController.isActive))")
    }
    func didDismissSearchController(_ searchController: UISearchController) { events.append("didDismiss") }
    func updateSearchResults(for searchController: UISearchController) {
        events.append("update(\(searchController.searchBar.text ?? "nil"))")
    }
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool {
        events.append("shouldBegin")
        return !refusesEditing
    }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { events.append("didBegin") }
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { events.append("didEnd") }
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { events.append("textDidChange(\(searchText))") }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { events.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { events.append("cancel") }
}

/// A delegate that presents the search controller itself.
@MainActor
final class PresentingSearchDelegate: NSObject, UISearchControllerDelegate {
    var events: [String] = []
    func presentSearchController(_ searchController: UISearchController) { events.append("present") }
    func willPresentSearchController(_ searchController: UISearchController) { events.append("willPresent") }
    func didPresentSearchController(_ searchController: UISearchController) { events.append("didPresent") }
}

/// UISearchController with a navigation item: the search bar in the bar's 52 pt row below the
/// title, the callbacks of activation and dismissal in UIKit's order, the Cancel button, the
/// obscuring view and the results controller (docs/Semantics.md, "Search in the navigation bar").
@Suite("Search controller", .freshRuntime)
@MainActor
struct SearchControllerTests {
    let log = SearchLog()

    /// A navigation controller whose root ("Mail") has a search controller on its item.
    func setUp(results: UIViewController? = nil) -> (AppDriver, UINavigationController, UIViewController, UISearchController) {
        let root = UIViewController()
        root.title = "Mail"
        let search = UISearchController(searchResultsController: results)
        search.delegate = log
        search.searchResultsUpdater = log
        search.searchBar.delegate = log
        root.navigationItem.searchController = search
        let nav = UINavigationController(rootViewController: root)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.window.layoutIfNeeded()
        return (app, nav, root, search)
    }

    @Test func theBarGrowsARowForTheSearchBar() {
        let (app, nav, root, search) = setUp()
        let top = UIScreen.Device.iPhone15.safeAreaInsets.top
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: top, width: 393, height: 96))
        #expect(root.view.safeAreaInsets.top == top + 96)
        // The search bar fills the row below the 44 pt title row; its field is inset 16 pt.
        let bar = search.searchBar
        #expect(bar.superview != nil && bar.isDescendant(of: nav.navigationBar))
        #expect(bar.convert(bar.bounds, to: nav.navigationBar) == CGRect(x: 0, y: 44, width: 393, height: 52))
        let field = bar.searchTextField.convert(bar.searchTextField.bounds, to: bar)
        #expect(field.minX == 16 && field.width == 393 - 32 && field.height == 36)
        #expect(bar.searchTextField.placeholder == "Search" && bar.placeholder == nil)
        // The title stays centred in the top row.
        let title = barLabels(nav.navigationBar).first { $0.text == "Mail" }
        #expect(title.map { abs($0.center.y - 22) < 0.5 } == true)
        // Without a search controller the bar is 44 pt again.
        root.navigationItem.searchController = nil
        app.window.layoutIfNeeded()
        #expect(nav.navigationBar.frame.height == 44)
        #expect(root.view.safeAreaInsets.top == top + 44)
        #expect(bar.window == nil)
    }

    @Test func tappingTheFieldPresentsInUIKitsOrder() {
        let (app, nav, _, search) = setUp()
        let field = search.searchBar.searchTextField
        app.tap(at: field.convert(CGPoint(x: field.bounds.midX, y: field.bounds.midY), to: app.window))
        #expect(search.isActive)
        #expect(field.isFirstResponder)
        #expect(log.events == ["shouldBegin", "willPresent(active: false)", "didBegin", "update()"])
        app.advance(by: 0.5)
        #expect(log.events.last == "didPresent")
        // The title row has gone: the bar is the search row alone, with the Cancel button.
        #expect(nav.navigationBar.frame.height == 52)
        #expect(search.searchBar.showsCancelButton)
        #expect(search.searchBar.convert(search.searchBar.bounds, to: nav.navigationBar).minY == 0)
        // Typing updates the results.
        log.events.removeAll()
        field.insertText("ab")
        #expect(log.events == ["textDidChange(ab)", "update(ab)"])
        field.insertText("\n")
        #expect(log.events.last == "search")
    }

    @Test func cancelDismissesClearsAndUpdates() {
        let (app, nav, _, search) = setUp()
        let field = search.searchBar.searchTextField
        field.becomeFirstResponder()
        app.advance(by: 0.5)
        field.insertText("x")
        log.events.removeAll()
        let cancel = search.searchBar.subviews.first { !$0.isHidden && $0 is UIControl && !($0 is UITextField) }
        #expect(cancel != nil)
        if let cancel {
            app.tap(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: app.window))
        }
        #expect(!search.isActive)
        #expect(log.events == ["cancel", "willDismiss(active: true)", "didEnd", "update()"])
        #expect(search.searchBar.text == "")
        app.advance(by: 0.5)
        #expect(log.events.last == "didDismiss")
        #expect(nav.navigationBar.frame.height == 96)
        #expect(!search.searchBar.showsCancelButton)
        #expect(search.viewIfLoaded?.superview == nil)
    }

    @Test func settingIsActivePresentsWithoutEditing() {
        let (app, nav, _, search) = setUp()
        search.isActive = true
        #expect(log.events == ["willPresent(active: false)"])
        #expect(search.isActive && !search.searchBar.searchTextField.isFirstResponder)
        app.advance(by: 0.5)
        #expect(log.events == ["willPresent(active: false)", "didPresent"])
        // The content below the bar is obscured by the search controller's view.
        let overlay = search.view!
        #expect(overlay.superview === nav.view)
        #expect(overlay.frame.minY == nav.navigationBar.frame.maxY)
        #expect(overlay.subviews.contains { !$0.isHidden && $0.backgroundColor != nil })
        search.isActive = false
        app.advance(by: 0.5)
        #expect(log.events.suffix(3) == ["willDismiss(active: true)", "update()", "didDismiss"])
    }

    @Test func aRefusingSearchBarDelegateKeepsTheSearchInactive() {
        let (app, _, _, search) = setUp()
        log.refusesEditing = true
        #expect(search.searchBar.window === app.window)
        #expect(!search.searchBar.searchTextField.becomeFirstResponder())
        #expect(!search.isActive)
        #expect(log.events == ["shouldBegin"])
    }

    @Test func theResultsControllerShowsWhileThereIsText() {
        let results = UIViewController()
        let (app, _, _, search) = setUp(results: results)
        #expect(results.parent === search)
        search.searchBar.searchTextField.becomeFirstResponder()
        app.advance(by: 0.5)
        #expect(!search.showsSearchResultsController && results.viewIfLoaded?.window == nil)
        search.searchBar.searchTextField.insertText("q")
        #expect(search.showsSearchResultsController)
        #expect(results.view.window != nil && results.view.frame.size == search.view.bounds.size)
        search.searchBar.searchTextField.deleteBackward()
        #expect(!search.showsSearchResultsController && results.view.superview == nil)
    }

    @Test func aDelegatePresentingItselfIsNotToldWillAndDid() {
        let (app, _, _, search) = setUp()
        let presenter = PresentingSearchDelegate()
        search.delegate = presenter
        search.isActive = true
        app.advance(by: 0.5)
        #expect(search.isActive)
        #expect(presenter.events == ["present"])
    }

    /// A controller whose view is a scroll view 2000 pt tall inside.
    final class ScrollingController: UIViewController {
        override func loadView() {
            let scroll = UIScrollView(frame: UIScreen.main.bounds)
            scroll.contentSize = CGSize(width: 393, height: 2000)
            view = scroll
        }
        var scrollView: UIScrollView { view as! UIScrollView }
    }

    @Test func theSearchRowHidesAsTheContentScrollsUp() {
        let root = ScrollingController()
        root.title = "List"
        let search = UISearchController(searchResultsController: nil)
        root.navigationItem.searchController = search
        let nav = UINavigationController(rootViewController: root)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.window.layoutIfNeeded()
        let scroll = root.scrollView
        let top = UIScreen.Device.iPhone15.safeAreaInsets.top
        #expect(scroll.adjustedContentInset.top == top + 96)
        #expect(scroll.contentOffset.y == -(top + 96))
        #expect(nav.navigationBar.frame.height == 96 && search.searchBar.frame.height == 52)
        // 30 pt up: the row shows 22 pt; the bar's bottom edge stays on the content's top.
        scroll.contentOffset.y = -(top + 96) + 30
        #expect(nav.navigationBar.frame.height == 66)
        #expect(search.searchBar.frame.height == 22)
        #expect(nav.navigationBar.frame.maxY == -scroll.contentOffset.y)
        // Past 52 pt the row is gone (a zero-height search bar) and the bar is 44 pt.
        scroll.contentOffset.y = 300
        #expect(nav.navigationBar.frame.height == 44 && search.searchBar.frame.height == 0)
        #expect(search.searchBar.searchTextField.alpha == 0)
        // Back at the top the whole row shows again; pulling further does not grow it.
        scroll.contentOffset.y = -(top + 96) - 40
        #expect(nav.navigationBar.frame.height == 96 && search.searchBar.frame.height == 52)
        #expect(search.searchBar.searchTextField.alpha == 1)
        // Without hidesSearchBarWhenScrolling the row stays.
        root.navigationItem.hidesSearchBarWhenScrolling = false
        scroll.contentOffset.y = 300
        #expect(nav.navigationBar.frame.height == 96 && search.searchBar.frame.height == 52)
    }

    @Test func aSearchBarOnItsOwn() {
        let bar = UISearchBar()
        #expect(bar.sizeThatFits(CGSize(width: 320, height: 0)) == CGSize(width: 320, height: 56))
        bar.frame = CGRect(x: 0, y: 0, width: 320, height: 56)
        bar.showsCancelButton = true
        bar.layoutIfNeeded()
        let field = bar.searchTextField.frame
        #expect(field.minX == 8 && field.height == 36 && field.minY == 10)
        #expect(field.maxX < 320 - 50)
        bar.placeholder = "Find"
        #expect(bar.searchTextField.placeholder == "Find" && bar.placeholder == "Find")
        bar.text = "abc"
        #expect(bar.searchTextField.text == "abc")
        let item = UINavigationItem(title: "T")
        #expect(item.hidesSearchBarWhenScrolling && item.preferredSearchBarPlacement == .automatic)
        #expect(item.searchBarPlacement == .automatic)
        item.searchController = UISearchController(searchResultsController: nil)
        #expect(item.searchBarPlacement == .stacked)
        let search = UISearchController()
        #expect(search.obscuresBackgroundDuringPresentation && search.hidesNavigationBarDuringPresentation)
        #expect(search.automaticallyShowsCancelButton && search.searchResultsController == nil && !search.isActive)
    }
}
