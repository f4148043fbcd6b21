import Foundation

/// One instance of the app's interface, UIKit's `UIScene`. Flipbook makes one window scene per
/// AppDriver (its window's `windowScene`); there are no sessions, delegates or connection
/// options.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where the scene is in its life cycle (Flipbook's scenes are always in the foreground).
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }

    /// The scene's state: `.foregroundActive`.
    open var activationState: ActivationState { .foregroundActive }
    /// A title for the scene (stored; shown nowhere).
    open var title: String! = ""

    override init() { super.init() }
}

/// A scene that shows windows, UIKit's `UIWindowScene`: the AppDriver's, holding its window,
/// its screen, its interface orientation and the status bar's geometry.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The screen the scene is on.
    open private(set) var screen: UIScreen
    /// The interface's orientation (portrait at launch; `AppDriver.rotate(to:)` changes it).
    open internal(set) var interfaceOrientation: UIInterfaceOrientation = .portrait
    /// The status bar's geometry and visibility in this scene.
    open private(set) lazy var statusBarManager: UIStatusBarManager? = UIStatusBarManager(scene: self)

    init(screen: UIScreen) {
        self.screen = screen
        super.init()
    }

    /// The scene's coordinate space: its screen's, which follows the interface's orientation.
    open var coordinateSpace: any UICoordinateSpace { screen.coordinateSpace }

    /// The app's windows in this scene, in creation order.
    open var windows: [UIWindow] { UIApplication.shared.windows.filter { $0.windowScene === self } }

    /// The key window of the scene, if any.
    open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

    /// The traits of the scene: its first window's (a full-screen window's traits on the
    /// screen's device when it has none).
    open var traitCollection: UITraitCollection {
        windows.first?.traitCollection ?? UITraitCollection.window(device: screen.device, style: .light)
    }
}

extension UIApplication {
    /// The scenes the app's windows are on.
    public var connectedScenes: Set<UIScene> { Set(windows.compactMap(\.windowScene)) }
}
