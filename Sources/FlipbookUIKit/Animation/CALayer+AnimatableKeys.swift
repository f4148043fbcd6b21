import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The layer properties the UIView animation API captures, and how to read and compare them.
///
/// UIKit animates a backing layer's property when it changes inside an animation block and
/// the property is animatable. These are the keys Flipbook records; any other key changed
/// inside a block (hidden, contents, sublayers…) applies immediately, as on iOS.
@MainActor
enum AnimatableLayerKeys {
    static let all: Set<String> = [
        "position", "bounds", "transform", "sublayerTransform", "opacity", "backgroundColor",
        "cornerRadius", "borderWidth", "borderColor", "shadowOpacity", "shadowRadius",
        "shadowOffset", "shadowColor", "zPosition", "anchorPoint", "anchorPointZ", "contentsRect",
    ]

    /// A transparent colour stands in for a nil colour, so "nil → red" fades in from clear.
    static let clearColor = CGColor(gray: 0, alpha: 0)

    /// The current value of `key` on `layer` (model or presentation copy), boxed as the type
    /// Core Animation expects in `fromValue`/`toValue`; nil for keys not in `all`.
    static func value(of layer: CALayer, forKey key: String) -> Any? {
        switch key {
        case "position": layer.position
        case "bounds": layer.bounds
        case "transform": layer.transform
        case "sublayerTransform": layer.sublayerTransform
        case "opacity": layer.opacity
        case "backgroundColor": layer.backgroundColor ?? clearColor
        case "cornerRadius": layer.cornerRadius
        case "borderWidth": layer.borderWidth
        case "borderColor": layer.borderColor ?? clearColor
        case "shadowOpacity": layer.shadowOpacity
        case "shadowRadius": layer.shadowRadius
        case "shadowOffset": layer.shadowOffset
        case "shadowColor": layer.shadowColor ?? clearColor
        case "zPosition": layer.zPosition
        case "anchorPoint": layer.anchorPoint
        case "anchorPointZ": layer.anchorPointZ
        case "contentsRect": layer.contentsRect
        default: nil
        }
    }

    /// Writes a value back without animation (quartz converts numbers to the property's type).
    static func setValue(_ value: Any, on layer: CALayer, forKey key: String) {
        layer.setValue(value, forKey: key)
    }

    /// The value on screen now for `key` (the model value when nothing animates it).
    static func presentedValue(of layer: CALayer, forKey key: String) -> Any? {
        let value = layer.presentationValue(forKeyPath: key) ?? self.value(of: layer, forKey: key)
        if value == nil, key.hasSuffix("olor") { return clearColor }
        return value
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
}
