import Foundation

/// The app delegate, UIKit's `UIApplicationDelegate`: the object the app tells of its life
/// cycle, and, by convention, the keeper of the app's main window (`window`).
///
/// UIKit's requirements are all Objective-C optional ones; here the life-cycle methods are
/// requirements with do-nothing defaults (an app delegate implements the ones it wants, and a
/// call through `UIApplication.shared.delegate` reaches its implementation). Flipbook launches no
/// app: nothing calls the launch methods (a test calls them itself) and, as its apps are always
/// active, nothing calls the activation methods; `AppDriver.simulateMemoryWarning()` calls
/// `applicationDidReceiveMemoryWarning(_:)`.
///
/// `window` is no requirement: see the extension below.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// The app finished launching (the older form of the launch message).
    func applicationDidFinishLaunching(_ application: UIApplication)
    /// The app is about to finish launching; false refuses the launch's URL.
    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The app finished launching; false refuses the launch's URL.
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The app became active.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The app is about to become inactive.
    func applicationWillResignActive(_ application: UIApplication)
    /// The app moved to the background.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The app is about to come back to the foreground.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// The app is about to end.
    func applicationWillTerminate(_ application: UIApplication)
    /// The app is short of memory.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// The orientations the app supports in `window` (not implemented: the app's declared
    /// ones, `UIApplication.declaredInterfaceOrientations`).
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
        -> UIInterfaceOrientationMask
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UIApplicationDelegate {
    public func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
        -> UIInterfaceOrientationMask
    {
        forwarded(as: UIApplicationDelegate.self) { $0.application(application, supportedInterfaceOrientationsFor: window) }
            ?? application.declaredInterfaceOrientations
    }
    public func applicationDidFinishLaunching(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationDidFinishLaunching(application) }
    }
    public func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        forwarded(as: UIApplicationDelegate.self) {
            $0.application(application, willFinishLaunchingWithOptions: launchOptions)
        } ?? true
    }
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        forwarded(as: UIApplicationDelegate.self) {
            $0.application(application, didFinishLaunchingWithOptions: launchOptions)
        } ?? true
    }
    public func applicationDidBecomeActive(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationDidBecomeActive(application) }
    }
    public func applicationWillResignActive(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationWillResignActive(application) }
    }
    public func applicationDidEnterBackground(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationDidEnterBackground(application) }
    }
    public func applicationWillEnterForeground(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationWillEnterForeground(application) }
    }
    public func applicationWillTerminate(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationWillTerminate(application) }
    }
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        forwarded(as: UIApplicationDelegate.self) { $0.applicationDidReceiveMemoryWarning(application) }
    }
}

extension UIApplicationDelegate {
    /// The delegate's main window as code reading it through `UIApplication.shared.delegate`
    /// sees it: `.none` when the delegate declares no window, `.some(nil)` when it declares one
    /// that is nil, `.some(window)` otherwise.
    ///
    /// On iOS `window` is the optional requirement `var window: UIWindow? { get set }`, so
    /// reading it through the protocol adds a level of optionality (`UIWindow??`): code writes
    /// `delegate?.window??.rootViewController`, `if let w = delegate?.window { w?.… }` or
    /// `guard let w = delegate?.window, let window = w`. Swift has no optional requirements
    /// without Objective-C, and a plain requirement would read as `UIWindow?` (those forms would
    /// not compile), so this member stands in for it: it answers the stored property
    /// `window` of type `UIWindow?` that the delegate's class (or a superclass) declares, found
    /// by reflection. An app delegate's own `var window: UIWindow?` is unaffected (reading it on
    /// the class gives `UIWindow?`, as on iOS). A property of another type (`let window =
    /// UIWindow()`, `var window: MyWindow?`) does not implement the requirement on iOS either:
    /// the answer is `.none` for it. Computed and lazy `window` properties are not seen (answer
    /// `.none`), and the window cannot be assigned through the protocol (docs/Divergences.md,
    /// "App delegate window").
    public var window: UIWindow?? {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children where child.label == "window" {
                if type(of: child.value) == Optional<UIWindow>.self { return .some(child.value as? UIWindow) }
            }
            mirror = current.superclassMirror
        }
        return .none
    }
}

extension UIApplication {
    /// The app's delegate, UIKit's `UIApplication.delegate`. Nil until code sets one: an
    /// `AppDriver` runs its app with no delegate, as a UIKit app that names none; a test that
    /// wants one sets it (`UIApplication.shared.delegate = appDelegate`, in the driver's runtime)
    /// and keeps it alive. UIKit holds it `unowned(unsafe)`, so reading a released delegate
    /// crashes there; here it is held weakly and reads nil (docs/Divergences.md, "App delegate").
    public var delegate: (any UIApplicationDelegate)? {
        get { delegateObject as? any UIApplicationDelegate }
        set { delegateObject = newValue.map { $0 as AnyObject } }
    }

    /// The keys of the launch options dictionary, UIKit's `UIApplication.LaunchOptionsKey`
    /// (Apple's strings; Flipbook launches no app, so no dictionary carries them).
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The URL the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that asked to open the URL.
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        /// The remote notification the app was launched for.
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        /// The URL's annotation.
        public static let annotation = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
        /// The app was launched for a location event.
        public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
        /// The user activity dictionary the app was launched to continue.
        public static let userActivityDictionary = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
        /// The user activity type the app was launched to continue.
        public static let userActivityType = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
        /// The Home screen quick action the app was launched for.
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
    }
}
