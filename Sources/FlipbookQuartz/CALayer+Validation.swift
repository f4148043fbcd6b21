import Foundation
import FlipbookGeometry

// Checks on the values apps give a model layer. Only the property setters call these: the
// presentation walk writes `state` directly and never pays for them.

/// A value type whose components can be NaN or infinite.
protocol FiniteCheckedValue { var isFiniteValue: Bool { get } }

extension CGFloat: FiniteCheckedValue { var isFiniteValue: Bool { isFinite } }
extension Float: FiniteCheckedValue { var isFiniteValue: Bool { isFinite } }
extension Double: FiniteCheckedValue { var isFiniteValue: Bool { isFinite } }
extension CGPoint: FiniteCheckedValue { var isFiniteValue: Bool { x.isFinite && y.isFinite } }
extension CGSize: FiniteCheckedValue { var isFiniteValue: Bool { width.isFinite && height.isFinite } }
extension CGRect: FiniteCheckedValue { var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue } }
extension CATransform3D: FiniteCheckedValue { var isFiniteValue: Bool { isFinite } }

extension CALayer {
    /// Whether a model setter may store `new` (every component finite). Core Animation raises
    /// an exception for a NaN position or bounds ("CALayer position contains NaN"); Flipbook
    /// reports the bad value once per property (observers see every report) and the setter
    /// keeps the previous value `old`, so NaN never reaches the screen.
    @inline(__always)
    final func accepts<V: FiniteCheckedValue>(_ new: V, _ key: String, old: @autoclosure () -> V) -> Bool {
        if new.isFiniteValue { return true }
        reportRejectedValue(key: key, value: new, old: old())
        return false
    }

    /// `accepts(_:_:old:)` with the check given (`ok`), for values where only NaN is wrong
    /// (an infinite `repeatCount` means for ever).
    @inline(__always)
    final func accepts<V>(_ new: V, _ key: String, old: @autoclosure () -> V, if ok: Bool) -> Bool {
        if ok { return true }
        reportRejectedValue(key: key, value: new, old: old())
        return false
    }

    /// A subclass's animatable value just set (its `didSet`): a non-finite one is reported and
    /// `false` returned, so the caller puts the old value back; otherwise the change is announced
    /// (implicit animation, display). The value arrives as a copy: the announcement asks the
    /// layer for its action, and the action reads the property, which an `inout` access held
    /// across the call would forbid (Swift's exclusivity check traps).
    final func checkedDidSet<V: FiniteCheckedValue>(_ value: V, _ key: String, old: V) -> Bool {
        guard accepts(value, key, old: old) else { return false }
        if !isPresentationCopy { propertyDidChange(key, old) }
        return true
    }

    @inline(never)
    private func reportRejectedValue(key: String, value: Any, old: Any) {
        FlipbookDiagnostics.report(
            "\(type(of: self)) \(key) contains NaN or infinity (\(value)); keeping \(old).",
            once: "CALayer.nonfinite.\(key)")
    }
}
