// Reading and changing bodies: transforms, velocities, forces, mass, flags. Changes wake the body.

extension PhysicsWorld {
    func checked(_ x: Double, _ what: String) -> Bool {
        if x.isFinite { return true }
        report(.invalidValue, "\(what): \(x) is not finite; ignored")
        return false
    }
    func checked(_ v: PhysicsVector, _ what: String) -> Bool {
        if v.isFinite { return true }
        report(.invalidValue, "\(what): \(v) is not finite; ignored")
        return false
    }

    /// World position of the body's origin (points).
    public func position(of id: PhysicsBodyID) -> PhysicsVector { bodyIndex(id).map { bodies[$0].xf.p } ?? .zero }
    /// The body's rotation (radians).
    public func angle(of id: PhysicsBodyID) -> Double { bodyIndex(id).map { bodies[$0].a } ?? 0 }
    /// World position of the centre of mass.
    public func worldCenter(of id: PhysicsBodyID) -> PhysicsVector { bodyIndex(id).map { bodies[$0].c } ?? .zero }
    /// Converts a point in the body's frame to world coordinates.
    public func worldPoint(_ local: PhysicsVector, of id: PhysicsBodyID) -> PhysicsVector { bodyIndex(id).map { bodies[$0].xf.apply(local) } ?? local }
    /// Converts a world point to the body's frame.
    public func localPoint(_ world: PhysicsVector, of id: PhysicsBodyID) -> PhysicsVector { bodyIndex(id).map { bodies[$0].xf.applyInverse(world) } ?? world }

    /// Moves the body (teleport) and wakes it; contacts are re-evaluated on the next step.
    public func setTransform(_ id: PhysicsBodyID, position: PhysicsVector, angle: Double) {
        guard let i = bodyIndex(id), checked(position, "setTransform position"), checked(angle, "setTransform angle") else { return }
        bodies[i].xf = PhysicsTransform(p: position, q: PhysicsRotation(angle: angle))
        bodies[i].c = bodies[i].xf.apply(bodies[i].localCenter); bodies[i].c0 = bodies[i].c
        bodies[i].a = angle; bodies[i].a0 = angle
        var s = bodies[i].firstShape
        while s != -1 {
            var p = shapes[Int(s)].firstPrimitive
            while p != -1 {
                let prim = primitives[Int(p)]
                if tree.moveProxy(prim.proxy, aabb: primitiveAABB(prim, bodies[i].xf), margin: settings.aabbMargin, displacement: .zero) {
                    moveBuffer.append(prim.proxy)
                }
                p = prim.next
            }
            s = shapes[Int(s)].next
        }
        wake(i)
    }

    /// Linear velocity of the body origin's centre of mass (points/s).
    public func linearVelocity(of id: PhysicsBodyID) -> PhysicsVector { bodyIndex(id).map { bodies[$0].v } ?? .zero }
    public func setLinearVelocity(_ id: PhysicsBodyID, _ v: PhysicsVector) {
        guard let i = bodyIndex(id), checked(v, "setLinearVelocity"), bodies[i].type != .static else { return }
        bodies[i].v = v
        if v.lengthSquared > 0 { wake(i) }
    }
    /// Angular velocity (radians/s).
    public func angularVelocity(of id: PhysicsBodyID) -> Double { bodyIndex(id).map { bodies[$0].w } ?? 0 }
    public func setAngularVelocity(_ id: PhysicsBodyID, _ w: Double) {
        guard let i = bodyIndex(id), checked(w, "setAngularVelocity"), bodies[i].type != .static else { return }
        bodies[i].w = bodies[i].fixedRotation ? 0 : w
        if w != 0 { wake(i) }
    }
    /// Velocity of a world point attached to the body.
    public func velocity(atWorldPoint p: PhysicsVector, of id: PhysicsBodyID) -> PhysicsVector {
        guard let i = bodyIndex(id) else { return .zero }
        return bodies[i].v + cross(bodies[i].w, p - bodies[i].c)
    }

