import Foundation
import FlipbookGeometry

/// A colour, UIKit's `UIColor`: four sRGB components in 0…1 (extended-range values are kept).
///
/// Dynamic colours (`init(dynamicProvider:)`, and the system and semantic colours, which have
/// iOS's light and dark values) resolve with `UITraitCollection.current` wherever a fixed value
/// is needed (`cgColor`, `getRed`…); views resolve them with their own trait collection
/// (UIColor+Dynamic.swift). NaN components read as 0. Immutable and `Sendable`, like Apple's.
public final class UIColor: NSObject, @unchecked Sendable {
    /// The components (a dynamic colour's light-mode resolution).
    let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    /// The provider of a dynamic colour (nil for a fixed colour).
    let dynamicProvider: (@Sendable (UITraitCollection) -> UIColor)?

    private static func clean(_ x: CGFloat) -> CGFloat { x.isNaN ? 0 : x }

    /// A colour from sRGB components in 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.clean(red); self.green = Self.clean(green)
        self.blue = Self.clean(blue); self.alpha = Self.clean(alpha)
        self.dynamicProvider = nil
    }

    /// NSObject's `init()`, which iOS code calls for a placeholder colour it replaces later
    /// (`var viewColor = UIColor()`): a colour without components, which draws nothing. Here
    /// transparent black (docs/Divergences.md, "Fonts").
    public override convenience init() { self.init(red: 0, green: 0, blue: 0, alpha: 0) }

    /// A colour that changes with the traits it is resolved for (light and dark appearance…).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        let light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))
        red = light.red; green = light.green; blue = light.blue; alpha = light.alpha
        self.dynamicProvider = dynamicProvider
    }

    /// A colour from sRGB components (Flipbook has only sRGB, so this equals `init(red:…)`).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (HSB, all 0…1; hue wraps).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = Self.clean(hue), s = min(max(Self.clean(saturation), 0), 1), v = Self.clean(brightness)
        let scaled = (h - floor(h)) * 6
        let sector = Int(scaled) % 6
        let f = scaled - floor(scaled)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// The colour of a `CGColor` (grey and RGBA components both understood).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        switch c.count {
        case 2: self.init(white: c[0], alpha: c[1])
        case 4...: self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        default: self.init(red: 0, green: 0, blue: 0, alpha: 1)
        }
    }

    /// The Core Graphics colour with the same components.
    public var cgColor: CGColor {
        let c = resolvedForCurrentTraits
        return CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// Flipbook has no `CIColor`; this returns the colour itself for code that reads components.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider = dynamicProvider {
            return UIColor { provider($0).withAlphaComponent(alpha) }
        }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Writes the sRGB components into the pointers given; returns true (always convertible).
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = resolvedForCurrentTraits
        red?.pointee = c.red; green?.pointee = c.green; blue?.pointee = c.blue; alpha?.pointee = c.alpha
        return true
    }

    /// Writes the grey level (Rec. 601 luma of the components) and alpha; returns true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = resolvedForCurrentTraits
        white?.pointee = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
        alpha?.pointee = c.alpha
        return true
    }

    /// Writes hue, saturation, brightness (0…1) and alpha; returns true.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = resolvedForCurrentTraits
        let red = c.red, green = c.green, blue = c.blue
        let maxC = max(red, green, blue), minC = min(red, green, blue), d = maxC - minC
        var h: CGFloat = 0
        if d > 0 {
            if maxC == red { h = ((green - blue) / d).truncatingRemainder(dividingBy: 6) }
            else if maxC == green { h = (blue - red) / d + 2 }
            else { h = (red - green) / d + 4 }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maxC > 0 ? d / maxC : 0
        brightness?.pointee = maxC
        alpha?.pointee = c.alpha
        return true
    }

    /// Sets this colour as the fill and stroke colour of the current graphics context.
    @preconcurrency @MainActor public func set() { setFill(); setStroke() }
    /// Sets this colour as the fill colour of `UIGraphicsGetCurrentContext()`.
    @preconcurrency @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Sets this colour as the stroke colour of `UIGraphicsGetCurrentContext()`.
    @preconcurrency @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Fixed colours are equal when their components are; when either is dynamic, when they
    /// resolve to equal components in both light and dark appearance.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let r = object as? UIColor else { return false }
        let l = self
        if l === r { return true }
        if l.dynamicProvider != nil || r.dynamicProvider != nil {
            for style in [UIUserInterfaceStyle.light, .dark] {
                let t = UITraitCollection(userInterfaceStyle: style)
                guard l.resolvedColor(with: t) == r.resolvedColor(with: t) else { return false }
            }
            return true
        }
        return l.red == r.red && l.green == r.green && l.blue == r.blue && l.alpha == r.alpha
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha)

        return h.finalize()
    }

    public override var description: String { "UIExtendedSRGBColorSpace \(red) \(green) \(blue) \(alpha)" }
}

