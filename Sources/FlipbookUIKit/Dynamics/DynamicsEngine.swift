import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// The resolved physical properties of one item (UIDynamicItemBehavior's, or UIKit's defaults).
struct DynamicItemProperties: Equatable {
    var density: Double = 1
    var elasticity: Double = 0
    var friction: Double = 0
    var resistance: Double = 0
    var angularResistance: Double = 0
    var allowsRotation = true
    var isAnchored = false
    var charge: Double = 0
}

/// One item (or item group) in the physics world.
@preconcurrency @MainActor
final class DynamicItemRecord {
    let item: UIDynamicItem
    /// Positive: the tag of the item's shapes.
    let key: Int
    let body: PhysicsBodyID
    var shapes: [PhysicsShapeID] = []
    var size: CGSize
    var props = DynamicItemProperties()
    /// Group members and their offsets from the group's centre (unrotated), empty for a plain item.
    var members: [(item: UIDynamicItem, offset: CGPoint, angle: CGFloat)] = []
    /// The collision behaviours (and modes) the item is in, to notice membership changes.
    var collisionSignature: [ObjectIdentifier] = []
    var lastCenter: CGPoint
    var lastAngle: CGFloat

    init(item: UIDynamicItem, key: Int, body: PhysicsBodyID, center: CGPoint, angle: CGFloat) {
        self.item = item; self.key = key; self.body = body
        size = item.bounds.size
        lastCenter = center; lastAngle = angle
    }
}

/// A boundary shape of a collision behaviour (identifier nil: the reference-bounds boundary).
struct DynamicBoundary {
    weak var behavior: UICollisionBehavior?
    var identifier: (any NSCopying)?
}

/// The physics world behind a `UIDynamicAnimator` and the maps between UIKit objects and bodies.
///
/// Units are UIKit's: points and seconds; mass = density · width · height / 10 000 (shape
/// density d / 10 000 per pt²); force 1 = 1 mass unit × 100 pt/s².
@preconcurrency @MainActor
final class DynamicsEngine {
    let world: PhysicsWorld
    private(set) var records: [ObjectIdentifier: DynamicItemRecord] = [:]
    /// Records in creation order (deterministic iteration).
    private(set) var order: [DynamicItemRecord] = []
    private var byKey: [Int: DynamicItemRecord] = [:]
    private var nextKey = 1
    var shapeKeys: [PhysicsShapeID: Int] = [:]
    // Collisions (see DynamicsEngine+Collisions.swift).
    var boundaries: [Int: DynamicBoundary] = [:]
    var nextBoundaryKey = -1
    /// Boundaries removed since the last contact delivery (their `ended` events are still due).
    var retiredBoundaryKeys: [Int] = []
    var boundaryBodies: [ObjectIdentifier: (body: PhysicsBodyID, signature: BoundarySignature)] = [:]
    /// For each item key, the collision behaviours whose items it collides with.
    var itemCollisionGroups: [Int: Set<ObjectIdentifier>] = [:]
    /// For each item key, the collision behaviours whose boundaries it collides with.
    var boundaryCollisionGroups: [Int: Set<ObjectIdentifier>] = [:]
    var joints: [PhysicsJointID] = []

    /// Points per UIKit force unit per mass unit: force magnitude 1 accelerates mass 1 by 100 pt/s².
    static let forceUnit = 100.0
    /// Gravity magnitude 1 = 1000 pt/s².
    static let gravityUnit = 1000.0

    init() {
        world = PhysicsWorld(gravity: .zero)
        // The world is stepped only by this engine, on the main actor (its display link), and
        // calls these back synchronously from that step: the assumption cannot fail.
        world.diagnosticHandler = { d in
            MainActor.assumeIsolated { FlipbookDiagnostics.report("UIDynamicAnimator (physics): \(d.message)") }
        }
        world.shouldCollide = { [unowned self] a, b in
            MainActor.assumeIsolated { self.shouldCollide(a, b) }
        }
    }

    func record(for item: UIDynamicItem) -> DynamicItemRecord? { records[ObjectIdentifier(item)] }
    func record(key: Int) -> DynamicItemRecord? { byKey[key] }
    func body(for item: UIDynamicItem) -> PhysicsBodyID? { record(for: item)?.body }

    // MARK: Items

    /// Creates, keeps or destroys bodies so that exactly `items` (in this order) have one.
    func syncItems(_ items: [UIDynamicItem]) {
        let wanted = Set(items.map { ObjectIdentifier($0) })
        for r in order where !wanted.contains(ObjectIdentifier(r.item)) { destroy(r) }
        for item in items where records[ObjectIdentifier(item)] == nil { create(item) }
    }

