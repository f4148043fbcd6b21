//
//  UIViewController+Menu.swift
//  MenuKit
//
//  Any controller under a menu container can reach it and open or close the menu; the
//  container itself overrides these to do the work.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension UIViewController {

    public func sideMenuContainer() -> MenuContainerController? {
        var current: UIViewController? = self
        while let controller = current {
            if let container = controller as? MenuContainerController {
                return container
            }
            current = controller.parent
        }
        return nil
    }

    public func toggleSideMenu() {
        if let overriding = self as? MenuContainerController { return overriding.flipbookOverrideToggleSideMenu() }
        sideMenuContainer()?.toggleSideMenu()
    }

    public func openSideMenu() {
        if let overriding = self as? MenuContainerController { return overriding.flipbookOverrideOpenSideMenu() }
        sideMenuContainer()?.openSideMenu()
    }

    public func closeSideMenu() {
        if let overriding = self as? MenuContainerController { return overriding.flipbookOverrideCloseSideMenu() }
        sideMenuContainer()?.closeSideMenu()
    }

    public func addMenuBarButton() {
        let item = UIBarButtonItem(title: "Menu", style: UIBarButtonItem.Style.plain, target: self, action: { $0.toggleSideMenu() })
        navigationItem.leftBarButtonItem = item
    }
}
