// The solver pass of a sub-step, as named stages run in order on one `SolverStep` (SolverStep.swift):
// islands and waking, velocity integration, contact and joint preparation, warm starting, velocity
// iterations, position integration, position iterations, impulse storage, write-back and sleep.
import Foundation

extension PhysicsWorld {
    func solve(_ h: Double) {
        let broken = withSolverStep(h) { step in
            step.buildIslands()
            step.integrateVelocities()
            step.prepareContacts()
            step.prepareJoints()
            step.warmStartContacts()
            step.solveVelocities()
            step.solveAgainWhereWarmStartAddedEnergy()
            step.integratePositions()
            step.solvePositions()
            step.storeImpulses()
            step.finishBodies()
            step.updateSleep()
            return step.broken
        }
        for i in broken { report(.nonFiniteState, "body \(i) (tag \(bodies[i].tag)) reached a non-finite state; restored and stopped") }
    }
}

/// The root of `x`'s island, halving the path on the way.
@inline(__always) func findRoot(_ parent: UnsafeMutableBufferPointer<Int32>, _ x: Int32) -> Int32 {
    var x = x
    while parent[Int(x)] != x {
        parent[Int(x)] = parent[Int(parent[Int(x)])]
        x = parent[Int(x)]
    }
    return x
}

extension SolverStep {
    @inline(__always) func union(_ a: Int32, _ b: Int32) {
        let ra = findRoot(islandParent, a), rb = findRoot(islandParent, b)
        if ra != rb { if ra < rb { islandParent[Int(rb)] = ra } else { islandParent[Int(ra)] = rb } }
    }

    /// Islands. Reads touching contacts, live joints and the bodies' awake flags; writes
    /// `islandParent` (non-static bodies joined by a touching contact or a joint) and
    /// `islandAwake`, and wakes every sleeping body whose island has an awake body.
    func buildIslands() {
        let n = bodies.count
        for i in 0..<n { islandParent[i] = Int32(i); islandAwake[i] = false }
        for c in contacts where c.alive && c.touching {
            if !bodies[Int(c.bodyA)].isStatic && !bodies[Int(c.bodyB)].isStatic { union(c.bodyA, c.bodyB) }
        }
        for j in joints where j.alive {
            if !bodies[Int(j.bodyA)].isStatic && !bodies[Int(j.bodyB)].isStatic { union(j.bodyA, j.bodyB) }
        }
        for i in 0..<n where bodies[i].alive && !bodies[i].isStatic && bodies[i].awake {
            islandAwake[Int(findRoot(islandParent, Int32(i)))] = true
        }
        for i in 0..<n where bodies[i].alive && !bodies[i].isStatic && !bodies[i].awake {
            if islandAwake[Int(findRoot(islandParent, Int32(i)))] { bodies[i].awake = true }
        }
    }

    /// Velocity integration. Reads the bodies (velocity, mass, forces, damping) and gravity; writes
    /// `moving`, `velocities0` (before integration), each moving body's `c0`/`a0` and its
    /// velocity after gravity, forces and damping (dynamic bodies only), then `positions` and
    /// `velocities` (zero for static and dead bodies).
    func integrateVelocities() {
        let g = gravity
        for i in 0..<bodies.count {
            let b = bodies.baseAddress! + i
            moving[i] = b.pointee.alive && b.pointee.awake && !b.pointee.isStatic
            velocities0[i] = b.pointee.isStatic || !b.pointee.alive ? SolverVelocity(v: .zero, w: 0) : SolverVelocity(v: b.pointee.v, w: b.pointee.w)
            if moving[i] {
                b.pointee.c0 = b.pointee.c; b.pointee.a0 = b.pointee.a
                if b.pointee.type == .dynamic {
                    let v = b.pointee.v + h * (b.pointee.invMass * (b.pointee.gravityScale * b.pointee.mass * g + b.pointee.force))
                    let w = b.pointee.w + h * b.pointee.invI * b.pointee.torque
                    b.pointee.v = (1 / (1 + h * b.pointee.linearDamping)) * v
                    b.pointee.w = w * (1 / (1 + h * b.pointee.angularDamping))
                }
            }
            positions[i] = SolverPosition(c: b.pointee.c, a: b.pointee.a, q: b.pointee.xf.q)
            velocities[i] = b.pointee.isStatic || !b.pointee.alive ? SolverVelocity(v: .zero, w: 0) : SolverVelocity(v: b.pointee.v, w: b.pointee.w)
            velocitiesFree[i] = velocities[i]
        }
    }

