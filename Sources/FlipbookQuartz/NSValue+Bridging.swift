import Foundation
import FlipbookGeometry

#if !canImport(ObjectiveC)
// On iOS a number or struct read through key-value coding is an `NSNumber` or `NSValue`, and
// Swift casts it either way: `layer.value(forKeyPath: "bounds.size") as? NSValue` and
// `… as? CGSize` both succeed, as do `as? CGFloat`, `as? Double` and `as? NSNumber` on a
// number. Foundation on Linux bridges `Double`, `Float` and `Int` to `NSNumber` but not
// `CGFloat`, and no struct to `NSValue`, so code written for iOS (an animator reading a
// layer's size `as? NSValue`, then `.cgSizeValue`) silently took its fallback branch. These
// conformances give the casts iOS's answers (docs/Divergences.md, "Method swizzling", bridging casts).
//
// A cast from an `NSValue` to a struct succeeds only when the value boxes that struct
// (read from `objCType`), as on iOS.

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

    public static func _forceBridgeFromObjectiveC(_ x: NSNumber, result: inout CGFloat?) {
        result = CGFloat(x.doubleValue)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ x: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(x.doubleValue)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ x: NSNumber?) -> CGFloat {
        CGFloat(x?.doubleValue ?? 0)
    }
}

/// A struct that an `NSValue` boxes, recognised by the value's `objCType`.
protocol NSValueBoxable: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
    /// Whether `objCType` names this struct.
    static func isBoxed(as objCType: String) -> Bool
    init(unboxing value: NSValue)
    var boxed: NSValue { get }
}

extension NSValueBoxable {
    public func _bridgeToObjectiveC() -> NSValue { boxed }

    public static func _forceBridgeFromObjectiveC(_ x: NSValue, result: inout Self?) {
        guard isBoxed(as: x.flipbookKind) else {
            preconditionFailure("Could not cast an NSValue of type \(x.flipbookKind) to \(Self.self)")
        }
        result = Self(unboxing: x)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ x: NSValue, result: inout Self?) -> Bool {
        guard isBoxed(as: x.flipbookKind) else { return false }
        result = Self(unboxing: x)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ x: NSValue?) -> Self {
        var result: Self?
        if let x { _forceBridgeFromObjectiveC(x, result: &result) }
        return result ?? Self(unboxing: NSValue())
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBoxable {
    static func isBoxed(as objCType: String) -> Bool { objCType.hasPrefix("{CGPoint") || objCType.hasPrefix("{NSPoint") }
    init(unboxing value: NSValue) { self = value.pointValue }
    var boxed: NSValue { NSValue(point: self) }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBoxable {
    static func isBoxed(as objCType: String) -> Bool { objCType.hasPrefix("{CGSize") || objCType.hasPrefix("{NSSize") }
    init(unboxing value: NSValue) { self = value.sizeValue }
    var boxed: NSValue { NSValue(size: self) }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBoxable {
    static func isBoxed(as objCType: String) -> Bool { objCType.hasPrefix("{CGRect") || objCType.hasPrefix("{NSRect") }
    init(unboxing value: NSValue) { self = value.rectValue }
    var boxed: NSValue { NSValue(rect: self) }
}

extension CATransform3D: _ObjectiveCBridgeable, NSValueBoxable {
    static func isBoxed(as objCType: String) -> Bool { objCType == "[16d]" }
    init(unboxing value: NSValue) { self = value.caTransform3DValue }
    var boxed: NSValue { NSValue(caTransform3D: self) }
}

extension CGAffineTransform: _ObjectiveCBridgeable, NSValueBoxable {
    static func isBoxed(as objCType: String) -> Bool { objCType == "[6d]" }
    init(unboxing value: NSValue) { self = value.cgAffineTransformValue }
    var boxed: NSValue { NSValue(cgAffineTransform: self) }
}
#endif
