import Foundation
import FlipbookGeometry
import FlipbookQuartz

// UIKit's geometry strings on NSCoder (Swift's names for `NSStringFromCGPoint`,
// `CGPointFromString` and their kin): a point is "{x, y}", a size "{w, h}", a vector "{dx, dy}",
// a rectangle "{{x, y}, {w, h}}", a transform "[a, b, c, d, tx, ty]", edge insets
// "{top, left, bottom, right}" (directional: "{top, leading, bottom, trailing}"), an offset
// "{horizontal, vertical}". Numbers are written with 17 significant digits (`%.17g`, so a value
// reads back exactly). Reading is not localised: the numbers are taken in order, with braces,
// brackets, commas and white space around them; a string with anything else, or with too few or
// too many numbers, is not well formed and reads as zero (reported to FlipbookDiagnostics).

extension NSCoder {
    /// "{x, y}", UIKit's `NSStringFromCGPoint`.
    public class func string(for point: CGPoint) -> String { GeometryString.write([point.x, point.y]) }
    /// "{dx, dy}", UIKit's `NSStringFromCGVector`.
    public class func string(for vector: CGVector) -> String { GeometryString.write([vector.dx, vector.dy]) }
    /// "{w, h}", UIKit's `NSStringFromCGSize`.
    public class func string(for size: CGSize) -> String { GeometryString.write([size.width, size.height]) }
    /// "{{x, y}, {w, h}}", UIKit's `NSStringFromCGRect`.
    public class func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }
    /// "[a, b, c, d, tx, ty]", UIKit's `NSStringFromCGAffineTransform`.
    public class func string(for transform: CGAffineTransform) -> String {
        GeometryString.write([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty], open: "[", close: "]")
    }
    /// "{top, left, bottom, right}", UIKit's `NSStringFromUIEdgeInsets`.
    public class func string(for insets: UIEdgeInsets) -> String {
        GeometryString.write([insets.top, insets.left, insets.bottom, insets.right])
    }
    /// "{top, leading, bottom, trailing}", UIKit's `NSStringFromDirectionalEdgeInsets`.
    public class func string(for insets: NSDirectionalEdgeInsets) -> String {
        GeometryString.write([insets.top, insets.leading, insets.bottom, insets.trailing])
    }
    /// "{horizontal, vertical}", UIKit's `NSStringFromUIOffset`.
    public class func string(for offset: UIOffset) -> String { GeometryString.write([offset.horizontal, offset.vertical]) }

    /// The point in "{x, y}" (`.zero` if the string is not well formed), UIKit's `CGPointFromString`.
    public class func cgPoint(for string: String) -> CGPoint {
        let n = GeometryString.read(string, count: 2, kind: "cgPoint")
        return CGPoint(x: n[0], y: n[1])
    }
    /// The vector in "{dx, dy}", UIKit's `CGVectorFromString`.
    public class func cgVector(for string: String) -> CGVector {
        let n = GeometryString.read(string, count: 2, kind: "cgVector")
        return CGVector(dx: n[0], dy: n[1])
    }
    /// The size in "{w, h}", UIKit's `CGSizeFromString`.
    public class func cgSize(for string: String) -> CGSize {
        let n = GeometryString.read(string, count: 2, kind: "cgSize")
        return CGSize(width: n[0], height: n[1])
    }
    /// The rectangle in "{{x, y}, {w, h}}", UIKit's `CGRectFromString`.
    public class func cgRect(for string: String) -> CGRect {
        let n = GeometryString.read(string, count: 4, kind: "cgRect")
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    /// The transform in "[a, b, c, d, tx, ty]" (all zeros if not well formed), UIKit's
    /// `CGAffineTransformFromString`.
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let n = GeometryString.read(string, count: 6, kind: "cgAffineTransform")
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
    /// The insets in "{top, left, bottom, right}", UIKit's `UIEdgeInsetsFromString`.
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        let n = GeometryString.read(string, count: 4, kind: "uiEdgeInsets")
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    /// The insets in "{top, leading, bottom, trailing}", UIKit's `NSDirectionalEdgeInsetsFromString`.
    public class func nsDirectionalEdgeInsets(for string: String) -> NSDirectionalEdgeInsets {
        let n = GeometryString.read(string, count: 4, kind: "nsDirectionalEdgeInsets")
        return NSDirectionalEdgeInsets(top: n[0], leading: n[1], bottom: n[2], trailing: n[3])
    }
    /// The offset in "{horizontal, vertical}", UIKit's `UIOffsetFromString`.
    public class func uiOffset(for string: String) -> UIOffset {
        let n = GeometryString.read(string, count: 2, kind: "uiOffset")
        return UIOffset(horizontal: n[0], vertical: n[1])
    }
}

/// Writing and reading the geometry strings.
enum GeometryString {
    static func write(_ numbers: [CGFloat], open: String = "{", close: String = "}") -> String {
        open + numbers.map { String(format: "%.17g", Double($0)) }.joined(separator: ", ") + close
    }

    /// The `count` numbers in `string`, or `count` zeros if it is not well formed.
    static func read(_ string: String, count: Int, kind: String) -> [CGFloat] {
        if let numbers = numbers(in: string), numbers.count == count { return numbers }
        FlipbookDiagnostics.reportFromAnyContext(
            "NSCoder.\(kind)(for: \"\(string.prefix(80))\"): not a well-formed string of \(count) numbers; "
                + "read as zero (write it with NSCoder.string(for:)).")
        return Array(repeating: 0, count: count)
    }

    /// The finite numbers in `string`, in order; nil if it holds anything but numbers, braces,
    /// brackets, commas and white space.
    private static func numbers(in string: String) -> [CGFloat]? {
        var result: [CGFloat] = []
        var token = ""
        func flush() -> Bool {
            guard !token.isEmpty else { return true }
            defer { token = "" }
            guard let value = Double(token), value.isFinite else { return false }
            result.append(CGFloat(value))
            return true
        }
        for ch in string {
            if ch.isWhitespace || "{}[],".contains(ch) {
                guard flush() else { return nil }
            } else if ch.isASCII, ch.isNumber || "+-.eE".contains(ch) {
                token.append(ch)
            } else {
                return nil
            }
        }
        return flush() ? result : nil
    }
}
