import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// An area of a field, UIKit's `UIRegion`: a circle, a rectangle, or everywhere, centred on the
/// field's `position`.
public struct UIRegion: Sendable, Equatable {
    enum Shape: Sendable, Equatable { case infinite, circle(CGFloat), rect(CGSize) }
    let shape: Shape
    let inverted: Bool

    /// Everywhere.
    public static let infinite = UIRegion(shape: .infinite, inverted: false)
    init(shape: Shape, inverted: Bool) { self.shape = shape; self.inverted = inverted }
    /// A circle of `radius` points (negative or NaN radii give an empty region, reported).
    public init(radius: CGFloat) {
        if !(radius.isFinite && radius >= 0) {
            FlipbookDiagnostics.reportFromAnyContext("UIRegion(radius:): invalid radius \(radius); the region is empty.")
        }
        self.init(shape: .circle(radius.isFinite && radius >= 0 ? radius : 0), inverted: false)
    }
    /// A rectangle of `size` points.
    public init(size: CGSize) {
        let ok = size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
        if !ok { FlipbookDiagnostics.reportFromAnyContext("UIRegion(size:): invalid size \(size); the region is empty.") }
        self.init(shape: .rect(ok ? size : .zero), inverted: false)
    }
    /// Everything outside this region.
    public func inverse() -> UIRegion { UIRegion(shape: shape, inverted: !inverted) }
    /// Whether `point` (relative to the region's centre) is inside.
    public func contains(_ point: CGPoint) -> Bool {
        let inside: Bool
        switch shape {
        case .infinite: inside = true
        case .circle(let r): inside = point.x * point.x + point.y * point.y <= r * r
        case .rect(let s): inside = abs(point.x) <= s.width / 2 && abs(point.y) <= s.height / 2
        }
        return inside != inverted
    }
}

/// A field of force acting on items in a region, UIKit's `UIFieldBehavior`.
///
/// Flipbook's fields and their accelerations (r: the item's centre minus `position`; d: its
/// distance in units of 100 points, at least `minimumRadius`/100; s: `strength`; f:
/// `falloff`; all scaled by d^−f):
/// - linear gravity: s · `direction` · 1000 pt/s² (like `UIGravityBehavior`);
/// - radial gravity: s · 1000 pt/s² towards `position`;
/// - spring: −s · r · (2π)² / s² per point (strength 1: a one-second period, any mass);
/// - drag: −s · v (1/s);
/// - vortex: s · 1000 pt/s² at right angles to r (clockwise on screen for positive s);
/// - electric: charge · s · 1000 pt/s² · r̂ / mass-independent (like charges repel).
/// Apple does not document its units; these match UIKit's gravity scale.
@preconcurrency @MainActor
open class UIFieldBehavior: UIDynamicBehavior {
    enum Kind: Equatable { case linearGravity, radialGravity, spring, drag, vortex, electric }
    let kind: Kind

    init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// A uniform pull along `direction` (length 1 = 1000 pt/s²).
    public class func linearGravityField(direction: CGVector) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .linearGravity)
        f.direction = direction
        return f
    }
    /// A pull towards `position` (1000 pt/s² at strength 1).
    public class func radialGravityField(position: CGPoint) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .radialGravity)
        f.position = position
        return f
    }
    /// A spring towards `position`.
    public class func springField() -> UIFieldBehavior { UIFieldBehavior(kind: .spring) }
    /// Slows items in proportion to their speed.
    public class func dragField() -> UIFieldBehavior { UIFieldBehavior(kind: .drag) }
    /// Swirls items around `position`.
    public class func vortexField() -> UIFieldBehavior { UIFieldBehavior(kind: .vortex) }
    /// Pushes charged items away from (or towards) `position`.
    public class func electricField() -> UIFieldBehavior { UIFieldBehavior(kind: .electric) }

    /// The items in the field.
    open var items: [UIDynamicItem] { itemStorage }
    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { appendItem(item, "UIFieldBehavior") }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { dropItem(item) }

    /// The field's centre (reference-view coordinates).
    open var position: CGPoint {
        get { _position }
        set {
            let oldValue = _position
            _position = newValue
            check(position.x.isFinite && position.y.isFinite, "position", { self._position = oldValue })
        }
    }
    private var _position: CGPoint = .zero
    /// Where the field acts, around `position` (default everywhere).
    open var region: UIRegion {
        get { _region }
        set {
            _region = newValue
            parametersDidChange()
        }
    }
    private var _region: UIRegion = .infinite
    /// Strength multiplier (default 1).
    open var strength: CGFloat {
        get { _strength }
        set {
            let oldValue = _strength
            _strength = newValue
            check(strength.isFinite, "strength", { self._strength = oldValue })
        }
    }
    private var _strength: CGFloat = 1
    /// Exponent of the distance fall-off (default 0: none).
    open var falloff: CGFloat {
        get { _falloff }
        set {
            let oldValue = _falloff
            _falloff = newValue
            check(falloff.isFinite && falloff >= 0, "falloff", { self._falloff = oldValue })
        }
    }
    private var _falloff: CGFloat = 0
    /// Distances below this (points) count as this for the fall-off (default 0).
    open var minimumRadius: CGFloat {
        get { _minimumRadius }
        set {
            let oldValue = _minimumRadius
            _minimumRadius = newValue
            check(minimumRadius.isFinite && minimumRadius >= 0, "minimumRadius", { self._minimumRadius = oldValue })
        }
    }
    private var _minimumRadius: CGFloat = 0
    /// Direction of a linear gravity field.
    open var direction: CGVector {
        get { _direction }
        set {
            let oldValue = _direction
            _direction = newValue
            check(direction.dx.isFinite && direction.dy.isFinite, "direction", { self._direction = oldValue })
        }
    }
    private var _direction: CGVector = CGVector(dx: 0, dy: 0)

    private func check(_ ok: Bool, _ name: String, _ restore: () -> Void) {
        if ok { parametersDidChange(); return }
        FlipbookDiagnostics.report("UIFieldBehavior.\(name): invalid value; kept the previous one.")
        restore()
    }

    override func applyForces(_ engine: DynamicsEngine, dt: Double) {
        let w = engine.world
        for item in itemStorage {
            guard let rec = engine.record(for: item), !rec.props.isAnchored else { continue }
            let c = w.position(of: rec.body)
            let r = c - PhysicsVector(position)
            guard region.contains(r.cgPoint) else { continue }
            let dist = r.length
            let d = max(dist, Double(minimumRadius)) / 100
            let scale = falloff == 0 ? 1 : (d > 0 ? pow(d, -Double(falloff)) : 0)
            let s = Double(strength) * scale
            var a = PhysicsVector.zero
            let unit = DynamicsEngine.gravityUnit
            switch kind {
            case .linearGravity: a = (s * unit) * PhysicsVector(Double(direction.dx), Double(direction.dy))
            case .radialGravity: if dist > 0 { a = (-s * unit / dist) * r }
            case .spring: a = (-s * 4 * Double.pi * Double.pi) * r
            case .drag: a = -s * w.linearVelocity(of: rec.body)
            case .vortex: if dist > 0 { a = (s * unit / dist) * PhysicsVector(-r.y, r.x) }
            case .electric: if dist > 0 { a = (rec.props.charge * s * unit / dist) * r }
            }
            guard a.isFinite else { continue }
            engine.accelerate(item, by: a)
        }
    }
}
