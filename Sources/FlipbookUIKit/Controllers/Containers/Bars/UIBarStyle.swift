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
