// Sequential impulses for contacts (Box2D 2.4's scheme): warm starting, a 2×2 block solver for
import Foundation
// two-point manifolds, restitution with a threshold, Coulomb friction, then positional correction.

/// A body's centre of mass and angle during a solve, with the angle's rotation kept alongside.
struct SolverPosition {
    var c: PhysicsVector
    var a: Double
    var q: PhysicsRotation
    @inline(__always) init(c: PhysicsVector, a: Double) { self.c = c; self.a = a; q = PhysicsRotation(angle: a) }
    @inline(__always) init(c: PhysicsVector, a: Double, q: PhysicsRotation) { self.c = c; self.a = a; self.q = q }
}

/// `q` turned further by the small angle `da` (Taylor series for tiny angles: the position
/// solver's corrections), without calling sin and cos.
@inline(__always) func rotated(_ q: PhysicsRotation, by da: Double) -> PhysicsRotation {
    let sd: Double, cd: Double
    if abs(da) < 1e-2 {
        let d2 = da * da
        sd = da * (1 - d2 / 6 * (1 - d2 / 20))
        cd = 1 - d2 / 2 * (1 - d2 / 12 * (1 - d2 / 30))
    } else { sd = sin(da); cd = cos(da) }
    return PhysicsRotation(s: q.s * cd + q.c * sd, c: q.c * cd - q.s * sd)
}
struct SolverVelocity { var v: PhysicsVector; var w: Double }

struct VelocityConstraintPoint {
    var rA = PhysicsVector.zero, rB = PhysicsVector.zero
    var normalImpulse = 0.0, tangentImpulse = 0.0
    var normalMass = 0.0, tangentMass = 0.0
    var velocityBias = 0.0
}

/// What the velocity iterations read and write for one contact, in the order they read it
/// (264 bytes: the constraints of a pyramid stay in the L2 cache between iterations).
struct ContactVelocityConstraint {
    var indexA: Int32 = 0, indexB: Int32 = 0
    var pointCount: Int32 = 0
    var contactIndex: Int32 = 0
    var invMassA = 0.0, invMassB = 0.0, invIA = 0.0, invIB = 0.0
    var normal = PhysicsVector.zero
    var friction = 0.0
    var p0 = VelocityConstraintPoint(), p1 = VelocityConstraintPoint()
    var k11 = 0.0, k12 = 0.0, k22 = 0.0 // K
    var m11 = 0.0, m12 = 0.0, m22 = 0.0 // K⁻¹ (symmetric: m21 = m12)
}

struct ContactPositionConstraint {
    var localPoint0 = PhysicsVector.zero, localPoint1 = PhysicsVector.zero
    var localNormal = PhysicsVector.zero, localPoint = PhysicsVector.zero
    var indexA: Int32 = 0, indexB: Int32 = 0
    var invMassA = 0.0, invMassB = 0.0, invIA = 0.0, invIB = 0.0
    var localCenterA = PhysicsVector.zero, localCenterB = PhysicsVector.zero
    var radiusA = 0.0, radiusB = 0.0
    var type = ManifoldType.circles
    var pointCount = 0
}

@inline(__always) func transformFor(_ c: PhysicsVector, _ a: Double, _ localCenter: PhysicsVector) -> PhysicsTransform {
    let q = PhysicsRotation(angle: a)
    return PhysicsTransform(p: c - q.apply(localCenter), q: q)
}

