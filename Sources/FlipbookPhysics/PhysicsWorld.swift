// The world: bodies, shapes, contacts and joints, stepped at a fixed rate. Not thread-safe; one owner.
import Foundation

/// A rigid-body world in points and seconds. `step(_:)` is a pure function of the world's state and
/// the time given: fixed sub-steps, deterministic iteration order, no randomness.
public final class PhysicsWorld {
    /// Gravity acceleration (points/s²). UIKit: magnitude 1 = 1000 pt/s², direction (0, 1).
    /// Changing it wakes every body.
    public var gravity: PhysicsVector {
        didSet {
            if !gravity.isFinite { report(.invalidValue, "gravity \(gravity) is not finite; using zero"); gravity = .zero }
            if gravity != oldValue { wakeAll() }
        }
    }
    public var settings: PhysicsSettings
    /// Called for each contact event at the end of each `step(_:)`, in order (never during a sub-step,
    /// so the listener may change the world).
    public var contactListener: ((PhysicsContactEvent) -> Void)?
    /// Called for each diagnostic as it is recorded.
    public var diagnosticHandler: ((PhysicsDiagnostic) -> Void)?
    /// Optional extra filter consulted when two shapes' boxes first overlap (after the bit filter).
    public var shouldCollide: ((PhysicsShapeID, PhysicsShapeID) -> Bool)?
    /// Events of the last `step(_:)` call, including those caused by changes made since the
    /// previous call (a destroyed body's or shape's touching contacts end).
    public internal(set) var contactEvents: [PhysicsContactEvent] = []
    /// Every diagnostic recorded so far (at most the last 200).
    public internal(set) var diagnostics: [PhysicsDiagnostic] = []
    /// Total simulated time (seconds) of the sub-steps run so far.
    public internal(set) var simulatedTime: Double = 0
    /// Sub-steps run so far.
    public internal(set) var subStepCount: Int = 0

    var bodies: [Body] = []
    var freeBodies: [Int32] = []
    var shapes: [Shape] = []
    var freeShapes: [Int32] = []
    var primitives: [Primitive] = []
    var freePrimitives: [Int32] = []
    var vertices: [PhysicsVector] = []
    var normals: [PhysicsVector] = []
    var contacts: [Contact] = []
    var freeContacts: [Int32] = []
    var contactKeys: [UInt64: Int32] = [:]
    var joints: [Joint] = []
    var freeJoints: [Int32] = []
    var ground: Int32? = nil
    var tree = DynamicTree()
    var moveBuffer: [Int32] = []
    /// The thickness of the thinnest static primitive (continuous collision); nil when static
    /// geometry changed since it was worked out.
    var thinnestStatic: Double? = nil
    var accumulator: Double = 0
    // Solver scratch, reused between steps.
    let scratch = SolverScratch()
    var pendingEvents: [PhysicsContactEvent] = []

    public init(gravity: PhysicsVector = PhysicsVector(0, 1000), settings: PhysicsSettings = PhysicsSettings()) {
        self.gravity = gravity.isFinite ? gravity : .zero
        self.settings = settings
    }

    func report(_ code: PhysicsDiagnostic.Code, _ message: String) {
        let d = PhysicsDiagnostic(code: code, message: message)
        if diagnostics.count >= 200 { diagnostics.removeFirst(diagnostics.count - 199) }
        diagnostics.append(d)
        diagnosticHandler?(d)
    }

    /// Forgets the recorded diagnostics.
    public func clearDiagnostics() { diagnostics.removeAll() }

    // MARK: Bodies

    func bodyIndex(_ id: PhysicsBodyID, _ what: String = #function) -> Int? {
        let i = Int(id.index)
        if i >= 0 && i < bodies.count && bodies[i].alive && bodies[i].generation == id.generation { return i }
        report(.staleIdentifier, "\(what): \(id) does not exist")
        return nil
    }

