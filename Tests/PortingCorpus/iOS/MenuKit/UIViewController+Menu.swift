//
//  UIViewController+Menu.swift
//  MenuKit
//
//  Any controller under a menu container can reach it and open or close the menu; the
//  container itself overrides these to do the work.
//

import UIKit

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

    @objc public func toggleSideMenu() {
        sideMenuContainer()?.toggleSideMenu()
    }

    @objc public func openSideMenu() {
        sideMenuContainer()?.openSideMenu()
    }

    @objc public func closeSideMenu() {
        sideMenuContainer()?.closeSideMenu()
    }

    public func addMenuBarButton() {
        let item = UIBarButtonItem(title: "Menu", style: UIBarButtonItemStyle.plain, target: self, action: #selector(toggleSideMenu))
        navigationItem.leftBarButtonItem = item
    }
}
