import Foundation
import FlipbookQuartz

extension UIViewController {
    /// The item a navigation bar shows while this controller is on top (created on first use,
    /// with the controller's title).
    public var navigationItem: UINavigationItem {
        if let item = storedNavigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        item.onChange = { [weak self] in self?.navigationItemDidChange() }
        storedNavigationItem = item
        return item
    }

    /// The item a tab bar controller's bar shows for this controller (created on first use,
    /// with the controller's title and no image). Setting it replaces the tab.
    public var tabBarItem: UITabBarItem! {
        get {
            if let item = storedTabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            tabBarController?.tabBarItemsDidChange()
        }
    }

    /// The items a navigation controller's toolbar shows while this controller is on top.
    public var toolbarItems: [UIBarButtonItem]? {
        get { navigationItem.toolbarItems }
        set { setToolbarItems(newValue, animated: false) }
    }

    /// Sets `toolbarItems` (Flipbook does not animate the change).
    public func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        // Kept with the navigation item, which every controller has.
        navigationItem.toolbarItems = toolbarItems
        if let nav = parent as? UINavigationController, nav.topViewController === self { nav.updateToolbar() }
    }

    /// The nearest ancestor that is a tab bar controller, nil if none.
    public var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }

    /// The nearest ancestor (parent, its parent, …) that is a `Container`, nil if none.
    func nearestAncestor<Container: UIViewController>(_ type: Container.Type) -> Container? {
        var current = parent
        while let vc = current {
            if let container = vc as? Container { return container }
            current = vc.parent
        }
        return nil
    }

    /// UIKit's rule: a controller's title is its navigation item's and tab bar item's title.
    func titleDidChange() {
        // Through locals: the items' change handlers read these properties again.
        let navigationItem = storedNavigationItem, tabBarItem = storedTabBarItem
        navigationItem?.title = title
        tabBarItem?.title = title
        (parent as? UINavigationController)?.updateBar()
    }

    /// The navigation bar showing this controller's item redraws.
    func navigationItemDidChange() {
        (parent as? UINavigationController)?.updateBar()
    }
}