    /// Adds a force (mass·pt/s²) at a world point for the next `step(_:)`; also a torque when off-centre.
    /// The accumulator is cleared after each `step(_:)` call, so apply continuous forces every frame.
    /// As in Box2D 2.4, `wake` wakes a sleeping body but does not restart an awake body's sleep
    /// timer: a body held still by a steady force (a push against a wall) still falls asleep, and
    /// a dynamic animator pauses on it, as UIKit's does.
    public func applyForce(_ force: PhysicsVector, at point: PhysicsVector, to id: PhysicsBodyID, wake: Bool = true) {
        guard let i = bodyIndex(id), checked(force, "applyForce"), checked(point, "applyForce point"), bodies[i].type == .dynamic else { return }
        if wake, !bodies[i].awake { self.wake(i) }
        guard bodies[i].awake else { return }
        bodies[i].force += force
        bodies[i].torque += cross(point - bodies[i].c, force)
    }
    /// Adds a force at the centre of mass.
    public func applyForceToCenter(_ force: PhysicsVector, to id: PhysicsBodyID, wake: Bool = true) {
        guard let i = bodyIndex(id), checked(force, "applyForceToCenter"), bodies[i].type == .dynamic else { return }
        if wake, !bodies[i].awake { self.wake(i) }
        if bodies[i].awake { bodies[i].force += force }
    }
    /// Adds a torque (mass·pt²/s²).
    public func applyTorque(_ torque: Double, to id: PhysicsBodyID, wake: Bool = true) {
        guard let i = bodyIndex(id), checked(torque, "applyTorque"), bodies[i].type == .dynamic else { return }
        if wake, !bodies[i].awake { self.wake(i) }
        if bodies[i].awake { bodies[i].torque += torque }
    }
    /// Changes velocity at once by impulse / mass (impulse in mass·pt/s) at a world point.
    public func applyLinearImpulse(_ impulse: PhysicsVector, at point: PhysicsVector, to id: PhysicsBodyID, wake: Bool = true) {
        guard let i = bodyIndex(id), checked(impulse, "applyLinearImpulse"), checked(point, "applyLinearImpulse point"), bodies[i].type == .dynamic else { return }
        if wake, !bodies[i].awake { self.wake(i) }
        guard bodies[i].awake else { return }
        bodies[i].v += bodies[i].invMass * impulse
        bodies[i].w += bodies[i].invI * cross(point - bodies[i].c, impulse)
    }
    public func applyLinearImpulseToCenter(_ impulse: PhysicsVector, to id: PhysicsBodyID, wake: Bool = true) {
        guard let i = bodyIndex(id) else { return }
        applyLinearImpulse(impulse, at: bodies[i].c, to: id, wake: wake)
    }
    public func applyAngularImpulse(_ impulse: Double, to id: PhysicsBodyID, wake: Bool = true) {
        guard let i = bodyIndex(id), checked(impulse, "applyAngularImpulse"), bodies[i].type == .dynamic else { return }
        if wake, !bodies[i].awake { self.wake(i) }
        if bodies[i].awake { bodies[i].w += bodies[i].invI * impulse }
    }

    /// Mass (mass units; UIKit: density · w · h / 10 000).
    public func mass(of id: PhysicsBodyID) -> Double { bodyIndex(id).map { bodies[$0].mass } ?? 0 }
    /// Rotational inertia about the centre of mass.
    public func inertia(of id: PhysicsBodyID) -> Double { bodyIndex(id).map { bodies[$0].inertia } ?? 0 }
    /// Overrides the mass and/or inertia computed from the shapes (nil restores the computed value).
    public func setMass(_ id: PhysicsBodyID, mass: Double?, inertia: Double? = nil) {
        guard let i = bodyIndex(id) else { return }
        if let m = mass, !(m.isFinite && m > 0) { report(.invalidDensity, "setMass: mass \(m) must be positive; ignored"); return }
        if let m = inertia, !(m.isFinite && m >= 0) { report(.invalidDensity, "setMass: inertia \(m) must be ≥ 0; ignored"); return }
        bodies[i].customMass = mass; bodies[i].customInertia = inertia
        resetMassData(i); wake(i)
    }