    /// Creates a body. Non-finite values are replaced by zero (with a diagnostic).
    @discardableResult
    public func createBody(_ def: PhysicsBodyDefinition = PhysicsBodyDefinition()) -> PhysicsBodyID {
        var d = def
        func finite(_ x: Double, _ name: String, _ fallback: Double = 0) -> Double {
            if x.isFinite { return x }
            report(.invalidValue, "createBody: \(name) \(x) is not finite; using \(fallback)")
            return fallback
        }
        d.position = PhysicsVector(finite(d.position.x, "position.x"), finite(d.position.y, "position.y"))
        d.angle = finite(d.angle, "angle")
        d.linearVelocity = PhysicsVector(finite(d.linearVelocity.x, "velocity.x"), finite(d.linearVelocity.y, "velocity.y"))
        d.angularVelocity = finite(d.angularVelocity, "angularVelocity")
        d.linearDamping = max(0, finite(d.linearDamping, "linearDamping"))
        d.angularDamping = max(0, finite(d.angularDamping, "angularDamping"))
        d.gravityScale = finite(d.gravityScale, "gravityScale", 1)
        let index: Int32
        if let f = freeBodies.popLast() { index = f } else { index = Int32(bodies.count); bodies.append(Body()) }
        var b = Body()
        b.alive = true
        b.generation = bodies[Int(index)].generation &+ 1
        b.type = d.type
        b.xf = PhysicsTransform(p: d.position, q: PhysicsRotation(angle: d.angle))
        b.c = d.position; b.c0 = d.position; b.a = d.angle; b.a0 = d.angle
        if d.type != .static { b.v = d.linearVelocity; b.w = d.angularVelocity }
        b.linearDamping = d.linearDamping; b.angularDamping = d.angularDamping; b.gravityScale = d.gravityScale
        b.fixedRotation = d.fixedRotation; b.bullet = d.isBullet; b.allowSleep = d.allowsSleep
        b.awake = d.type == .static ? false : d.isAwake
        b.tag = d.tag
        if d.type == .dynamic { b.mass = 1; b.invMass = 1 }
        bodies[Int(index)] = b
        return PhysicsBodyID(index: index, generation: b.generation)
    }

    /// Destroys a body, its shapes, its joints and its contacts (touching contacts report `ended`).
    public func destroyBody(_ id: PhysicsBodyID) {
        guard let i = bodyIndex(id) else { return }
        for j in joints.indices where joints[j].alive && (joints[j].bodyA == Int32(i) || joints[j].bodyB == Int32(i)) {
            destroyJoint(PhysicsJointID(index: Int32(j), generation: joints[j].generation))
        }
        var s = bodies[i].firstShape
        while s != -1 {
            let next = shapes[Int(s)].next
            destroyShapeStorage(Int(s))
            s = next
        }
        bodies[i].alive = false
        bodies[i].firstShape = -1
        freeBodies.append(Int32(i))
    }

    /// The live bodies, in creation-slot order.
    public var bodyIDs: [PhysicsBodyID] {
        bodies.indices.compactMap { bodies[$0].alive && Int32($0) != ground ? PhysicsBodyID(index: Int32($0), generation: bodies[$0].generation) : nil }
    }

    public func contains(_ id: PhysicsBodyID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < bodies.count && bodies[i].alive && bodies[i].generation == id.generation
    }

    // MARK: Shapes

    func shapeIndex(_ id: PhysicsShapeID, _ what: String = #function) -> Int? {
        let i = Int(id.index)
        if i >= 0 && i < shapes.count && shapes[i].alive && shapes[i].generation == id.generation { return i }
        report(.staleIdentifier, "\(what): \(id) does not exist")
        return nil
    }

    func shapeID(_ i: Int32) -> PhysicsShapeID { PhysicsShapeID(index: i, generation: shapes[Int(i)].generation) }
    func bodyID(_ i: Int32) -> PhysicsBodyID { PhysicsBodyID(index: i, generation: bodies[Int(i)].generation) }

