import Foundation
import FlipbookQuartz

/// The status bar of a window scene, UIKit's `UIStatusBarManager`: its frame and whether it
/// shows, as the deciding controller wants (`StatusBarAppearance`) and the device draws it
/// (`StatusBarLayout`: 54 points on iPhone 15, 20 on iPhone SE, 24 on iPad). iOS hides the
/// status bar of an iPhone in landscape, and so does Flipbook.
@preconcurrency @MainActor
open class UIStatusBarManager: NSObject {
    private unowned let scene: UIWindowScene

    init(scene: UIWindowScene) {
        self.scene = scene
        super.init()
    }

    /// The window the status bar is drawn over: the scene's key window, else its first.
    private var window: UIWindow? { scene.keyWindow ?? scene.windows.first }

    /// Whether the status bar is hidden.
    open var isStatusBarHidden: Bool {
        if scene.interfaceOrientation.isLandscape && scene.screen.device.name.contains("iphone") { return true }
        guard let window else { return false }
        return StatusBarAppearance.resolve(in: window).isHidden
    }

    /// The style the status bar is drawn in.
    open var statusBarStyle: UIStatusBarStyle {
        guard let window else { return .default }
        return StatusBarAppearance.resolve(in: window).style
    }

    /// The status bar's rectangle in the screen's coordinates: the scene's width by the
    /// device's status bar height at the top, `.zero` when it is hidden.
    open var statusBarFrame: CGRect { statusBarFrame(width: window?.bounds.width ?? scene.screen.bounds.width) }

    /// The status bar's frame in a scene `width` points wide.
    func statusBarFrame(width: CGFloat) -> CGRect {
        guard !isStatusBarHidden else { return .zero }
        let layout = StatusBarLayout(device: scene.screen.device, width: width)
        return CGRect(x: 0, y: 0, width: width, height: layout.height)
    }
}

extension UIApplication {
    /// The status bar's frame in the key window's scene (`.zero` when hidden or when no window
    /// has a scene). Deprecated on iOS 13 for `UIStatusBarManager.statusBarFrame`.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the statusBarManager property of the window scene instead.")
    public var statusBarFrame: CGRect { keyOrFirstScene?.statusBarManager?.statusBarFrame ?? .zero }

    /// The interface orientation of the key window's scene (portrait without one). Deprecated
    /// on iOS 13 for `UIWindowScene.interfaceOrientation`.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the interfaceOrientation property of the window scene instead.")
    public var statusBarOrientation: UIInterfaceOrientation { keyOrFirstScene?.interfaceOrientation ?? .portrait }

    /// Whether the status bar is hidden in the key window's scene. Deprecated on iOS 13. Setting
    /// it does nothing in an app whose controllers decide the status bar (UIKit's default, and
    /// every Flipbook app's), as UIKit documents; a set is reported once.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the statusBarManager property of the window scene instead.")
    public var isStatusBarHidden: Bool {
        get { keyOrFirstScene?.statusBarManager?.isStatusBarHidden ?? false }
        set { reportLegacyStatusBarSet("isStatusBarHidden", instead: "prefersStatusBarHidden") }
    }

    /// The style the deciding controller of the key window asks for (`.default` without one).
    /// Deprecated on iOS 9; setting it does nothing, as `isStatusBarHidden`.
    ///
    /// The style as asked for, not as drawn (`UIStatusBarManager.statusBarStyle` resolves
    /// `.default` to `.darkContent` or `.lightContent`): code written for this property predates
    /// `.darkContent` (iOS 13) and handles `.default` and `.lightContent` only (docs/Divergences.md).
    @available(iOS, introduced: 2.0, deprecated: 9.0, message: "Use -[UIViewController preferredStatusBarStyle]")
    public var statusBarStyle: UIStatusBarStyle {
        get {
            guard let window = keyWindow ?? windows.first else { return .default }
            return StatusBarAppearance.resolve(in: window).preferredStyle
        }
        set { reportLegacyStatusBarSet("statusBarStyle", instead: "preferredStatusBarStyle") }
    }

    /// Sets `statusBarStyle` (nothing happens). Deprecated on iOS 9.
    @available(iOS, introduced: 2.0, deprecated: 9.0, message: "Use -[UIViewController preferredStatusBarStyle]")
    public func setStatusBarStyle(_ statusBarStyle: UIStatusBarStyle, animated: Bool) {
        reportLegacyStatusBarSet("statusBarStyle", instead: "preferredStatusBarStyle")
    }

    /// Sets `isStatusBarHidden` (nothing happens). Deprecated on iOS 9.
    @available(iOS, introduced: 3.2, deprecated: 9.0, message: "Use -[UIViewController prefersStatusBarHidden]")
    public func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation) {
        reportLegacyStatusBarSet("isStatusBarHidden", instead: "prefersStatusBarHidden")
    }

    private func reportLegacyStatusBarSet(_ property: String, instead: String) {
        FlipbookDiagnostics.report(
            "UIApplication.\(property) was set: it does nothing while view controllers decide the status bar "
                + "(UIKit's default); override \(instead) and call setNeedsStatusBarAppearanceUpdate().",
            once: "UIApplication.legacyStatusBar.\(property)")
    }

    private var keyOrFirstScene: UIWindowScene? {
        keyWindow?.windowScene ?? windows.lazy.compactMap(\.windowScene).first
    }
}