    /// Contact preparation. Reads touching contacts with an awake non-static body, their bodies and
    /// primitives; writes one position and one velocity constraint per contact (`contactCount`):
    /// `ContactSolver.initialize` computes the velocity constraint's masses, restitution bias and
    /// (when warm starting) the impulses kept from the last sub-step, in the same pass.
    mutating func prepareContacts() {
        contactCount = 0
        guard let cbase = contacts.baseAddress, let bbase = bodies.baseAddress,
              let vcs = contactVelocityStorage.storage.baseAddress, let pcs = contactPositionStorage.storage.baseAddress,
              let pos = positions.baseAddress, let vel = velocities.baseAddress, let vel0 = velocities0.baseAddress else { return }
        let threshold = settings.restitutionThreshold, warmStarting = settings.warmStarting
        var count = 0
        for ci in 0..<contacts.count {
            let c = UnsafePointer(cbase + ci)
            guard c.pointee.alive && c.pointee.touching else { continue }
            let bA = bbase + Int(c.pointee.bodyA), bB = bbase + Int(c.pointee.bodyB)
            if !((bA.pointee.awake && !bA.pointee.isStatic) || (bB.pointee.awake && !bB.pointee.isStatic)) { continue }
            let mA = bA.pointee.type == .dynamic ? bA.pointee.invMass : 0, mB = bB.pointee.type == .dynamic ? bB.pointee.invMass : 0
            let iA = bA.pointee.type == .dynamic ? bA.pointee.invI : 0, iB = bB.pointee.type == .dynamic ? bB.pointee.invI : 0
            var pc = ContactPositionConstraint()
            pc.indexA = c.pointee.bodyA; pc.indexB = c.pointee.bodyB
            pc.invMassA = mA; pc.invMassB = mB; pc.invIA = iA; pc.invIB = iB
            pc.localCenterA = bA.pointee.localCenter; pc.localCenterB = bB.pointee.localCenter
            pc.localNormal = c.pointee.manifold.localNormal; pc.localPoint = c.pointee.manifold.localPoint
            pc.localPoint0 = c.pointee.manifold.p0.localPoint; pc.localPoint1 = c.pointee.manifold.p1.localPoint
            pc.radiusA = primitives[Int(c.pointee.primA)].radius; pc.radiusB = primitives[Int(c.pointee.primB)].radius
            pc.type = c.pointee.manifold.type
            pc.pointCount = c.pointee.manifold.count
            (pcs + count).pointee = pc
            let wm = ContactSolver.initialize(vcs + count, pcs + count, c, contactIndex: ci, pos, vel, vel0,
                                              threshold: threshold, warmStarting: warmStarting, h: h)
            if c.pointee.lastPointPending { setEventPoint(cbase + ci, wm, bA, bB) }
            count += 1
        }
        contactCount = count
    }