enum ContactSolver {
    /// Sets up the velocity constraint `vc` of contact `contact` from its position constraint `pc`
    /// (bodies, inverse masses, manifold in local coordinates) at the solver's current positions:
    /// world points, effective masses, the restitution or speculative bias, the block solver's K
    /// and K⁻¹ for two points (one point when K is ill-conditioned), and the kept impulses when
    /// warm starting.
    /// Returns the world manifold it used.
    @inline(__always) @discardableResult
    static func initialize(_ vc: UnsafeMutablePointer<ContactVelocityConstraint>,
                           _ pc: UnsafePointer<ContactPositionConstraint>,
                           _ contact: UnsafePointer<Contact>, contactIndex: Int,
                           _ pos: UnsafeMutablePointer<SolverPosition>,
                           _ vel: UnsafeMutablePointer<SolverVelocity>,
                           _ vel0: UnsafeMutablePointer<SolverVelocity>,
                           threshold: Double, warmStarting: Bool, h: Double) -> WorldManifold {
        var c = ContactVelocityConstraint()
        c.indexA = pc.pointee.indexA; c.indexB = pc.pointee.indexB
        c.invMassA = pc.pointee.invMassA; c.invMassB = pc.pointee.invMassB; c.invIA = pc.pointee.invIA; c.invIB = pc.pointee.invIB
        c.friction = contact.pointee.friction
        let restitution = contact.pointee.restitution
        c.pointCount = Int32(pc.pointee.pointCount)
        c.contactIndex = Int32(contactIndex)
        let iA = Int(c.indexA), iB = Int(c.indexB)
        let cA = pos[iA].c, cB = pos[iB].c
        let vA = vel[iA].v, wA = vel[iA].w, vB = vel[iB].v, wB = vel[iB].w
        let qA = pos[iA].q, qB = pos[iB].q
        let xfA = PhysicsTransform(p: cA - qA.apply(pc.pointee.localCenterA), q: qA)
        let xfB = PhysicsTransform(p: cB - qB.apply(pc.pointee.localCenterB), q: qB)
        let wm = WorldManifold(contact.pointee.manifold, xfA, pc.pointee.radiusA, xfB, pc.pointee.radiusB)
        c.normal = wm.normal
        let normal = wm.normal, tangent = cross(normal, 1.0)
        let mA = c.invMassA, mB = c.invMassB, IA = c.invIA, IB = c.invIB
        for j in 0..<Int(c.pointCount) {
            var p = VelocityConstraintPoint()
            let wp = j == 0 ? wm.point0 : wm.point1
            let mp = j == 0 ? contact.pointee.manifold.p0 : contact.pointee.manifold.p1
            if warmStarting { p.normalImpulse = mp.normalImpulse; p.tangentImpulse = mp.tangentImpulse }
            p.rA = wp - cA; p.rB = wp - cB
            let rnA = cross(p.rA, normal), rnB = cross(p.rB, normal)
            let kn = mA + mB + IA * rnA * rnA + IB * rnB * rnB
            p.normalMass = kn > 0 ? 1 / kn : 0
            let rtA = cross(p.rA, tangent), rtB = cross(p.rB, tangent)
            let kt = mA + mB + IA * rtA * rtA + IB * rtB * rtB
            p.tangentMass = kt > 0 ? 1 / kt : 0
            let vRel = dot(normal, vB + cross(wB, p.rB) - vA - cross(wA, p.rA))
            // Bounce on the approach speed from before this step's forces: using the speed after
            // gravity would add g·h at every bounce and keep a resting body hopping.
            let vRel0 = dot(normal, vel0[iB].v + cross(vel0[iB].w, p.rB) - vel0[iA].v - cross(vel0[iA].w, p.rA))
            let separation = j == 0 ? wm.separation0 : wm.separation1
            if separation > 0 && vRel * h + separation > 0 {
                // Speculative point the bodies will not reach this step: let them close the gap only.
                p.velocityBias = -separation / h
            } else if vRel0 < -threshold {
                p.velocityBias = -restitution * vRel0
            } else if separation > 0 {
                p.velocityBias = -separation / h
            }
            if j == 0 { c.p0 = p } else { c.p1 = p }
        }
        if c.pointCount == 2 {
            let rn1A = cross(c.p0.rA, normal), rn1B = cross(c.p0.rB, normal)
            let rn2A = cross(c.p1.rA, normal), rn2B = cross(c.p1.rB, normal)
            let k11 = mA + mB + IA * rn1A * rn1A + IB * rn1B * rn1B
            let k22 = mA + mB + IA * rn2A * rn2A + IB * rn2B * rn2B
            let k12 = mA + mB + IA * rn1A * rn2A + IB * rn1B * rn2B
            let det = k11 * k22 - k12 * k12
            if k11 * k11 < 1000 * det {
                c.k11 = k11; c.k12 = k12; c.k22 = k22
                let id = det != 0 ? 1 / det : 0
                c.m11 = id * k22; c.m12 = -id * k12; c.m22 = id * k11
            } else {
                c.pointCount = 1
            }
        }
        vc.pointee = c
        return wm
    }

    static func warmStart(_ vcs: UnsafeMutableBufferPointer<ContactVelocityConstraint>, _ vel: UnsafeMutableBufferPointer<SolverVelocity>) {
        for i in 0..<vcs.count {
            let vc = vcs[i]
            let iA = Int(vc.indexA), iB = Int(vc.indexB)
            var vA = vel[iA].v, wA = vel[iA].w, vB = vel[iB].v, wB = vel[iB].w
            let tangent = cross(vc.normal, 1.0)
            for j in 0..<Int(vc.pointCount) {
                let p = j == 0 ? vc.p0 : vc.p1
                let P = p.normalImpulse * vc.normal + p.tangentImpulse * tangent
                wA -= vc.invIA * cross(p.rA, P); vA -= vc.invMassA * P
                wB += vc.invIB * cross(p.rB, P); vB += vc.invMassB * P
            }
            vel[iA] = SolverVelocity(v: vA, w: wA); vel[iB] = SolverVelocity(v: vB, w: wB)
        }
    }

