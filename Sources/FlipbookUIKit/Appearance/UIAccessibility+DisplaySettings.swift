import Foundation

/// The display and VoiceOver settings of `UIAccessibility` that apps read to adapt their
/// colours, weights and transitions. Flipbook's devices have none of them turned on: each reads
/// false, and its notification (Apple's name) is never posted.
extension UIAccessibility {
    /// Whether Increase Contrast is on (Settings › Accessibility › Display): false.
    @preconcurrency @MainActor public static var isDarkerSystemColorsEnabled: Bool { false }
    /// Posted when Increase Contrast changes (never, in Flipbook).
    public static let darkerSystemColorsStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")

    /// Whether Bold Text is on: false.
    @preconcurrency @MainActor public static var isBoldTextEnabled: Bool { false }
    /// Posted when Bold Text changes (never, in Flipbook).
    public static let boldTextStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityBoldTextStatusDidChangeNotification")

    /// Whether Differentiate Without Colour is on: false.
    @preconcurrency @MainActor public static var shouldDifferentiateWithoutColor: Bool { false }
    /// Posted when Differentiate Without Colour changes (never, in Flipbook).
    public static let differentiateWithoutColorDidChangeNotification =
        NSNotification.Name("UIAccessibilityShouldDifferentiateWithoutColorDidChangeNotification")

    /// Whether Classic Invert is on: false.
    @preconcurrency @MainActor public static var isInvertColorsEnabled: Bool { false }
    /// Posted when Classic Invert changes (never, in Flipbook).
    public static let invertColorsStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityInvertColorsStatusDidChangeNotification")

    /// Whether Greyscale is on: false.
    @preconcurrency @MainActor public static var isGrayscaleEnabled: Bool { false }
    /// Posted when Greyscale changes (never, in Flipbook).
    public static let grayscaleStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityGrayscaleStatusDidChangeNotification")

    /// Whether Reduce Motion and Prefer Cross-Fade Transitions are both on: false (Flipbook has
    /// no cross-fade setting, whatever `isReduceMotionEnabled` says).
    @preconcurrency @MainActor public static var prefersCrossFadeTransitions: Bool { false }
    /// Posted when Prefer Cross-Fade Transitions changes (never, in Flipbook).
    public static let prefersCrossFadeTransitionsStatusDidChange =
        NSNotification.Name("UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification")

    /// Whether On/Off Labels is on: false.
    @preconcurrency @MainActor public static var isOnOffSwitchLabelsEnabled: Bool { false }

    /// Whether Switch Control is running: false.
    @preconcurrency @MainActor public static var isSwitchControlRunning: Bool { false }

    /// Whether closed captions are on: false.
    @preconcurrency @MainActor public static var isClosedCaptioningEnabled: Bool { false }

    /// Whether Mono Audio is on: false.
    @preconcurrency @MainActor public static var isMonoAudioEnabled: Bool { false }

    /// Posted when VoiceOver starts or stops (never, in Flipbook).
    public static let voiceOverStatusDidChangeNotification =
        NSNotification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
}
