import Foundation

#if !canImport(CoreGraphics)
/// A colour space, CoreGraphics' `CGColorSpace`. Flipbook's colours are all sRGB; the space is
/// kept for source compatibility and names.
public final class CGColorSpace: Sendable, Hashable {
    /// The space's name (`CGColorSpace.sRGB` for the device RGB space).
    public let name: String?

    public init?(name: String) { self.name = name }
    init(named name: String) { self.name = name }

    /// The sRGB space's name.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The generic gray space's name (its colours are drawn as sRGB greys).
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool { l.name == r.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
}

/// The device RGB colour space (sRGB in Flipbook).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(named: CGColorSpace.sRGB) }

/// The device gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(named: CGColorSpace.genericGrayGamma2_2) }

/// Whether a gradient also paints beyond its start and end, CoreGraphics' `CGGradientDrawingOptions`.
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Paint the start colour before the start point (or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Paint the end colour after the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// Colours at locations from 0 to 1, CoreGraphics' `CGGradient`, drawn by
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
public final class CGGradient: Sendable, Hashable {
    /// The colours, in order.
    public let colors: [CGColor]
    /// The location of each colour, from 0 to 1, ascending.
    public let locations: [CGFloat]

    /// A gradient of `colors` (`CGColor`s) at `locations` (nil: evenly spread from 0 to 1). Nil
    /// when there are no colours, when a colour is not a `CGColor`, or when the locations are
    /// fewer than the colours or not finite. (On iOS `colors` is a `CFArray`: the `CFArray` form
    /// below.)
    public init?(colorsSpace space: CGColorSpace?, colors: [Any], locations: UnsafePointer<CGFloat>?) {
        let cg = colors.compactMap { $0 as? CGColor }
        guard !cg.isEmpty, cg.count == colors.count else { return nil }
        var locs: [CGFloat]
        if let locations {
            locs = (0..<cg.count).map { locations[$0] }
            guard locs.allSatisfy(\.isFinite) else { return nil }
        } else {
            locs = cg.count == 1 ? [0] : (0..<cg.count).map { CGFloat($0) / CGFloat(cg.count - 1) }
        }
        self.colors = cg
        self.locations = locs.map { min(max($0, 0), 1) }
    }

    /// A gradient of `colors` (a `CFArray` of `CGColor`s, as on iOS) at `locations` (nil: evenly
    /// spread from 0 to 1): Core Graphics' own signature. Nil in the cases the `[Any]` form lists.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        self.init(colorsSpace: space, colors: colors.map { $0 }, locations: locations)
    }

    /// A gradient of `colors` at `locations` (nil: evenly spread).
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        if let locations {
            guard locations.count >= colors.count else { return nil }
            self.init(colorsSpace: space, colors: colors as [Any], locations: locations)
        } else {
            self.init(colorsSpace: space, colors: colors as [Any], locations: nil)
        }
    }

    /// A gradient of `count` colours given as components in `space` (its components then alpha,
    /// one colour after another) at `locations` (nil: evenly spread): Core Graphics' other
    /// initializer. Nil when a component or location is not finite or `count` is not positive.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for i in 0..<count {
            let k = (0..<n).map { components[i * n + $0] }
            guard k.allSatisfy(\.isFinite) else { return nil }
            colors.append(n == 2 ? CGColor(red: k[0], green: k[0], blue: k[0], alpha: k[1]) : CGColor(red: k[0], green: k[1], blue: k[2], alpha: k[3]))
        }
        self.init(colorsSpace: space, colors: colors as [Any], locations: locations)
    }

    public static func == (l: CGGradient, r: CGGradient) -> Bool { l.colors == r.colors && l.locations == r.locations }
    public func hash(into h: inout Hasher) { h.combine(colors); h.combine(locations) }
}

extension CGContext {
    /// A gradient painted by `drawLinearGradient`/`drawRadialGradient`: points and radii in the
    /// user space of the state's CTM; the paint covers the clip.
    public struct GradientRun: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case linear(start: CGPoint, end: CGPoint)
            case radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat)
        }
        public var gradient: CGGradient
        public var kind: Kind
        public var options: CGGradientDrawingOptions
    }

    /// Paints `gradient` along the line from `start` to `end` over the clip (the area beyond
    /// the ends only with `options`).
    public func drawLinearGradient(
        _ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint, options: CGGradientDrawingOptions
    ) {
        guard Self.finite(startPoint.x, startPoint.y, endPoint.x, endPoint.y) else {
            return diagnose("drawLinearGradient with a non-finite point: ignored")
        }
        record(.drawGradient(GradientRun(gradient: gradient, kind: .linear(start: startPoint, end: endPoint), options: options), state: state))
    }

    /// Paints `gradient` between two circles over the clip.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        guard Self.finite(startCenter.x, startCenter.y, endCenter.x, endCenter.y, startRadius, endRadius),
              startRadius >= 0, endRadius >= 0
        else { return diagnose("drawRadialGradient with a non-finite or negative value: ignored") }
        record(.drawGradient(GradientRun(
            gradient: gradient,
            kind: .radial(startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius),
            options: options), state: state))
    }
}
#endif
