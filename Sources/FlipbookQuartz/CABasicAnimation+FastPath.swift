import Foundation
import FlipbookGeometry

/// The direct-write path of a basic animation: the value is interpolated and stored in the
/// presentation copy's storage without going through `AnimatableValue`. Used only when it
/// gives exactly what the general path gives.
struct FastPlan {
    enum Kind {
        case number(LayerKey, Double, Double)
        case point(LayerKey, CGPoint, CGPoint)
        case color(LayerKey, CGColor, CGColor)
        case rotationZ(Double, Double)
    }
    let kind: Kind

    @MainActor
    init?(_ anim: CABasicAnimation) {
        guard !anim.isAdditive, !anim.isCumulative, anim.valueFunction == nil, let path = anim.parsedKeyPath,
            let values = anim.cachedValues, let from = values.from, let to = values.to
        else { return nil }
        switch (path.key, path.component, from, to) {
        case (.transform, .rotationZ?, .number(let a), .number(let b)): kind = .rotationZ(a, b)
        case (let key, nil, .number(let a), .number(let b)):
            switch key {
            case .opacity, .zPosition, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius, .anchorPointZ:
                kind = .number(key, a, b)
            default: return nil
            }
        case (let key, nil, .point(let a), .point(let b)) where key == .position || key == .anchorPoint:
            kind = .point(key, a, b)
        case (let key, nil, .color(let a?), .color(let b?))
        where key == .backgroundColor || key == .borderColor || key == .shadowColor:
            kind = .color(key, a, b)
        default: return nil
        }
    }

    @MainActor
    func apply(_ f: Double, to values: inout LayerValues) {
        switch kind {
        case .number(let key, let a, let b):
            let v = a + (b - a) * f
            guard v.isFinite else { return }
            switch key {
            case .opacity: values.opacity = Float(v)
            case .zPosition: values.zPosition = CGFloat(v)
            case .cornerRadius: values.cornerRadius = CGFloat(v)
            case .borderWidth: values.borderWidth = CGFloat(v)
            case .shadowOpacity: values.shadowOpacity = Float(v)
            case .shadowRadius: values.shadowRadius = CGFloat(v)
            default: values.anchorPointZ = CGFloat(v)
            }
        case .point(let key, let a, let b):
            let g = CGFloat(f)
            let p = CGPoint(x: a.x + (b.x - a.x) * g, y: a.y + (b.y - a.y) * g)
            guard p.x.isFinite, p.y.isFinite else { return }
            if key == .position { values.position = p } else { values.anchorPoint = p }
        case .color(let key, let a, let b):
            let c = QuartzMath.interpolate(a, b, f)
            switch key {
            case .backgroundColor: values.backgroundColor = c
            case .borderColor: values.borderColor = c
            default: values.shadowColor = c
            }
        case .rotationZ(let a, let b):
            let v = a + (b - a) * f
            guard v.isFinite,
                let t = TransformComponents.set(.rotationZ, .number(v), in: values.transform)
            else { return }
            values.transform = t
        }
    }
}
