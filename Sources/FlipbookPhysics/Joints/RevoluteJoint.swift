// Revolute joints: a pin keeping the anchors together, with optional angle limits and a friction torque.
import Foundation

struct RevoluteJoint {
    // Parameters.
    /// B's angle minus A's angle at rest.
    var referenceAngle = 0.0
    var enableLimit = false
    /// Angle limits (radians) relative to `referenceAngle`.
    var lowerLimit = 0.0, upperLimit = 0.0
    /// The largest friction torque (mass·pt²/s²) resisting relative rotation.
    var maxFrictionTorque = 0.0
    // Solver state: the point constraint's mass matrix (upper 2×2 block), the angular mass, the
    // joint angle at the start of the step, and the accumulated impulses.
    var k = Mat33()
    var axialMass = 0.0, angle = 0.0
    var impulse = PhysicsVector.zero
    var motorImpulse = 0.0, lowerImpulse = 0.0, upperImpulse = 0.0

    init(_ d: PhysicsJointDefinition) { setParameters(d) }

    mutating func setParameters(_ d: PhysicsJointDefinition) {
        referenceAngle = d.referenceAngle; enableLimit = d.enableLimit
        lowerLimit = d.lowerLimit; upperLimit = d.upperLimit; maxFrictionTorque = d.maxFrictionTorque
    }

    func write(into d: inout PhysicsJointDefinition) {
        d.referenceAngle = referenceAngle; d.enableLimit = enableLimit
        d.lowerLimit = lowerLimit; d.upperLimit = upperLimit; d.maxFrictionTorque = maxFrictionTorque
    }

    mutating func scaleRigidImpulses(_ f: Double) {
        impulse = f * impulse; motorImpulse *= f; lowerImpulse *= f; upperImpulse *= f
    }

    mutating func prepare(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, _ v: inout JointVelocities,
                          _ h: Double, warmStarting: Bool) {
        if !warmStarting { impulse = .zero; motorImpulse = 0; lowerImpulse = 0; upperImpulse = 0 }
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        k.ex.0 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        k.ey.0 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        k.ex.1 = k.ey.0
        k.ey.1 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        axialMass = iA + iB > 0 ? 1 / (iA + iB) : 0
        angle = pos[b.b].a - pos[b.a].a - referenceAngle
        if !enableLimit { lowerImpulse = 0; upperImpulse = 0 }
        if maxFrictionTorque <= 0 { motorImpulse = 0 }
        let axial = motorImpulse + lowerImpulse - upperImpulse
        let P = impulse
        v.vA -= mA * P; v.wA -= iA * (cross(rA, P) + axial)
        v.vB += mB * P; v.wB += iB * (cross(rB, P) + axial)
    }

    mutating func solveVelocity(_ b: JointBodies, _ v: inout JointVelocities, _ h: Double) {
        let iA = b.iA, iB = b.iB
        var vA = v.vA, wA = v.wA, vB = v.vB, wB = v.wB
        let invH = 1 / h
        let fixedRotation = iA + iB == 0
        if maxFrictionTorque > 0 && !fixedRotation {
            var i = -axialMass * (wB - wA)
            let old = motorImpulse, maxI = h * maxFrictionTorque
            motorImpulse = min(max(old + i, -maxI), maxI)
            i = motorImpulse - old
            wA -= iA * i; wB += iB * i
        }
        if enableLimit && !fixedRotation {
            // Each limit is solved together with the point constraint (one 3×3 block, Box2D
            // 2.3's formulation, with 2.4's speculative bias), not after it: the limit turns the
            // bodies about their centres while the point constraint turns them about the pin, so
            // solved one after the other they undo each other. With a light body pinned far from
            // its centre (its rotation about the pin weighs thousands of times its own inertia)
            // 8 iterations left most of the error, the warm-started impulses grew from sub-step
            // to sub-step, and the pair gained energy until the speed caps (docs/Reliability.md,
            // Physics, seed 308).
            // A limit that holds no impulse and would not act (the relative rotation cannot close
            // its gap within the step) is left out, so far from its limits a pin is solved exactly
            // as one without a range.
            let rate = wB - wA
            let lowerActs = lowerImpulse > 0 || rate + max(angle - lowerLimit, 0) * invH < 0
            let upperActs = upperImpulse > 0 || -rate + max(upperLimit - angle, 0) * invH < 0
            if lowerActs { solveLimitWithPoint(b, lower: true, &vA, &wA, &vB, &wB, invH) }
            if upperActs { solveLimitWithPoint(b, lower: false, &vA, &wA, &vB, &wB, invH) }
            if !lowerActs && !upperActs { solvePoint(b, &vA, &wA, &vB, &wB) }
        } else {
            solvePoint(b, &vA, &wA, &vB, &wB)
        }
        v = JointVelocities(vA: vA, wA: wA, vB: vB, wB: wB)
    }