    /// Attaches a shape to a body and updates the body's mass. Returns nil (with a diagnostic) for
    /// degenerate geometry: non-finite points, zero or negative sizes, polygons with no area.
    @discardableResult
    public func addShape(_ shape: PhysicsShape, to body: PhysicsBodyID) -> PhysicsShapeID? {
        guard let bi = bodyIndex(body) else { return nil }
        var s = shape
        if !(s.density.isFinite && s.density >= 0) {
            report(.invalidDensity, "addShape: density \(s.density) is invalid; using 0")
            s.density = 0
        }
        if !(s.friction.isFinite && s.friction >= 0) { report(.invalidValue, "addShape: friction \(s.friction) is invalid; using 0"); s.friction = 0 }
        if !(s.restitution.isFinite && s.restitution >= 0) { report(.invalidValue, "addShape: restitution \(s.restitution) is invalid; using 0"); s.restitution = 0 }
        // Build the convex pieces first so that bad geometry leaves the world untouched.
        var pieces: [(isCircle: Bool, center: PhysicsVector, radius: Double, points: [PhysicsVector],
                      ghost0: PhysicsVector?, ghost3: PhysicsVector?)] = []
        let weld = 0.5 * settings.linearSlop
        switch s.geometry {
        case let .circle(center, radius):
            guard center.isFinite, radius.isFinite, radius > 0 else {
                report(.invalidShape, "addShape: circle radius \(radius) at \(center) is invalid; shape not added"); return nil
            }
            pieces.append((true, center, radius, [], nil, nil))
        case let .polygon(points):
            let hull = convexHull(points, weldTolerance: weld)
            guard hull.count >= 3, points.allSatisfy(\.isFinite) else {
                report(.invalidShape, "addShape: polygon of \(points.count) points has no area or non-finite points "
                       + "(a box or ellipse with a zero, negative or non-finite size is empty); shape not added")
                return nil
            }
            s.geometry = .polygon(hull)
            pieces.append((false, .zero, settings.polygonRadius, hull, nil, nil))
        case let .chain(points, isLoop):
            guard points.allSatisfy(\.isFinite) else {
                report(.invalidShape, "addShape: chain has non-finite points; shape not added"); return nil
            }
            var pts: [PhysicsVector] = []
            for p in points where pts.last.map({ distanceSquared($0, p) > weld * weld }) ?? true { pts.append(p) }
            if isLoop, pts.count > 2, distanceSquared(pts[0], pts[pts.count - 1]) <= weld * weld { pts.removeLast() }
            guard pts.count >= 2 else {
                report(.invalidShape, "addShape: chain needs two distinct points; shape not added"); return nil
            }
            let n = isLoop && pts.count > 2 ? pts.count : pts.count - 1
            let loop = isLoop && pts.count > 2
            for k in 0..<n {
                let g0: PhysicsVector? = k > 0 ? pts[k - 1] : (loop ? pts[pts.count - 1] : nil)
                let g3: PhysicsVector? = k + 2 < pts.count ? pts[k + 2] : (loop ? pts[(k + 2) % pts.count] : nil)
                pieces.append((false, .zero, settings.polygonRadius, [pts[k], pts[(k + 1) % pts.count]], g0, g3))
            }
        }
        let si: Int32
        if let f = freeShapes.popLast() { si = f } else { si = Int32(shapes.count); shapes.append(Shape()) }
        var rec = Shape()
        rec.alive = true
        rec.generation = shapes[Int(si)].generation &+ 1
        rec.body = Int32(bi)
        rec.next = bodies[bi].firstShape
        rec.geometry = s.geometry; rec.density = s.density; rec.friction = s.friction
        rec.restitution = s.restitution; rec.filter = s.filter; rec.tag = s.tag
        shapes[Int(si)] = rec
        bodies[bi].firstShape = si
        for piece in pieces.reversed() {
            let pi: Int32
            if let f = freePrimitives.popLast() { pi = f } else { pi = Int32(primitives.count); primitives.append(Primitive()) }
            var p = Primitive()
            p.alive = true; p.shape = si; p.body = Int32(bi); p.next = shapes[Int(si)].firstPrimitive
            p.isCircle = piece.isCircle; p.center = piece.center; p.radius = piece.radius
            p.ghost0 = piece.ghost0; p.ghost3 = piece.ghost3
            if !piece.isCircle {
                p.vStart = Int32(vertices.count); p.vCount = Int32(piece.points.count)
                let pts = piece.points
                for k in 0..<pts.count {
                    vertices.append(pts[k])
                    let edge = pts[(k + 1) % pts.count] - pts[k]
                    normals.append(cross(edge, 1.0).normalized)
                }
            }
            p.proxy = tree.createProxy(aabb: primitiveAABB(p, bodies[bi].xf), margin: settings.aabbMargin, item: pi)
            moveBuffer.append(p.proxy)
            primitives[Int(pi)] = p
            shapes[Int(si)].firstPrimitive = pi
        }
        resetMassData(bi)
        wake(bi)
        thinnestStatic = nil
        return PhysicsShapeID(index: si, generation: rec.generation)
    }

