import Foundation
import FlipbookGeometry

extension UIImage {
    /// Options for how an image is made, UIKit's `UIImage.Configuration`.
    open class Configuration: @unchecked Sendable, CustomStringConvertible {  // @unchecked: no stored state; subclasses here store only `let`s.
        public init() {}
        /// This configuration combined with `other` (the other's specified values win).
        open func applying(_ otherConfiguration: UIImage.Configuration?) -> UIImage.Configuration {
            otherConfiguration ?? self
        }
        open var description: String { "<UIImage.Configuration>" }
    }

    /// Symbol weights, UIKit's `UIImage.SymbolWeight` (Apple's raw values).
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The font weight of the same name (`.regular` for `.unspecified`).
        public func fontWeight() -> UIFont.Weight {
            switch self {
            case .unspecified, .regular: .regular
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }

        /// Stroke width relative to `.regular` in Flipbook's stand-in glyphs.
        var strokeFactor: CGFloat {
            switch self {
            case .ultraLight: 0.35
            case .thin: 0.5
            case .light: 0.75
            case .unspecified, .regular: 1
            case .medium: 1.15
            case .semibold: 1.3
            case .bold: 1.5
            case .heavy: 1.75
            case .black: 2
            }
        }
    }

    /// Symbol scales, UIKit's `UIImage.SymbolScale` (Apple's raw values).
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified = 0, small = 1, medium = 2, large = 3

