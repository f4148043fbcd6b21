import Foundation

/// The direction text is written in, UIKit's `NSWritingDirection`.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// How a paragraph is laid out, UIKit's `NSParagraphStyle` (the value of
/// `NSAttributedString.Key.paragraphStyle`). Immutable; `mutableCopy()` gives an
/// `NSMutableParagraphStyle`. A label takes the alignment and line break mode of the paragraph
/// style at the start of its attributed text (docs/Divergences.md, "Attributed text in labels").
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {

    /// The style with every value at its default.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// The writing direction of a language: left to right here (Flipbook has no right-to-left locale).
    open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection { .leftToRight }

    fileprivate(set) var values = Values()

    struct Values: Equatable {
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var alignment: NSTextAlignment = .natural
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var lineBreakMode: NSLineBreakMode = .byWordWrapping
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var baseWritingDirection: NSWritingDirection = .natural
        var lineHeightMultiple: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var hyphenationFactor: Float = 0
        var usesDefaultHyphenation = false
        var defaultTabInterval: CGFloat = 0
        var allowsDefaultTighteningForTruncation = false
    }

    public override init() { super.init() }

    open var lineSpacing: CGFloat { values.lineSpacing }
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    open var alignment: NSTextAlignment { values.alignment }
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    open var headIndent: CGFloat { values.headIndent }
    open var tailIndent: CGFloat { values.tailIndent }
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    open var hyphenationFactor: Float { values.hyphenationFactor }
    open var usesDefaultHyphenation: Bool { values.usesDefaultHyphenation }
    open var defaultTabInterval: CGFloat { values.defaultTabInterval }
    open var allowsDefaultTighteningForTruncation: Bool { values.allowsDefaultTighteningForTruncation }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.values = values
        return copy
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.values = values
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.values == values
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(values.alignment.rawValue)
        hasher.combine(values.lineSpacing)
        hasher.combine(values.lineBreakMode.rawValue)
        return hasher.finalize()
    }
}

/// A paragraph style that can be changed, UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var lineSpacing: CGFloat { get { values.lineSpacing } set { values.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { values.paragraphSpacing } set { values.paragraphSpacing = newValue } }
    open override var alignment: NSTextAlignment { get { values.alignment } set { values.alignment = newValue } }
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent } set { values.firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat { get { values.headIndent } set { values.headIndent = newValue } }
    open override var tailIndent: CGFloat { get { values.tailIndent } set { values.tailIndent = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { values.lineBreakMode } set { values.lineBreakMode = newValue } }
    open override var minimumLineHeight: CGFloat { get { values.minimumLineHeight } set { values.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { values.maximumLineHeight } set { values.maximumLineHeight = newValue } }
    open override var baseWritingDirection: NSWritingDirection {
        get { values.baseWritingDirection } set { values.baseWritingDirection = newValue }
    }
    open override var lineHeightMultiple: CGFloat { get { values.lineHeightMultiple } set { values.lineHeightMultiple = newValue } }
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore } set { values.paragraphSpacingBefore = newValue }
    }
    open override var hyphenationFactor: Float { get { values.hyphenationFactor } set { values.hyphenationFactor = newValue } }
    open override var usesDefaultHyphenation: Bool {
        get { values.usesDefaultHyphenation } set { values.usesDefaultHyphenation = newValue }
    }
    open override var defaultTabInterval: CGFloat { get { values.defaultTabInterval } set { values.defaultTabInterval = newValue } }
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { values.allowsDefaultTighteningForTruncation } set { values.allowsDefaultTighteningForTruncation = newValue }
    }

    /// Takes every value of `obj`.
    open func setParagraphStyle(_ obj: NSParagraphStyle) { values = obj.values }
}

extension NSAttributedString.Key {
    /// The paragraph style (an `NSParagraphStyle`), UIKit's `.paragraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Extra space between characters in points (an `NSNumber`), UIKit's `.kern`.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The background colour behind the text (a `UIColor`), UIKit's `.backgroundColor`.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The underline (an `NSNumber` of `NSUnderlineStyle`), UIKit's `.underlineStyle`.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The underline's colour (a `UIColor`), UIKit's `.underlineColor`.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// The strikethrough (an `NSNumber` of `NSUnderlineStyle`), UIKit's `.strikethroughStyle`.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The strikethrough's colour (a `UIColor`), UIKit's `.strikethroughColor`.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// The outline's colour (a `UIColor`), UIKit's `.strokeColor`.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The outline's width in percent of the font size (an `NSNumber`), UIKit's `.strokeWidth`.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// The text's shadow (an `NSShadow`), UIKit's `.shadow`.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// The baseline's offset in points (an `NSNumber`), UIKit's `.baselineOffset`.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// A link (a `URL` or `String`), UIKit's `.link`.
    public static let link = NSAttributedString.Key("NSLink")
    /// Ligatures (an `NSNumber`), UIKit's `.ligature`.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// The skew of the glyphs (an `NSNumber`), UIKit's `.obliqueness`.
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    /// The log of the expansion factor (an `NSNumber`), UIKit's `.expansion`.
    public static let expansion = NSAttributedString.Key("NSExpansion")
}

/// Underline and strikethrough styles, UIKit's `NSUnderlineStyle`.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// A text shadow, UIKit's `NSShadow` (the value of `NSAttributedString.Key.shadow`).
open class NSShadow: NSObject, NSCopying {
    /// The offset of the shadow in points (default zero).
    open var shadowOffset: CGSize = .zero
    /// The blur radius in points (default 0).
    open var shadowBlurRadius: CGFloat = 0
    /// The colour (a `UIColor`; nil is black at a third of opacity, as UIKit draws it).
    open var shadowColor: Any?

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }
}
