import Foundation

/// A font described without (or with) a size, UIKit's `UIFontDescriptor`: what theme code keeps
/// to make fonts of several sizes (`UIFont(descriptor:size:)`) and to ask for bold or italic
/// variants (`withSymbolicTraits(_:)`). Flipbook's descriptor holds the font's pango family and
/// style, its names and its size; attributes beyond those are not kept (docs/Divergences.md).
public final class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// The symbolic traits of a font, UIKit's `UIFontDescriptor.SymbolicTraits` (Apple's values).
    public struct SymbolicTraits: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The keys of a descriptor's attributes, UIKit's `UIFontDescriptor.AttributeName`.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
    }

    /// The pango family (and style, for a named face), without the size.
    let family: String
    /// The font's name and family as `UIFont` reports them.
    let name: String
    let familyLabel: String
    /// Bold and italic asked for on top of the family.
    public let symbolicTraits: SymbolicTraits
    /// The size, or 0 when the descriptor leaves it to `UIFont(descriptor:size:)`.
    public let pointSize: CGFloat

    init(family: String, name: String, familyLabel: String, traits: SymbolicTraits, size: CGFloat) {
        self.family = family
        self.name = name
        self.familyLabel = familyLabel
        self.symbolicTraits = traits
        self.pointSize = size.isFinite && size > 0 ? size : 0
    }

    /// A descriptor of the font named `fontName` at `size` ("Helvetica-Bold").
    public convenience init(name fontName: String, size: CGFloat) {
        let font = UIFont(name: fontName, size: 17) ?? .systemFont(ofSize: 17)
        self.init(family: font.pangoName, name: font.fontName, familyLabel: font.familyName, traits: [], size: size)
    }

    /// A descriptor from attributes: `.name` (a font name), else `.family`; `.size`.
    public convenience init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        let size = (attributes[.size] as? CGFloat) ?? (attributes[.size] as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0
        if let name = attributes[.name] as? String {
            self.init(name: name, size: size)
        } else if let family = attributes[.family] as? String {
            self.init(family: family, name: family, familyLabel: family, traits: [], size: size)
        } else {
            self.init(family: UIFont.systemFamilyName, name: ".SFUI-Regular", familyLabel: ".SF UI", traits: [], size: size)
        }
    }

    /// The descriptor of a Dynamic Type style's font (at the default content size).
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// The same descriptor at another size.
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        UIFontDescriptor(family: family, name: name, familyLabel: familyLabel, traits: symbolicTraits, size: newPointSize)
    }

    /// The same family with `traits` (bold, italic); nil for traits Flipbook's fonts cannot show
    /// (UIKit answers nil when no face has them).
    public func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
        guard traits.subtracting([.traitBold, .traitItalic, .traitUIOptimized, .traitTightLeading, .traitLooseLeading]).isEmpty
        else { return nil }
        return UIFontDescriptor(family: family, name: name, familyLabel: familyLabel, traits: traits, size: pointSize)
    }

    /// The pango family and style of a font made from this descriptor.
    var pangoName: String {
        var styles: [String] = []
        if symbolicTraits.contains(.traitBold), !family.contains("Bold") { styles.append("Bold") }
        if symbolicTraits.contains(.traitItalic), !family.contains("Oblique"), !family.contains("Italic") {
            styles.append(family.hasPrefix(UIFont.systemFamilyName) ? "Oblique" : "Italic")
        }
        return ([family] + styles).joined(separator: " ")
    }

    public override var description: String { "UIFontDescriptor \(pangoName) \(pointSize)" }
}

extension UIFont {
    /// The font's descriptor: its family and style, names and size.
    public var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(family: pangoName, name: fontName, familyLabel: familyName, traits: [], size: pointSize)
    }

    /// A font from `descriptor` at `pointSize` (0: the descriptor's size, else 17).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : descriptor.pointSize > 0 ? descriptor.pointSize : 17
        self.init(pangoName: descriptor.pangoName, pointSize: size, fontName: descriptor.name, familyName: descriptor.familyLabel)
    }
}