    /// Sets the contact's event point and normal (`Contact.lastPointPending`) as the narrow phase
    /// would have: the first point of the world manifold at the bodies' transforms. `wm` is the
    /// solver's, at the transforms rebuilt from its positions: the same ones unless a body was
    /// moved outside the solver (then the point is worked out again).
    @inline(__always) func setEventPoint(_ c: UnsafeMutablePointer<Contact>, _ wm: WorldManifold,
                                         _ bA: UnsafeMutablePointer<Body>, _ bB: UnsafeMutablePointer<Body>) {
        c.pointee.lastPointPending = false
        let iA = Int(c.pointee.bodyA), iB = Int(c.pointee.bodyB)
        let qA = positions[iA].q, qB = positions[iB].q
        let xfA = PhysicsTransform(p: positions[iA].c - qA.apply(bA.pointee.localCenter), q: qA)
        let xfB = PhysicsTransform(p: positions[iB].c - qB.apply(bB.pointee.localCenter), q: qB)
        if xfA == bA.pointee.xf && xfB == bB.pointee.xf {
            c.pointee.lastPoint = wm.point0; c.pointee.lastNormal = wm.normal
        } else {
            let exact = WorldManifold(c.pointee.manifold, bA.pointee.xf, primitives[Int(c.pointee.primA)].radius,
                                      bB.pointee.xf, primitives[Int(c.pointee.primB)].radius, firstPointOnly: true)
            c.pointee.lastPoint = exact.point0; c.pointee.lastNormal = exact.normal
        }
    }

    /// Joint preparation. Reads live joints with an awake non-static body and their bodies; writes
    /// each one's `bodies` (slots, inverse masses, anchors from the centres of mass) and
    /// `activeJoints`, then runs the kind's prepare, which applies its warm-starting impulses to
    /// `velocities`.
    mutating func prepareJoints() {
        var count = 0
        for ji in 0..<joints.count where joints[ji].alive {
            let bA = bodies[Int(joints[ji].bodyA)], bB = bodies[Int(joints[ji].bodyB)]
            if !((bA.awake && !bA.isStatic) || (bB.awake && !bB.isStatic)) { continue }
            var jb = JointBodies()
            jb.a = Int(joints[ji].bodyA); jb.b = Int(joints[ji].bodyB)
            jb.mA = bA.type == .dynamic ? bA.invMass : 0; jb.mB = bB.type == .dynamic ? bB.invMass : 0
            jb.iA = bA.type == .dynamic ? bA.invI : 0; jb.iB = bB.type == .dynamic ? bB.invI : 0
            jb.anchorA = joints[ji].localAnchorA - bA.localCenter; jb.anchorB = joints[ji].localAnchorB - bB.localCenter
            joints[ji].bodies = jb
            activeJointStorage.storage[count] = Int32(ji)
            count += 1
        }
        activeJointCount = count
        for ji in activeJoints { joints[Int(ji)].prepare(positions, velocities, h, warmStarting: settings.warmStarting,
                                                               warmStartFactor: settings.jointWarmStartFactor) }
    }

    /// Warm starting. Reads the contact constraints' kept impulses; writes `velocities`.
    func warmStartContacts() {
        if settings.warmStarting { ContactSolver.warmStart(contactVelocityConstraints, velocities) }
    }

    /// Velocity iterations: each pass solves the joints, then the contacts. Reads and writes
    /// `velocities` and the constraints' accumulated impulses.
    func solveVelocities() {
        let vcs = contactVelocityConstraints, active = activeJoints
        for _ in 0..<max(1, settings.velocityIterations) {
            for ji in active { joints[Int(ji)].solveVelocity(velocities, h) }
            ContactSolver.solveVelocity(vcs, velocities)
        }
    }

