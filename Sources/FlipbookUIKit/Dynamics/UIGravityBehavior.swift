import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// Accelerates items in one direction, UIKit's `UIGravityBehavior`.
///
/// Units as UIKit's: a vector of length 1 (magnitude 1) is 1000 points/s², whatever the
/// item's mass; the default direction is (0, 1), straight down the screen. Several gravity
/// behaviours on one item add up.
@preconcurrency @MainActor
open class UIGravityBehavior: UIDynamicBehavior {
    /// Gravity for `items`.
    public init(items: [UIDynamicItem]) {
        super.init()
        for item in items where !containsItem(item) { itemStorage.append(item) }
    }

    /// A behaviour with no items yet (Objective-C's inherited `init`, which Swift code calls as
    /// `UIGravityBehavior()`); add them with `addItem(_:)`.
    public convenience override init() { self.init(items: []) }


    /// The items pulled.
    open var items: [UIDynamicItem] { itemStorage }
    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { appendItem(item, "UIGravityBehavior") }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { dropItem(item) }

    /// Direction and strength: (0, 1) is 1000 pt/s² downward. Non-finite vectors are refused.
    open var gravityDirection: CGVector {
        get { _gravityDirection }
        set {
            let oldValue = _gravityDirection
            _gravityDirection = newValue
            if !(gravityDirection.dx.isFinite && gravityDirection.dy.isFinite) {
                FlipbookDiagnostics.report("UIGravityBehavior.gravityDirection: non-finite vector \(gravityDirection); kept \(oldValue).")
                _gravityDirection = oldValue
                return
            }
            parametersDidChange()
        }
    }
    private var _gravityDirection: CGVector = CGVector(dx: 0, dy: 1)

    /// The direction's angle in radians (0 = +x, π/2 = down the screen).
    open var angle: CGFloat {
        get { atan2(gravityDirection.dy, gravityDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The direction's length (1 = 1000 pt/s²).
    open var magnitude: CGFloat {
        get { (gravityDirection.dx * gravityDirection.dx + gravityDirection.dy * gravityDirection.dy).squareRoot() }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the direction from an angle (radians) and a magnitude. Non-finite values are refused.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            FlipbookDiagnostics.report("UIGravityBehavior.setAngle(_:magnitude:): non-finite angle \(angle) or magnitude \(magnitude); ignored.")
            return
        }
        gravityDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    override func applyForces(_ engine: DynamicsEngine, dt: Double) {
        let a = PhysicsVector(Double(gravityDirection.dx) * DynamicsEngine.gravityUnit, Double(gravityDirection.dy) * DynamicsEngine.gravityUnit)
        for item in itemStorage { engine.accelerate(item, by: a) }
    }
}
