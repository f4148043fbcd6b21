import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// Pushes items with a force, continuously or once, UIKit's `UIPushBehavior`.
///
/// Units as UIKit's: magnitude 1 on a 100 × 100 item of density 1 (mass 1) accelerates it by
/// 100 points/s² (continuous), or changes its velocity by 100 points/s at once
/// (instantaneous; `active` then turns false). Set `active` again to push again.
@preconcurrency @MainActor
open class UIPushBehavior: UIDynamicBehavior {
    /// How the force acts, UIKit's `UIPushBehavior.Mode`.
    public enum Mode: Int, Sendable {
        /// A constant force, every step while active.
        case continuous
        /// One impulse, then `active` becomes false.
        case instantaneous
    }

    /// The push's mode (fixed at creation).
    public let mode: Mode
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    /// A push of `mode` on `items`; active, with a zero force until you set one.
    public init(items: [UIDynamicItem], mode: Mode) {
        self.mode = mode
        super.init()
        for item in items where !containsItem(item) { itemStorage.append(item) }
    }

    /// A behaviour with no items yet and the `.continuous` mode (Objective-C's inherited `init`, which Swift code calls as
    /// `UIPushBehavior()`); add them with `addItem(_:)`.
    public convenience override init() { self.init(items: [], mode: .continuous) }


    /// The items pushed.
    open var items: [UIDynamicItem] { itemStorage }
    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { appendItem(item, "UIPushBehavior") }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { dropItem(item) }

    /// Whether the push acts (an instantaneous push turns this off after its impulse).
    open var active: Bool {
        get { _active }
        set {
            let oldValue = _active
            _active = newValue
            if active != oldValue { parametersDidChange() }
        }
    }
    private var _active: Bool = true

    /// The force vector (UIKit force units).
    open var pushDirection: CGVector {
        get { _pushDirection }
        set {
            let oldValue = _pushDirection
            _pushDirection = newValue
            if !(pushDirection.dx.isFinite && pushDirection.dy.isFinite) {
                FlipbookDiagnostics.report("UIPushBehavior.pushDirection: non-finite vector \(pushDirection); kept \(oldValue).")
                _pushDirection = oldValue
                return
            }
            parametersDidChange()
        }
    }
    private var _pushDirection: CGVector = CGVector(dx: 0, dy: 0)

    /// The force's angle in radians.
    open var angle: CGFloat {
        get { atan2(pushDirection.dy, pushDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The force's magnitude.
    open var magnitude: CGFloat {
        get { (pushDirection.dx * pushDirection.dx + pushDirection.dy * pushDirection.dy).squareRoot() }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the force from an angle (radians) and a magnitude. Non-finite values are refused.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            FlipbookDiagnostics.report("UIPushBehavior.setAngle(_:magnitude:): non-finite angle \(angle) or magnitude \(magnitude); ignored.")
            return
        }
        pushDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    /// Applies the force at a point `offset` from the item's centre (item coordinates), which
    /// also turns the item when rotation is allowed.
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        guard offset.horizontal.isFinite, offset.vertical.isFinite else {
            FlipbookDiagnostics.report("UIPushBehavior.setTargetOffsetFromCenter(_:for:): non-finite offset; ignored.")
            return
        }
        offsets[ObjectIdentifier(item)] = offset
    }

    /// The offset set for `item` (zero by default).
    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset { offsets[ObjectIdentifier(item)] ?? .zero }

    override func applyForces(_ engine: DynamicsEngine, dt: Double) {
        guard active, pushDirection != CGVector(dx: 0, dy: 0) else { return }
        switch mode {
        case .continuous:
            for item in itemStorage { engine.applyForce(pushDirection, to: item, offset: targetOffsetFromCenter(for: item), wake: true) }
        case .instantaneous:
            for item in itemStorage { engine.applyImpulse(pushDirection, to: item, offset: targetOffsetFromCenter(for: item)) }
            // Turned off without re-reading the behaviours: nothing else changed.
            activeSilently = false
        }
    }

    private var activeSilently: Bool {
        get { active }
        set { suppress = true; active = newValue; suppress = false }
    }
    private var suppress = false
    override func parametersDidChange() { if !suppress { super.parametersDidChange() } }
}