    public func type(of id: PhysicsBodyID) -> PhysicsBodyType { bodyIndex(id).map { bodies[$0].type } ?? .static }
    public func setType(_ id: PhysicsBodyID, _ type: PhysicsBodyType) {
        guard let i = bodyIndex(id), bodies[i].type != type else { return }
        bodies[i].type = type
        thinnestStatic = nil
        if type == .static { bodies[i].v = .zero; bodies[i].w = 0; bodies[i].awake = false }
        resetMassData(i)
        if type != .static { bodies[i].awake = true; bodies[i].sleepTime = 0 }
        // Contacts may (dis)appear: drop this body's contacts and re-examine its boxes.
        for c in contacts.indices where contacts[c].alive && (contacts[c].bodyA == Int32(i) || contacts[c].bodyB == Int32(i)) {
            let other = Int(contacts[c].bodyA == Int32(i) ? contacts[c].bodyB : contacts[c].bodyA)
            wake(other)
            destroyContact(c)
        }
        requeueProxies(i)
    }

    /// Drops the body's contacts and re-examines its overlaps on the next step: call it after a
    /// change that `shouldCollide` would now answer differently (e.g. collision-group membership).
    public func refilter(_ id: PhysicsBodyID) {
        guard let i = bodyIndex(id) else { return }
        for c in contacts.indices where contacts[c].alive && (contacts[c].bodyA == Int32(i) || contacts[c].bodyB == Int32(i)) {
            destroyContact(c)
        }
        requeueProxies(i)
        wake(i)
    }

    public func setFixedRotation(_ id: PhysicsBodyID, _ fixed: Bool) {
        guard let i = bodyIndex(id) else { return }
        bodies[i].fixedRotation = fixed
        if fixed { bodies[i].w = 0 }
        resetMassData(i); wake(i)
    }
    public func setLinearDamping(_ id: PhysicsBodyID, _ d: Double) {
        guard let i = bodyIndex(id), checked(d, "setLinearDamping") else { return }
        bodies[i].linearDamping = max(0, d)
    }
    public func setAngularDamping(_ id: PhysicsBodyID, _ d: Double) {
        guard let i = bodyIndex(id), checked(d, "setAngularDamping") else { return }
        bodies[i].angularDamping = max(0, d)
    }
    public func setGravityScale(_ id: PhysicsBodyID, _ s: Double) {
        guard let i = bodyIndex(id), checked(s, "setGravityScale") else { return }
        bodies[i].gravityScale = s; wake(i)
    }
    public func setBullet(_ id: PhysicsBodyID, _ bullet: Bool) { if let i = bodyIndex(id) { bodies[i].bullet = bullet } }
    public func setAllowsSleep(_ id: PhysicsBodyID, _ allows: Bool) {
        guard let i = bodyIndex(id) else { return }
        bodies[i].allowSleep = allows
        if !allows { wake(i) }
    }
    public func tag(of id: PhysicsBodyID) -> Int { bodyIndex(id).map { bodies[$0].tag } ?? 0 }
    public func setTag(_ id: PhysicsBodyID, _ tag: Int) { if let i = bodyIndex(id) { bodies[i].tag = tag } }

    /// Whether the body is awake (simulated). Static bodies are never awake.
    public func isAwake(_ id: PhysicsBodyID) -> Bool { bodyIndex(id).map { bodies[$0].awake } ?? false }
    /// Wakes (or puts to sleep, stopping it) a body.
    public func setAwake(_ id: PhysicsBodyID, _ awake: Bool) {
        guard let i = bodyIndex(id), bodies[i].type != .static else { return }
        if awake { wake(i) } else {
            bodies[i].awake = false; bodies[i].sleepTime = 0
            bodies[i].v = .zero; bodies[i].w = 0; bodies[i].force = .zero; bodies[i].torque = 0
        }
    }
    /// True when no non-static body is awake: the world is at rest and stepping changes nothing.
    public var isResting: Bool { !bodies.contains { $0.alive && !$0.isStatic && $0.awake } }

