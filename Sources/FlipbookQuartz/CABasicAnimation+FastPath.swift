import Foundation
import FlipbookGeometry

/// The direct-write path of a basic animation: the value is interpolated and stored in the
/// presentation copy's storage without going through `AnimatableValue`. Used only when it
/// gives exactly what the general path gives.
struct FastPlan {
    enum Kind {
        case number(DirectNumberField, Double, Double)
        case point(DirectPointField, CGPoint, CGPoint)
        case color(DirectColorField, CGColor, CGColor)
        case rotationZ(Double, Double)
    }
    let kind: Kind

    @preconcurrency @MainActor
    init?(_ anim: CABasicAnimation) {
        guard !anim.isAdditive, !anim.isCumulative, anim.valueFunction == nil, let path = anim.parsedKeyPath,
            let values = anim.cachedValues, let from = values.from, let to = values.to
        else { return nil }
        switch (path.key, path.component, from, to) {
        case (.transform, .rotationZ?, .number(let a), .number(let b)): kind = .rotationZ(a, b)
        // The fields come from the layer-property table's `direct` column.
        case (let key, nil, .number(let a), .number(let b)):
            guard let field = DirectNumberField(key) else { return nil }
            kind = .number(field, a, b)
        case (let key, nil, .point(let a), .point(let b)):
            guard let field = DirectPointField(key) else { return nil }
            kind = .point(field, a, b)
        case (let key, nil, .color(let a?), .color(let b?)):
            guard let field = DirectColorField(key) else { return nil }
            kind = .color(field, a, b)
        default: return nil
        }
    }

    @preconcurrency @MainActor
    func apply(_ f: Double, to values: inout LayerValues) {
        switch kind {
        case .number(let field, let a, let b): values.setInterpolated(field, a, b, f)
        case .point(let field, let a, let b): values.setInterpolated(field, a, b, f)
        case .color(let field, let a, let b):
            values.set(field, QuartzMath.interpolate(a, b, f))
        case .rotationZ(let a, let b):
            let v = a + (b - a) * f
            guard v.isFinite,
                let t = TransformComponents.set(.rotationZ, .number(v), in: values.transform)
            else { return }
            values.transform = t
        }
    }
}

extension LayerValues {
    /// Stores `a + (b - a) * f` in `field`; a non-finite result leaves the field as it was.
    /// The direct write of a number, shared by `FastPlan` and `DirectWrite`.
    @inline(__always)
    mutating func setInterpolated(_ field: DirectNumberField, _ a: Double, _ b: Double, _ f: Double) {
        let v = a + (b - a) * f
        guard v.isFinite else { return }
        set(field, v)
    }

    /// Stores the point `f` of the way from `a` to `b` in `field`; a non-finite result leaves
    /// the field as it was.
    @inline(__always)
    mutating func setInterpolated(_ field: DirectPointField, _ a: CGPoint, _ b: CGPoint, _ f: Double) {
        let g = CGFloat(f)
        let p = CGPoint(x: a.x + (b.x - a.x) * g, y: a.y + (b.y - a.y) * g)
        guard p.x.isFinite, p.y.isFinite else { return }
        set(field, p)
    }
}
