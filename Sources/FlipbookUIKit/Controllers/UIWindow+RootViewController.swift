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
    public var rootViewController: UIViewController? {
        get { rootViewControllerStorage }
        set {
            let old = rootViewControllerStorage
            guard old !== newValue else { return }
            let visible = !isHidden
            if let old {
                if visible { old.beginAppearanceTransition(false, animated: false) }
                if old.viewIfLoaded?.superview === self { old.viewIfLoaded?.removeFromSuperview() }
                if visible { old.endAppearanceTransition() }
            }
            rootViewControllerStorage = newValue
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