    /// The shapes attached to a body, most recent first.
    public func shapes(of id: PhysicsBodyID) -> [PhysicsShapeID] {
        guard let i = bodyIndex(id) else { return [] }
        var out: [PhysicsShapeID] = []
        var s = bodies[i].firstShape
        while s != -1 { out.append(shapeID(s)); s = shapes[Int(s)].next }
        return out
    }
    public func body(of shape: PhysicsShapeID) -> PhysicsBodyID? { shapeIndex(shape).map { bodyID(shapes[$0].body) } }
    /// The shape as stored (polygons as their convex hull).
    public func shape(_ id: PhysicsShapeID) -> PhysicsShape? {
        guard let i = shapeIndex(id) else { return nil }
        let s = shapes[i]
        return PhysicsShape(geometry: s.geometry, density: s.density, friction: s.friction, restitution: s.restitution, filter: s.filter, tag: s.tag)
    }
    /// Changes a shape's material, filter or tag (geometry changes need remove + add). Recomputes mass.
    public func updateShape(_ id: PhysicsShapeID, _ change: (inout PhysicsShape) -> Void) {
        guard let i = shapeIndex(id), var s = shape(id) else { return }
        let geometry = s.geometry
        change(&s)
        if s.geometry != geometry { report(.invalidShape, "updateShape: geometry cannot change; remove and add the shape"); s.geometry = geometry }
        if !(s.density.isFinite && s.density >= 0) { report(.invalidDensity, "updateShape: density \(s.density) is invalid; kept \(shapes[i].density)"); s.density = shapes[i].density }
        if !(s.friction.isFinite && s.friction >= 0) { report(.invalidValue, "updateShape: friction \(s.friction) invalid; kept"); s.friction = shapes[i].friction }
        if !(s.restitution.isFinite && s.restitution >= 0) { report(.invalidValue, "updateShape: restitution \(s.restitution) invalid; kept"); s.restitution = shapes[i].restitution }
        let filterChanged = s.filter != shapes[i].filter
        shapes[i].density = s.density; shapes[i].friction = s.friction; shapes[i].restitution = s.restitution
        shapes[i].filter = s.filter; shapes[i].tag = s.tag
        if filterChanged {
            var p = shapes[i].firstPrimitive
            while p != -1 {
                destroyContacts(ofPrimitive: p)
                moveBuffer.append(primitives[Int(p)].proxy); tree.nodes[Int(primitives[Int(p)].proxy)].moved = true
                p = primitives[Int(p)].next
            }
        }
        resetMassData(Int(shapes[i].body)); wake(Int(shapes[i].body))
    }

    /// Bodies with a shape whose box overlaps `rect` (lower/upper corners), in slot order.
    public func bodies(overlapping lower: PhysicsVector, _ upper: PhysicsVector) -> [PhysicsBodyID] {
        var found: [Int32] = []
        let box = PhysicsAABB(lower: vmin(lower, upper), upper: vmax(lower, upper))
        let nodes = tree.nodes
        tree.query(box) { proxy in
            let p = self.primitives[Int(nodes[Int(proxy)].item)]
            if self.primitiveAABB(p, self.bodies[Int(p.body)].xf).overlaps(box) { found.append(p.body) }
            return true
        }
        return Array(Set(found)).sorted().compactMap { $0 == ground ? nil : bodyID($0) }
    }
}

extension PhysicsWorld {
    /// Number of live contacts (pairs whose boxes overlap, touching or not).
    public var contactCount: Int { contacts.reduce(0) { $0 + ($1.alive ? 1 : 0) } }
    /// Number of contacts whose shapes touch.
    public var touchingContactCount: Int { contacts.reduce(0) { $0 + ($1.alive && $1.touching ? 1 : 0) } }
}
