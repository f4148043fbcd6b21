import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// The physical properties of items, UIKit's `UIDynamicItemBehavior`.
///
/// Defaults as UIKit documents them: elasticity 0, friction 0, density 1, resistance 0,
/// angularResistance 0, allowsRotation true, charge 0, anchored false. An item's mass is
/// density · width · height / 10 000 (a 100 × 100 item of density 1 has mass 1). When several
/// item behaviours hold the same item, the last one in the animator's behaviour tree decides.
/// Elasticity is the restitution against boundaries (max of the two for item pairs); friction
/// is mixed as √(μ₁μ₂) between items and equals √μ against boundaries; resistance and
/// angularResistance are linear damping rates (1/s).
@preconcurrency @MainActor
open class UIDynamicItemBehavior: UIDynamicBehavior {
    var props = DynamicItemProperties()

    /// Properties for `items`.
    public init(items: [UIDynamicItem]) {
        super.init()
        for item in items where !containsItem(item) { itemStorage.append(item) }
    }

    /// A behaviour with no items yet (Objective-C's inherited `init`, which Swift code calls as
    /// `UIDynamicItemBehavior()`); add them with `addItem(_:)`.
    public convenience override init() { self.init(items: []) }


    /// The items.
    open var items: [UIDynamicItem] { itemStorage }
    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { appendItem(item, "UIDynamicItemBehavior") }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { dropItem(item) }

    private func set(_ value: CGFloat, _ name: String, minimum: CGFloat, allowsMinimum: Bool = true, _ keyPath: WritableKeyPath<DynamicItemProperties, Double>) {
        guard value.isFinite, allowsMinimum ? value >= minimum : value > minimum else {
            FlipbookDiagnostics.report(
                "UIDynamicItemBehavior.\(name): \(value) is invalid (must be finite and \(allowsMinimum ? "≥" : ">") \(minimum)); kept \(props[keyPath: keyPath]).")
            return
        }
        props[keyPath: keyPath] = Double(value)
        parametersDidChange()
    }

    /// Bounciness: 0 (default) none, 1 perfectly elastic.
    open var elasticity: CGFloat {
        get { CGFloat(props.elasticity) }
        set { set(newValue, "elasticity", minimum: 0, \.elasticity) }
    }
    /// Sliding friction coefficient (default 0).
    open var friction: CGFloat {
        get { CGFloat(props.friction) }
        set { set(newValue, "friction", minimum: 0, \.friction) }
    }
    /// Density (default 1): mass = density · width · height / 10 000. Must be positive.
    open var density: CGFloat {
        get { CGFloat(props.density) }
        set { set(newValue, "density", minimum: 0, allowsMinimum: false, \.density) }
    }
    /// Linear damping rate, 1/s (default 0).
    open var resistance: CGFloat {
        get { CGFloat(props.resistance) }
        set { set(newValue, "resistance", minimum: 0, \.resistance) }
    }
    /// Angular damping rate, 1/s (default 0).
    open var angularResistance: CGFloat {
        get { CGFloat(props.angularResistance) }
        set { set(newValue, "angularResistance", minimum: 0, \.angularResistance) }
    }
    /// Electric charge, for electric and magnetic fields (default 0).
    open var charge: CGFloat {
        get { CGFloat(props.charge) }
        set {
            guard newValue.isFinite else {
                FlipbookDiagnostics.report("UIDynamicItemBehavior.charge: \(newValue) is not finite; kept \(props.charge).")
                return
            }
            props.charge = Double(newValue); parametersDidChange()
        }
    }
    /// Whether the items may rotate (default true).
    open var allowsRotation: Bool {
        get { props.allowsRotation }
        set { props.allowsRotation = newValue; parametersDidChange() }
    }
    /// Anchored items stay where they are but others collide with them (default false).
    open var isAnchored: Bool {
        get { props.isAnchored }
        set { props.isAnchored = newValue; parametersDidChange() }
    }

    /// Adds `velocity` (points/s) to the item's linear velocity. Items not yet in a running
    /// animator get it when they join.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        guard velocity.x.isFinite, velocity.y.isFinite else {
            FlipbookDiagnostics.report("UIDynamicItemBehavior.addLinearVelocity(_:for:): non-finite velocity \(velocity); ignored.")
            return
        }
        if let engine = dynamicAnimator?.engineForBehaviors(), let r = engine.record(for: item) {
            let v = engine.world.linearVelocity(of: r.body)
            engine.world.setLinearVelocity(r.body, v + PhysicsVector(velocity))
            dynamicAnimator?.behaviorsDidChange(resume: true)
        } else {
            pendingLinear[ObjectIdentifier(item), default: .zero] += PhysicsVector(velocity)
            parametersDidChange()
        }
    }

    /// The item's linear velocity (points/s); zero when it is not in this behaviour's animator.
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        guard let engine = dynamicAnimator?.engineForBehaviors(), let r = engine.record(for: item) else {
            return pendingLinear[ObjectIdentifier(item)]?.cgPoint ?? .zero
        }
        return engine.world.linearVelocity(of: r.body).cgPoint
    }

    /// Adds `velocity` (radians/s) to the item's angular velocity.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        guard velocity.isFinite else {
            FlipbookDiagnostics.report("UIDynamicItemBehavior.addAngularVelocity(_:for:): non-finite velocity \(velocity); ignored.")
            return
        }
        if let engine = dynamicAnimator?.engineForBehaviors(), let r = engine.record(for: item) {
            engine.world.setAngularVelocity(r.body, engine.world.angularVelocity(of: r.body) + Double(velocity))
            dynamicAnimator?.behaviorsDidChange(resume: true)
        } else {
            pendingAngular[ObjectIdentifier(item), default: 0] += Double(velocity)
            parametersDidChange()
        }
    }

    /// The item's angular velocity (radians/s).
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat {
        guard let engine = dynamicAnimator?.engineForBehaviors(), let r = engine.record(for: item) else {
            return CGFloat(pendingAngular[ObjectIdentifier(item)] ?? 0)
        }
        return CGFloat(engine.world.angularVelocity(of: r.body))
    }

    var pendingLinear: [ObjectIdentifier: PhysicsVector] = [:]
    var pendingAngular: [ObjectIdentifier: Double] = [:]

    /// Gives bodies the velocities added before they existed.
    func flushPendingVelocities(_ engine: DynamicsEngine) {
        for item in itemStorage {
            guard let r = engine.record(for: item) else { continue }
            let id = ObjectIdentifier(item)
            if let v = pendingLinear.removeValue(forKey: id) {
                engine.world.setLinearVelocity(r.body, engine.world.linearVelocity(of: r.body) + v)
            }
            if let w = pendingAngular.removeValue(forKey: id) {
                engine.world.setAngularVelocity(r.body, engine.world.angularVelocity(of: r.body) + w)
            }
        }
    }
}
