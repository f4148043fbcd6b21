import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// What a collision behaviour's boundary body was built from; a change rebuilds it.
struct BoundarySignature: Equatable {
    var referenceRect: CGRect?
    var version: Int
}

extension DynamicsEngine {
    /// Rebuilds the collision tables from the collision behaviours (in tree order): who collides
    /// with whom, and the static bodies holding each behaviour's boundaries.
    func syncCollisions(_ behaviors: [UICollisionBehavior], referenceBounds: CGRect?) {
        var itemGroups: [Int: Set<ObjectIdentifier>] = [:]
        var boundaryGroups: [Int: Set<ObjectIdentifier>] = [:]
        var signatures: [Int: [ObjectIdentifier]] = [:]
        for c in behaviors {
            let id = ObjectIdentifier(c)
            for item in c.items {
                guard let r = record(for: item) else { continue }
                if c.collisionMode.contains(.items) { itemGroups[r.key, default: []].insert(id) }
                if c.collisionMode.contains(.boundaries) { boundaryGroups[r.key, default: []].insert(id) }
                signatures[r.key, default: []].append(id)
                signatures[r.key, default: []].append(ObjectIdentifier(Self.modeTag(c.collisionMode)))
            }
        }
        itemCollisionGroups = itemGroups
        boundaryCollisionGroups = boundaryGroups
        // Boundaries: drop those of behaviours that left, rebuild those that changed.
        let present = Set(behaviors.map { ObjectIdentifier($0) })
        for (id, entry) in boundaryBodies where !present.contains(id) {
            removeBoundaryBody(id, entry.body)
        }
        for c in behaviors {
            let id = ObjectIdentifier(c)
            let rect = c.translatesReferenceBoundsIntoBoundary ? referenceBounds.map { $0.inset(by: c.referenceInsets) } : nil
            let signature = BoundarySignature(referenceRect: rect, version: c.boundaryVersion)
            if let entry = boundaryBodies[id] {
                if entry.signature == signature { continue }
                removeBoundaryBody(id, entry.body)
            }
            if rect == nil && c.boundaryPaths.isEmpty { continue }
            let body = world.createBody(PhysicsBodyDefinition(type: .static))
            boundaryBodies[id] = (body, signature)
            if let rect {
                if let walls = Self.walls(around: rect) {
                    addBoundaryShapes(walls, c, nil, body)
                } else {
                    addBoundaryShapes([([rect.minXminY, rect.maxXminY, rect.maxXmaxY, rect.minXmaxY], true)], c, nil, body)
                }
            }
            for (identifier, path) in c.boundaryPaths {
                addBoundaryShapes(path.flattened(), c, identifier, body)
            }
        }
        // Items whose collision membership changed look for pairs again.
        for r in order {
            let sig = signatures[r.key] ?? []
            if sig != r.collisionSignature {
                r.collisionSignature = sig
                world.refilter(r.body)
            }
        }
    }

    /// A stable object per collision mode, so mode changes alter an item's signature.
    private static func modeTag(_ mode: UICollisionBehavior.Mode) -> AnyObject {
        switch mode.rawValue {
        case 1: return ModeTag.items
        case 2: return ModeTag.boundaries
        case 3: return ModeTag.everything
        default: return ModeTag.none
        }
    }

    private func removeBoundaryBody(_ id: ObjectIdentifier, _ body: PhysicsBodyID) {
        for s in world.shapes(of: body) {
            // Kept until the contacts that end with it are delivered.
            if let key = shapeKeys[s] { retiredBoundaryKeys.append(key) }
        }
        world.destroyBody(body)
        boundaryBodies[id] = nil
    }

    /// The reference-bounds boundary as four solid walls outside `rect`, each as thick as the
    /// rect is large (docs/Semantics.md, "UIKit Dynamics", Boundaries): an item pressed into a
    /// wall by a joint, a snap or a push is pushed back inside, where a bare segment would let
    /// its centre cross and then push it out. Nil for an empty or non-finite rect (it stays a
    /// segment loop).
    static func walls(around rect: CGRect) -> [PhysicsGeometry]? {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let t = Double(max(r.width, r.height, 100))
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PhysicsGeometry {
            .polygon([PhysicsVector(x0, y0), PhysicsVector(x1, y0), PhysicsVector(x1, y1), PhysicsVector(x0, y1)])
        }
        let minX = Double(r.minX), minY = Double(r.minY), maxX = Double(r.maxX), maxY = Double(r.maxY)
        // Every wall spans both corners (they overlap there). A side wall that stopped at the
        // box's corner had an end face pointing out of the box, and an item driven into the
        // corner could be pushed out along it (physics fuzz seeds 143 and 308); now every face
        // within `t` of the box faces into it.
        return [
            box(minX - t, minY - t, maxX + t, minY),  // top
            box(maxX, minY - t, maxX + t, maxY + t),  // right
            box(minX - t, maxY, maxX + t, maxY + t),  // bottom
            box(minX - t, minY - t, minX, maxY + t),  // left
        ]
    }

