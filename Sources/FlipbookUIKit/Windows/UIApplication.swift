import Foundation

/// The app object, UIKit's `UIApplication.shared`: it knows the app's windows and routes
/// touch events to them (`UIApplication+Events.swift`).
///
/// Windows register themselves when created; `windows` lists them back to front (by level,
/// then in the order they were shown). The app is the last responder of the chain: a
/// window's `next`.
///
/// There is one application per `AppRuntime`: it also keeps what UIKit tracks per app (running
/// transitions, the interactive transitions adopting animations, the environment an AppDriver
/// sets), so two apps in one process never see each other's.
@preconcurrency @MainActor
public final class UIApplication: UIResponder {
    /// The application of the runtime the current code runs in (`AppRuntime.current`).
    public static var shared: UIApplication { of(AppRuntime.current) }

    private var windowRefs: [WeakWindow] = []

    private struct WeakWindow { weak var window: UIWindow? }
    /// How many times a window was shown (`UIWindow.shownOrder`).
    private var windowShowCount = 0

    /// The app's one touches event (UIKit reuses one as well): the router fills it, the
    /// windows deliver what it carries.
    let touchesEvent: UIEvent
    /// Creates touches, hit-tests them and sends them (see `Events/TouchRouter.swift`).
    let touchRouter: TouchRouter
    /// Delivers a window's touches to recognizers and views (see `Events/TouchDelivery.swift`).
    let touchDelivery: TouchDelivery
    /// Decides gesture recognizers' state changes (see `Gestures/GestureArbiter.swift`).
    let gestureArbiter = GestureArbiter()
    /// How many `beginIgnoringInteractionEvents()` calls are not yet balanced.
    var ignoringInteractionEventsCount = 0
    /// The transitions running in this app now, oldest first (`TransitionEngine`).
    var runningTransitions: [TransitionEngine] = []
    /// Whether a transition of this app runs non-interactively (neither driven by an
    /// interaction nor interruptible; `TransitionEngine.isRunningNonInteractively`): the one
    /// question touch delivery needs answered.
    var blocksInteractionEvents: Bool { runningTransitions.contains { $0.isRunningNonInteractively } }
    /// Percent-driven transitions' layer-time drivers whose animations are adopted (`LayerTimeDriver`).
    var adoptingDrivers: [LayerTimeDriver] = []
    /// The environment of the AppDriver running this app, if one does (`DriverEnvironment`).
    weak var driverEnvironment: DriverEnvironment?
    /// Told of every touch this app dispatches (`touchObserver`, PreviewHooks.swift).
    @preconcurrency var touchObserverStorage: (@MainActor (UITouch.Phase, CGPoint, TouchOrigin) -> Void)?
    /// The app's first responder (`UIResponder.becomeFirstResponder()`), held weakly.
    weak var firstResponder: UIResponder?
    /// The zoom interaction whose gesture is starting a dismissal (`ZoomInteraction`).
    var startingZoomInteraction: ZoomInteraction?
    /// The screen `UIScreen.main` answers in this app: the AppDriver's screen when a driver runs
    /// the app, else an iPhone 15's (made the first time it is asked for).
    lazy var mainScreen = UIScreen(device: .iPhone15)
    /// The device `UIDevice.current` answers in this app (made the first time it is asked for).
    lazy var currentDevice = UIDevice(application: self)

    /// The runtime this application is the application of (weak: the runtime keeps it).
    private(set) weak var runtime: AppRuntime?

    init(runtime: AppRuntime) {
        self.runtime = runtime
        let event = UIEvent()
        touchesEvent = event
        touchRouter = TouchRouter(event: event)
        touchDelivery = TouchDelivery(event: event)
    }

    /// The app's live windows, back to front: by `windowLevel`, then (within a level) in the
    /// order they were shown, never-shown windows first, as UIKit's list is ordered "from back
    /// to front by window level".
    public var windows: [UIWindow] {
        let live = windowRefs.compactMap(\.window)
        return live.enumerated().sorted { a, b in
            if a.element.windowLevel != b.element.windowLevel { return a.element.windowLevel < b.element.windowLevel }
            let sa = a.element.shownOrder ?? -1, sb = b.element.shownOrder ?? -1
            return sa != sb ? sa < sb : a.offset < b.offset
        }.map(\.element)
    }

    /// The windows drawn on `scene`'s screen and touched there, back to front: those of the
    /// scene that are shown and not hidden (docs/Semantics.md, "Several windows on a screen").
    func visibleWindows(on scene: UIWindowScene) -> [UIWindow] {
        windows.filter { $0.windowScene === scene && !$0.isHidden && $0.shownOrder != nil }
    }

    /// The next value of `UIWindow.shownOrder`.
    func nextWindowShowOrder() -> Int {
        windowShowCount += 1
        return windowShowCount
    }

    /// The key window (the last one made key), if any.
    public var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

    /// Whether the idle timer is off. Flipbook's devices never dim or lock: kept for source
    /// compatibility.
    public var isIdleTimerDisabled = false

    /// Whether the app takes remote-control events (the lock screen's and headphones' play,
    /// pause and skip). Flipbook has no such controls, so none arrive: kept for source
    /// compatibility, as a media player starts and stops taking them.
    public private(set) var isReceivingRemoteControlEvents = false
    public func beginReceivingRemoteControlEvents() { isReceivingRemoteControlEvents = true }
    public func endReceivingRemoteControlEvents() { isReceivingRemoteControlEvents = false }

    /// The app's delegate (`UIApplicationDelegate.swift`), held weakly.
    weak var delegateObject: AnyObject?

    /// Lists a new window, which belongs from now on to the current runtime (this application's).
    func register(_ window: UIWindow) {
        window.layer.hostRuntime = AppRuntime.current
        windowRefs.removeAll { $0.window == nil || $0.window === window }
        windowRefs.append(WeakWindow(window: window))
    }

    /// Makes `window` the app's key window: the previous key window resigns first
    /// (`resignKey()`, then `UIWindow.didResignKeyNotification`), then `window` becomes key
    /// (`becomeKey()`, then `UIWindow.didBecomeKeyNotification`). Nothing happens to a window
    /// that is key already.
    func makeKey(_ window: UIWindow) {
        for w in windows where w !== window && w.isKeyWindowStorage {
            w.isKeyWindowStorage = false
            w.resignKey()
            NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: w)
        }
        guard !window.isKeyWindowStorage else { return }
        window.isKeyWindowStorage = true
        window.becomeKey()
        NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: window)
    }
}
