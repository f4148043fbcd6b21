import Foundation
import FlipbookRender

/// How strings are measured and drawn, UIKit's `NSStringDrawingOptions` (Apple's raw values).
public struct NSStringDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lays the text out in lines that wrap at the given width (without it: one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Uses the font's leading between lines.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measures glyph images rather than typographic bounds.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Ends the last line that fits in an ellipsis.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Settings and results of measuring or drawing a string, UIKit's `NSStringDrawingContext`
/// (Flipbook never scales text down: `actualScaleFactor` stays 1). `@unchecked Sendable` because
/// Apple's SDK declares it so and code written for iOS relies on the conformance; it is not
/// checked: like UIKit's, one context is meant to be used by one thread at a time (its fields
/// are plain stored values, written only by the measuring call that was handed the context).
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    /// The smallest scale the text may be shrunk to (not applied).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at: 1.
    open private(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the last measured text.
    open internal(set) var totalBounds: CGRect = .zero
}

extension NSAttributedString {
    /// The rectangle the text needs, UIKit's `boundingRect(with:options:context:)`: with
    /// `.usesLineFragmentOrigin` the text wraps at `size.width`, else it is one line. Measured
    /// with the font of its first character (UIKit's default Helvetica 12 when there is none:
    /// the system font at 12 here); other attributes and mixed fonts are not measured
    /// (docs/Divergences.md, "String measuring"). The origin is zero; the size is not rounded.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        guard length > 0 else { return .zero }
        let font = (attribute(.font, at: 0, effectiveRange: nil) as? UIFont) ?? .systemFont(ofSize: 12)
        let wraps = options.contains(.usesLineFragmentOrigin)
        let style = TextStyle(fontName: font.pangoName, fontSize: font.pointSize, isWrapped: wraps, truncation: .none)
        let width = wraps && size.width.isFinite && size.width > 0 ? size.width : nil
        var measured = TextRenderer.measure(string, style: style, maxWidth: width)
        if wraps, size.height.isFinite, size.height > 0, options.contains(.truncatesLastVisibleLine) {
            measured.height = min(measured.height, size.height)
        }
        let rect = CGRect(origin: .zero, size: measured)
        context?.totalBounds = rect
        return rect
    }
}