    private func destroy(_ r: DynamicItemRecord) {
        for s in r.shapes { shapeKeys[s] = nil }
        world.destroyBody(r.body)
        records[ObjectIdentifier(r.item)] = nil
        byKey[r.key] = nil
        order.removeAll { $0 === r }
        itemCollisionGroups[r.key] = nil
        boundaryCollisionGroups[r.key] = nil
    }

    private func create(_ item: UIDynamicItem) {
        var center = item.center
        if !(center.x.isFinite && center.y.isFinite) {
            FlipbookDiagnostics.report("UIDynamicAnimator: item \(type(of: item)) has a non-finite center \(center); using (0, 0).")
            center = .zero
        }
        let angle = Self.rotation(of: item.transform)
        let key = nextKey
        nextKey += 1
        let body = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(center), angle: Double(angle), tag: key))
        let r = DynamicItemRecord(item: item, key: key, body: body, center: center, angle: angle)
        if let group = item as? UIDynamicItemGroup {
            r.members = group.items.map { m in
                (m, CGPoint(x: m.center.x - center.x, y: m.center.y - center.y), Self.rotation(of: m.transform))
            }
        }
        records[ObjectIdentifier(item)] = r
        byKey[key] = r
        order.append(r)
        buildShapes(r)
    }

    /// The rotation (radians) of an affine transform; 0 for a non-finite one.
    static func rotation(of t: CGAffineTransform) -> CGFloat {
        let a = atan2(t.b, t.a)
        return a.isFinite ? a : 0
    }

    /// (Re)creates the collision shapes of a record from its item's size and bounds type.
    func buildShapes(_ r: DynamicItemRecord) {
        for s in r.shapes { shapeKeys[s] = nil; world.removeShape(s) }
        r.shapes = []
        r.size = r.item.bounds.size
        var geometries: [PhysicsGeometry] = []
        if r.members.isEmpty {
            if let g = geometry(for: r.item, center: .zero, angle: 0) { geometries.append(g) }
        } else {
            for m in r.members {
                if let g = geometry(for: m.item, center: PhysicsVector(m.offset), angle: Double(m.angle)) { geometries.append(g) }
            }
        }
        if geometries.isEmpty {
            FlipbookDiagnostics.report(
                "UIDynamicAnimator: item \(type(of: r.item)) of size \(r.size) has no usable collision shape; it moves as a point of mass 1 and collides with nothing.")
        }
        for g in geometries {
            var shape = PhysicsShape(geometry: g, density: r.props.density / 10_000, friction: r.props.friction, restitution: r.props.elasticity, tag: r.key)
            shape.tag = r.key
            if let id = world.addShape(shape, to: r.body) { r.shapes.append(id); shapeKeys[id] = r.key }
        }
    }

    private func geometry(for item: UIDynamicItem, center: PhysicsVector, angle: Double) -> PhysicsGeometry? {
        let w = Double(item.bounds.width), h = Double(item.bounds.height)
        guard w.isFinite, h.isFinite, w > 0, h > 0 else {
            FlipbookDiagnostics.report("UIDynamicAnimator: item \(type(of: item)) has an empty or invalid size \(item.bounds.size).")
            return nil
        }
        let rot = PhysicsRotation(angle: angle)
        switch item.collisionBoundsType {
        case .rectangle:
            return PhysicsShape.box(width: w, height: h, center: center, angle: angle).geometry
        case .ellipse:
            if w == h { return .circle(center: center, radius: w / 2) }
            guard case .polygon(let pts) = PhysicsShape.ellipse(width: w, height: h).geometry else { return nil }
            return .polygon(pts.map { rot.apply($0) + center })
        case .path:
            let pts = item.collisionBoundingPath.flattened().flatMap(\.points).map { rot.apply(PhysicsVector($0)) + center }
            guard pts.count >= 3 else {
                FlipbookDiagnostics.report(
                    "UIDynamicAnimator: item \(type(of: item)) uses .path collision bounds with an empty or degenerate collisionBoundingPath; using its bounds rectangle.")
                return PhysicsShape.box(width: w, height: h, center: center, angle: angle).geometry
            }
            return .polygon(pts)
        }
    }

    /// Applies resolved properties to a record's body and shapes (only what changed).
    func apply(_ props: DynamicItemProperties, to r: DynamicItemRecord) {
        let old = r.props
        guard props != old else { return }
        r.props = props
        if props.density != old.density || props.friction != old.friction || props.elasticity != old.elasticity {
            for s in r.shapes {
                world.updateShape(s) {
                    $0.density = props.density / 10_000; $0.friction = props.friction; $0.restitution = props.elasticity
                }
            }
        }
        if props.resistance != old.resistance { world.setLinearDamping(r.body, props.resistance) }
        if props.angularResistance != old.angularResistance { world.setAngularDamping(r.body, props.angularResistance) }
        if props.allowsRotation != old.allowsRotation { world.setFixedRotation(r.body, !props.allowsRotation) }
        if props.isAnchored != old.isAnchored { world.setType(r.body, props.isAnchored ? .static : .dynamic) }
    }

    /// Moves a body to its item's current centre and rotation (and rebuilds its shape if the
    /// item's size changed): `UIDynamicAnimator.updateItem(usingCurrentState:)`.
    func reload(_ r: DynamicItemRecord) {
        let c = r.item.center
        guard c.x.isFinite, c.y.isFinite else {
            FlipbookDiagnostics.report("UIDynamicAnimator.updateItem(usingCurrentState:): non-finite center \(c); ignored.")
            return
        }
        let angle = Self.rotation(of: r.item.transform)
        world.setTransform(r.body, position: PhysicsVector(c), angle: Double(angle))
        r.lastCenter = c; r.lastAngle = angle
        if r.item.bounds.size != r.size && r.members.isEmpty { buildShapes(r) }
    }

    /// Writes bodies' positions and rotations back to the items.
    func writeBack() {
        for r in order where !r.props.isAnchored {
            let p = world.position(of: r.body), a = CGFloat(world.angle(of: r.body))
            let c = CGPoint(x: p.x, y: p.y)
            guard c.x.isFinite, c.y.isFinite, a.isFinite else { continue }
            let angle = r.props.allowsRotation ? a : r.lastAngle
            if c == r.lastCenter && angle == r.lastAngle { continue }
            r.lastCenter = c
            if r.members.isEmpty {
                r.item.center = c
                if r.props.allowsRotation && angle != r.lastAngle { r.item.transform = CGAffineTransform(rotationAngle: angle) }
            } else {
                let rot = PhysicsRotation(angle: Double(angle))
                r.item.center = c
                r.item.transform = CGAffineTransform(rotationAngle: angle)
                for m in r.members {
                    let o = rot.apply(PhysicsVector(m.offset))
                    m.item.center = CGPoint(x: c.x + o.x, y: c.y + o.y)
                    if r.props.allowsRotation { m.item.transform = CGAffineTransform(rotationAngle: m.angle + angle) }
                }
            }
            r.lastAngle = angle
        }
    }

    // MARK: Forces and anchors for behaviours

    /// Applies a force (UIKit units) at the item's centre offset by `offset` (item coordinates).
    func applyForce(_ force: CGVector, to item: UIDynamicItem, offset: UIOffset = .zero, wake: Bool) {
        guard let r = record(for: item), !r.props.isAnchored else { return }
        let f = PhysicsVector(Double(force.dx) * Self.forceUnit, Double(force.dy) * Self.forceUnit)
        guard f.isFinite else { return }
        if offset == .zero { world.applyForceToCenter(f, to: r.body, wake: wake) } else {
            world.applyForce(f, at: world.worldPoint(PhysicsVector(Double(offset.horizontal), Double(offset.vertical)), of: r.body), to: r.body, wake: wake)
        }
    }

    /// Applies an impulse (UIKit force units × 1 s: magnitude 1 changes a mass-1 item's velocity
    /// by 100 pt/s) at the item's centre offset by `offset`.
    func applyImpulse(_ impulse: CGVector, to item: UIDynamicItem, offset: UIOffset = .zero) {
        guard let r = record(for: item), !r.props.isAnchored else { return }
        let j = PhysicsVector(Double(impulse.dx) * Self.forceUnit, Double(impulse.dy) * Self.forceUnit)
        guard j.isFinite else { return }
        if offset == .zero { world.applyLinearImpulseToCenter(j, to: r.body) } else {
            world.applyLinearImpulse(j, at: world.worldPoint(PhysicsVector(Double(offset.horizontal), Double(offset.vertical)), of: r.body), to: r.body)
        }
    }

    /// Applies an acceleration (pt/s²) to the item, whatever its mass.
    func accelerate(_ item: UIDynamicItem, by a: PhysicsVector) {
        guard let r = record(for: item), !r.props.isAnchored, a.isFinite else { return }
        world.applyForceToCenter(world.mass(of: r.body) * a, to: r.body, wake: false)
    }

    /// The local anchor (body frame) for a point `offset` from the item's centre.
    func localAnchor(_ item: UIDynamicItem, _ offset: UIOffset) -> PhysicsVector {
        PhysicsVector(Double(offset.horizontal), Double(offset.vertical))
    }

    /// Creates a joint and remembers it (it is destroyed at the next rebuild).
    func addJoint(_ def: PhysicsJointDefinition) {
        if let id = world.createJoint(def) { joints.append(id) }
    }

    func destroyJoints() {
        let live = Set(world.jointIDs)
        for j in joints where live.contains(j) { world.destroyJoint(j) }
        joints = []
    }

    var hasBodies: Bool { !order.isEmpty }
}
