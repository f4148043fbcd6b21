import Foundation
import FlipbookRender

/// A font, UIKit's `UIFont`, mapped to a pango font description for FlipbookRender.
///
/// The system font (SF Pro on iOS) is "DejaVu Sans" here (installed with fonts-dejavu-core;
/// fontconfig substitutes when missing), so text metrics differ from a device by a few percent.
/// `init?(name:size:)` turns PostScript-style names ("Helvetica-Bold") into descriptions
/// ("Helvetica Bold"). Metrics (`lineHeight`, `ascender`, `descender`) come from pango.
// @unchecked: immutable (every stored property is a `let`); Swift cannot check an NSObject
// subclass's conformance.
public final class UIFont: NSObject, @unchecked Sendable {
    /// Font weights, UIKit's `UIFont.Weight` (Apple's raw values).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        var pangoStyle: String {
            switch rawValue {
            case ..<(-0.7): "Ultra-Light"
            case ..<(-0.5): "Thin"
            case ..<(-0.2): "Light"
            case ..<0.2: ""
            case ..<0.27: "Medium"
            case ..<0.35: "Semi-Bold"
            case ..<0.5: "Bold"
            case ..<0.6: "Heavy"
            default: "Black"
            }
        }
    }

    /// Dynamic Type styles, UIKit's `UIFont.TextStyle`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleLargeTitle")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// The family used for the system font.
    public static let systemFamilyName = "DejaVu Sans"

    /// The pango family and style, without the size (e.g. "DejaVu Sans Bold").
    public let pangoName: String
    /// The font's size in points.
    public let pointSize: CGFloat
    /// The font's name (PostScript style for named fonts, ".SFUI-…" style for system fonts).
    public let fontName: String
    public let familyName: String

    /// How the font follows the content size category (Dynamic Type), when it came from
    /// `preferredFont(forTextStyle:)` or `UIFontMetrics`: nil for a fixed font.
    let dynamicTypeScaling: DynamicTypeScaling?

    init(pangoName: String, pointSize: CGFloat, fontName: String, familyName: String, dynamicTypeScaling: DynamicTypeScaling? = nil) {
        self.pangoName = pangoName
        self.pointSize = pointSize.isFinite && pointSize > 0 ? pointSize : 17
        self.fontName = fontName
        self.familyName = familyName
        self.dynamicTypeScaling = dynamicTypeScaling
    }

    /// NSObject's `init()`, which iOS code calls for a fallback font (`label.font ?? UIFont()`):
    /// here the system font at `systemFontSize` (docs/Divergences.md, "Fonts").
    public override convenience init() {
        let font = UIFont.systemFont(ofSize: UIFont.systemFontSize)
        self.init(pangoName: font.pangoName, pointSize: font.pointSize, fontName: font.fontName, familyName: font.familyName)
    }

    /// A font by name ("Helvetica", "Helvetica-Bold", "Menlo-Regular"); nil for an empty name or
    /// a size that is not positive and finite.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let trimmed = fontName.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, fontSize.isFinite, fontSize > 0 else { return nil }
        let parts = trimmed.split(separator: "-", maxSplits: 1).map(String.init)
        var style = parts.count > 1 ? parts[1] : ""
        if style == "Regular" || style == "Roman" { style = "" }
        let pango = style.isEmpty ? parts[0] : "\(parts[0]) \(style)"
        self.init(pangoName: pango, pointSize: fontSize, fontName: trimmed, familyName: parts[0])
    }

    /// The system font at `fontSize` points and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        let style = weight.pangoStyle
        let name = style.isEmpty ? systemFamilyName : "\(systemFamilyName) \(style)"
        return UIFont(pangoName: name, pointSize: fontSize, fontName: ".SFUI-\(style.isEmpty ? "Regular" : style)", familyName: ".SF UI")
    }

    /// The bold system font.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The italic system font.
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(pangoName: "\(systemFamilyName) Oblique", pointSize: fontSize, fontName: ".SFUI-Italic", familyName: ".SF UI")
    }

    /// A fixed-pitch digits font; Flipbook returns the system font.
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// A monospaced font ("DejaVu Sans Mono").
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let style = weight.pangoStyle
        let name = style.isEmpty ? "DejaVu Sans Mono" : "DejaVu Sans Mono \(style)"
        return UIFont(pangoName: name, pointSize: fontSize, fontName: ".SFMono", familyName: ".SF Mono")
    }

    /// The font of a Dynamic Type style at the current content size category
    /// (`UITraitCollection.current`'s; "Large", the default, when it has none): the style's size
    /// at Large scaled as `UIFontMetrics` scales (docs/Semantics.md, "Dynamic Type"). A label or
    /// field with `adjustsFontForContentSizeCategory` keeps such a font scaled to its traits.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The font of a Dynamic Type style at the content size category of `traitCollection`
    /// (nil, or a collection without one: the current category).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        UIFontMetrics(forTextStyle: style).scaledFont(for: largeFont(forTextStyle: style), compatibleWith: traitCollection)
    }

    /// The font of a Dynamic Type style at the "Large" content size category.
    static func largeFont(forTextStyle style: TextStyle) -> UIFont {
        switch style {
        case .largeTitle: systemFont(ofSize: 34)
        case .title1: systemFont(ofSize: 28)
        case .title2: systemFont(ofSize: 22)
        case .title3: systemFont(ofSize: 20)
        case .headline: systemFont(ofSize: 17, weight: .semibold)
        case .callout: systemFont(ofSize: 16)
        case .subheadline: systemFont(ofSize: 15)
        case .footnote: systemFont(ofSize: 13)
        case .caption1: systemFont(ofSize: 12)
        case .caption2: systemFont(ofSize: 11)
        default: systemFont(ofSize: 17)
        }
    }

    /// The system font size for labels (17).
    public static var labelFontSize: CGFloat { 17 }
    /// The system font size for buttons (18).
    public static var buttonFontSize: CGFloat { 18 }
    /// The default system font size (14).
    public static var systemFontSize: CGFloat { 14 }
    /// The small system font size (12).
    public static var smallSystemFontSize: CGFloat { 12 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(pangoName: pangoName, pointSize: fontSize, fontName: fontName, familyName: familyName)
    }

    /// The height of one line of text, in points, as pango lays it out.
    public var lineHeight: CGFloat {
        TextRenderer.measure("Ag", style: FlipbookRender.TextStyle(fontName: pangoName, fontSize: pointSize)).height
    }

    /// Distance from the baseline to the top of the line (Flipbook: 80% of the line height).
    public var ascender: CGFloat { lineHeight * 0.8 }
    /// Distance from the baseline to the bottom of the line, negative (Flipbook: -20%).
    public var descender: CGFloat { -lineHeight * 0.2 }

    /// The full pango description with the size, e.g. "DejaVu Sans Bold 17".
    public var pangoDescription: String { "\(pangoName) \(LayoutNames.numberString(pointSize))" }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let r = object as? UIFont else { return false }
        let l = self
        return l.pangoName == r.pangoName && l.pointSize == r.pointSize
    }
    public override var hash: Int {
        var h = Hasher()
        h.combine(pangoName); h.combine(pointSize)
        return h.finalize()
    }
    public override var description: String { "<UIFont> font-family: \"\(familyName)\"; font-size: \(pointSize)pt (\(pangoName))" }
}
