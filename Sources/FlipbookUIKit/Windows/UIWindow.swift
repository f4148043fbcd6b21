import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The root of a view tree on a screen, UIKit's `UIWindow`.
///
/// A window is a view with no superview. `makeKeyAndVisible()` shows it and makes it key.
/// Layout runs at Core Animation's commit on the next frame of `MediaClock.main` (UIKit lays
/// out at the end of the run loop); `layoutIfNeeded()` runs it immediately. `rootViewController`
/// is in Controllers/UIWindow+RootViewController.swift.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The screen the window is on (its bounds default to the screen's).
    open var screen: UIScreen {
        get { _screen }
        set {
            _screen = newValue
            frame = screen.bounds
        }
    }
    private var _screen: UIScreen = .main

    /// The scene the window belongs to (the AppDriver's window scene for its window; nil for
    /// other windows until set). Weak, as in UIKit: the scene's owner keeps it.
    open weak var windowScene: UIWindowScene?

    /// The window's level: higher levels sit above lower ones (normal 0, alert 2000, statusBar 1000).
    open var windowLevel: UIWindow.Level = .normal

    /// When the window was last shown (made visible or `makeKeyAndVisible()`), counting the
    /// app's shows: nil while it has never been shown. Among windows of one level the one shown
    /// last is in front (docs/Semantics.md, "Several windows on a screen").
    var shownOrder: Int?

    /// Showing a window (`isHidden` set to false) brings it to the front of its level and posts
    /// `didBecomeVisibleNotification`; hiding a shown window posts `didBecomeHiddenNotification`
    /// (object: the window). A window never shown counts as hidden, as UIKit's windows start hidden.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            let wasHidden = super.isHidden
            let wasShown = !wasHidden && shownOrder != nil
            super.isHidden = newValue
            if !newValue, !wasShown {
                shownOrder = application.nextWindowShowOrder()
                NotificationCenter.default.post(name: Self.didBecomeVisibleNotification, object: self)
            } else if newValue, wasShown {
                NotificationCenter.default.post(name: Self.didBecomeHiddenNotification, object: self)
            }
        }
    }

    /// Posted (object: the window) when a window is shown: `isHidden` set to false, or
    /// `makeKeyAndVisible()` on a hidden window.
    nonisolated public static let didBecomeVisibleNotification = NSNotification.Name("UIWindowDidBecomeVisibleNotification")
    /// Posted (object: the window) when a shown window is hidden.
    nonisolated public static let didBecomeHiddenNotification = NSNotification.Name("UIWindowDidBecomeHiddenNotification")
    /// Posted (object: the window) after a window became key (after `becomeKey()`).
    nonisolated public static let didBecomeKeyNotification = NSNotification.Name("UIWindowDidBecomeKeyNotification")
    /// Posted (object: the window) after the key window stopped being key (after `resignKey()`),
    /// before the new key window's `didBecomeKeyNotification`.
    nonisolated public static let didResignKeyNotification = NSNotification.Name("UIWindowDidResignKeyNotification")

    var isKeyWindowStorage = false
    /// The status bar an AppDriver draws over this window, if it shows one (`StatusBarOverlay`).
    var statusBarOverlay: StatusBarOverlay?
    /// The storage behind `rootViewController`.
    var rootViewControllerStorage: UIViewController?

    /// Whether this is the app's key window.
    open var isKeyWindow: Bool { isKeyWindowStorage }

    /// A window as large as the main screen.
    public convenience init() { self.init(frame: UIScreen.main.bounds) }

    /// A window belongs to the runtime it is made in (`UIApplication.register(_:)`): its layer
    /// tree, and so every view and layer in it, reaches that runtime through it
    /// (`AppRuntime.owning(_:)`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        UIApplication.shared.register(self)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        UIApplication.shared.register(self)
    }

    /// A window on `windowScene`, as large as its screen. Designated, as UIKit's (iOS 13), so a
    /// window subclass can call `super.init(windowScene:)`.
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        UIApplication.shared.register(self)
        screen = windowScene.screen
        self.windowScene = windowScene
    }

    /// The application of the runtime this window belongs to.
    var application: UIApplication { UIApplication.of(layer.owningRuntime) }

    /// Shows the window (`didBecomeVisibleNotification` if it was hidden), makes it key (the
    /// previous key window's `didResignKeyNotification`, then this one's
    /// `didBecomeKeyNotification`), then lays it out.
    open func makeKeyAndVisible() {
        isHidden = false
        if shownOrder == nil { shownOrder = application.nextWindowShowOrder() }
        makeKey()
        layoutIfNeeded()
    }

    /// Makes the window key without changing its visibility (the previous key window resigns
    /// first; nothing happens when it is key already).
    open func makeKey() {
        application.makeKey(self)
    }

    /// The window's next responder: the application.
    open override var next: UIResponder? { application }

    /// Delivers `event`'s touches in this window: first to the gesture recognizers of each
    /// touch's view and its ancestors, then to the touch's view (and up its responder chain,
    /// by UIResponder's default forwarding), as UIKit's window does. Called by
    /// `UIApplication.sendEvent(_:)`; an override that does not call super swallows the event
    /// for this window.
    open func sendEvent(_ event: UIEvent) {
        application.touchDelivery.deliver(event, in: self)
    }

    /// Called when the window becomes key, before `didBecomeKeyNotification` (an override
    /// point: never call it; the default does nothing).
    open func becomeKey() {}
    /// Called when the window stops being key, before `didResignKeyNotification` (an override
    /// point: never call it; the default does nothing).
    open func resignKey() {}

    /// The safe-area insets of the window: the screen's device preset (when the window fills
    /// the screen; otherwise clipped to the part of the window the device insets cover).
    var windowSafeAreaInsets: UIEdgeInsets {
        let d = screen.orientedSafeAreaInsets
        let f = frame, s = screen.bounds
        return UIEdgeInsets(
            top: max(0, d.top - (f.minY - s.minY)), left: max(0, d.left - (f.minX - s.minX)),
            bottom: max(0, d.bottom - (s.maxY - f.maxY)), right: max(0, d.right - (s.maxX - f.maxX)))
    }
}

extension UIWindow {
    /// A window level, UIKit's `UIWindow.Level`.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)
        public static func < (l: Level, r: Level) -> Bool { l.rawValue < r.rawValue }
        public static func + (l: Level, r: CGFloat) -> Level { Level(l.rawValue + r) }
        public static func - (l: Level, r: CGFloat) -> Level { Level(l.rawValue - r) }
    }
}