    /// Detaches and destroys a shape (touching contacts report `ended`), and updates the body's mass.
    public func removeShape(_ id: PhysicsShapeID) {
        guard let si = shapeIndex(id) else { return }
        let bi = Int(shapes[si].body)
        var prev: Int32 = -1, s = bodies[bi].firstShape
        while s != -1 && s != Int32(si) { prev = s; s = shapes[Int(s)].next }
        if prev == -1 { bodies[bi].firstShape = shapes[si].next } else { shapes[Int(prev)].next = shapes[si].next }
        destroyShapeStorage(si)
        resetMassData(bi)
        wake(bi)
    }

    func destroyShapeStorage(_ si: Int) {
        var p = shapes[si].firstPrimitive
        while p != -1 {
            destroyContacts(ofPrimitive: p)
            tree.destroyProxy(primitives[Int(p)].proxy)
            moveBuffer.removeAll { $0 == primitives[Int(p)].proxy }
            primitives[Int(p)].alive = false
            freePrimitives.append(p)
            p = primitives[Int(p)].next
        }
        shapes[si].alive = false
        shapes[si].firstPrimitive = -1
        freeShapes.append(Int32(si))
        thinnestStatic = nil
    }

    func destroyContacts(ofPrimitive p: Int32) {
        for c in contacts.indices where contacts[c].alive && (contacts[c].primA == p || contacts[c].primB == p) {
            destroyContact(c)
        }
    }

    func destroyContact(_ c: Int) {
        if contacts[c].touching {
            pendingEvents.append(event(.ended, contact: c))
            // Whatever rested on this contact must fall: wake both sides (as Box2D does).
            for b in [Int(contacts[c].bodyA), Int(contacts[c].bodyB)] where bodies[b].alive { wake(b) }
        }
        contactKeys[contacts[c].key] = nil
        contacts[c].alive = false
        contacts[c].touching = false
        freeContacts.append(Int32(c))
    }

    func event(_ kind: PhysicsContactEvent.Kind, contact c: Int) -> PhysicsContactEvent {
        let k = contacts[c]
        let sa = primitives[Int(k.primA)].shape, sb = primitives[Int(k.primB)].shape
        return PhysicsContactEvent(kind: kind, bodyA: bodyID(k.bodyA), bodyB: bodyID(k.bodyB), shapeA: shapeID(sa), shapeB: shapeID(sb),
                                   tagA: shapes[Int(sa)].tag, tagB: shapes[Int(sb)].tag, point: k.lastPoint, normal: k.lastNormal)
    }

    func primitiveAABB(_ p: Primitive, _ xf: PhysicsTransform) -> PhysicsAABB {
        vertices.withUnsafeBufferPointer { boundingBox(of: p, at: xf, vertices: $0.baseAddress) }
    }

