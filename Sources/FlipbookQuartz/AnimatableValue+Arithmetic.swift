import Foundation
import FlipbookGeometry

extension AnimatableValue {
    /// The value `fraction` of the way from `self` to `to`. Kinds that cannot be
    /// interpolated (or mismatched kinds) switch discretely at the halfway point.
    /// Transforms interpolate by decomposition, colours by component (raw components, from
    /// arithmetic, stay unclamped).
    func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue {
        let g = CGFloat(f)
        switch (self, other) {
        case (.rawColor, _), (_, .rawColor):
            guard let a = colorComponents, let b = other.colorComponents else { return f < 0.5 ? self : other }
            return .rawColor(a + (b - a) * f)
        case (.number(let a), .number(let b)): return .number(a + (b - a) * f)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + (b.x - a.x) * g, y: a.y + (b.y - a.y) * g))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: a.width + (b.width - a.width) * g, height: a.height + (b.height - a.height) * g))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x + (b.origin.x - a.origin.x) * g, y: a.origin.y + (b.origin.y - a.origin.y) * g,
                    width: a.size.width + (b.size.width - a.size.width) * g,
                    height: a.size.height + (b.size.height - a.size.height) * g))
        case (.transform(let a), .transform(let b)): return .transform(QuartzMath.interpolate(a, b, f))
        case (.affine(let a), .affine(let b)): return .affine(QuartzMath.interpolate(a, b, f))
        case (.color(let a), .color(let b)):
            return .color(QuartzMath.interpolate(a ?? CGColor.clear, b ?? CGColor.clear, f))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { QuartzMath.interpolate($0, $1, f) })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * f })
        case (.other(let a as CGPath), .other(let b as CGPath)):
            // Paths of the same structure interpolate point by point (PathInterpolation).
            if let p = PathInterpolation.interpolate(a, b, f) { return .other(p) }
            return f < 0.5 ? self : other
        default:
            return f < 0.5 ? self : other
        }
    }

    /// `self + other`, Core Animation's addition for `byValue`, additive and cumulative
    /// animations: component-wise for numbers, points, sizes, rects and colours (giving raw,
    /// unclamped colour components); concatenation for transforms (`other` applied first).
    /// Nil for kinds that don't add.
    func adding(_ other: AnimatableValue) -> AnimatableValue? {
        if let a = colorComponents, let b = other.colorComponents { return .rawColor(a + b) }
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                    width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case (.transform(let a), .transform(let b)): return .transform(CATransform3DConcat(b, a))
        case (.affine(let a), .affine(let b)): return .affine(b.concatenating(a))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map(+))
        default: return nil
        }
    }

    /// `self − other` (the inverse of `adding`); nil for kinds that don't subtract.
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case (.transform(let a), .transform(let b)): return .transform(CATransform3DConcat(CATransform3DInvert(b), a))
        case (.affine(let a), .affine(let b)): return .affine(b.inverted().concatenating(a))
        default: return other.scaled(by: -1).flatMap { adding($0) }
        }
    }

    /// `self · k` for additive kinds (colours give raw, unclamped components; transforms
    /// repeat the transform round(k) times, inverted for negative k).
    func scaled(by k: Double) -> AnimatableValue? {
        let c = CGFloat(k)
        switch self {
        case .number(let v): return .number(v * k)
        case .point(let p): return .point(CGPoint(x: p.x * c, y: p.y * c))
        case .size(let s): return .size(CGSize(width: s.width * c, height: s.height * c))
        case .rect(let r): return .rect(CGRect(x: r.origin.x * c, y: r.origin.y * c, width: r.width * c, height: r.height * c))
        case .numbers(let v): return .numbers(v.map { $0 * k })
        case .color, .rawColor:
            // Raw components: a negative colour (e.g. −byValue) must survive until it is added.
            return colorComponents.map { .rawColor($0 * k) }
        case .transform(let t):
            if k == 0 { return .transform(CATransform3DIdentity) }
            var r = t
            for _ in 1..<max(Int(k.rounded()), 1) { r = CATransform3DConcat(r, t) }
            return k > 0 ? .transform(r) : .transform(CATransform3DInvert(r))
        case .affine(let t):
            if k == 0 { return .affine(.identity) }
            var r = t
            for _ in 1..<max(Int(k.rounded()), 1) { r = r.concatenating(t) }
            return k > 0 ? .affine(r) : .affine(r.inverted())
        default: return nil
        }
    }

    /// The straight-line distance to `other` (for paced keyframes); 0 for discrete kinds.
    func distance(to other: AnimatableValue) -> Double {
        if let a = colorComponents, let b = other.colorComponents {
            let d = b - a
            return (d * d).sum().squareRoot()
        }
        switch (self, other) {
        case (.number(let a), .number(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return Double(hypot(b.x - a.x, b.y - a.y))
        case (.size(let a), .size(let b)): return Double(hypot(b.width - a.width, b.height - a.height))
        case (.rect(let a), .rect(let b)):
            let d = [a.origin.x - b.origin.x, a.origin.y - b.origin.y, a.width - b.width, a.height - b.height]
            return Double(d.reduce(0) { $0 + $1 * $1 }.squareRoot())
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        case (.transform(let a), .transform(let b)):
            return zip(a.elements, b.elements).reduce(0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }.squareRoot()
        default: return 0
        }
    }

    /// Component vectors for spline math (cubic keyframes); nil for non-numeric kinds.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [r.origin.x, r.origin.y, r.width, r.height].map { Double($0) }
        case .numbers(let v): return v
        case .color, .rawColor:
            guard let c = colorComponents else { return nil }
            return [c.x, c.y, c.z, c.w]
        default: return nil
        }
    }

    /// Rebuilds a value of this kind from `components` (a spline's output; colours stay raw
    /// until shown). Too few components for the kind give `self` unchanged (never a crash).
    func with(components c: [Double]) -> AnimatableValue {
        switch self {
        case .number where c.count >= 1: return .number(c[0])
        case .point where c.count >= 2: return .point(CGPoint(x: c[0], y: c[1]))
        case .size where c.count >= 2: return .size(CGSize(width: c[0], height: c[1]))
        case .rect where c.count >= 4: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .numbers: return .numbers(c)
        case .color where c.count >= 4, .rawColor where c.count >= 4: return .rawColor(SIMD4(c[0], c[1], c[2], c[3]))
        default: return self
        }
    }
}