    static func solveVelocity(_ vcs: UnsafeMutableBufferPointer<ContactVelocityConstraint>, _ vel: UnsafeMutableBufferPointer<SolverVelocity>) {
        guard let base = vcs.baseAddress, let vbase = vel.baseAddress else { return }
        for i in 0..<vcs.count {
            let vc = base + i
            let iA = Int(vc.pointee.indexA), iB = Int(vc.pointee.indexB)
            let mA = vc.pointee.invMassA, mB = vc.pointee.invMassB, IA = vc.pointee.invIA, IB = vc.pointee.invIB
            var vA = vbase[iA].v, wA = vbase[iA].w, vB = vbase[iB].v, wB = vbase[iB].w
            let normal = vc.pointee.normal, tangent = cross(normal, 1.0), mu = vc.pointee.friction
            let twoPoints = vc.pointee.pointCount == 2
            let rA1 = vc.pointee.p0.rA, rB1 = vc.pointee.p0.rB
            let rA2 = vc.pointee.p1.rA, rB2 = vc.pointee.p1.rB
            var n1 = vc.pointee.p0.normalImpulse, n2 = vc.pointee.p1.normalImpulse

            // Friction first: it is bounded by the normal impulse of the previous iteration.
            do {
                let dv = vB + cross(wB, rB1) - vA - cross(wA, rA1)
                let old = vc.pointee.p0.tangentImpulse
                let maxF = mu * n1
                let newImpulse = min(max(old - vc.pointee.p0.tangentMass * dot(dv, tangent), -maxF), maxF)
                vc.pointee.p0.tangentImpulse = newImpulse
                let P = (newImpulse - old) * tangent
                vA -= mA * P; wA -= IA * cross(rA1, P)
                vB += mB * P; wB += IB * cross(rB1, P)
            }
            if twoPoints {
                let dv = vB + cross(wB, rB2) - vA - cross(wA, rA2)
                let old = vc.pointee.p1.tangentImpulse
                let maxF = mu * n2
                let newImpulse = min(max(old - vc.pointee.p1.tangentMass * dot(dv, tangent), -maxF), maxF)
                vc.pointee.p1.tangentImpulse = newImpulse
                let P = (newImpulse - old) * tangent
                vA -= mA * P; wA -= IA * cross(rA2, P)
                vB += mB * P; wB += IB * cross(rB2, P)
            }

            if !twoPoints {
                let dv = vB + cross(wB, rB1) - vA - cross(wA, rA1)
                let vn = dot(dv, normal)
                let newImpulse = max(n1 - vc.pointee.p0.normalMass * (vn - vc.pointee.p0.velocityBias), 0)
                let P = (newImpulse - n1) * normal
                n1 = newImpulse
                vA -= mA * P; wA -= IA * cross(rA1, P)
                vB += mB * P; wB += IB * cross(rB1, P)
                vc.pointee.p0.normalImpulse = n1
            } else {
                // Block solver: find the impulse pair satisfying the complementarity conditions.
                let k11 = vc.pointee.k11, k12 = vc.pointee.k12, k22 = vc.pointee.k22
                let dv1 = vB + cross(wB, rB1) - vA - cross(wA, rA1)
                let dv2 = vB + cross(wB, rB2) - vA - cross(wA, rA2)
                let bx = dot(dv1, normal) - vc.pointee.p0.velocityBias - (k11 * n1 + k12 * n2)
                let by = dot(dv2, normal) - vc.pointee.p1.velocityBias - (k12 * n1 + k22 * n2)
                var xx = -(vc.pointee.m11 * bx + vc.pointee.m12 * by)
                var xy = -(vc.pointee.m12 * bx + vc.pointee.m22 * by)
                var solved = xx >= 0 && xy >= 0                    // both points active
                if !solved {                                        // only point 1 active
                    xx = -vc.pointee.p0.normalMass * bx; xy = 0
                    solved = xx >= 0 && k12 * xx + by >= 0
                }
                if !solved {                                        // only point 2 active
                    xx = 0; xy = -vc.pointee.p1.normalMass * by
                    solved = xy >= 0 && k12 * xy + bx >= 0
                }
                if !solved {                                        // neither
                    xx = 0; xy = 0
                    solved = bx >= 0 && by >= 0
                }
                if solved {
                    let P1 = (xx - n1) * normal, P2 = (xy - n2) * normal
                    vA -= mA * (P1 + P2); wA -= IA * (cross(rA1, P1) + cross(rA2, P2))
                    vB += mB * (P1 + P2); wB += IB * (cross(rB1, P1) + cross(rB2, P2))
                    vc.pointee.p0.normalImpulse = xx; vc.pointee.p1.normalImpulse = xy
                }
            }
            vbase[iA] = SolverVelocity(v: vA, w: wA); vbase[iB] = SolverVelocity(v: vB, w: wB)
        }
    }