    /// The energy check of the velocity solve, in worlds with joints (docs/Reliability.md, Physics,
    /// seed 24682327). Solved exactly, rigid constraints (joints without springs, contacts
    /// without a bounce) never raise an island's kinetic energy: each row only removes relative
    /// velocity, and the speculative and limit allowances only let bodies approach. Sequential
    /// impulses from zero keep that property pass by pass. Warm starting does not: it applies
    /// the last sub-step's impulses as a first guess, and where 8 passes cannot converge (a
    /// light body between two heavy ones, long lever arms, a limit pressed against walls) a
    /// stale guess that the passes do not take back leaves the island faster than before any
    /// constraint acted, sub-step after sub-step, up to the speed caps and non-finite values.
    /// So an island with a rigid joint, no spring and no bouncing contact, whose kinetic energy
    /// after the passes exceeds its energy before them (after gravity and forces) by more than
    /// 0.1 %, is solved again from its velocities before the constraints, with its constraints'
    /// accumulated impulses cleared (a cold start). Other islands are not touched.
    mutating func solveAgainWhereWarmStartAddedEnergy() {
        guard settings.warmStarting, activeJointCount > 0 else { return }
        let n = bodies.count
        /// Per island root: 1 = has a rigid joint, 2 = has a spring or a bounce (not checked).
        var kind = [UInt8](repeating: 0, count: n)
        @inline(__always) func root(_ a: Int32, _ b: Int32) -> Int {
            Int(findRoot(islandParent, bodies[Int(a)].isStatic ? b : a))
        }
        for ji in activeJoints {
            let j = joints[Int(ji)], r = root(j.bodyA, j.bodyB)
            kind[r] = max(kind[r], j.payload.isRigid ? 1 : 2)
        }
        let vcs = contactVelocityConstraints
        for k in 0..<vcs.count where vcs[k].p0.velocityBias > 0 || (vcs[k].pointCount == 2 && vcs[k].p1.velocityBias > 0) {
            kind[root(vcs[k].indexA, vcs[k].indexB)] = 2
        }
        var before = [Double](repeating: 0, count: n), after = [Double](repeating: 0, count: n)
        var any = false
        for i in 0..<n where moving[i] && bodies[i].type == .dynamic {
            let r = Int(findRoot(islandParent, Int32(i)))
            guard kind[r] == 1 else { continue }
            let m = bodies[i].mass, inertia = bodies[i].inertia
            let f = velocitiesFree[i], v = velocities[i]
            before[r] += 0.5 * (m * f.v.lengthSquared + inertia * f.w * f.w)
            after[r] += 0.5 * (m * v.v.lengthSquared + inertia * v.w * v.w)
            any = true
        }
        guard any else { return }
        var again = [Bool](repeating: false, count: n)
        var found = false
        for r in 0..<n where kind[r] == 1 && after[r] > before[r] * 1.001 + 1e-9 { again[r] = true; found = true }
        guard found else { return }
        for i in 0..<n where moving[i] && again[Int(findRoot(islandParent, Int32(i)))] { velocities[i] = velocitiesFree[i] }
        var islandJoints: [Int] = [], islandContacts: [Int] = []
        for ji in activeJoints where again[root(joints[Int(ji)].bodyA, joints[Int(ji)].bodyB)] {
            joints[Int(ji)].payload.scaleRigidImpulses(0)
            islandJoints.append(Int(ji))
        }
        for k in 0..<vcs.count where again[root(vcs[k].indexA, vcs[k].indexB)] {
            vcs[k].p0.normalImpulse = 0; vcs[k].p0.tangentImpulse = 0
            vcs[k].p1.normalImpulse = 0; vcs[k].p1.tangentImpulse = 0
            islandContacts.append(k)
        }
        for _ in 0..<max(1, settings.velocityIterations) {
            for ji in islandJoints { joints[ji].solveVelocity(velocities, h) }
            for k in islandContacts { ContactSolver.solveVelocity(UnsafeMutableBufferPointer(rebasing: vcs[k..<(k + 1)]), velocities) }
        }
    }

    /// Position integration. Reads `velocities` of moving bodies, clamping extreme motion per step
    /// (`maxTranslationPerStep`, `maxRotationPerStep`); writes the clamped `velocities` and `positions`.
    func integratePositions() {
        let maxT = settings.maxTranslationPerStep, maxR = settings.maxRotationPerStep
        for i in 0..<bodies.count where moving[i] {
            var v = velocities[i].v, w = velocities[i].w
            let t = h * v
            if t.lengthSquared > maxT * maxT { v = (maxT / t.length) * v }
            let r = h * w
            if r * r > maxR * maxR { w *= maxR / abs(r) }
            velocities[i] = SolverVelocity(v: v, w: w)
            positions[i] = SolverPosition(c: positions[i].c + h * v, a: positions[i].a + h * w)
        }
    }

