// Distance joints: rigid rods (min = max = length), springs (frequency > 0) and ropes (min 0),
// keeping the anchors between minLength and maxLength.
import Foundation

struct DistanceJoint {
    // Parameters.
    var length = 0.0, minLength = 0.0, maxLength = 0.0
    /// Spring frequency (Hz); 0 = rigid.
    var frequency = 0.0, dampingRatio = 0.0
    // Solver state: the unit direction and length between the anchors at the start of the step,
    // effective masses, the spring's softness, and the accumulated impulses.
    var u = PhysicsVector.zero, currentLength = 0.0
    var mass = 0.0, softMass = 0.0, gamma = 0.0, bias = 0.0
    var impulse = 0.0, lowerImpulse = 0.0, upperImpulse = 0.0

    init(_ d: PhysicsJointDefinition) { setParameters(d) }

    mutating func setParameters(_ d: PhysicsJointDefinition) {
        length = d.length; minLength = d.minLength; maxLength = d.maxLength
        frequency = d.frequency; dampingRatio = d.dampingRatio
    }

    func write(into d: inout PhysicsJointDefinition) {
        d.length = length; d.minLength = minLength; d.maxLength = maxLength
        d.frequency = frequency; d.dampingRatio = dampingRatio
    }

    /// Stiffness and damping of the spring from its frequency and the bodies' reduced mass.
    func springCoefficients(_ b: JointBodies) -> (Double, Double) {
        let massA = b.mA > 0 ? 1 / b.mA : 0, massB = b.mB > 0 ? 1 / b.mB : 0
        let m = massA > 0 && massB > 0 ? massA * massB / (massA + massB) : (massA > 0 ? massA : massB)
        let omega = 2 * Double.pi * frequency
        return (m * omega * omega, 2 * m * dampingRatio * omega)
    }

    /// Scales the rod's or the limits' accumulated impulses (a spring's is left whole).
    mutating func scaleRigidImpulses(_ f: Double) {
        lowerImpulse *= f; upperImpulse *= f
        if !(frequency > 0 && minLength < maxLength) { impulse *= f }
    }

    mutating func prepare(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, _ v: inout JointVelocities,
                          _ h: Double, warmStarting: Bool) {
        if !warmStarting { impulse = 0; lowerImpulse = 0; upperImpulse = 0 }
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        let cA = pos[b.a].c, cB = pos[b.b].c
        u = cB + rB - cA - rA
        currentLength = u.length
        u = currentLength > 1e-9 ? (1 / currentLength) * u : .zero
        let crA = cross(rA, u), crB = cross(rB, u)
        var invMass = mA + iA * crA * crA + mB + iB * crB * crB
        mass = invMass != 0 ? 1 / invMass : 0
        if frequency > 0 && minLength < maxLength {
            let (stiff, damp) = springCoefficients(b)
            let C = currentLength - length
            gamma = h * (damp + h * stiff)
            gamma = gamma != 0 ? 1 / gamma : 0
            bias = C * h * stiff * gamma
            invMass += gamma
            softMass = invMass != 0 ? 1 / invMass : 0
        } else { gamma = 0; bias = 0; softMass = mass; if minLength < maxLength { impulse = 0 } }
        let P = (impulse + lowerImpulse - upperImpulse) * u
        v.vA -= mA * P; v.wA -= iA * cross(rA, P); v.vB += mB * P; v.wB += iB * cross(rB, P)
    }

    mutating func solveVelocity(_ b: JointBodies, _ v: inout JointVelocities, _ h: Double) {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB, rA = b.rA, rB = b.rB
        var vA = v.vA, wA = v.wA, vB = v.vB, wB = v.wB
        let invH = 1 / h
        let u = u
        func apply(_ i: Double) { let P = i * u; vA -= mA * P; wA -= iA * cross(rA, P); vB += mB * P; wB += iB * cross(rB, P) }
        func cdot() -> Double { dot(u, vB + cross(wB, rB) - vA - cross(wA, rA)) }
        if minLength < maxLength {
            if frequency > 0 {
                let i = -softMass * (cdot() + bias + gamma * impulse)
                impulse += i; apply(i)
            }
            let cLow = currentLength - minLength
            var i = -mass * (cdot() + max(0, cLow) * invH)
            var n = max(0, lowerImpulse + i); i = n - lowerImpulse; lowerImpulse = n; apply(i)
            let cUp = maxLength - currentLength
            i = -mass * (-cdot() + max(0, cUp) * invH)
            n = max(0, upperImpulse + i); i = n - upperImpulse; upperImpulse = n; apply(-i)
        } else {
            let i = -mass * cdot()
            impulse += i; apply(i)
        }
        v = JointVelocities(vA: vA, wA: wA, vB: vB, wB: wB)
    }

    /// Pushes the anchors back within [minLength, maxLength], at most `maxCorrection` per pass.
    func solvePosition(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, slop: Double, maxCorrection: Double) -> Bool {
        let mA = b.mA, mB = b.mB, iA = b.iA, iB = b.iB
        var cA = pos[b.a].c, aA = pos[b.a].a, cB = pos[b.b].c, aB = pos[b.b].a
        let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
        let ra = qA.apply(b.anchorA), rb = qB.apply(b.anchorB)
        var d = cB + rb - cA - ra
        let len = d.length
        d = len > 1e-9 ? (1 / len) * d : .zero
        var C: Double
        if minLength == maxLength { C = len - minLength }
        else if len < minLength { C = len - minLength }
        else if maxLength < len { C = len - maxLength }
        else { return true }
        C = min(max(C, -maxCorrection), maxCorrection)
        let crA = cross(ra, d), crB = cross(rb, d)
        let invMass = mA + iA * crA * crA + mB + iB * crB * crB
        let P = (invMass > 0 ? -C / invMass : 0) * d
        cA -= mA * P; aA -= iA * cross(ra, P); cB += mB * P; aB += iB * cross(rb, P)
        pos[b.a] = SolverPosition(c: cA, a: aA); pos[b.b] = SolverPosition(c: cB, a: aB)
        return abs(C) < slop
    }
}
