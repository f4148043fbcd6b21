import Foundation

/// A blur of what lies behind a `UIVisualEffectView`, UIKit's `UIBlurEffect`: a Gaussian of the
/// style's radius, the style's saturation and a tint on top (the numbers, and where they
/// come from, are in `BlurMaterial`).
@preconcurrency @MainActor
open class UIBlurEffect: UIVisualEffect {
    /// UIKit's blur styles (raw values as in UIKit).
    public enum Style: Int, Sendable, CaseIterable {
        case extraLight = 0
        case light = 1
        case dark = 2
        /// tvOS's darker style (drawn as `dark` plus a darker tint).
        case extraDark = 3
        /// Adapts to the user interface style (light or dark).
        case regular = 4
        /// Adapts to the user interface style, more opaque than `regular`.
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20
    }

    /// The style the effect was made with (UIKit keeps it private; Flipbook's own accessor).
    public let blurStyle: Style

    /// Creates a blur of `style`.
    public init(style: Style) {
        blurStyle = style
        super.init()
    }

    /// The numbers this effect draws with under `traits` (their user interface style picks
    /// the light or dark variant of the adaptive styles).
    public func material(for traits: UITraitCollection) -> BlurMaterial {
        BlurMaterial.resolve(blurStyle, dark: traits.userInterfaceStyle == .dark)
    }

    nonisolated open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIBlurEffect)?.blurStyle == blurStyle
    }

    nonisolated open override var hash: Int { blurStyle.rawValue &* 31 &+ 1 }
}
