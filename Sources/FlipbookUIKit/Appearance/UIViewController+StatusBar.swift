import Foundation
import FlipbookQuartz

/// Status bar content styles, UIKit's `UIStatusBarStyle` (Apple's raw values).
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark content in light appearance, light content in dark appearance.
    case `default` = 0
    /// White content, for dark backgrounds.
    case lightContent = 1
    /// Black content, for light backgrounds.
    case darkContent = 3
}

/// How status bar changes animate, UIKit's `UIStatusBarAnimation`.
public enum UIStatusBarAnimation: Int, Sendable {
    case none = 0, fade, slide
}

/// Which controllers decide the status bar, and what they decide (docs/Semantics.md,
/// "Status bar").
///
/// UIKit's rules: start at the window's root view controller; walk up the chain of presented
/// controllers; a presented controller takes over when it covers the screen (`.fullScreen`,
/// `.overFullScreen`, or a custom presentation whose controller's `shouldPresentInFullscreen`
/// is true) or when its `modalPresentationCapturesStatusBarAppearance` is true. A controller
/// being dismissed no longer decides (the status bar changes back as the dismissal starts; a
/// cancelled dismissal gives it back). From the deciding controller, `childForStatusBarStyle`
/// and `childForStatusBarHidden` are followed separately (UINavigationController defers the
/// style to its top controller only while its bar is hidden, and visibility always).
public struct StatusBarAppearance: Equatable, Sendable {
    /// The content style as drawn: `.default` resolved for the deciding controller's traits
    /// (`.darkContent` in light appearance, `.lightContent` in dark).
    public var style: UIStatusBarStyle
    /// The style the deciding controller asked for.
    public var preferredStyle: UIStatusBarStyle
    public var isHidden: Bool
    /// The animation the deciding controller wants for changes.
    public var animation: UIStatusBarAnimation

    /// What decides the status bar of `window` now.
    @preconcurrency @MainActor public static func resolve(in window: UIWindow) -> StatusBarAppearance {
        guard let decider = StatusBarRules.decidingController(in: window) else {
            let dark = window.traitCollection.userInterfaceStyle == .dark
            return StatusBarAppearance(style: dark ? .lightContent : .darkContent, preferredStyle: .default, isHidden: false, animation: .fade)
        }
        let styleOwner = StatusBarRules.follow(decider) { $0.childForStatusBarStyle }
        let hiddenOwner = StatusBarRules.follow(decider) { $0.childForStatusBarHidden }
        let preferred = styleOwner.preferredStatusBarStyle
        let drawn: UIStatusBarStyle
        if preferred == .default {
            drawn = styleOwner.traitCollection.userInterfaceStyle == .dark ? .lightContent : .darkContent
        } else {
            drawn = preferred
        }
        return StatusBarAppearance(
            style: drawn, preferredStyle: preferred, isHidden: hiddenOwner.prefersStatusBarHidden,
            animation: decider.preferredStatusBarUpdateAnimation)
    }
}

@preconcurrency @MainActor
enum StatusBarRules {
    /// The controller whose preferences (or whose children's) the status bar follows.
    static func decidingController(in window: UIWindow) -> UIViewController? {
        guard let root = window.rootViewController else { return nil }
        var decider = root
        var current = root
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let presented = current.presentedViewController, seen.insert(ObjectIdentifier(presented)).inserted {
            if presented.isBeingDismissed { break }
            if takesOver(presented) { decider = presented }
            current = presented
        }
        return decider
    }

    static func takesOver(_ vc: UIViewController) -> Bool {
        if vc.modalPresentationCapturesStatusBarAppearance { return true }
        guard let record = vc.presentationRecord else { return false }
        switch record.style {
        case .fullScreen, .overFullScreen: return true
        case .custom: return record.presentationController.shouldPresentInFullscreen
        default: return false
        }
    }

    /// Follows `child` links from `vc` (at most 32, so a cycle cannot hang).
    static func follow(_ vc: UIViewController, _ child: (UIViewController) -> UIViewController?) -> UIViewController {
        var v = vc
        for _ in 0..<32 {
            guard let c = child(v), c !== v else { return v }
            v = c
        }
        FlipbookDiagnostics.report("childForStatusBarStyle/Hidden: the chain from \(type(of: vc)) does not end; using the last controller reached.", once: "status-bar-child-cycle")
        return v
    }
}

extension UIViewController {
    /// UIKit's containers' defaults: a navigation controller defers the style to its top
    /// controller only while its navigation bar is hidden.
    var defaultChildForStatusBarStyle: UIViewController? {
        if let nav = self as? UINavigationController, nav.isNavigationBarHidden { return nav.topViewController }
        return nil
    }

    /// A navigation controller defers visibility to its top controller.
    var defaultChildForStatusBarHidden: UIViewController? {
        (self as? UINavigationController)?.topViewController
    }

    func statusBarAppearanceNeedsUpdate() {
        guard let window = viewIfLoaded?.window ?? presentingViewController?.viewIfLoaded?.window else { return }
        StatusBarOverlay.appearanceMayHaveChanged(in: window, duration: UIView.currentAnimationDurationForStatusBar)
    }
}
