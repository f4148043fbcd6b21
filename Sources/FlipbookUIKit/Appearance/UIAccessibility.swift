import Foundation

/// Accessibility settings, UIKit's `UIAccessibility` (the parts transition code reads).
///
/// `isReduceMotionEnabled` is the setting of the AppDriver running the current app
/// (`UIApplication.shared`'s; `AppDriver.isReduceMotionEnabled`, default off; off when no driver
/// runs the app).
public enum UIAccessibility {
    /// Whether the user asked for less motion (Settings › Accessibility › Motion).
    @preconcurrency @MainActor public static var isReduceMotionEnabled: Bool {
        UIApplication.shared.driverEnvironment?.isReduceMotionEnabled ?? false
    }

    /// Posted on the default notification centre when `isReduceMotionEnabled` changes.
    public static let reduceMotionStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")

    /// Whether the user asked for less transparency (Settings › Accessibility › Display): the
    /// current AppDriver's `isReduceTransparencyEnabled` (default off). Flipbook's blur effects
    /// do not read it; apps do.
    @preconcurrency @MainActor public static var isReduceTransparencyEnabled: Bool {
        UIApplication.shared.driverEnvironment?.isReduceTransparencyEnabled ?? false
    }

    /// Posted on the default notification centre when `isReduceTransparencyEnabled` changes.
    public static let reduceTransparencyStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")

    /// Whether VoiceOver is running (never, in Flipbook).
    @preconcurrency @MainActor public static var isVoiceOverRunning: Bool { false }

    /// What an accessibility notification announces, UIKit's `UIAccessibility.Notification`.
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A new screen appeared (Apple's value 1000).
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout of the screen changed (1001).
        public static let layoutChanged = Notification(rawValue: 1001)
        /// An announcement to speak (1008).
        public static let announcement = Notification(rawValue: 1008)
        /// The page scrolled (1009).
        public static let pageScrolled = Notification(rawValue: 1009)
        /// VoiceOver should pause (1010) or resume (1011) assistive technology.
        public static let pauseAssistiveTechnology = Notification(rawValue: 1010)
        public static let resumeAssistiveTechnology = Notification(rawValue: 1011)
    }

    /// Tells assistive technology what changed. Flipbook has no assistive technology: the
    /// notification goes nowhere (docs/Divergences.md).
    @preconcurrency @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) {}
}

