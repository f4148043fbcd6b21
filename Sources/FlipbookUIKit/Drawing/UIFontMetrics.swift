import Foundation

/// How a Dynamic Type font follows the content size category: its size at "Large" (the
/// default category) and the largest size it may grow to (nil: no limit).
struct DynamicTypeScaling: Hashable, Sendable {
    var largeSize: CGFloat
    var maximumPointSize: CGFloat?

    /// The font's size at `category`.
    func size(for category: UIContentSizeCategory) -> CGFloat {
        let scaled = largeSize * DynamicType.scale(for: category)
        guard let maximumPointSize else { return scaled }
        return min(scaled, maximumPointSize)
    }
}

/// The Dynamic Type scale: Apple's published body sizes per content size category
/// (docs/Semantics.md, "Dynamic Type"), as factors of the body size at "Large" (17 points).
enum DynamicType {
    /// The body style's size, in points, per category, smallest first.
    static let bodySizes: [(UIContentSizeCategory, CGFloat)] = [
        (.extraSmall, 14), (.small, 15), (.medium, 16), (.large, 17), (.extraLarge, 19), (.extraExtraLarge, 21),
        (.extraExtraExtraLarge, 23), (.accessibilityMedium, 28), (.accessibilityLarge, 33),
        (.accessibilityExtraLarge, 40), (.accessibilityExtraExtraLarge, 47), (.accessibilityExtraExtraExtraLarge, 53),
    ]

    /// How much text at `category` is scaled against "Large" (1 at Large and for unknown or
    /// unspecified categories).
    static func scale(for category: UIContentSizeCategory) -> CGFloat {
        guard let size = bodySizes.first(where: { $0.0 == category })?.1 else { return 1 }
        return size / 17
    }

    /// The category of `traitCollection`, else of `UITraitCollection.current`, else "Large".
    static func category(_ traitCollection: UITraitCollection?) -> UIContentSizeCategory {
        if let c = traitCollection?.preferredContentSizeCategory, c != .unspecified { return c }
        let current = UITraitCollection.current.preferredContentSizeCategory
        return current == .unspecified ? .large : current
    }

    /// The position of `category` in the scale (-1 for unspecified or unknown ones).
    static func rank(_ category: UIContentSizeCategory) -> Int {
        bodySizes.firstIndex(where: { $0.0 == category }) ?? -1
    }
}

extension UIContentSizeCategory: Comparable {
    /// Categories order from extra small to the largest accessibility size, as UIKit's
    /// comparison operators order them; `.unspecified` comes first.
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
        DynamicType.rank(lhs) < DynamicType.rank(rhs)
    }
}

extension UIFont {
    /// This font at `category` if it follows Dynamic Type, else itself.
    func adjusted(to category: UIContentSizeCategory) -> UIFont {
        guard let scaling = dynamicTypeScaling else { return self }
        let size = scaling.size(for: category)
        guard size != pointSize else { return self }
        return UIFont(pangoName: pangoName, pointSize: size, fontName: fontName, familyName: familyName, dynamicTypeScaling: scaling)
    }
}

/// Scales fonts and values for the user's preferred content size, UIKit's `UIFontMetrics`.
///
/// A font's or value's size is taken as its size at "Large" (the default category) and
/// multiplied by the category's factor: Apple's published body sizes divided by 17 (14/17 at
/// extra small … 53/17 at the largest accessibility size; docs/Semantics.md, "Dynamic Type").
/// Every text style scales by this body curve (UIKit gives each style its own curve:
/// docs/Divergences.md). Without a trait collection the current category is used
/// (`UITraitCollection.current`'s, else "Large"). Scaled fonts remember their scaling: a label
/// or field with `adjustsFontForContentSizeCategory` rescales them when its traits change.
open class UIFontMetrics: NSObject, @unchecked Sendable {  // @unchecked: immutable (its one stored property is a `let`).
    /// The text style whose scaling this object applies.
    let textStyle: UIFont.TextStyle

    /// The metrics of the body style.
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    /// `font` scaled to the current content size category.
    open func scaledFont(for font: UIFont) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil)
    }

    /// `font` scaled to the current category, at most `maximumPointSize` points (0: no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` scaled to the category of `traitCollection` (nil: the current one).
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` scaled to the category of `traitCollection`, at most `maximumPointSize` points (0:
    /// no limit). A maximum that is negative or not finite is reported and ignored.
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        var maximum: CGFloat? = maximumPointSize > 0 && maximumPointSize.isFinite ? maximumPointSize : nil
        if !maximumPointSize.isFinite || maximumPointSize < 0 {
            FlipbookDiagnostics.reportFromAnyContext("UIFontMetrics.scaledFont(for:maximumPointSize:): ignored maximum \(maximumPointSize).")
            maximum = nil
        }
        let scaling = DynamicTypeScaling(largeSize: font.pointSize, maximumPointSize: maximum)
        let size = scaling.size(for: DynamicType.category(traitCollection))
        return UIFont(pangoName: font.pangoName, pointSize: size, fontName: font.fontName, familyName: font.familyName, dynamicTypeScaling: scaling)
    }

    /// `value` scaled to the current content size category.
    open func scaledValue(for value: CGFloat) -> CGFloat {
        scaledValue(for: value, compatibleWith: nil)
    }

    /// `value` scaled to the category of `traitCollection` (nil: the current one). A value
    /// that is not finite is reported and returned unscaled.
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        guard value.isFinite else {
            FlipbookDiagnostics.reportFromAnyContext("UIFontMetrics.scaledValue(for:): \(value) is not finite; returned unscaled.")
            return value
        }
        return value * DynamicType.scale(for: DynamicType.category(traitCollection))
    }
}

extension UIFont.TextStyle {
    /// The font metrics of this text style, UIKit's `UIFont.TextStyle.metrics`.
    public var metrics: UIFontMetrics { UIFontMetrics(forTextStyle: self) }
}

/// Something whose font follows the content size category, UIKit's
/// `UIContentSizeCategoryAdjusting` (UILabel, UITextField).
@preconcurrency @MainActor
public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    /// Whether the font is rescaled when the content size category changes: only fonts from
    /// `preferredFont(forTextStyle:)` or `UIFontMetrics` are (fixed fonts stay as they are).
    var adjustsFontForContentSizeCategory: Bool { get set }
}
