// Creating, changing and removing joints.

extension PhysicsWorld {
    /// The hidden static body that world-anchored joints attach to.
    func groundBody() -> Int32 {
        if let g = ground, bodies.indices.contains(Int(g)), bodies[Int(g)].alive { return g }
        let id = createBody(PhysicsBodyDefinition(type: .static))
        ground = id.index
        return id.index
    }

    func jointIndex(_ id: PhysicsJointID, _ what: String = #function) -> Int? {
        let i = Int(id.index)
        if i >= 0 && i < joints.count && joints[i].alive && joints[i].generation == id.generation { return i }
        report(.staleIdentifier, "\(what): \(id) does not exist")
        return nil
    }

    func validated(_ def: PhysicsJointDefinition) -> PhysicsJointDefinition? {
        var d = def
        let vectors = [d.localAnchorA, d.localAnchorB, d.localAxisA, d.target]
        let scalars = [d.referenceAngle, d.length, d.minLength, d.frequency, d.dampingRatio, d.lowerLimit, d.upperLimit, d.maxFrictionTorque]
        guard vectors.allSatisfy(\.isFinite), scalars.allSatisfy(\.isFinite), !d.maxLength.isNaN, !d.maxForce.isNaN else {
            report(.invalidJoint, "joint \(d.kind) has non-finite parameters; not applied"); return nil
        }
        if d.frequency < 0 || d.dampingRatio < 0 { report(.invalidJoint, "joint frequency/damping must be ≥ 0; using 0"); d.frequency = max(0, d.frequency); d.dampingRatio = max(0, d.dampingRatio) }
        if d.length < 0 || d.minLength < 0 || d.maxLength < 0 {
            report(.invalidJoint, "joint lengths must be ≥ 0; using their magnitudes")
            d.length = abs(d.length); d.minLength = abs(d.minLength); d.maxLength = abs(d.maxLength)
        }
        if d.minLength > d.maxLength { swap(&d.minLength, &d.maxLength) }
        if d.lowerLimit > d.upperLimit { report(.invalidJoint, "joint lower limit above upper limit; swapped"); swap(&d.lowerLimit, &d.upperLimit) }
        if d.kind == .prismatic && d.localAxisA.lengthSquared == 0 { report(.invalidJoint, "prismatic axis is zero; using (1, 0)"); d.localAxisA = PhysicsVector(1, 0) }
        if d.maxForce < 0 || d.maxFrictionTorque < 0 { report(.invalidJoint, "joint force limits must be ≥ 0; using 0"); d.maxForce = max(0, d.maxForce); d.maxFrictionTorque = max(0, d.maxFrictionTorque) }
        return d
    }

    /// Creates a joint; nil (with a diagnostic) for stale bodies, a body joined to itself or
    /// non-finite parameters.
    @discardableResult
    public func createJoint(_ definition: PhysicsJointDefinition) -> PhysicsJointID? {
        guard let def = validated(definition), let bi = bodyIndex(definition.bodyB) else { return nil }
        let ai: Int32
        if let a = def.bodyA { guard let x = bodyIndex(a) else { return nil }; ai = Int32(x) } else { ai = groundBody() }
        if ai == Int32(bi) { report(.invalidJoint, "a joint needs two different bodies"); return nil }
        let index: Int32
        if let f = freeJoints.popLast() { index = f } else { index = Int32(joints.count); joints.append(Joint(def)) }
        var j = Joint(def)
        j.alive = true
        j.generation = joints[Int(index)].generation &+ 1
        j.bodyA = ai; j.bodyB = Int32(bi)
        joints[Int(index)] = j
        if !def.collideConnected {
            for c in contacts.indices where contacts[c].alive &&
                ((contacts[c].bodyA == ai && contacts[c].bodyB == Int32(bi)) || (contacts[c].bodyA == Int32(bi) && contacts[c].bodyB == ai)) {
                destroyContact(c)
            }
        }
        wake(Int(ai)); wake(bi)
        return PhysicsJointID(index: index, generation: j.generation)
    }

    /// Removes a joint and wakes its bodies.
    public func destroyJoint(_ id: PhysicsJointID) {
        guard let ji = jointIndex(id) else { return }
        joints[ji].alive = false
        let a = Int(joints[ji].bodyA), b = Int(joints[ji].bodyB)
        if bodies[a].alive { wake(a) }
        if bodies[b].alive { wake(b) }
        freeJoints.append(Int32(ji))
        // Bodies that were kept apart may now collide: re-examine overlapping pairs.
        for bi in [a, b] where bodies[bi].alive { requeueProxies(bi) }
    }

    /// The joint's current definition (nil for a stale identifier). Parameters that do not apply to
    /// the joint's kind read back as their defaults.
    public func jointDefinition(_ id: PhysicsJointID) -> PhysicsJointDefinition? {
        guard let ji = jointIndex(id) else { return nil }
        return joints[ji].definition
    }

    /// Changes a joint's parameters (not its bodies) and wakes its bodies. Invalid changes are refused.
    public func updateJoint(_ id: PhysicsJointID, _ change: (inout PhysicsJointDefinition) -> Void) {
        guard let ji = jointIndex(id) else { return }
        var d = joints[ji].definition
        change(&d)
        d.bodyA = joints[ji].bodyIDA; d.bodyB = joints[ji].bodyIDB
        guard let v = validated(d) else { return }
        if v.kind != joints[ji].payload.kind { report(.invalidJoint, "a joint's kind cannot change"); return }
        joints[ji].update(v)
        wake(Int(joints[ji].bodyA)); wake(Int(joints[ji].bodyB))
    }

    /// World positions of the joint's two anchors (A's is the target for a mouse joint).
    public func jointAnchors(_ id: PhysicsJointID) -> (a: PhysicsVector, b: PhysicsVector)? {
        guard let ji = jointIndex(id) else { return nil }
        let j = joints[ji]
        let a: PhysicsVector
        if case .mouse(let m) = j.payload { a = m.target } else { a = bodies[Int(j.bodyA)].xf.apply(j.localAnchorA) }
        return (a, bodies[Int(j.bodyB)].xf.apply(j.localAnchorB))
    }

    /// The live joints, in slot order.
    public var jointIDs: [PhysicsJointID] {
        joints.indices.compactMap { joints[$0].alive ? PhysicsJointID(index: Int32($0), generation: joints[$0].generation) : nil }
    }

    func jointPreventsCollision(_ a: Int32, _ b: Int32) -> Bool {
        for j in joints where j.alive && !j.collideConnected {
            if (j.bodyA == a && j.bodyB == b) || (j.bodyA == b && j.bodyB == a) { return true }
        }
        return false
    }
}