        /// Glyph size relative to `.medium` (SF Symbols' small and large are about 20 %
        /// smaller and 30 % larger).
        var sizeFactor: CGFloat {
            switch self {
            case .small: 0.8
            case .large: 1.3
            default: 1
            }
        }
    }

    /// Point size, weight, scale or text style of a symbol image, UIKit's
    /// `UIImage.SymbolConfiguration`. Unspecified values come from the configuration a symbol is
    /// combined with; a symbol left entirely unspecified is drawn at the body style (17 pt,
    /// regular, medium scale).
    // @unchecked: a subclass restates its superclass's conformance; every stored property is a `let` of a Sendable type.
    public final class SymbolConfiguration: UIImage.Configuration, @unchecked Sendable, Equatable {
        /// The point size (0: unspecified).
        public let pointSize: CGFloat
        public let weight: UIImage.SymbolWeight
        public let scale: UIImage.SymbolScale
        public let textStyle: UIFont.TextStyle?
        /// The colours of `init(hierarchicalColor:)` / `init(paletteColors:)` (the first is used).
        let colors: [UIColor]

        init(pointSize: CGFloat, weight: UIImage.SymbolWeight, scale: UIImage.SymbolScale,
             textStyle: UIFont.TextStyle?, colors: [UIColor]) {
            if !(pointSize.isFinite && pointSize >= 0) {
                FlipbookDiagnostics.reportFromAnyContext(
                    "UIImage.SymbolConfiguration: point size \(pointSize) is not a finite non-negative number; left unspecified.",
                    once: "symbol-config-point-size")
            }
            self.pointSize = pointSize.isFinite && pointSize >= 0 ? pointSize : 0
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
            self.colors = colors
        }

        public convenience init(pointSize: CGFloat) {
            self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil, colors: [])
        }
        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight) {
            self.init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: nil, colors: [])
        }
        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight, scale: UIImage.SymbolScale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil, colors: [])
        }
        public convenience init(weight: UIImage.SymbolWeight) {
            self.init(pointSize: 0, weight: weight, scale: .unspecified, textStyle: nil, colors: [])
        }
        public convenience init(scale: UIImage.SymbolScale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: nil, colors: [])
        }
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(pointSize: 0, weight: .unspecified, scale: .unspecified, textStyle: textStyle, colors: [])
        }
        public convenience init(textStyle: UIFont.TextStyle, scale: UIImage.SymbolScale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: textStyle, colors: [])
        }
        /// The font's point size (Flipbook's fonts carry no weight to read back: regular).
        public convenience init(font: UIFont) {
            self.init(pointSize: font.pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil, colors: [])
        }
        public convenience init(font: UIFont, scale: UIImage.SymbolScale) {
            self.init(pointSize: font.pointSize, weight: .unspecified, scale: scale, textStyle: nil, colors: [])
        }
        /// Flipbook's stand-ins have one layer, drawn in this colour.
        public convenience init(hierarchicalColor: UIColor) {
            self.init(pointSize: 0, weight: .unspecified, scale: .unspecified, textStyle: nil, colors: [hierarchicalColor])
        }
        /// Flipbook's stand-ins have one layer, drawn in the first colour.
        public convenience init(paletteColors: [UIColor]) {
            self.init(pointSize: 0, weight: .unspecified, scale: .unspecified, textStyle: nil, colors: paletteColors)
        }
        /// Multicolour is not drawn by the stand-ins (they stay one colour).
        public static func preferringMulticolor() -> UIImage.SymbolConfiguration { .unspecified }
        /// A configuration with nothing specified.
        public static var unspecified: UIImage.SymbolConfiguration { UIImage.SymbolConfiguration(pointSize: 0) }

        public func configurationWithoutTextStyle() -> UIImage.SymbolConfiguration {
            .init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil, colors: colors)
        }
        public func configurationWithoutScale() -> UIImage.SymbolConfiguration {
            .init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: textStyle, colors: colors)
        }
        public func configurationWithoutWeight() -> UIImage.SymbolConfiguration {
            .init(pointSize: pointSize, weight: .unspecified, scale: scale, textStyle: textStyle, colors: colors)
        }
        public func configurationWithoutPointSizeAndWeight() -> UIImage.SymbolConfiguration {
            .init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: textStyle, colors: colors)
        }

        /// This configuration with `other`'s specified values on top.
        public func applying(_ otherConfiguration: UIImage.SymbolConfiguration?) -> UIImage.SymbolConfiguration {
            guard let o = otherConfiguration else { return self }
            let sizeFromOther = o.pointSize > 0 || o.textStyle != nil
            return UIImage.SymbolConfiguration(
                pointSize: o.pointSize > 0 ? o.pointSize : (sizeFromOther ? 0 : pointSize),
                weight: o.weight != .unspecified ? o.weight : weight,
                scale: (o.scale != .unspecified && o.scale != .default) ? o.scale : scale,
                textStyle: o.textStyle ?? (sizeFromOther ? nil : textStyle),
                colors: o.colors.isEmpty ? colors : o.colors)
        }

        public override func applying(_ otherConfiguration: UIImage.Configuration?) -> UIImage.Configuration {
            guard let o = otherConfiguration else { return self }
            if let s = o as? UIImage.SymbolConfiguration { return applying(s) }
            return self
        }

        public func isEqual(to otherConfiguration: UIImage.SymbolConfiguration?) -> Bool {
            guard let o = otherConfiguration else { return false }
            return self == o
        }

        public static func == (l: SymbolConfiguration, r: SymbolConfiguration) -> Bool {
            l.pointSize == r.pointSize && l.weight == r.weight && l.scale == r.scale
                && l.textStyle == r.textStyle && l.colors == r.colors
        }

        // MARK: Resolved values

        /// The point size drawn: the given size, else the text style's, else body (17).
        var resolvedPointSize: CGFloat {
            if pointSize > 0 { return pointSize }
            if let t = textStyle { return Self.textStyleSize(t) }
            return 17
        }

        /// The weight drawn: the given weight, else the text style's (headline is semibold).
        var resolvedWeight: UIImage.SymbolWeight {
            if weight != .unspecified { return weight }
            return textStyle == .headline ? .semibold : .regular
        }

        /// iOS's Dynamic Type sizes at the default (Large) content size category.
        static func textStyleSize(_ style: UIFont.TextStyle) -> CGFloat {
            switch style {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            default: 17
            }
        }

        public override var description: String {
            "<UIImageSymbolConfiguration pointSize=\(pointSize) weight=\(weight) scale=\(scale) textStyle=\(textStyle?.rawValue ?? "none")>"
        }
    }
}
