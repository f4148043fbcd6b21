import Foundation

/// The device the app runs on, UIKit's `UIDevice`: in Flipbook the current AppDriver's
/// device preset (`UIScreen.Device`), an iPhone when no driver runs.
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The one device object.
    public static let current = UIDevice()

    override init() { super.init() }

    /// The running driver's device preset, or the main screen's.
    private var device: UIScreen.Device {
        DriverEnvironment.current?.windowScene?.screen.device ?? UIScreen.main.device
    }

    private var isPad: Bool { device.name.contains("ipad") }

    /// `.pad` for the iPad preset, `.phone` for the iPhones.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { isPad ? .pad : .phone }

    /// The device's physical orientation: the one that shows the current interface
    /// orientation upright (`AppDriver.rotate(to:)`), portrait at launch.
    open var orientation: UIDeviceOrientation {
        UIDeviceOrientation(DriverEnvironment.current?.windowScene?.interfaceOrientation ?? .portrait)
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