    /// Solid boundary shapes (the reference-bounds walls), all under one boundary key.
    private func addBoundaryShapes(_ geometries: [PhysicsGeometry], _ behavior: UICollisionBehavior, _ identifier: (any NSCopying)?, _ body: PhysicsBodyID) {
        let key = nextBoundaryKey
        nextBoundaryKey -= 1
        boundaries[key] = DynamicBoundary(behavior: behavior, identifier: identifier)
        for g in geometries {
            let shape = PhysicsShape(geometry: g, density: 0, friction: 1, restitution: 0, tag: key)
            if let s = world.addShape(shape, to: body) { shapeKeys[s] = key }
        }
    }

    private func addBoundaryShapes(
        _ polylines: [(points: [CGPoint], closed: Bool)], _ behavior: UICollisionBehavior, _ identifier: (any NSCopying)?,
        _ body: PhysicsBodyID
    ) {
        let key = nextBoundaryKey
        nextBoundaryKey -= 1
        boundaries[key] = DynamicBoundary(behavior: behavior, identifier: identifier)
        var added = false
        for line in polylines {
            // Boundaries are rigid and frictionless on their side: the item's friction decides.
            let shape = PhysicsShape(geometry: .chain(line.points.map { PhysicsVector($0) }, isLoop: line.closed), density: 0, friction: 1, restitution: 0, tag: key)
            if let s = world.addShape(shape, to: body) { shapeKeys[s] = key; added = true }
        }
        if !added {
            FlipbookDiagnostics.report(
                "UICollisionBehavior: boundary \(identifier.map { "\($0)" } ?? "(reference bounds)") has no usable segment (empty or degenerate path); it is ignored.")
        }
    }

    /// The contact filter: items collide when a collision behaviour holds both (items mode);
    /// an item and a boundary when the boundary's behaviour holds the item (boundaries mode).
    func shouldCollide(_ a: PhysicsShapeID, _ b: PhysicsShapeID) -> Bool {
        guard let ka = shapeKeys[a], let kb = shapeKeys[b] else { return false }
        if ka > 0 && kb > 0 {
            guard let ga = itemCollisionGroups[ka], let gb = itemCollisionGroups[kb] else { return false }
            return !ga.isDisjoint(with: gb)
        }
        let (item, boundary) = ka > 0 ? (ka, kb) : (kb, ka)
        guard item > 0, boundary < 0, let owner = boundaries[boundary]?.behavior else { return false }
        return boundaryCollisionGroups[item]?.contains(ObjectIdentifier(owner)) ?? false
    }

    /// Tells collision delegates about the last step's contacts beginning and ending.
    func deliverContactEvents(_ events: [PhysicsContactEvent], behaviors: [UICollisionBehavior]) {
        defer {
            for key in retiredBoundaryKeys { boundaries[key] = nil }
            shapeKeys = shapeKeys.filter { $0.value > 0 || boundaries[$0.value] != nil }
            retiredBoundaryKeys = []
        }
        for e in events {
            guard let ka = shapeKeys[e.shapeA] ?? (e.tagA != 0 ? e.tagA : nil), let kb = shapeKeys[e.shapeB] ?? (e.tagB != 0 ? e.tagB : nil) else { continue }
            let point = CGPoint(x: e.point.x, y: e.point.y)
            if ka > 0 && kb > 0 {
                guard let ra = record(key: ka), let rb = record(key: kb) else { continue }
                let shared = (itemCollisionGroups[ka] ?? []).intersection(itemCollisionGroups[kb] ?? [])
                for c in behaviors where shared.contains(ObjectIdentifier(c)) {
                    guard let d = c.collisionDelegate else { continue }
                    if e.kind == .began {
                        d.collisionBehavior(c, beganContactFor: ra.item, with: rb.item, at: point)
                    } else {
                        d.collisionBehavior(c, endedContactFor: ra.item, with: rb.item)
                    }
                }
            } else {
                let (itemKey, boundaryKey) = ka > 0 ? (ka, kb) : (kb, ka)
                guard let r = record(key: itemKey), let boundary = boundaries[boundaryKey], let c = boundary.behavior,
                    boundaryCollisionGroups[itemKey]?.contains(ObjectIdentifier(c)) ?? false, let d = c.collisionDelegate
                else { continue }
                if e.kind == .began {
                    d.collisionBehavior(c, beganContactFor: r.item, withBoundaryIdentifier: boundary.identifier, at: point)
                } else {
                    d.collisionBehavior(c, endedContactFor: r.item, withBoundaryIdentifier: boundary.identifier)
                }
            }
        }
    }
}

/// Identity tokens for collision modes (see `DynamicsEngine.syncCollisions`).
private final class ModeTag: Sendable {
    static let none = ModeTag(), items = ModeTag(), boundaries = ModeTag(), everything = ModeTag()
}

extension CGRect {
    fileprivate var minXminY: CGPoint { CGPoint(x: minX, y: minY) }
    fileprivate var maxXminY: CGPoint { CGPoint(x: maxX, y: minY) }
    fileprivate var maxXmaxY: CGPoint { CGPoint(x: maxX, y: maxY) }
    fileprivate var minXmaxY: CGPoint { CGPoint(x: minX, y: maxY) }
}
