// The solver pass of a sub-step: islands and waking, velocity and position constraints, sleep.
import Foundation

extension PhysicsWorld {
    @inline(__always) func findRoot(_ parent: UnsafeMutableBufferPointer<Int32>, _ x: Int32) -> Int32 {
        var x = x
        while parent[Int(x)] != x {
            parent[Int(x)] = parent[Int(parent[Int(x)])]
            x = parent[Int(x)]
        }
        return x
    }

    func solve(_ h: Double) {
        let n = bodies.count
        // Islands (union-find over touching contacts and joints between non-static bodies).
        islandParent.removeAll(keepingCapacity: true)
        for i in 0..<n { islandParent.append(Int32(i)) }
        var islandAwake = [Bool](repeating: false, count: n)
        var islandSleepTime = [Double](repeating: .greatestFiniteMagnitude, count: n)
        islandParent.withUnsafeMutableBufferPointer { parent in
            func union(_ a: Int32, _ b: Int32) {
                let ra = findRoot(parent, a), rb = findRoot(parent, b)
                if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
            }
            for c in contacts where c.alive && c.touching {
                if !bodies[Int(c.bodyA)].isStatic && !bodies[Int(c.bodyB)].isStatic { union(c.bodyA, c.bodyB) }
            }
            for j in joints where j.alive {
                if !bodies[Int(j.bodyA)].isStatic && !bodies[Int(j.bodyB)].isStatic { union(j.bodyA, j.bodyB) }
            }
            for i in 0..<n where bodies[i].alive && !bodies[i].isStatic && bodies[i].awake {
                islandAwake[Int(findRoot(parent, Int32(i)))] = true
            }
            for i in 0..<n where bodies[i].alive && !bodies[i].isStatic && !bodies[i].awake {
                if islandAwake[Int(findRoot(parent, Int32(i)))] { bodies[i].awake = true }
            }
        }

        // Solver state: integrate velocities of awake dynamic bodies.
        positions.removeAll(keepingCapacity: true)
        velocities.removeAll(keepingCapacity: true)
        let g = gravity
        for i in 0..<n {
            var b = bodies[i]
            if b.alive && b.awake && !b.isStatic {
                b.c0 = b.c; b.a0 = b.a
                if b.type == .dynamic {
                    var v = b.v + h * (b.invMass * (b.gravityScale * b.mass * g + b.force))
                    var w = b.w + h * b.invI * b.torque
                    v = (1 / (1 + h * b.linearDamping)) * v
                    w *= 1 / (1 + h * b.angularDamping)
                    b.v = v; b.w = w
                }
                bodies[i].c0 = b.c; bodies[i].a0 = b.a
            }
            positions.append(SolverPosition(c: b.c, a: b.a))
            velocities.append(SolverVelocity(v: b.isStatic || !b.alive ? .zero : b.v, w: b.isStatic || !b.alive ? 0 : b.w))
        }

        // Contact constraints for touching contacts with an awake body.
        velocityConstraints.removeAll(keepingCapacity: true)
        positionConstraints.removeAll(keepingCapacity: true)
        for ci in contacts.indices {
            let c = contacts[ci]
            guard c.alive && c.touching else { continue }
            let bA = bodies[Int(c.bodyA)], bB = bodies[Int(c.bodyB)]
            if !((bA.awake && !bA.isStatic) || (bB.awake && !bB.isStatic)) { continue }
            let mA = bA.type == .dynamic ? bA.invMass : 0, mB = bB.type == .dynamic ? bB.invMass : 0
            let iA = bA.type == .dynamic ? bA.invI : 0, iB = bB.type == .dynamic ? bB.invI : 0
            var vc = ContactVelocityConstraint()
            vc.indexA = c.bodyA; vc.indexB = c.bodyB
            vc.invMassA = mA; vc.invMassB = mB; vc.invIA = iA; vc.invIB = iB
            vc.friction = c.friction; vc.restitution = c.restitution
            vc.pointCount = c.manifold.count
            vc.contactIndex = Int32(ci)
            velocityConstraints.append(vc)
            var pc = ContactPositionConstraint()
            pc.indexA = c.bodyA; pc.indexB = c.bodyB
            pc.invMassA = mA; pc.invMassB = mB; pc.invIA = iA; pc.invIB = iB
            pc.localCenterA = bA.localCenter; pc.localCenterB = bB.localCenter
            pc.localNormal = c.manifold.localNormal; pc.localPoint = c.manifold.localPoint
            pc.localPoint0 = c.manifold.p0.localPoint; pc.localPoint1 = c.manifold.p1.localPoint
            pc.radiusA = primitives[Int(c.primA)].radius; pc.radiusB = primitives[Int(c.primB)].radius
            pc.type = c.manifold.type
            pc.pointCount = c.manifold.count
            positionConstraints.append(pc)
        }
        // Joints with an awake body.
        var activeJoints: [Int] = []
        for ji in joints.indices where joints[ji].alive {
            let bA = bodies[Int(joints[ji].bodyA)], bB = bodies[Int(joints[ji].bodyB)]
            if !((bA.awake && !bA.isStatic) || (bB.awake && !bB.isStatic)) { continue }
            joints[ji].mA = bA.type == .dynamic ? bA.invMass : 0; joints[ji].mB = bB.type == .dynamic ? bB.invMass : 0
            joints[ji].iA = bA.type == .dynamic ? bA.invI : 0; joints[ji].iB = bB.type == .dynamic ? bB.invI : 0
            joints[ji].localCenterA = bA.localCenter; joints[ji].localCenterB = bB.localCenter
            activeJoints.append(ji)
        }

        let s = settings
        var positionSolved = false
        contacts.withUnsafeBufferPointer { cs in
        joints.withUnsafeMutableBufferPointer { js in
        positions.withUnsafeMutableBufferPointer { pos in
        velocities.withUnsafeMutableBufferPointer { vel in
        velocityConstraints.withUnsafeMutableBufferPointer { vcs in
        positionConstraints.withUnsafeMutableBufferPointer { pcs in
            ContactSolver.initialize(vcs, pcs, cs, pos, vel, threshold: s.restitutionThreshold, warmStarting: s.warmStarting)
            for ji in activeJoints { js[ji].initVelocity(pos, vel, h, warmStarting: s.warmStarting) }
            if s.warmStarting { ContactSolver.warmStart(vcs, vel) }
            for _ in 0..<max(1, s.velocityIterations) {
                for ji in activeJoints { js[ji].solveVelocity(vel, h) }
                ContactSolver.solveVelocity(vcs, vel)
            }
            // Integrate positions, clamping extreme motion.
            for i in 0..<n {
                let b = bodies[i]
                guard b.alive && b.awake && !b.isStatic else { continue }
                var v = vel[i].v, w = vel[i].w
                let t = h * v
                if t.lengthSquared > s.maxTranslationPerStep * s.maxTranslationPerStep { v = (s.maxTranslationPerStep / t.length) * v }
                let r = h * w
                if r * r > s.maxRotationPerStep * s.maxRotationPerStep { w *= s.maxRotationPerStep / abs(r) }
                vel[i] = SolverVelocity(v: v, w: w)
                pos[i] = SolverPosition(c: pos[i].c + h * v, a: pos[i].a + h * w)
            }
            for _ in 0..<max(0, s.positionIterations) {
                let contactsOK = ContactSolver.solvePosition(pcs, pos, slop: s.linearSlop, baumgarte: s.baumgarte, maxCorrection: s.maxLinearCorrection)
                var jointsOK = true
                for ji in activeJoints where !js[ji].solvePosition(pos, slop: s.linearSlop, maxCorrection: s.maxLinearCorrection) { jointsOK = false }
                if contactsOK && jointsOK { positionSolved = true; break }
            }
        } } } } } }

        // Keep impulses for warm starting next sub-step.
        for vc in velocityConstraints {
            let ci = Int(vc.contactIndex)
            contacts[ci].manifold.p0.normalImpulse = vc.p0.normalImpulse
            contacts[ci].manifold.p0.tangentImpulse = vc.p0.tangentImpulse
            contacts[ci].manifold.p1.normalImpulse = vc.p1.normalImpulse
            contacts[ci].manifold.p1.tangentImpulse = vc.p1.tangentImpulse
        }

        // Write back, guarding against non-finite results.
        for i in 0..<n {
            guard bodies[i].alive && bodies[i].awake && !bodies[i].isStatic else { continue }
            var p = positions[i], v = velocities[i]
            if !(p.c.isFinite && p.a.isFinite && v.v.isFinite && v.w.isFinite) {
                report(.nonFiniteState, "body \(i) (tag \(bodies[i].tag)) reached a non-finite state; restored and stopped")
                p = SolverPosition(c: bodies[i].c0, a: bodies[i].a0); v = SolverVelocity(v: .zero, w: 0)
            }
            bodies[i].c = p.c; bodies[i].a = p.a; bodies[i].v = v.v; bodies[i].w = v.w
            bodies[i].xf = transformFor(p.c, p.a, bodies[i].localCenter)
        }

        // Sleep: an island sleeps when all its bodies have been slow for timeToSleep.
        guard s.allowsSleep else { return }
        let linTol2 = s.linearSleepTolerance * s.linearSleepTolerance, angTol2 = s.angularSleepTolerance * s.angularSleepTolerance
        islandParent.withUnsafeMutableBufferPointer { parent in
            for i in 0..<n where bodies[i].alive && bodies[i].awake && !bodies[i].isStatic {
                let b = bodies[i]
                if !b.allowSleep || b.w * b.w > angTol2 || b.v.lengthSquared > linTol2 { bodies[i].sleepTime = 0 } else { bodies[i].sleepTime += h }
                let r = Int(findRoot(parent, Int32(i)))
                islandSleepTime[r] = min(islandSleepTime[r], bodies[i].sleepTime)
            }
            guard positionSolved else { return }
            for i in 0..<n where bodies[i].alive && bodies[i].awake && !bodies[i].isStatic {
                if islandSleepTime[Int(findRoot(parent, Int32(i)))] >= s.timeToSleep {
                    bodies[i].awake = false; bodies[i].sleepTime = 0
                    bodies[i].v = .zero; bodies[i].w = 0; bodies[i].force = .zero; bodies[i].torque = 0
                }
            }
        }
    }
}
