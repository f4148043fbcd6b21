// Mouse joints: a soft spring pulling body B's anchor towards a world point, limited by a force.
import Foundation

struct MouseJoint {
    // Parameters.
    /// The world point the anchor is pulled towards.
    var target = PhysicsVector.zero
    /// Spring frequency (Hz) and damping ratio (1 = critical).
    var frequency = 0.0, dampingRatio = 0.0
    /// Largest force (mass·pt/s²) the joint applies.
    var maxForce = Double.greatestFiniteMagnitude
    // Solver state: the softness, the 2×2 mass matrix, the position error term and the accumulated impulse.
    var gamma = 0.0
    var k = Mat33()
    var c = PhysicsVector.zero
    var impulse = PhysicsVector.zero

    init(_ d: PhysicsJointDefinition) { setParameters(d) }

    mutating func setParameters(_ d: PhysicsJointDefinition) {
        target = d.target; frequency = d.frequency; dampingRatio = d.dampingRatio; maxForce = d.maxForce
    }

    func write(into d: inout PhysicsJointDefinition) {
        d.target = target; d.frequency = frequency; d.dampingRatio = dampingRatio; d.maxForce = maxForce
    }

    mutating func prepare(_ b: JointBodies, _ pos: UnsafeMutableBufferPointer<SolverPosition>, _ v: inout JointVelocities,
                          _ h: Double, warmStarting: Bool) {
        if !warmStarting { impulse = .zero }
        let mB = b.mB, iB = b.iB, rB = b.rB
        let cB = pos[b.b].c
        let massB = mB > 0 ? 1 / mB : 0
        let omega = 2 * Double.pi * max(frequency, 0)
        let dd = 2 * massB * dampingRatio * omega, kk = massB * omega * omega
        gamma = h * (dd + h * kk)
        gamma = gamma != 0 ? 1 / gamma : 0
        let beta = h * kk * gamma
        k.ex.0 = mB + iB * rB.y * rB.y + gamma
        k.ey.0 = -iB * rB.x * rB.y
        k.ex.1 = k.ey.0
        k.ey.1 = mB + iB * rB.x * rB.x + gamma
        c = beta * (cB + rB - target)
        v.vB += mB * impulse; v.wB += iB * cross(rB, impulse)
    }

    mutating func solveVelocity(_ b: JointBodies, _ v: inout JointVelocities, _ h: Double) {
        let mB = b.mB, iB = b.iB, rB = b.rB
        var vB = v.vB, wB = v.wB
        let Cdot = vB + cross(wB, rB)
        var i = k.solve22(-(Cdot + c + gamma * impulse))
        let old = impulse
        impulse += i
        let maxI = h * maxForce
        if impulse.lengthSquared > maxI * maxI { impulse = (maxI / impulse.length) * impulse }
        i = impulse - old
        vB += mB * i; wB += iB * cross(rB, i)
        v.vB = vB; v.wB = wB
    }

    /// A soft constraint: no positional correction; always within tolerance.
    func solvePosition() -> Bool { true }
}
