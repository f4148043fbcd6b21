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
}