    /// Recomputes mass, centre of mass and inertia from the shapes' densities (or the override).
    func resetMassData(_ bi: Int) {
        var b = bodies[bi]
        b.mass = 0; b.invMass = 0; b.inertia = 0; b.invI = 0; b.localCenter = .zero
        b.minExtent = .greatestFiniteMagnitude
        var center = PhysicsVector.zero, I = 0.0
        var s = b.firstShape
        while s != -1 {
            var p = shapes[Int(s)].firstPrimitive
            while p != -1 {
                let prim = primitives[Int(p)]
                let mp: MassProperties
                if prim.isCircle {
                    mp = circleMass(center: prim.center, radius: prim.radius, density: shapes[Int(s)].density)
                    b.minExtent = min(b.minExtent, 2 * prim.radius)
                } else if prim.vCount >= 3 {
                    mp = vertices.withUnsafeBufferPointer {
                        polygonMass(UnsafeBufferPointer(rebasing: $0[Int(prim.vStart)..<Int(prim.vStart + prim.vCount)]), density: shapes[Int(s)].density)
                    }
                    var lo = Double.greatestFiniteMagnitude, hi = -Double.greatestFiniteMagnitude
                    for k in 0..<Int(prim.vCount) { let x = vertices[Int(prim.vStart) + k].x; lo = min(lo, x); hi = max(hi, x) }
                    var ylo = Double.greatestFiniteMagnitude, yhi = -Double.greatestFiniteMagnitude
                    for k in 0..<Int(prim.vCount) { let y = vertices[Int(prim.vStart) + k].y; ylo = min(ylo, y); yhi = max(yhi, y) }
                    b.minExtent = min(b.minExtent, hi - lo, yhi - ylo)
                } else {
                    mp = MassProperties(mass: 0, center: .zero, inertia: 0)
                }
                b.mass += mp.mass; center += mp.mass * mp.center; I += mp.inertia
                p = prim.next
            }
            s = shapes[Int(s)].next
        }
        if b.type == .dynamic {
            if b.mass > 0 { center = (1 / b.mass) * center } else { center = .zero }
            var inertiaAboutCenter = I - b.mass * dot(center, center)
            if let m = b.customMass { b.mass = m }
            if b.mass <= 0 { b.mass = 1 }
            if let ci = b.customInertia { inertiaAboutCenter = ci }
            b.invMass = 1 / b.mass
            if inertiaAboutCenter > 0 && !b.fixedRotation {
                b.inertia = inertiaAboutCenter; b.invI = 1 / inertiaAboutCenter
            } else { b.inertia = 0; b.invI = 0 }
            let oldC = b.c
            b.localCenter = center
            b.c = b.xf.apply(center); b.c0 = b.c
            b.v += cross(b.w, b.c - oldC)
        } else {
            b.mass = 0; b.inertia = 0
            b.c = b.xf.apply(.zero); b.c0 = b.c
        }
        bodies[bi] = b
    }

    /// Wakes every non-static body.
    public func wakeAll() { for i in bodies.indices where bodies[i].alive && !bodies[i].isStatic { wake(i) } }

    /// Makes the broad phase look for new pairs of all the body's shapes on the next step.
    func requeueProxies(_ bi: Int) {
        var s = bodies[bi].firstShape
        while s != -1 {
            var p = shapes[Int(s)].firstPrimitive
            while p != -1 {
                let proxy = primitives[Int(p)].proxy
                if !tree.nodes[Int(proxy)].moved { tree.nodes[Int(proxy)].moved = true; moveBuffer.append(proxy) }
                p = primitives[Int(p)].next
            }
            s = shapes[Int(s)].next
        }
    }

    func wake(_ bi: Int) { bodies[bi].wake() }
}

/// The box of primitive `p` at transform `xf` (its skin radius included); `vertices` is the
/// world's vertex array (unused for circles).
@inline(__always) func boundingBox(of p: Primitive, at xf: PhysicsTransform, vertices: UnsafePointer<PhysicsVector>?) -> PhysicsAABB {
    if p.isCircle {
        let c = xf.apply(p.center)
        return PhysicsAABB(lower: PhysicsVector(c.x - p.radius, c.y - p.radius), upper: PhysicsVector(c.x + p.radius, c.y + p.radius))
    }
    let vs = vertices! + Int(p.vStart)
    var lo = xf.apply(vs[0]), hi = lo
    for k in 1..<Int(p.vCount) {
        let v = xf.apply(vs[k])
        lo = vmin(lo, v); hi = vmax(hi, v)
    }
    return PhysicsAABB(lower: lo, upper: hi).extended(by: p.radius)
}
