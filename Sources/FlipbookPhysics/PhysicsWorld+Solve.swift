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
        var activeJoints: [Int] = []
        var moving = [Bool](repeating: false, count: n)
        positions.removeAll(keepingCapacity: true)
        velocities.removeAll(keepingCapacity: true)
        velocities0.removeAll(keepingCapacity: true)
        velocityConstraints.removeAll(keepingCapacity: true)
        positionConstraints.removeAll(keepingCapacity: true)
        let g = gravity
        bodies.withUnsafeMutableBufferPointer { bs in
        islandParent.withUnsafeMutableBufferPointer { parent in
            func union(_ a: Int32, _ b: Int32) {
                let ra = findRoot(parent, a), rb = findRoot(parent, b)
                if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
            }
            contacts.withUnsafeBufferPointer { cs in
                for c in cs where c.alive && c.touching {
                    if !bs[Int(c.bodyA)].isStatic && !bs[Int(c.bodyB)].isStatic { union(c.bodyA, c.bodyB) }
                }
            }
            for j in joints where j.alive {
                if !bs[Int(j.bodyA)].isStatic && !bs[Int(j.bodyB)].isStatic { union(j.bodyA, j.bodyB) }
            }
            for i in 0..<n where bs[i].alive && !bs[i].isStatic && bs[i].awake {
                islandAwake[Int(findRoot(parent, Int32(i)))] = true
            }
            for i in 0..<n where bs[i].alive && !bs[i].isStatic && !bs[i].awake {
                if islandAwake[Int(findRoot(parent, Int32(i)))] { bs[i].awake = true }
            }
        }

        // Solver state: integrate velocities of awake dynamic bodies.
        for i in 0..<n {
            let b = bs.baseAddress! + i
            moving[i] = b.pointee.alive && b.pointee.awake && !b.pointee.isStatic
            velocities0.append(b.pointee.isStatic || !b.pointee.alive ? SolverVelocity(v: .zero, w: 0) : SolverVelocity(v: b.pointee.v, w: b.pointee.w))
            if moving[i] {
                b.pointee.c0 = b.pointee.c; b.pointee.a0 = b.pointee.a
                if b.pointee.type == .dynamic {
                    let v = b.pointee.v + h * (b.pointee.invMass * (b.pointee.gravityScale * b.pointee.mass * g + b.pointee.force))
                    let w = b.pointee.w + h * b.pointee.invI * b.pointee.torque
                    b.pointee.v = (1 / (1 + h * b.pointee.linearDamping)) * v
                    b.pointee.w = w * (1 / (1 + h * b.pointee.angularDamping))
                }
            }
            positions.append(SolverPosition(c: b.pointee.c, a: b.pointee.a, q: b.pointee.xf.q))
            velocities.append(b.pointee.isStatic || !b.pointee.alive ? SolverVelocity(v: .zero, w: 0) : SolverVelocity(v: b.pointee.v, w: b.pointee.w))
        }

        // Contact constraints for touching contacts with an awake body.
        contacts.withUnsafeBufferPointer { cs in
        primitives.withUnsafeBufferPointer { ps in
            for ci in 0..<cs.count {
                let c = cs.baseAddress! + ci
                guard c.pointee.alive && c.pointee.touching else { continue }
                let bA = bs.baseAddress! + Int(c.pointee.bodyA), bB = bs.baseAddress! + Int(c.pointee.bodyB)
                if !((bA.pointee.awake && !bA.pointee.isStatic) || (bB.pointee.awake && !bB.pointee.isStatic)) { continue }
                let mA = bA.pointee.type == .dynamic ? bA.pointee.invMass : 0, mB = bB.pointee.type == .dynamic ? bB.pointee.invMass : 0
                let iA = bA.pointee.type == .dynamic ? bA.pointee.invI : 0, iB = bB.pointee.type == .dynamic ? bB.pointee.invI : 0
                var vc = ContactVelocityConstraint()
                vc.indexA = c.pointee.bodyA; vc.indexB = c.pointee.bodyB
                vc.invMassA = mA; vc.invMassB = mB; vc.invIA = iA; vc.invIB = iB
                vc.friction = c.pointee.friction; vc.restitution = c.pointee.restitution
                vc.pointCount = c.pointee.manifold.count
                vc.contactIndex = Int32(ci)
                velocityConstraints.append(vc)
                var pc = ContactPositionConstraint()
                pc.indexA = c.pointee.bodyA; pc.indexB = c.pointee.bodyB
                pc.invMassA = mA; pc.invMassB = mB; pc.invIA = iA; pc.invIB = iB
                pc.localCenterA = bA.pointee.localCenter; pc.localCenterB = bB.pointee.localCenter
                pc.localNormal = c.pointee.manifold.localNormal; pc.localPoint = c.pointee.manifold.localPoint
                pc.localPoint0 = c.pointee.manifold.p0.localPoint; pc.localPoint1 = c.pointee.manifold.p1.localPoint
                pc.radiusA = ps[Int(c.pointee.primA)].radius; pc.radiusB = ps[Int(c.pointee.primB)].radius
                pc.type = c.pointee.manifold.type
                pc.pointCount = c.pointee.manifold.count
                positionConstraints.append(pc)
            }
        } }
        // Joints with an awake body.
        for ji in joints.indices where joints[ji].alive {
            let bA = bs[Int(joints[ji].bodyA)], bB = bs[Int(joints[ji].bodyB)]
            if !((bA.awake && !bA.isStatic) || (bB.awake && !bB.isStatic)) { continue }
            var jb = JointBodies()
            jb.a = Int(joints[ji].bodyA); jb.b = Int(joints[ji].bodyB)
            jb.mA = bA.type == .dynamic ? bA.invMass : 0; jb.mB = bB.type == .dynamic ? bB.invMass : 0
            jb.iA = bA.type == .dynamic ? bA.invI : 0; jb.iB = bB.type == .dynamic ? bB.invI : 0
            jb.anchorA = joints[ji].localAnchorA - bA.localCenter; jb.anchorB = joints[ji].localAnchorB - bB.localCenter
            joints[ji].bodies = jb
            activeJoints.append(ji)
        }
        }

        let s = settings
        var positionSolved = false
        contacts.withUnsafeBufferPointer { cs in
        joints.withUnsafeMutableBufferPointer { js in
        positions.withUnsafeMutableBufferPointer { pos in
        velocities.withUnsafeMutableBufferPointer { vel in
        velocities0.withUnsafeMutableBufferPointer { vel0 in
        velocityConstraints.withUnsafeMutableBufferPointer { vcs in
        positionConstraints.withUnsafeMutableBufferPointer { pcs in
            ContactSolver.initialize(vcs, pcs, cs, pos, vel, vel0, threshold: s.restitutionThreshold, warmStarting: s.warmStarting, h: h)
            for ji in activeJoints { js[ji].prepare(pos, vel, h, warmStarting: s.warmStarting) }
            if s.warmStarting { ContactSolver.warmStart(vcs, vel) }
            for _ in 0..<max(1, s.velocityIterations) {
                for ji in activeJoints { js[ji].solveVelocity(vel, h) }
                ContactSolver.solveVelocity(vcs, vel)
            }
            // Integrate positions, clamping extreme motion.
            for i in 0..<n where moving[i] {
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
        } } } } } } }

        // Keep impulses for warm starting next sub-step.
        for vc in velocityConstraints {
            let ci = Int(vc.contactIndex)
            contacts[ci].manifold.p0.normalImpulse = vc.p0.normalImpulse
            contacts[ci].manifold.p0.tangentImpulse = vc.p0.tangentImpulse
            contacts[ci].manifold.p1.normalImpulse = vc.p1.normalImpulse
            contacts[ci].manifold.p1.tangentImpulse = vc.p1.tangentImpulse
        }

        // Write back, guarding against non-finite results; then sleep: an island sleeps when all
        // its bodies have been slow for timeToSleep.
        let linTol2 = s.linearSleepTolerance * s.linearSleepTolerance, angTol2 = s.angularSleepTolerance * s.angularSleepTolerance
        var broken: [Int] = []
        bodies.withUnsafeMutableBufferPointer { bs in
            for i in 0..<n where moving[i] {
                var p = positions[i], v = velocities[i]
                if !(p.c.isFinite && p.a.isFinite && v.v.isFinite && v.w.isFinite) {
                    broken.append(i)
                    p = SolverPosition(c: bs[i].c0, a: bs[i].a0); v = SolverVelocity(v: .zero, w: 0)
                }
                bs[i].c = p.c; bs[i].a = p.a; bs[i].v = v.v; bs[i].w = v.w
                bs[i].xf = transformFor(p.c, p.a, bs[i].localCenter)
            }
            guard s.allowsSleep else { return }
            islandParent.withUnsafeMutableBufferPointer { parent in
                for i in 0..<n where moving[i] && bs[i].awake {
                    let b = bs[i]
                    if !b.allowSleep || b.w * b.w > angTol2 || b.v.lengthSquared > linTol2 { bs[i].sleepTime = 0 } else { bs[i].sleepTime += h }
                    let r = Int(findRoot(parent, Int32(i)))
                    islandSleepTime[r] = min(islandSleepTime[r], bs[i].sleepTime)
                }
                guard positionSolved else { return }
                for i in 0..<n where moving[i] && bs[i].awake {
                    if islandSleepTime[Int(findRoot(parent, Int32(i)))] >= s.timeToSleep {
                        bs[i].awake = false; bs[i].sleepTime = 0
                        bs[i].v = .zero; bs[i].w = 0; bs[i].force = .zero; bs[i].torque = 0
                    }
                }
            }
        }
        for i in broken { report(.nonFiniteState, "body \(i) (tag \(bodies[i].tag)) reached a non-finite state; restored and stopped") }
    }
}
