import Foundation

/// Accessibility settings, UIKit's `UIAccessibility` (the parts transition code reads).
///
/// `isReduceMotionEnabled` is the setting of the AppDriver running the app
/// (`AppDriver.isReduceMotionEnabled`, default off; off when no driver exists).
public enum UIAccessibility {
    /// Whether the user asked for less motion (Settings › Accessibility › Motion).
    @preconcurrency @MainActor public static var isReduceMotionEnabled: Bool {
        DriverEnvironment.current?.isReduceMotionEnabled ?? false
    }

    /// Posted on the default notification centre when `isReduceMotionEnabled` changes.
    public static let reduceMotionStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")

    /// Whether VoiceOver is running (never, in Flipbook).
    @preconcurrency @MainActor public static var isVoiceOverRunning: Bool { false }
}
