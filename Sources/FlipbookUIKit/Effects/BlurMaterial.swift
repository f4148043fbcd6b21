import Foundation

/// The numbers a blur style draws with: Flipbook's one table of them (docs/Divergences.md,
/// "Blur styles", gives each number's source; change them here only).
///
/// A style draws as: a Gaussian blur of the backdrop with standard deviation `radius` points,
/// its saturation scaled by `saturation`, then a tint of grey level `tintWhite` at opacity
/// `tintAlpha` over it (UIKit's effect view has the same three parts: a backdrop layer with a
/// blur and saturation filter, a tint subview, the content view).
public struct BlurMaterial: Sendable, Equatable {
    /// The Gaussian's standard deviation in points.
    public var radius: CGFloat
    /// Saturation factor (1 unchanged).
    public var saturation: CGFloat
    /// Tint grey level 0…1.
    public var tintWhite: CGFloat
    /// Tint opacity 0…1.
    public var tintAlpha: CGFloat

    public init(radius: CGFloat, saturation: CGFloat, tintWhite: CGFloat, tintAlpha: CGFloat) {
        self.radius = radius
        self.saturation = saturation
        self.tintWhite = tintWhite
        self.tintAlpha = tintAlpha
    }

    /// No effect: what a nil effect draws (and animates from).
    public static let none = BlurMaterial(radius: 0, saturation: 1, tintWhite: 1, tintAlpha: 0)

    // The iOS 7/8 styles: Apple's own numbers from UIImage+ImageEffects (WWDC 2013 sample code,
    // applyLightEffect / applyExtraLightEffect / applyDarkEffect), which the iOS 7 blur styles
    // and UIBlurEffect's light, extraLight and dark follow.
    static let light = BlurMaterial(radius: 30, saturation: 1.8, tintWhite: 1.0, tintAlpha: 0.3)
    static let extraLight = BlurMaterial(radius: 20, saturation: 1.8, tintWhite: 0.97, tintAlpha: 0.82)
    static let dark = BlurMaterial(radius: 20, saturation: 1.8, tintWhite: 0.11, tintAlpha: 0.73)
    static let extraDark = BlurMaterial(radius: 20, saturation: 1.8, tintWhite: 0.05, tintAlpha: 0.85)

    // iOS 13 materials: Apple publishes no numbers. The HIG orders them by thickness (how much
    // of the backdrop shows through), and all blur strongly; Flipbook keeps one radius (30 pt,
    // the light style's) and saturation, and grows the tint's opacity with thickness, in the
    // light (near-white) and dark (near-black) variants.
    static func systemMaterial(_ thickness: Int, dark: Bool) -> BlurMaterial {
        let lightAlpha: [CGFloat] = [0.35, 0.55, 0.72, 0.86, 0.78]
        let darkAlpha: [CGFloat] = [0.40, 0.58, 0.72, 0.86, 0.80]
        let k = min(max(thickness, 0), 4)
        return dark
            ? BlurMaterial(radius: 30, saturation: 1.8, tintWhite: 0.11, tintAlpha: darkAlpha[k])
            : BlurMaterial(radius: 30, saturation: 1.8, tintWhite: 0.97, tintAlpha: lightAlpha[k])
    }

    /// The numbers of `style`, its adaptive styles resolved for a dark or light interface.
    public static func resolve(_ style: UIBlurEffect.Style, dark: Bool) -> BlurMaterial {
        switch style {
        case .extraLight: .extraLight
        case .light: .light
        case .dark: .dark
        case .extraDark: .extraDark
        case .regular: dark ? .dark : .light
        case .prominent: dark ? BlurMaterial(radius: 20, saturation: 1.8, tintWhite: 0.11, tintAlpha: 0.85) : .extraLight
        case .systemUltraThinMaterial: systemMaterial(0, dark: dark)
        case .systemThinMaterial: systemMaterial(1, dark: dark)
        case .systemMaterial: systemMaterial(2, dark: dark)
        case .systemThickMaterial: systemMaterial(3, dark: dark)
        case .systemChromeMaterial: systemMaterial(4, dark: dark)
        case .systemUltraThinMaterialLight: systemMaterial(0, dark: false)
        case .systemThinMaterialLight: systemMaterial(1, dark: false)
        case .systemMaterialLight: systemMaterial(2, dark: false)
        case .systemThickMaterialLight: systemMaterial(3, dark: false)
        case .systemChromeMaterialLight: systemMaterial(4, dark: false)
        case .systemUltraThinMaterialDark: systemMaterial(0, dark: true)
        case .systemThinMaterialDark: systemMaterial(1, dark: true)
        case .systemMaterialDark: systemMaterial(2, dark: true)
        case .systemThickMaterialDark: systemMaterial(3, dark: true)
        case .systemChromeMaterialDark: systemMaterial(4, dark: true)
        }
    }
}
