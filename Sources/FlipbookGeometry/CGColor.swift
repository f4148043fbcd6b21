import Foundation

#if !canImport(CoreGraphics)
/// An RGBA colour in the sRGB space, CoreGraphics' `CGColor`.
///
/// Flipbook keeps every colour as four sRGB components in 0…1 (straight alpha).
/// Immutable, so it is safe to share.
public final class CGColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, green, blue, alpha (straight, not premultiplied).
    public let components: [CGFloat]?
    public var alpha: CGFloat { components?[3] ?? 1 }
    public var numberOfComponents: Int { 4 }

    /// Components outside 0…1 are clamped; non-finite ones become 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        // One array, built in place: colour animations create a colour per frame.
        @inline(__always) func unit(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, 0), 1) : 0 }
        components = [unit(red), unit(green), unit(blue), unit(alpha)]
    }
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    public func copy(alpha: CGFloat) -> CGColor? {
        guard let c = components else { return nil }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (l: CGColor, r: CGColor) -> Bool { l.components == r.components }
    public func hash(into h: inout Hasher) { h.combine(components) }
    public var description: String { "CGColor(\(components ?? []))" }
}
#endif
