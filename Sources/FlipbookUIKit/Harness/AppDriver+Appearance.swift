import Foundation
import FlipbookQuartz

/// What an AppDriver sets for the app it runs that iOS keeps as device settings: appearance,
/// Reduce Motion, the status bar overlay, and the haptics log, kept by the app's application
/// (`UIApplication.driverEnvironment`): UIAccessibility reads the current app's, a feedback
/// generator its own app's; a new
/// driver starts from iOS's defaults, so one test's settings never reach another's.
@preconcurrency @MainActor
final class DriverEnvironment {
    weak var window: UIWindow?
    let startTime: CFTimeInterval
    /// The runtime the driver runs its app in (the one this environment was made in; the driver
    /// keeps it).
    private(set) weak var runtime: AppRuntime?
    var isReduceMotionEnabled = false
    var isReduceTransparencyEnabled = false
    /// The software keyboard's frame in screen coordinates while shown (AppDriver+Keyboard.swift).
    var keyboardFrame: CGRect?
    /// The driver's window scene (its window's `windowScene`), owned here.
    var windowScene: UIWindowScene?
    let haptics = FeedbackLog()
    var statusBar: StatusBarOverlay?

    init(startTime: CFTimeInterval) {
        self.startTime = startTime
        runtime = AppRuntime.current
        UIApplication.shared.driverEnvironment = self
    }

    /// Sets an accessibility setting (Reduce Motion, Reduce Transparency) and, when it changed,
    /// posts its status notification, as iOS does.
    func set(
        _ setting: ReferenceWritableKeyPath<DriverEnvironment, Bool>, _ value: Bool, posting name: Notification.Name
    ) {
        guard value != self[keyPath: setting] else { return }
        self[keyPath: setting] = value
        NotificationCenter.default.post(name: name, object: nil)
    }
}

extension AppDriver {
    /// The appearance the app runs in, as the Settings app's Light/Dark switch (default
    /// light). Setting it re-evaluates every trait collection in the window: dynamic colours
    /// resolve again, `traitCollectionDidChange` and registered handlers run.
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { window.traitState.systemStyle == .dark ? .dark : .light }
        set {
            guard newValue != window.traitState.systemStyle else { return }
            runtime.run {
                window.traitState.systemStyle = newValue
                window.propagateTraitChanges()
                refreshStatusBar(duration: 0)
            }
        }
    }

    /// Whether Reduce Motion is on (default off). Changing it posts
    /// `UIAccessibility.reduceMotionStatusDidChangeNotification`.
    public var isReduceMotionEnabled: Bool {
        get { environment.isReduceMotionEnabled }
        set {
            runtime.run {
                environment.set(\.isReduceMotionEnabled, newValue, posting: UIAccessibility.reduceMotionStatusDidChangeNotification)
            }
        }
    }

    /// Whether rendered frames show the status bar (default off, so frames show only the
    /// app's own views). On, it is drawn over the window as iOS draws it and follows the
    /// deciding controller (`StatusBarAppearance`).
    public var showsStatusBar: Bool {
        get { environment.statusBar != nil }
        set {
            runtime.run {
                if newValue, environment.statusBar == nil {
                    environment.statusBar = StatusBarOverlay(window: window)
                } else if !newValue, let overlay = environment.statusBar {
                    overlay.remove()
                    environment.statusBar = nil
                }
            }
        }
    }

    /// What decides the status bar now (whether or not it is drawn).
    public var statusBarAppearance: StatusBarAppearance { StatusBarAppearance.resolve(in: window) }

    /// Every haptic the app asked for, with its time.
    public var haptics: FeedbackLog { environment.haptics }

    /// Brings the drawn status bar up to date (rendering calls this; changes found here, not
    /// announced by a transition or `setNeedsStatusBarAppearanceUpdate()`, show at once).
    func refreshStatusBar(duration: TimeInterval) {
        environment.statusBar?.update(duration: duration)
    }
}

extension UIView {
    /// The duration of the animation block being recorded, or 0 outside one.
    static var currentAnimationDurationForStatusBar: TimeInterval {
        guard UIView.areAnimationsEnabled, let state = UIViewAnimationRegistry.current else { return 0 }
        return state.spec.duration
    }
}

extension AppDriver {
    /// The appearance every AppDriver created afterwards starts in (the `flipbook render
    /// --appearance` option sets it before building scenes; tests set `userInterfaceStyle`
    /// on their own driver instead).
    public static var launchUserInterfaceStyle: UIUserInterfaceStyle = .light

    func applyLaunchSettings() {
        if Self.launchUserInterfaceStyle == .dark { userInterfaceStyle = .dark }
    }
}
