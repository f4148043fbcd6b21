import Foundation

/// The orientation of the app's interface, UIKit's `UIInterfaceOrientation` (Apple's raw
/// values: the landscape cases are the device's turned the other way, so
/// `.landscapeLeft` is `UIDeviceOrientation.landscapeRight`).
public enum UIInterfaceOrientation: Int, Sendable, Hashable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    /// Whether the orientation is portrait or upside-down portrait.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is either landscape.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// A set of interface orientations, UIKit's `UIInterfaceOrientationMask` (bit `1 << o.rawValue`
/// for each orientation `o`, as Apple's).
public struct UIInterfaceOrientationMask: OptionSet, Sendable, Hashable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]

    /// Whether the mask contains `orientation` (Flipbook's helper; `.unknown` is never in a mask).
    func contains(_ orientation: UIInterfaceOrientation) -> Bool {
        orientation != .unknown && contains(UIInterfaceOrientationMask(rawValue: 1 << UInt(orientation.rawValue)))
    }
}

/// The physical orientation of the device, UIKit's `UIDeviceOrientation` (Apple's raw values).
public enum UIDeviceOrientation: Int, Sendable, Hashable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }

    /// The device orientation that shows the interface in `orientation` upright.
    init(_ orientation: UIInterfaceOrientation) {
        switch orientation {
        case .unknown: self = .unknown
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeRight
        case .landscapeRight: self = .landscapeLeft
        }
    }
}

extension UIScreen {
    /// The device's safe-area insets in the interface's orientation: the presets' portrait
    /// insets; in landscape an iPhone with a sensor housing is inset by it on both sides and by
    /// 21 points at the bottom (the home indicator), an iPhone with a home button not at all
    /// (its status bar is hidden), an iPad as in portrait.
    var orientedSafeAreaInsets: UIEdgeInsets {
        let d = device.safeAreaInsets
        guard interfaceOrientation.isLandscape, !device.name.contains("ipad") else { return d }
        if d.top >= 44 { return UIEdgeInsets(top: 0, left: d.top, bottom: 21, right: d.top) }
        return .zero
    }
}

extension UIViewController {
    /// Asks the system to rotate the interface to the device's orientation when the controllers
    /// now allow it, UIKit's `attemptRotationToDeviceOrientation()` (deprecated in iOS 16). The
    /// device of a Flipbook app turns only when `AppDriver.rotate(to:)` says so, and that checks
    /// `supportedInterfaceOrientations` itself, so there is nothing to retry: it does nothing.
    @available(iOS, introduced: 5.0, deprecated: 16.0, message: "Use setNeedsUpdateOfSupportedInterfaceOrientations")
    public static func attemptRotationToDeviceOrientation() {}

    /// Tells the system the supported orientations changed (iOS 16). As
    /// `attemptRotationToDeviceOrientation()`: `AppDriver.rotate(to:)` reads them when it turns.
    public func setNeedsUpdateOfSupportedInterfaceOrientations() {}
}