    /// Position iterations: each pass corrects the contacts, then the joints, stopping early once
    /// both are within tolerance (sets `positionSolved`). Reads and writes `positions`.
    mutating func solvePositions() {
        let pcs = contactPositionConstraints, active = activeJoints, s = settings
        for _ in 0..<max(0, s.positionIterations) {
            let contactsOK = ContactSolver.solvePosition(pcs, positions, slop: s.linearSlop, baumgarte: s.baumgarte, maxCorrection: s.maxLinearCorrection)
            var jointsOK = true
            for ji in active where !joints[Int(ji)].solvePosition(positions, slop: s.linearSlop, maxCorrection: s.maxLinearCorrection) { jointsOK = false }
            if contactsOK && jointsOK { positionSolved = true; break }
        }
    }

    /// Impulse storage. Reads the contact constraints' accumulated impulses; writes them into the
    /// contacts' manifolds for warm starting the next sub-step.
    func storeImpulses() {
        guard let vcs = contactVelocityStorage.storage.baseAddress, let cbase = contacts.baseAddress else { return }
        for i in 0..<contactCount {
            let vc = UnsafePointer(vcs + i), c = cbase + Int(vc.pointee.contactIndex)
            c.pointee.manifold.p0.normalImpulse = vc.pointee.p0.normalImpulse
            c.pointee.manifold.p0.tangentImpulse = vc.pointee.p0.tangentImpulse
            c.pointee.manifold.p1.normalImpulse = vc.pointee.p1.normalImpulse
            c.pointee.manifold.p1.tangentImpulse = vc.pointee.p1.tangentImpulse
        }
    }

    /// Write-back. Reads `positions` and `velocities` of moving bodies; writes the bodies' centre,
    /// angle, velocity and transform. A non-finite result restores the body's start-of-step
    /// position at rest and is listed in `broken`.
    mutating func finishBodies() {
        for i in 0..<bodies.count where moving[i] {
            var p = positions[i], v = velocities[i]
            if !(p.c.isFinite && p.a.isFinite && v.v.isFinite && v.w.isFinite) {
                broken.append(i)
                p = SolverPosition(c: bodies[i].c0, a: bodies[i].a0); v = SolverVelocity(v: .zero, w: 0)
            }
            bodies[i].c = p.c; bodies[i].a = p.a; bodies[i].v = v.v; bodies[i].w = v.w
            bodies[i].xf = transformFor(p.c, p.a, bodies[i].localCenter)
        }
    }

    /// Sleep (when allowed). Reads the moving bodies' velocities and the islands; writes each body's
    /// `sleepTime` and `islandSleepTime`; when the position iterations converged, an island whose
    /// bodies have all been slow for `timeToSleep` goes to sleep (velocities and forces cleared).
    func updateSleep() {
        let s = settings
        guard s.allowsSleep else { return }
        let n = bodies.count
        let linTol2 = s.linearSleepTolerance * s.linearSleepTolerance, angTol2 = s.angularSleepTolerance * s.angularSleepTolerance
        for i in 0..<n { islandSleepTime[i] = .greatestFiniteMagnitude }
        for i in 0..<n where moving[i] && bodies[i].awake {
            let b = bodies[i]
            if !b.allowSleep || b.w * b.w > angTol2 || b.v.lengthSquared > linTol2 { bodies[i].sleepTime = 0 } else { bodies[i].sleepTime += h }
            let r = Int(findRoot(islandParent, Int32(i)))
            islandSleepTime[r] = min(islandSleepTime[r], bodies[i].sleepTime)
        }
        guard positionSolved else { return }
        for i in 0..<n where moving[i] && bodies[i].awake {
            if islandSleepTime[Int(findRoot(islandParent, Int32(i)))] >= s.timeToSleep {
                bodies[i].awake = false; bodies[i].sleepTime = 0
                bodies[i].v = .zero; bodies[i].w = 0; bodies[i].force = .zero; bodies[i].torque = 0
            }
        }
    }
}
