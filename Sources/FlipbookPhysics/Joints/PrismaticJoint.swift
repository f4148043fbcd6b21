// Prismatic joints: a slider along an axis fixed in A, with no rotation between the bodies and
// optional translation limits.
import Foundation

struct PrismaticJoint {
    // Parameters.
    /// The slide direction in A's frame (as given; normalised where used).
    var localAxisA = PhysicsVector(1, 0)
    /// B's angle minus A's angle at rest.
    var referenceAngle = 0.0
    var enableLimit = false
    /// Translation limits (points) along the axis.
    var lowerLimit = 0.0, upperLimit = 0.0
    // Solver state: the world axis and its perpendicular with their lever arms, the axial mass, the
    // 2×2 mass matrix (perpendicular, angle), the translation, and the accumulated impulses.
    var axis = PhysicsVector.zero, perp = PhysicsVector.zero
    var a1 = 0.0, a2 = 0.0, s1 = 0.0, s2 = 0.0
    var axialMass = 0.0, translation = 0.0
    var k = Mat33()
    /// Impulses along the perpendicular (x) and on the angle (y).
    var impulse = PhysicsVector.zero
    var lowerImpulse = 0.0, upperImpulse = 0.0

    init(_ d: PhysicsJointDefinition) { setParameters(d) }

    mutating func setParameters(_ d: PhysicsJointDefinition) {
        localAxisA = d.localAxisA; referenceAngle = d.referenceAngle; enableLimit = d.enableLimit
        lowerLimit = d.lowerLimit; upperLimit = d.upperLimit
    }

    func write(into d: inout PhysicsJointDefinition) {
        d.localAxisA = localAxisA; d.referenceAngle = referenceAngle; d.enableLimit = enableLimit
        d.lowerLimit = lowerLimit; d.upperLimit = upperLimit
    }

    mutating func scaleRigidImpulses(_ f: Double) {
        impulse = f * impulse; lowerImpulse *= f; upperImpulse *= f
    }

    mutating func prepare(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, _ v: inout JointVelocities,
                          _ h: Double, warmStarting: Bool) {
        if !warmStarting { impulse = .zero; lowerImpulse = 0; upperImpulse = 0 }
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        let cA = pos[b.a].c, cB = pos[b.b].c
        let qA = PhysicsRotation(angle: pos[b.a].a)
        let d = cB - cA + rB - rA
        axis = qA.apply(localAxisA.normalized)
        a1 = cross(d + rA, axis); a2 = cross(rB, axis)
        axialMass = mA + mB + iA * a1 * a1 + iB * a2 * a2
        axialMass = axialMass > 0 ? 1 / axialMass : 0
        perp = cross(1.0, axis)
        s1 = cross(d + rA, perp); s2 = cross(rB, perp)
        k.ex.0 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        k.ey.0 = iA * s1 + iB * s2
        k.ex.1 = k.ey.0
        k.ey.1 = iA + iB == 0 ? 1 : iA + iB
        translation = dot(axis, d)
        if !enableLimit { lowerImpulse = 0; upperImpulse = 0 }
        let axial = lowerImpulse - upperImpulse
        let P = impulse.x * perp + axial * axis
        let LA = impulse.x * s1 + impulse.y + axial * a1
        let LB = impulse.x * s2 + impulse.y + axial * a2
        v.vA -= mA * P; v.wA -= iA * LA; v.vB += mB * P; v.wB += iB * LB
    }