    /// One pass of positional correction; true when the worst penetration is within 3·slop.
    /// Constraints are read in place; each body's position is loaded once per constraint.
    static func solvePosition(_ pcs: UnsafeMutableBufferPointer<ContactPositionConstraint>, _ pos: UnsafeMutableBufferPointer<SolverPosition>,
                              slop: Double, baumgarte: Double, maxCorrection: Double) -> Bool {
        var minSeparation = 0.0
        guard let base = pcs.baseAddress, let pbase = pos.baseAddress else { return minSeparation >= -3 * slop }
        for i in 0..<pcs.count {
            let pc = UnsafePointer(base + i)
            let iA = Int(pc.pointee.indexA), iB = Int(pc.pointee.indexB)
            let mA = pc.pointee.invMassA, mB = pc.pointee.invMassB, IA = pc.pointee.invIA, IB = pc.pointee.invIB
            let localCenterA = pc.pointee.localCenterA, localCenterB = pc.pointee.localCenterB
            let radiusA = pc.pointee.radiusA, radiusB = pc.pointee.radiusB
            var cA = pbase[iA].c, aA = pbase[iA].a, cB = pbase[iB].c, aB = pbase[iB].a
            var qA = pbase[iA].q, qB = pbase[iB].q
            for j in 0..<pc.pointee.pointCount {
                let xfA = PhysicsTransform(p: cA - qA.apply(localCenterA), q: qA)
                let xfB = PhysicsTransform(p: cB - qB.apply(localCenterB), q: qB)
                let (normal, point, separation) = positionPoint(pc, j, xfA, xfB, radiusA, radiusB)
                let rA = point - cA, rB = point - cB
                minSeparation = min(minSeparation, separation)
                let C = min(max(baumgarte * (separation + slop), -maxCorrection), 0)
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let K = mA + mB + IA * rnA * rnA + IB * rnB * rnB
                let impulse = K > 0 ? -C / K : 0
                let P = impulse * normal
                let dA = -IA * cross(rA, P), dB = IB * cross(rB, P)
                cA -= mA * P; aA += dA; qA = rotated(qA, by: dA)
                cB += mB * P; aB += dB; qB = rotated(qB, by: dB)
            }
            pbase[iA] = SolverPosition(c: cA, a: aA, q: qA); pbase[iB] = SolverPosition(c: cB, a: aB, q: qB)
        }
        return minSeparation >= -3 * slop
    }

    /// Point `j` of a position constraint at the current transforms: the normal from A to B, the
    /// world point and the separation (negative when penetrating), less both radii.
    @inline(__always) static func positionPoint(_ pc: UnsafePointer<ContactPositionConstraint>, _ j: Int,
                                                _ xfA: PhysicsTransform, _ xfB: PhysicsTransform,
                                                _ radiusA: Double, _ radiusB: Double) -> (PhysicsVector, PhysicsVector, Double) {
        let lp = j == 0 ? pc.pointee.localPoint0 : pc.pointee.localPoint1
        switch pc.pointee.type {
        case .circles:
            let pA = xfA.apply(pc.pointee.localPoint), pB = xfB.apply(lp)
            var normal = (pB - pA).normalized
            if normal == .zero { normal = PhysicsVector(1, 0) }
            return (normal, 0.5 * (pA + pB), dot(pB - pA, normal) - radiusA - radiusB)
        case .faceA:
            let normal = xfA.q.apply(pc.pointee.localNormal)
            let plane = xfA.apply(pc.pointee.localPoint)
            let point = xfB.apply(lp)
            return (normal, point, dot(point - plane, normal) - radiusA - radiusB)
        case .faceB:
            let normal = xfB.q.apply(pc.pointee.localNormal)
            let plane = xfB.apply(pc.pointee.localPoint)
            let point = xfA.apply(lp)
            return (-normal, point, dot(point - plane, normal) - radiusA - radiusB)
        }
    }
}
