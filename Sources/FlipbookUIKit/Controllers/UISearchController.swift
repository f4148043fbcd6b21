import Foundation
import FlipbookQuartz

/// Manages a search bar and the display of search results, UIKit's `UISearchController`.
///
/// Its `searchBar` shows where the app puts it; a navigation item's `searchController` puts it
/// in the navigation bar, in a row below the title (docs/Semantics.md, "Search in the
/// navigation bar"). Activation (`isActive = true`, or the user beginning to edit the bar's
/// field) asks the delegate's `presentSearchController(_:)`; when the delegate does not
/// implement it, the default presentation runs: `willPresentSearchController(_:)`, `isActive`
/// becomes true, the navigation bar's title row slides away (`hidesNavigationBarDuringPresentation`),
/// the Cancel button shows (`automaticallyShowsCancelButton`), the content below the bar is
/// obscured (`obscuresBackgroundDuringPresentation`) and the results controller's view is
/// shown over it while there is search text; `didPresentSearchController(_:)` follows when the
/// 0.3 s animation ends (at once outside a window). Deactivation mirrors it with
/// `willDismissSearchController(_:)` and `didDismissSearchController(_:)`, ends editing and
/// clears the text. `searchResultsUpdater` is asked to update when the field begins editing,
/// when typing changes the text, and when dismissal clears it.
///
/// Flipbook does not present the search controller modally: while active its view lies over
/// the navigation controller's content below the bar, and `presentingViewController` stays nil
/// (docs/Divergences.md, "Search controller").
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// How the scope bar shows during a search, UIKit's `UISearchController.ScopeBarActivation`
    /// (iOS 16; stored: Flipbook does not draw scope bars).
    public enum ScopeBarActivation: Int, Sendable {
        case automatic = 0, manual, onTextEntry, onSearchActivation
    }

    /// The controller showing the results (nil: the searched controller shows them itself).
    public private(set) var searchResultsController: UIViewController?
    /// The search bar the controller manages.
    public let searchBar: UISearchBar

    /// Told to update the results (held weakly).
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    /// Told about the presentation (held weakly).
    open weak var delegate: UISearchControllerDelegate?

    /// Whether the content under the search is dimmed during a search (iOS 9.1; default true).
    open var obscuresBackgroundDuringPresentation = true
    /// The older name of `obscuresBackgroundDuringPresentation`.
    @available(iOS, introduced: 8.0, deprecated: 12.0, renamed: "obscuresBackgroundDuringPresentation")
    open var dimsBackgroundDuringPresentation: Bool {
        get { obscuresBackgroundDuringPresentation }
        set { obscuresBackgroundDuringPresentation = newValue }
    }
    /// Whether the navigation bar's title row hides while the search is active (default true).
    open var hidesNavigationBarDuringPresentation = true
    /// Whether the results controller shows by itself while there is search text (iOS 13;
    /// default true).
    open var automaticallyShowsSearchResultsController = true {
        didSet { updateResultsVisibility() }
    }
    /// Whether the results controller's view is shown (iOS 13). Set by the controller when it
    /// shows it automatically; setting it shows or hides it.
    open var showsSearchResultsController: Bool {
        get { showsResultsStorage }
        set {
            showsResultsStorage = newValue
            placeOverlay()
        }
    }
    private var showsResultsStorage = false
    /// Whether the search bar's Cancel button shows while active (iOS 13; default true).
    open var automaticallyShowsCancelButton = true
    /// Whether the scope bar shows while active (iOS 13; stored).
    open var automaticallyShowsScopeBar = true
    /// When the scope bar shows (iOS 16; stored).
    open var scopeBarActivation: ScopeBarActivation = .automatic
    /// Stored (iOS 16).
    open var ignoresSearchSuggestionsForSearchBarPlacementStacked = true

    /// A search controller whose results show in `searchResultsController` (nil: in the
    /// searched controller).
    public init(searchResultsController: UIViewController?) {
        self.searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: UISearchBar.standardHeight))
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        setUp()
    }

    /// A search controller without a results controller.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: UISearchBar.standardHeight))
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    /// Archives do not exist in Flipbook: creates a search controller without results controller.
    public required init?(coder: NSCoder) {
        self.searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: UISearchBar.standardHeight))
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        searchBar.owningSearchController = self
        if let results = searchResultsController { addChild(results) }
    }

    // MARK: The view

    /// The dimming view over the content while active and obscuring.
    private let dimmingView = UIView(frame: .zero)

    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .clear
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.2)
        root.addSubview(dimmingView)
        view = root
    }

    // MARK: Activation

    /// Whether the search interface is presented (default false). Setting it presents or
    /// dismisses it, animated in a window.
    open var isActive: Bool {
        get { isActiveStorage }
        set {
            guard newValue != isActiveStorage, !isTransitioning else { return }
            if newValue { activate() } else { deactivate() }
        }
    }
    private var isActiveStorage = false
    /// Set while the presentation or dismissal animates (a second change waits for its end).
    private var isTransitioning = false
    /// Set by the default `presentSearchController(_:)`: the delegate does not present.
    var delegateWantsDefaultPresentation = false

    /// The field is about to begin editing: an inactive controller activates first, as UIKit's.
    func searchBarWillBeginEditing() {
        if !isActiveStorage, !isTransitioning { activate() }
    }

    /// The field began editing: the results update.
    func searchBarDidBeginEditing() {
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    /// Typing changed the text: the results update and show or hide.
    func searchTextDidChange() {
        updateResultsVisibility()
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    /// The Cancel button was tapped: the search ends.
    func searchBarCancelled() {
        if isActiveStorage { isActive = false }
    }

    private func activate() {
        var presentsByDefault = true
        if let delegate {
            delegateWantsDefaultPresentation = false
            delegate.presentSearchController(self)
            presentsByDefault = delegateWantsDefaultPresentation
        }
        guard presentsByDefault else {
            // The delegate presents the controller itself: no will/did callbacks, as on iOS.
            isActiveStorage = true
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: false) }
            return
        }
        delegate?.willPresentSearchController(self)
        isActiveStorage = true
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: true) }
        updateResultsVisibility()
        transition(presenting: true) { [weak self] in
            guard let self else { return }
            self.delegate?.didPresentSearchController(self)
        }
    }

    private func deactivate() {
        delegate?.willDismissSearchController(self)
        isActiveStorage = false
        if searchBar.searchTextField.isEditing { searchBar.searchTextField.resignFirstResponder() }
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: true) }
        searchBar.text = ""
        showsResultsStorage = false
        searchResultsUpdater?.updateSearchResults(for: self)
        transition(presenting: false) { [weak self] in
            guard let self else { return }
            self.delegate?.didDismissSearchController(self)
        }
    }

    /// The navigation controller whose bar shows the search bar, if any.
    var hostNavigationController: UINavigationController? {
        var v: UIView? = searchBar.superview
        while let view = v {
            if let bar = view as? UINavigationBar { return bar.owningNavigationController }
            v = view.superview
        }
        return nil
    }

    /// Whether the navigation bar hides its title row now.
    var hidesTitleRow: Bool { isActiveStorage && hidesNavigationBarDuringPresentation }

    /// Lays out the bar and the overlay for the new state, animated over 0.3 s in a window.
    private func transition(presenting: Bool, completion: @escaping @MainActor () -> Void) {
        let nav = hostNavigationController
        placeOverlay()
        let overlay = viewIfLoaded
        guard let navView = nav?.viewIfLoaded, navView.window != nil else {
            overlay?.alpha = 1
            if !presenting { overlay?.removeFromSuperview() }
            nav?.navigationBar.setNeedsLayout()
            nav?.viewIfLoaded?.setNeedsLayout()
            completion()
            return
        }
        isTransitioning = true
        navView.layoutIfNeeded()
        if presenting { overlay?.alpha = 0 }
        nav?.navigationBar.setNeedsLayout()
        navView.setNeedsLayout()
        UIView.animate(withDuration: Self.transitionDuration, animations: {
            overlay?.alpha = presenting ? 1 : 0
            navView.layoutIfNeeded()
        }, completion: { [weak self] _ in
            self?.isTransitioning = false
            if !presenting {
                overlay?.removeFromSuperview()
                overlay?.alpha = 1
            }
            completion()
        })
    }

    /// How long the search interface takes to appear or go.
    static let transitionDuration: TimeInterval = 0.3

    /// Shows the results automatically while there is search text.
    private func updateResultsVisibility() {
        guard isActiveStorage, automaticallyShowsSearchResultsController else { return placeOverlay() }
        showsResultsStorage = !(searchBar.text ?? "").isEmpty
        placeOverlay()
    }

    /// Puts the controller's view over the navigation controller's content, below its bar,
    /// while active: the dimming view when obscuring, the results controller's view when shown.
    func placeOverlay() {
        guard isActiveStorage, let nav = hostNavigationController, let navView = nav.viewIfLoaded else { return }
        let root: UIView = view
        if root.superview !== navView { navView.insertSubview(root, belowSubview: nav.navigationBar) }
        let top = nav.navigationBar.frame.minY + nav.navigationBar.contentHeight
        root.frame = CGRect(x: 0, y: top, width: navView.bounds.width, height: max(0, navView.bounds.height - top))
        root.isUserInteractionEnabled = obscuresBackgroundDuringPresentation || showsResultsStorage
        dimmingView.frame = root.bounds
        dimmingView.isHidden = !obscuresBackgroundDuringPresentation || showsResultsStorage
        if let results = searchResultsController {
            let resultsView: UIView = results.view
            if showsResultsStorage {
                if resultsView.superview !== root { root.addSubview(resultsView) }
                resultsView.frame = root.bounds
            } else if resultsView.superview === root {
                resultsView.removeFromSuperview()
            }
        }
    }
}

