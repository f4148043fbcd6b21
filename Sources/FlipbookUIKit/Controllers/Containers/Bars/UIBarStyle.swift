import Foundation

/// The look of a navigation bar or toolbar, UIKit's `UIBarStyle` (Apple's raw values).
public enum UIBarStyle: Int, Sendable, Hashable {
    /// A light bar with dark content.
    case `default` = 0
    /// A dark bar with light content.
    case black = 1
    /// Deprecated: `.black` with `isTranslucent` true.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use UIBarStyleBlack and set the translucent property to YES")
    case blackTranslucent = 2

    /// Deprecated: the same as `.black`.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use UIBarStyleBlack instead.")
    public static var blackOpaque: UIBarStyle { .black }
}

/// The bar sizes a background image is set for, UIKit's `UIBarMetrics` (Apple's raw values).
public enum UIBarMetrics: Int, Sendable, Hashable {
    /// The usual bar.
    case `default` = 0
    /// A compact bar (an iPhone in landscape).
    case compact = 1
    /// The usual bar with a prompt.
    case defaultPrompt = 101
    /// A compact bar with a prompt.
    case compactPrompt = 102

    /// Deprecated: the same as `.compact`.
    @available(iOS, introduced: 5.0, deprecated: 8.0, message: "Use UIBarMetricsCompact instead")
    public static var landscapePhone: UIBarMetrics { .compact }
}
