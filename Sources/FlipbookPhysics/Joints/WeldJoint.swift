// Weld joints: glue B to A at the anchors, with no relative motion or rotation.
import Foundation

struct WeldJoint {
    // Parameters.
    /// B's angle minus A's angle at rest.
    var referenceAngle = 0.0
    // Solver state: the 3×3 mass matrix (point and angle) and the accumulated impulses.
    var k = Mat33()
    var impulse = PhysicsVector.zero, angularImpulse = 0.0

    init(_ d: PhysicsJointDefinition) { setParameters(d) }

    mutating func setParameters(_ d: PhysicsJointDefinition) { referenceAngle = d.referenceAngle }

    func write(into d: inout PhysicsJointDefinition) { d.referenceAngle = referenceAngle }

    mutating func scaleRigidImpulses(_ f: Double) { impulse = f * impulse; angularImpulse *= f }

    mutating func prepare(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, _ v: inout JointVelocities,
                          _ h: Double, warmStarting: Bool) {
        if !warmStarting { impulse = .zero; angularImpulse = 0 }
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        k.ex.0 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        k.ey.0 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        k.ez.0 = -rA.y * iA - rB.y * iB
        k.ex.1 = k.ey.0
        k.ey.1 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        k.ez.1 = rA.x * iA + rB.x * iB
        k.ex.2 = k.ez.0; k.ey.2 = k.ez.1; k.ez.2 = iA + iB
        let axial = angularImpulse
        let P = impulse
        v.vA -= mA * P; v.wA -= iA * (cross(rA, P) + axial)
        v.vB += mB * P; v.wB += iB * (cross(rB, P) + axial)
    }

    mutating func solveVelocity(_ b: JointBodies, _ v: inout JointVelocities, _ h: Double) {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        var vA = v.vA, wA = v.wA, vB = v.vB, wB = v.wB
        let c1 = vB + cross(wB, rB) - vA - cross(wA, rA), c2 = wB - wA
        let i: (Double, Double, Double)
        if k.ez.2 > 0 { i = k.solve33((-c1.x, -c1.y, -c2)) } else { let p = k.solve22(-c1); i = (p.x, p.y, 0) }
        let P = PhysicsVector(i.0, i.1)
        impulse += P; angularImpulse += i.2
        vA -= mA * P; wA -= iA * (cross(rA, P) + i.2); vB += mB * P; wB += iB * (cross(rB, P) + i.2)
        v = JointVelocities(vA: vA, wA: wA, vB: vB, wB: wB)
    }

    /// Pulls the anchors together and the angle back to `referenceAngle` in one 3×3 solve.
    func solvePosition(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, slop: Double, maxCorrection: Double) -> Bool {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB
        var cA = pos[b.a].c, aA = pos[b.a].a, cB = pos[b.b].c, aB = pos[b.b].a
        let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
        let ra = qA.apply(b.anchorA), rb = qB.apply(b.anchorB)
        var K = Mat33()
        K.ex.0 = mA + mB + ra.y * ra.y * iA + rb.y * rb.y * iB
        K.ey.0 = -ra.y * ra.x * iA - rb.y * rb.x * iB
        K.ez.0 = -ra.y * iA - rb.y * iB
        K.ex.1 = K.ey.0
        K.ey.1 = mA + mB + ra.x * ra.x * iA + rb.x * rb.x * iB
        K.ez.1 = ra.x * iA + rb.x * iB
        K.ex.2 = K.ez.0; K.ey.2 = K.ez.1; K.ez.2 = iA + iB
        let error1 = cB + rb - cA - ra, error2 = aB - aA - referenceAngle
        // Each pass corrects at most maxCorrection and maxAngularCorrection of the error.
        let C1 = clampLength(error1, maxCorrection), C2 = clampAngle(error2)
        let i: (Double, Double, Double)
        if K.ez.2 > 0 { let s = K.solve33((C1.x, C1.y, C2)); i = (-s.0, -s.1, -s.2) } else { let p = K.solve22(C1); i = (-p.x, -p.y, 0) }
        let P = PhysicsVector(i.0, i.1)
        cA -= mA * P; aA -= iA * (cross(ra, P) + i.2); cB += mB * P; aB += iB * (cross(rb, P) + i.2)
        pos[b.a] = SolverPosition(c: cA, a: aA); pos[b.b] = SolverPosition(c: cB, a: aB)
        return error1.length <= slop && abs(error2) <= angularSlop
    }
}
