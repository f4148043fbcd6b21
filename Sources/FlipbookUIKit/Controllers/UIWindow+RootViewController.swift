import Foundation
import FlipbookQuartz

extension UIWindow {
    /// The window's root view controller, UIKit's `UIWindow.rootViewController`.
    ///
    /// Setting it installs the controller's view as the window's back-most subview,
    /// sized to the window and resizing with it, and removes the previous root's view.
    /// If the window is visible (not hidden) the old root gets
    /// `viewWillDisappear`/`viewDidDisappear` and the new one `viewWillAppear`/
    /// `viewDidAppear` at once. Flipbook's windows are visible from creation (see
    /// docs/Divergences.md), so this happens whether the root is set before or after
    /// `makeKeyAndVisible()`.
    ///
    /// Kept in a side table keyed by the window (stored properties can't live in an
    /// extension); entries go away with their window.
    public var rootViewController: UIViewController? {
        get { RootViewControllerTable.controller(for: self) }
        set {
            let old = RootViewControllerTable.controller(for: self)
            guard old !== newValue else { return }
            let visible = !isHidden
            if let old {
                if visible { old.beginAppearanceTransition(false, animated: false) }
                if old.viewIfLoaded?.superview === self { old.viewIfLoaded?.removeFromSuperview() }
                if visible { old.endAppearanceTransition() }
            }
            RootViewControllerTable.set(newValue, for: self)
            guard let root = newValue else { return }
            let view: UIView = root.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if visible { root.beginAppearanceTransition(true, animated: false) }
            insertSubview(view, at: 0)
            if visible { root.endAppearanceTransition() }
        }
    }
}

/// The side table behind `UIWindow.rootViewController` (a window's stored property in UIKit).
@MainActor
enum RootViewControllerTable {
    private struct Entry {
        weak var window: UIWindow?
        var controller: UIViewController
    }
    private static var entries: [ObjectIdentifier: Entry] = [:]

    static func controller(for window: UIWindow) -> UIViewController? {
        guard let entry = entries[ObjectIdentifier(window)], entry.window === window else { return nil }
        return entry.controller
    }

    static func set(_ controller: UIViewController?, for window: UIWindow) {
        entries = entries.filter { $0.value.window != nil }
        entries[ObjectIdentifier(window)] = controller.map { Entry(window: window, controller: $0) }
    }
}
