import Foundation
import FlipbookGeometry

/// Key-value coding on animations. As `CALayer`, `CAAnimation` is a key-value coding compliant
/// container on iOS: `setValue(_:forKey:)` with a key that is no property stores the value, and
/// the animation's copies (the one `add(_:forKey:)` adds, the one the delegate is told about)
/// carry it, which is how animation code tags an animation
/// (`anim.setValue(circle, forKey: "circle")`, read back in `animationDidStop`). Keys that
/// name a property read and set it (docs/API-Status.md).
extension CAAnimation: KeyValueCodingHost {
    package func valueByKeyValueCoding(forKey key: String) -> Any?? {
        if let value = propertyValue(forKey: key) { return value }
        return .some(keyedValues[key])
    }

    package func setValueByKeyValueCoding(_ value: Any?, forKey key: String) -> Bool {
        if setPropertyValue(value, forKey: key) { return true }
        keyedValues[key] = value
        return true
    }

    /// The property named `key`, boxed as key-value coding gives it; nil when no property has
    /// that name.
    private func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "duration": return .some(NSNumber(value: duration))
        case "beginTime": return .some(NSNumber(value: beginTime))
        case "speed": return .some(NSNumber(value: speed))
        case "timeOffset": return .some(NSNumber(value: timeOffset))
        case "repeatCount": return .some(NSNumber(value: repeatCount))
        case "repeatDuration": return .some(NSNumber(value: repeatDuration))
        case "autoreverses": return .some(NSNumber(value: autoreverses))
        case "removedOnCompletion": return .some(NSNumber(value: isRemovedOnCompletion))
        case "fillMode": return .some(fillMode.rawValue)
        case "timingFunction": return .some(timingFunction)
        case "delegate": return .some(delegate)
        default: break
        }
        if let property = self as? CAPropertyAnimation {
            switch key {
            case "keyPath": return .some(property.keyPath)
            case "additive": return .some(NSNumber(value: property.isAdditive))
            case "cumulative": return .some(NSNumber(value: property.isCumulative))
            default: break
            }
        }
        if let basic = self as? CABasicAnimation {
            switch key {
            case "fromValue": return .some(basic.fromValue)
            case "toValue": return .some(basic.toValue)
            case "byValue": return .some(basic.byValue)
            default: break
            }
        }
        if let keyframe = self as? CAKeyframeAnimation {
            switch key {
            case "values": return .some(keyframe.values)
            case "keyTimes": return .some(keyframe.keyTimes)
            default: break
            }
        }
        return nil
    }

    /// Sets the property named `key`; false when no property has that name. A value of the
    /// wrong type is reported and leaves the property as it was (UIKit raises).
    private func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        func number(_ apply: (Double) -> Void) -> Bool {
            if let n = Self.double(value) { apply(n) } else { reportWrongType(value, forKey: key) }
            return true
        }
        func flag(_ apply: (Bool) -> Void) -> Bool {
            if let b = value as? Bool { apply(b) } else if let n = value as? NSNumber { apply(n.boolValue) } else {
                reportWrongType(value, forKey: key)
            }
            return true
        }
        switch key {
        case "duration": return number { duration = $0 }
        case "beginTime": return number { beginTime = $0 }
        case "speed": return number { speed = Float($0) }
        case "timeOffset": return number { timeOffset = $0 }
        case "repeatCount": return number { repeatCount = Float($0) }
        case "repeatDuration": return number { repeatDuration = $0 }
        case "autoreverses": return flag { autoreverses = $0 }
        case "removedOnCompletion": return flag { isRemovedOnCompletion = $0 }
        default: break
        }
        if let basic = self as? CABasicAnimation {
            switch key {
            case "fromValue": basic.fromValue = value; return true
            case "toValue": basic.toValue = value; return true
            case "byValue": basic.byValue = value; return true
            default: break
            }
        }
        if let keyframe = self as? CAKeyframeAnimation, key == "values" {
            keyframe.values = value as? [Any]
            return true
        }
        return false
    }

    private static func double(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: return d
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }

    private func reportWrongType(_ value: Any?, forKey key: String) {
        FlipbookDiagnostics.report(
            "setValue(_:forKey: \"\(key)\") on a \(type(of: self)) needs a number or Boolean (got "
                + "\(value.map { "\(type(of: $0))" } ?? "nil")); the property is left as it was (Core Animation raises).",
            once: "CAAnimation.kvc.type.\(key)")
    }
}