extension UIColor {
    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    // MARK: Fixed colours (Apple's values)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)

    // MARK: System colours (iOS light and dark mode, default contrast)
    public static let systemRed = dynamic(rgb(255, 59, 48), rgb(255, 69, 58))
    public static let systemOrange = dynamic(rgb(255, 149, 0), rgb(255, 159, 10))
    public static let systemYellow = dynamic(rgb(255, 204, 0), rgb(255, 214, 10))
    public static let systemGreen = dynamic(rgb(52, 199, 89), rgb(48, 209, 88))
    public static let systemMint = dynamic(rgb(0, 199, 190), rgb(99, 230, 226))
    public static let systemTeal = dynamic(rgb(48, 176, 199), rgb(64, 200, 224))
    public static let systemCyan = dynamic(rgb(50, 173, 230), rgb(100, 210, 255))
    public static let systemBlue = dynamic(rgb(0, 122, 255), rgb(10, 132, 255))
    public static let systemIndigo = dynamic(rgb(88, 86, 214), rgb(94, 92, 230))
    public static let systemPurple = dynamic(rgb(175, 82, 222), rgb(191, 90, 242))
    public static let systemPink = dynamic(rgb(255, 45, 85), rgb(255, 55, 95))
    public static let systemBrown = dynamic(rgb(162, 132, 94), rgb(172, 142, 104))
    public static let systemGray = dynamic(rgb(142, 142, 147), rgb(142, 142, 147))
    public static let systemGray2 = dynamic(rgb(174, 174, 178), rgb(99, 99, 102))
    public static let systemGray3 = dynamic(rgb(199, 199, 204), rgb(72, 72, 74))
    public static let systemGray4 = dynamic(rgb(209, 209, 214), rgb(58, 58, 60))
    public static let systemGray5 = dynamic(rgb(229, 229, 234), rgb(44, 44, 46))
    public static let systemGray6 = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))
    /// The default tint (systemBlue).
    public static let tintColor = dynamic(rgb(0, 122, 255), rgb(10, 132, 255))
    public static let link = dynamic(rgb(0, 122, 255), rgb(9, 132, 255))

    // MARK: Semantic colours (light and dark mode)
    public static let label = dynamic(rgb(0, 0, 0), rgb(255, 255, 255))
    public static let secondaryLabel = dynamic(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
    public static let tertiaryLabel = dynamic(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let quaternaryLabel = dynamic(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))
    public static let placeholderText = dynamic(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let systemBackground = dynamic(rgb(255, 255, 255), rgb(0, 0, 0))
    public static let secondarySystemBackground = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))
    public static let tertiarySystemBackground = dynamic(rgb(255, 255, 255), rgb(44, 44, 46))
    public static let systemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(0, 0, 0))
    /// The grouped table background before iOS 13 (deprecated): `systemGroupedBackground`.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use systemGroupedBackgroundColor")
    public static var groupTableViewBackground: UIColor { systemGroupedBackground }
    public static let secondarySystemGroupedBackground = dynamic(rgb(255, 255, 255), rgb(28, 28, 30))
    public static let tertiarySystemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(44, 44, 46))
    public static let systemFill = dynamic(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
    public static let secondarySystemFill = dynamic(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))
    public static let tertiarySystemFill = dynamic(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))
    public static let quaternarySystemFill = dynamic(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))
    public static let separator = dynamic(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))
    public static let opaqueSeparator = dynamic(rgb(198, 198, 200), rgb(56, 56, 58))
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    public static let darkText = UIColor(white: 0, alpha: 1)
}