    /// The point constraint alone: the anchors' relative velocity made zero.
    private mutating func solvePoint(_ b: JointBodies, _ vA: inout PhysicsVector, _ wA: inout Double,
                                     _ vB: inout PhysicsVector, _ wB: inout Double) {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        let Cdot = vB + cross(wB, rB) - vA - cross(wA, rA)
        let i = k.solve22(-Cdot)
        impulse += i
        vA -= mA * i; wA -= iA * cross(rA, i); vB += mB * i; wB += iB * cross(rB, i)
    }

    /// One limit (the lower one, or the upper one) and the point constraint solved as a block:
    /// the impulses that make the anchors' relative velocity zero and keep the limit's relative
    /// rotation from closing its remaining gap faster than in one step, with the limit's
    /// accumulated impulse kept non-negative (when it would go negative it is released and the
    /// point constraint alone is solved, taking the released impulse into account).
    private mutating func solveLimitWithPoint(_ b: JointBodies, lower: Bool, _ vA: inout PhysicsVector, _ wA: inout Double,
                                              _ vB: inout PhysicsVector, _ wB: inout Double, _ invH: Double) {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        // σ = +1: lower limit, the rate wB − wA; σ = −1: upper limit, the rate wA − wB.
        let sigma = lower ? 1.0 : -1.0
        let gap = lower ? angle - lowerLimit : upperLimit - angle
        let accumulated = lower ? lowerImpulse : upperImpulse
        let cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
        let cdot2 = sigma * (wB - wA) + max(gap, 0) * invH
        var K = k
        K.ez = (sigma * (-rA.y * iA - rB.y * iB), sigma * (rA.x * iA + rB.x * iB), iA + iB)
        K.ex.2 = K.ez.0; K.ey.2 = K.ez.1
        var P: PhysicsVector, dL: Double
        let x = K.determinant != 0 ? K.solve33((-cdot1.x, -cdot1.y, -cdot2)) : (0, 0, -accumulated - 1)
        if accumulated + x.2 >= 0 {
            P = PhysicsVector(x.0, x.1); dL = x.2
        } else {
            P = k.solve22(-cdot1 + accumulated * PhysicsVector(K.ez.0, K.ez.1)); dL = -accumulated
        }
        impulse += P
        if lower { lowerImpulse += dL } else { upperImpulse += dL }
        let axial = sigma * dL
        vA -= mA * P; wA -= iA * (cross(rA, P) + axial)
        vB += mB * P; wB += iB * (cross(rB, P) + axial)
    }

    /// Corrects the angle into its limits, then pulls the anchors together.
    func solvePosition(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, slop: Double, maxCorrection: Double) -> Bool {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB
        var cA = pos[b.a].c, aA = pos[b.a].a, cB = pos[b.b].c, aB = pos[b.b].a
        var angularError = 0.0
        if enableLimit && iA + iB > 0 {
            let ang = aB - aA - referenceAngle
            var C = 0.0
            if abs(upperLimit - lowerLimit) < 2 * angularSlop {
                C = min(max(ang - lowerLimit, -maxAngularCorrection), maxAngularCorrection)
            } else if ang <= lowerLimit {
                C = min(max(ang - lowerLimit + angularSlop, -maxAngularCorrection), 0)
            } else if ang >= upperLimit {
                C = min(max(ang - upperLimit - angularSlop, 0), maxAngularCorrection)
            }
            let li = -axialMass * C
            aA -= iA * li; aB += iB * li
            angularError = abs(C)
        }
        let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
        let ra = qA.apply(b.anchorA), rb = qB.apply(b.anchorB)
        let error = cB + rb - cA - ra
        let C = clampLength(error, maxCorrection)  // at most maxCorrection a pass
        var K = Mat33()
        K.ex.0 = mA + mB + iA * ra.y * ra.y + iB * rb.y * rb.y
        K.ey.0 = -iA * ra.x * ra.y - iB * rb.x * rb.y
        K.ex.1 = K.ey.0
        K.ey.1 = mA + mB + iA * ra.x * ra.x + iB * rb.x * rb.x
        let i = -K.solve22(C)
        cA -= mA * i; aA -= iA * cross(ra, i); cB += mB * i; aB += iB * cross(rb, i)
        pos[b.a] = SolverPosition(c: cA, a: aA); pos[b.b] = SolverPosition(c: cB, a: aB)
        return error.length <= slop && angularError <= angularSlop
    }
}
