import Foundation
import FlipbookGeometry

/// A property value as the animation engine sees it: one case per interpolable kind.
///
/// Anything Apple code puts in `fromValue`/`toValue` (Swift numbers of any type,
/// NSNumber, NSValue boxes, points, sizes, rects, transforms, colours, colour arrays,
/// number arrays) is read into one of these; everything else (paths, images, booleans,
/// strings) is `.other` and animates discretely.
enum AnimatableValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case affine(CGAffineTransform)
    case color(CGColor?)
    /// Colour components (red, green, blue, alpha; straight sRGB) produced by arithmetic
    /// (`byValue`, additive and cumulative animations, splines): not clamped, so that
    /// `to − by` or a negative cumulative delta keeps its sign. Clamped to 0…1 only when the
    /// colour is shown (`displayable`, applied as the animation writes the layer).
    case rawColor(SIMD4<Double>)
    case colors([CGColor])
    case numbers([Double])
    case other(Any?)

    /// Reads an `Any?` the way Core Animation reads `fromValue`/`toValue`; nil stays nil.
    init?(_ any: Any?) {
        guard let any else { return nil }
        switch any {
        case let v as AnimatableValue: self = v
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as Bool: self = .other(v)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .affine(v)
        case let v as CGColor: self = .color(v)
        case let v as [CGColor]: self = .colors(v)
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as NSValue:
            switch v.flipbookKind {
            case "[16d]": self = .transform(v.caTransform3DValue)
            case "[6d]": self = .affine(v.cgAffineTransformValue)
            case let k where k.hasPrefix("{CGPoint") || k.hasPrefix("{NSPoint"): self = .point(v.pointValue)
            case let k where k.hasPrefix("{CGSize") || k.hasPrefix("{NSSize"): self = .size(v.sizeValue)
            case let k where k.hasPrefix("{CGRect") || k.hasPrefix("{NSRect"): self = .rect(v.rectValue)
            default: self = .other(v)
            }
        case let v as [Double]: self = .numbers(v)
        case let v as [CGFloat]: self = .numbers(v.map(Double.init))
        case let v as [NSNumber]: self = .numbers(v.map(\.doubleValue))
        case let v as [Any]:
            if v.allSatisfy({ $0 is CGColor }) {
                self = .colors(v.compactMap { $0 as? CGColor })
            } else if let numbers = Self.numberArray(v) {
                self = .numbers(numbers)
            } else {
                self = .other(v)
            }
        default: self = .other(any)
        }
    }

    private static func numberArray(_ v: [Any]) -> [Double]? {
        var out: [Double] = []
        for item in v {
            guard case .number(let n)? = AnimatableValue(item) else { return nil }
            out.append(n)
        }
        return out
    }

    /// The value as key-value coding returns it (`value(forKey:)`).
    var anyValue: Any? {
        switch self {
        // As Core Animation answers key-value coding: numbers as `NSNumber`, structs as
        // `NSValue` (both cast to the Swift type too: NSValue+Bridging.swift).
        case .number(let v): return NSNumber(value: v)
        case .point(let v): return NSValue(cgPoint: v)
        case .size(let v): return NSValue(cgSize: v)
        case .rect(let v): return NSValue(cgRect: v)
        case .transform(let v): return NSValue(caTransform3D: v)
        case .affine(let v): return NSValue(cgAffineTransform: v)
        case .color(let v): return v
        case .rawColor: return displayable.anyValue
        case .colors(let v): return v
        case .numbers(let v): return v.map { NSNumber(value: $0) }
        case .other(let v): return v
        }
    }

    var number: Double? { if case .number(let v) = self { return v } else { return nil } }

    /// Whether every component is finite (NaN or infinity never reaches the screen).
    var isFinite: Bool {
        switch self {
        case .number(let v): return v.isFinite
        case .point(let p): return p.x.isFinite && p.y.isFinite
        case .size(let s): return s.width.isFinite && s.height.isFinite
        case .rect(let r): return r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
        case .transform(let t): return t.elements.allSatisfy(\.isFinite)
        case .affine(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite)
        case .numbers(let v): return v.allSatisfy(\.isFinite)
        case .rawColor(let c): return c.x.isFinite && c.y.isFinite && c.z.isFinite && c.w.isFinite
        case .color, .colors, .other: return true
        }
    }

    /// The components of a colour (`.color`, nil reading as clear, or `.rawColor`); nil for
    /// other kinds.
    var colorComponents: SIMD4<Double>? {
        switch self {
        case .color(let c):
            guard let x = c?.components, x.count >= 4 else { return SIMD4(0, 0, 0, 0) }
            return SIMD4(Double(x[0]), Double(x[1]), Double(x[2]), Double(x[3]))
        case .rawColor(let c): return c
        default: return nil
        }
    }

    /// The value as a layer can show it: raw colour components become a `CGColor`
    /// (clamped to 0…1); every other kind is itself.
    var displayable: AnimatableValue {
        guard case .rawColor(let c) = self else { return self }
        return .color(CGColor(red: CGFloat(c.x), green: CGFloat(c.y), blue: CGFloat(c.z), alpha: CGFloat(c.w)))
    }

    /// A short name of the kind, for diagnostics.
    var kindName: String {
        switch self {
        case .number: return "number"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .rect: return "CGRect"
        case .transform: return "CATransform3D"
        case .affine: return "CGAffineTransform"
        case .color, .rawColor: return "CGColor"
        case .colors: return "[CGColor]"
        case .numbers: return "[NSNumber]"
        case .other(let v): return v.map { "\(type(of: $0))" } ?? "nil"
        }
    }
}
