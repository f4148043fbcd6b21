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

/// The one implementation of UIKit's string measuring and drawing, which `NSString`, `String`
/// and `NSAttributedString` share (docs/Divergences.md, "String measuring"): text is measured
/// and drawn in the attributes' `.font` (UIKit's default Helvetica 12 when there is none: the
/// system font at 12 here) and `.foregroundColor` (default black); other attributes are not
/// applied.
enum StringDrawing {
    static func font(_ attributes: [NSAttributedString.Key: Any]?) -> UIFont {
        (attributes?[.font] as? UIFont) ?? .systemFont(ofSize: 12)
    }

    /// The rectangle `string` needs: with `.usesLineFragmentOrigin` it wraps at `size.width`,
    /// else it is one line. The origin is zero; the size is not rounded.
    static func boundingRect(
        _ string: String, size: CGSize, options: NSStringDrawingOptions, attributes: [NSAttributedString.Key: Any]?,
        context: NSStringDrawingContext?
    ) -> CGRect {
        guard !string.isEmpty else {
            context?.totalBounds = .zero
            return .zero
        }
        let font = font(attributes)
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

    /// The size of `string` on one line, as UIKit's `size(withAttributes:)`.
    static func size(_ string: String, attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        boundingRect(string, size: .zero, options: [], attributes: attributes, context: nil).size
    }

    /// Draws `string` into the current graphics context, wrapping at `rect`'s width from its
    /// top-left corner (nothing without a context, or for a rectangle that is not finite).
    @preconcurrency @MainActor static func draw(_ string: String, in rect: CGRect, attributes: [NSAttributedString.Key: Any]?) {
        guard !string.isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            FlipbookDiagnostics.report("String drawing: ignored a rectangle that is not finite (\(rect)).")
            return
        }
        let font = font(attributes)
        let color = (attributes?[.foregroundColor] as? UIColor) ?? .black
        context.drawText(
            string, in: rect, fontDescription: font.pangoDescription,
            color: color.resolvedColor(with: UITraitCollection.current).cgColor)
    }

    /// Draws `string` on one line with its top-left corner at `point`.
    @preconcurrency @MainActor static func draw(_ string: String, at point: CGPoint, attributes: [NSAttributedString.Key: Any]?) {
        let size = size(string, attributes: attributes)
        // A little wider than the measured line, so the text does not wrap.
        draw(string, in: CGRect(x: point.x, y: point.y, width: size.width.rounded(.up) + 1, height: size.height), attributes: attributes)
    }

    /// The attributes of an attributed string's first character.
    static func attributes(of string: NSAttributedString) -> [NSAttributedString.Key: Any]? {
        string.length > 0 ? string.attributes(at: 0, effectiveRange: nil) : nil
    }
}

extension NSAttributedString {
    /// The rectangle the text needs, UIKit's `boundingRect(with:options:context:)`: with
    /// `.usesLineFragmentOrigin` the text wraps at `size.width`, else it is one line. Measured
    /// with the font of its first character (UIKit's default Helvetica 12 when there is none:
    /// the system font at 12 here); other attributes and mixed fonts are not measured
    /// (docs/Divergences.md, "String measuring"). The origin is zero; the size is not rounded.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(string, size: size, options: options, attributes: StringDrawing.attributes(of: self), context: context)
    }

    /// The size of the text on one line, UIKit's `size()`.
    public func size() -> CGSize { StringDrawing.size(string, attributes: StringDrawing.attributes(of: self)) }

    /// Draws the text in the current context, wrapping in `rect`, UIKit's `draw(in:)`.
    @preconcurrency @MainActor public func draw(in rect: CGRect) {
        StringDrawing.draw(string, in: rect, attributes: StringDrawing.attributes(of: self))
    }

    /// Draws the text on one line at `point`, UIKit's `draw(at:)`.
    @preconcurrency @MainActor public func draw(at point: CGPoint) {
        StringDrawing.draw(string, at: point, attributes: StringDrawing.attributes(of: self))
    }
}

extension NSString {
    /// The rectangle the string needs in `attributes`, UIKit's
    /// `boundingRect(with:options:attributes:context:)` (see `StringDrawing`).
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        StringDrawing.boundingRect(String(self), size: size, options: options, attributes: attributes, context: context)
    }

    /// The size of the string on one line in `attrs`, UIKit's `size(withAttributes:)`.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(String(self), attributes: attrs)
    }

    /// Draws the string in the current context, wrapping in `rect`, UIKit's `draw(in:withAttributes:)`.
    @preconcurrency @MainActor public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(String(self), in: rect, attributes: attrs)
    }

    /// Draws the string on one line at `point`, UIKit's `draw(at:withAttributes:)`.
    @preconcurrency @MainActor public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(String(self), at: point, attributes: attrs)
    }
}

/// On iOS, Swift strings have NSString's drawing methods; these call the same implementation.
extension String {
    /// The rectangle the string needs in `attributes` (as `NSString`'s).
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        StringDrawing.boundingRect(self, size: size, options: options, attributes: attributes, context: context)
    }

    /// The size of the string on one line in `attrs` (as `NSString`'s).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(self, attributes: attrs)
    }

    /// Draws the string in the current context, wrapping in `rect` (as `NSString`'s).
    @preconcurrency @MainActor public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(self, in: rect, attributes: attrs)
    }

    /// Draws the string on one line at `point` (as `NSString`'s).
    @preconcurrency @MainActor public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(self, at: point, attributes: attrs)
    }
}
