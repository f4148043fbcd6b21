//
//  MenuContainerController.swift
//  MenuKit
//
//  A side-menu container in the style of libraries last touched before Swift 4.2: the menu and
//  the content are child view controllers, and any controller inside can open the menu through
//  `toggleSideMenu()`, which the container overrides.
//

import UIKit

public struct MenuOptions {
    public static var menuWidth: CGFloat = 270
    public static var animationDuration: TimeInterval = 0.35
    public static var contentInsets = UIEdgeInsetsMake(0, 0, 0, 0)
}

open class MenuContainerController: UIViewController {

    open private(set) var mainViewController: UIViewController
    open private(set) var menuViewController: UIViewController
    open private(set) var isMenuOpen = false
    private let menuContainerView = UIView()
    private var tapGesture: UITapGestureRecognizer?
    /// Every open and close, in order ("open", "close"), for whoever wants to follow along.
    open var history: [String] = []

    public init(mainViewController: UIViewController, menuViewController: UIViewController) {
        self.mainViewController = mainViewController
        self.menuViewController = menuViewController
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        setUpViewController(mainViewController, in: view)
        menuContainerView.frame = CGRect(x: -MenuOptions.menuWidth, y: 0, width: MenuOptions.menuWidth, height: view.bounds.height)
        menuContainerView.autoresizingMask = [.flexibleHeight]
        view.addSubview(menuContainerView)
        setUpViewController(menuViewController, in: menuContainerView)
        view.bringSubview(toFront: menuContainerView)
    }

    private func setUpViewController(_ child: UIViewController, in container: UIView) {
        addChildViewController(child)
        child.view.frame = UIEdgeInsetsInsetRect(container.bounds, MenuOptions.contentInsets)
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(child.view)
        child.didMove(toParentViewController: self)
    }

    /// Replaces the content controller, as a menu's row does.
    open func changeMainViewController(_ newController: UIViewController, close: Bool = true) {
        let old = mainViewController
        old.willMove(toParentViewController: nil)
        old.view.removeFromSuperview()
        old.removeFromParentViewController()
        mainViewController = newController
        setUpViewController(newController, in: view)
        view.bringSubview(toFront: menuContainerView)
        if close { closeSideMenu() }
    }

    open var contentControllers: [UIViewController] {
        return childViewControllers
    }

    open override func toggleSideMenu() {
        if isMenuOpen {
            closeSideMenu()
        } else {
            openSideMenu()
        }
    }

    open override func openSideMenu() {
        guard !isMenuOpen else { return }
        isMenuOpen = true
        history.append("open")
        let tap = UITapGestureRecognizer(target: self, action: #selector(closeSideMenu))
        mainViewController.view.addGestureRecognizer(tap)
        tapGesture = tap
        UIView.animate(withDuration: MenuOptions.animationDuration, delay: 0, options: UIViewAnimationOptions.curveEaseOut, animations: {
            self.menuContainerView.frame.origin.x = 0
            self.mainViewController.view.alpha = 0.6
        }, completion: nil)
    }

    @objc open override func closeSideMenu() {
        guard isMenuOpen else { return }
        isMenuOpen = false
        history.append("close")
        if let tap = tapGesture {
            mainViewController.view.removeGestureRecognizer(tap)
            tapGesture = nil
        }
        UIView.animate(withDuration: MenuOptions.animationDuration, delay: 0, options: UIViewAnimationOptions.curveEaseIn, animations: {
            self.menuContainerView.frame.origin.x = -MenuOptions.menuWidth
            self.mainViewController.view.alpha = 1
        }, completion: nil)
    }
}