/// Told when a search controller's results should update, UIKit's `UISearchResultsUpdating`.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: NSObjectProtocol {
    /// The search text changed, or the search bar began editing.
    func updateSearchResults(for searchController: UISearchController)
}

/// Told about a search controller's presentation, UIKit's `UISearchControllerDelegate`. Every
/// method is optional, as in UIKit: the extension gives the defaults. The default
/// `presentSearchController(_:)` asks for the default presentation; a delegate that
/// implements it presents the controller itself and is not told will/did present, as on iOS.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: NSObjectProtocol {
    /// The default presentation is about to run.
    func willPresentSearchController(_ searchController: UISearchController)
    /// The default presentation ended.
    func didPresentSearchController(_ searchController: UISearchController)
    /// The dismissal is about to run.
    func willDismissSearchController(_ searchController: UISearchController)
    /// The dismissal ended.
    func didDismissSearchController(_ searchController: UISearchController)
    /// Presents the search controller (implement it to present it yourself).
    func presentSearchController(_ searchController: UISearchController)
    /// The search bar's placement is about to change (iOS 16; Flipbook's placement never changes).
    func searchController(_ searchController: UISearchController, willChangeTo newPlacement: UINavigationItem.SearchBarPlacement)
    /// The search bar's placement changed (iOS 16).
    func searchController(_ searchController: UISearchController, didChangeFrom previousPlacement: UINavigationItem.SearchBarPlacement)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
    public func presentSearchController(_ searchController: UISearchController) {
        searchController.delegateWantsDefaultPresentation = true
    }
    public func searchController(
        _ searchController: UISearchController, willChangeTo newPlacement: UINavigationItem.SearchBarPlacement
    ) {}
    public func searchController(
        _ searchController: UISearchController, didChangeFrom previousPlacement: UINavigationItem.SearchBarPlacement
    ) {}
}