    mutating func solveVelocity(_ b: JointBodies, _ v: inout JointVelocities, _ h: Double) {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB
        var vA = v.vA, wA = v.wA, vB = v.vB, wB = v.wB
        let invH = 1 / h
        if enableLimit {
            var c = translation - lowerLimit
            var cd = dot(axis, vB - vA) + a2 * wB - a1 * wA
            var i = -axialMass * (cd + max(c, 0) * invH)
            var old = lowerImpulse; lowerImpulse = max(old + i, 0); i = lowerImpulse - old
            vA -= mA * i * axis; wA -= iA * i * a1; vB += mB * i * axis; wB += iB * i * a2
            c = upperLimit - translation
            cd = dot(axis, vA - vB) + a1 * wA - a2 * wB
            i = -axialMass * (cd + max(c, 0) * invH)
            old = upperImpulse; upperImpulse = max(old + i, 0); i = upperImpulse - old
            vA += mA * i * axis; wA += iA * i * a1; vB -= mB * i * axis; wB -= iB * i * a2
        }
        let cd = PhysicsVector(dot(perp, vB - vA) + s2 * wB - s1 * wA, wB - wA)
        let df = k.solve22(-cd)
        impulse += df
        let P = df.x * perp
        vA -= mA * P; wA -= iA * (df.x * s1 + df.y); vB += mB * P; wB += iB * (df.x * s2 + df.y)
        v = JointVelocities(vA: vA, wA: wA, vB: vB, wB: wB)
    }

    /// Corrects the perpendicular offset and the angle, and the translation into its limits when
    /// one is active (a 3×3 solve then, else 2×2).
    func solvePosition(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, slop: Double, maxCorrection: Double) -> Bool {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB
        var cA = pos[b.a].c, aA = pos[b.a].a, cB = pos[b.b].c, aB = pos[b.b].a
        let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
        let ra = qA.apply(b.anchorA), rb = qB.apply(b.anchorB)
        let d = cB + rb - cA - ra
        let ax = qA.apply(localAxisA.normalized)
        let pa1 = cross(d + ra, ax), pa2 = cross(rb, ax)
        let pp = cross(1.0, ax)
        let ps1 = cross(d + ra, pp), ps2 = cross(rb, pp)
        let error1 = PhysicsVector(dot(pp, d), aB - aA - referenceAngle)
        var linearError = abs(error1.x)
        let angularError = abs(error1.y)
        // Each pass corrects at most maxCorrection and maxAngularCorrection of the error.
        let C1 = PhysicsVector(min(max(error1.x, -maxCorrection), maxCorrection), clampAngle(error1.y))
        var active = false, C2 = 0.0
        if enableLimit {
            let tr = dot(ax, d)
            if abs(upperLimit - lowerLimit) < 2 * slop { C2 = tr - lowerLimit; linearError = max(linearError, abs(C2)); active = true }
            else if tr <= lowerLimit { C2 = min(tr - lowerLimit, 0); linearError = max(linearError, lowerLimit - tr); active = true }
            else if tr >= upperLimit { C2 = max(tr - upperLimit, 0); linearError = max(linearError, tr - upperLimit); active = true }
        }
        var K = Mat33()
        K.ex.0 = mA + mB + iA * ps1 * ps1 + iB * ps2 * ps2
        K.ey.0 = iA * ps1 + iB * ps2
        K.ex.1 = K.ey.0
        K.ey.1 = iA + iB == 0 ? 1 : iA + iB
        var imp: (Double, Double, Double)
        if active {
            K.ez.0 = iA * ps1 * pa1 + iB * ps2 * pa2
            K.ez.1 = iA * pa1 + iB * pa2
            K.ex.2 = K.ez.0; K.ey.2 = K.ez.1
            K.ez.2 = mA + mB + iA * pa1 * pa1 + iB * pa2 * pa2
            C2 = min(max(C2, -maxCorrection), maxCorrection)
            let s = K.solve33((C1.x, C1.y, C2)); imp = (-s.0, -s.1, -s.2)
        } else { let s = K.solve22(C1); imp = (-s.x, -s.y, 0) }
        let P = imp.0 * pp + imp.2 * ax
        let LA = imp.0 * ps1 + imp.1 + imp.2 * pa1, LB = imp.0 * ps2 + imp.1 + imp.2 * pa2
        cA -= mA * P; aA -= iA * LA; cB += mB * P; aB += iB * LB
        pos[b.a] = SolverPosition(c: cA, a: aA); pos[b.b] = SolverPosition(c: cB, a: aB)
        return linearError <= slop && angularError <= angularSlop
    }
}
