import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The layer properties the UIView animation API captures, and how to read and compare them
/// (the keys and their readers are generated from the layer-property table:
/// AnimatableLayerKeys.generated.swift).
///
/// UIKit animates a backing layer's property when it changes inside an animation block and
/// the property is animatable. These are the keys Flipbook records; any other key changed
/// inside a block (hidden, contents, sublayers…) applies immediately, as on iOS.
@preconcurrency @MainActor
enum AnimatableLayerKeys {
    /// A transparent colour stands in for a nil colour, so "nil → red" fades in from clear.
    static let clearColor = CGColor(gray: 0, alpha: 0)

    /// Whether UIView animation blocks capture changes of `key` on `layer`: the table's keys,
    /// and a `BackdropLayer`'s blur radius and saturation (how `UIVisualEffectView.effect`
    /// animates).
    static func captures(_ key: String, on layer: CALayer) -> Bool {
        all.contains(key) || (layer is BackdropLayer && BackdropLayer.backdropKeys.contains(key))
    }

    /// `value(of:forKey:)`, or for a layer subclass's own captured keys its key-value-coding value.
    static func anyValue(of layer: CALayer, forKey key: String) -> Any? {
        value(of: layer, forKey: key) ?? (all.contains(key) ? nil : layer.value(forKey: key))
    }

    /// Writes a value back without animation (quartz converts numbers to the property's type).
    static func setValue(_ value: Any, on layer: CALayer, forKey key: String) {
        layer.setValue(value, forKey: key)
    }

    /// The value on screen now for `key` (the model value when nothing animates it).
    static func presentedValue(of layer: CALayer, forKey key: String) -> Any? {
        let value = layer.presentationValue(forKeyPath: key) ?? anyValue(of: layer, forKey: key)
        if value == nil, colorKeys.contains(key) { return clearColor }
        return value
    }

    /// The keys a `UIView.animate…` block animates additively (docs/Semantics.md, "UIView
    /// animations"): the geometry behind `center`, `frame`, `bounds` and `transform`.
    static let additiveKeys: Set<String> = ["position", "bounds", "transform"]

    /// The additive offset that shows `old` over a model value of `new` (`old − new`; for a
    /// transform, `old · new⁻¹`, which applied before `new` gives `old`); nil when it cannot be
    /// formed (a transform that cannot be inverted).
    static func additiveOffset(from old: Any, to new: Any) -> Any? {
        switch (old, new) {
        case (let a as CGPoint, let b as CGPoint): return CGPoint(x: a.x - b.x, y: a.y - b.y)
        case (let a as CGRect, let b as CGRect):
            return CGRect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y, width: a.width - b.width, height: a.height - b.height)
        case (let a as CATransform3D, let b as CATransform3D):
            let inverse = CATransform3DInvert(b)
            let check = CATransform3DConcat(b, inverse)
            guard zip(check.elements, CATransform3DIdentity.elements).allSatisfy({ abs($0 - $1) < 1e-6 }) else { return nil }
            return CATransform3DConcat(a, inverse)
        default: return nil
        }
    }

    /// The additive zero of a value's kind (the end of an additive animation).
    static func additiveZero(like value: Any) -> Any? {
        switch value {
        case is CGPoint: CGPoint.zero
        case is CGRect: CGRect(x: 0, y: 0, width: 0, height: 0)
        case is CATransform3D: CATransform3DIdentity
        default: nil
        }
    }

    /// Whether two values read by `value(of:forKey:)` are equal.
    static func isEqual(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let x as CGPoint, let y as CGPoint): x == y
        case (let x as CGRect, let y as CGRect): x == y
        case (let x as CGSize, let y as CGSize): x == y
        case (let x as CATransform3D, let y as CATransform3D): x == y
        case (let x as CGColor, let y as CGColor): x == y
        default:
            if let x = number(a), let y = number(b) { x == y } else { false }
        }
    }

    /// A scalar as a Double (Float, CGFloat, Double, Int or NSNumber), nil otherwise.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Float: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Double: v
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    /// `number(_:)` as a CGFloat (for the options and relative values UIKit takes as `Any`).
    static func cgFloat(_ value: Any?) -> CGFloat? { number(value).map { CGFloat($0) } }
}
