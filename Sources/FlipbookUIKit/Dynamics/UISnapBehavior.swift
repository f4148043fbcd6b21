import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// Moves an item to a point with a damped spring, UIKit's `UISnapBehavior`.
///
/// Flipbook's snap is a spring joint pulling the item's centre to `snapPoint` at
/// `UISnapBehavior.frequency` (3 Hz) with damping ratio `0.1 + 0.9 · damping`, and a second,
/// critically damped one turning the item back upright when it may rotate. `damping` is 0…1
/// (default 0.5): 0 oscillates most, 1 least.
@preconcurrency @MainActor
open class UISnapBehavior: UIDynamicBehavior {
    /// The snap spring's natural frequency, Hz.
    static let frequency = 3.0

    /// Snaps `item` to `point` (reference-view coordinates).
    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        snapPointStorage = point
        super.init()
        itemStorage = [item]
        if !(point.x.isFinite && point.y.isFinite) {
            FlipbookDiagnostics.report("UISnapBehavior(item:snapTo:): non-finite point \(point); using (0, 0).")
            snapPointStorage = .zero
        }
    }

    private var snapPointStorage: CGPoint

    /// Where the item's centre goes. Non-finite points are refused.
    open var snapPoint: CGPoint {
        get { snapPointStorage }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                FlipbookDiagnostics.report("UISnapBehavior.snapPoint: non-finite point \(newValue); ignored.")
                return
            }
            snapPointStorage = newValue
            parametersDidChange()
        }
    }

    /// Oscillation damping, 0…1 (default 0.5); values outside are clamped.
    open var damping: CGFloat {
        get { _damping }
        set {
            let oldValue = _damping
            _damping = newValue
            if !damping.isFinite {
                FlipbookDiagnostics.report("UISnapBehavior.damping: \(damping) is not finite; kept \(oldValue).")
                _damping = oldValue
                return
            }
            if damping < 0 || damping > 1 { _damping = min(max(damping, 0), 1) }
            parametersDidChange()
        }
    }
    private var _damping: CGFloat = 0.5

    override func makeJoints(_ engine: DynamicsEngine) {
        guard let item = itemStorage.first, let body = engine.body(for: item) else { return }
        let ratio = 0.1 + 0.9 * Double(damping)
        engine.addJoint(.mouse(body, anchor: .zero, target: PhysicsVector(snapPointStorage), frequency: Self.frequency, dampingRatio: ratio))
    }
}
