import Foundation

/// The device the app runs on, UIKit's `UIDevice`: in Flipbook the device preset
/// (`UIScreen.Device`) of the app's AppDriver, an iPhone when no driver runs. There is one
/// per app (`AppRuntime`), as on iOS, where each app is a process: `current` answers for the
/// app the current code runs in, and its orientation notifications are that app's.
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The device object of the current app (`AppRuntime.current`).
    open class var current: UIDevice { UIApplication.shared.currentDevice }

    /// The application this device object belongs to (weak: the application keeps it).
    private weak var application: UIApplication?

    init(application: UIApplication) {
        self.application = application
        super.init()
    }

    /// A device object for the current app: it answers as `current` does (`UIDevice()` works
    /// on iOS too, where every instance describes the one device).
    public override convenience init() {
        self.init(application: UIApplication.shared)
    }

    /// The app's application, or the current one's if it is gone.
    private var app: UIApplication { application ?? UIApplication.shared }

    /// The app's driver's device preset, or its main screen's.
    private var device: UIScreen.Device {
        app.driverEnvironment?.windowScene?.screen.device ?? app.mainScreen.device
    }

    private var isPad: Bool { device.name.contains("ipad") }

    /// `.pad` for the iPad preset, `.phone` for the iPhones.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { isPad ? .pad : .phone }

    /// The device's physical orientation: the one that shows the current interface
    /// orientation upright (`AppDriver.rotate(to:)`), portrait at launch.
    open var orientation: UIDeviceOrientation {
        UIDeviceOrientation(app.driverEnvironment?.windowScene?.interfaceOrientation ?? .portrait)
    }

    /// The device's name, as iOS 16 and later return it to apps ("iPhone", "iPad").
    open var name: String { model }
    /// The model ("iPhone" or "iPad").
    open var model: String { isPad ? "iPad" : "iPhone" }
    /// The model as a localized string (the same as `model`).
    open var localizedModel: String { model }
    /// "iOS".
    open var systemName: String { "iOS" }
    /// The iOS version Flipbook's behaviour follows ("18.0").
    open var systemVersion: String { "18.0" }
    /// Whether the device can run apps side by side (true).
    open var isMultitaskingSupported: Bool { true }

    /// Whether orientation notifications are being generated (counts begin/end calls).
    open var isGeneratingDeviceOrientationNotifications: Bool { orientationNotificationCount > 0 }
    private var orientationNotificationCount = 0
    /// Starts `orientationDidChangeNotification`s (posted by `AppDriver.rotate(to:)`).
    open func beginGeneratingDeviceOrientationNotifications() { orientationNotificationCount += 1 }
    /// Balances one `beginGeneratingDeviceOrientationNotifications()`.
    open func endGeneratingDeviceOrientationNotifications() {
        orientationNotificationCount = max(0, orientationNotificationCount - 1)
    }

    /// Posted when the device's orientation changes (while notifications are being generated).
    nonisolated public static let orientationDidChangeNotification =
        NSNotification.Name("UIDeviceOrientationDidChangeNotification")
}
