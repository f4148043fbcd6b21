// Sequential impulses for contacts (Box2D 2.4's scheme): warm starting, a 2×2 block solver for
// two-point manifolds, restitution with a threshold, Coulomb friction, then positional correction.

struct SolverPosition { var c: PhysicsVector; var a: Double }
struct SolverVelocity { var v: PhysicsVector; var w: Double }

struct VelocityConstraintPoint {
    var rA = PhysicsVector.zero, rB = PhysicsVector.zero
    var normalImpulse = 0.0, tangentImpulse = 0.0
    var normalMass = 0.0, tangentMass = 0.0
    var velocityBias = 0.0
}

struct ContactVelocityConstraint {
    var p0 = VelocityConstraintPoint(), p1 = VelocityConstraintPoint()
    var normal = PhysicsVector.zero
    var k11 = 0.0, k12 = 0.0, k22 = 0.0          // K
    var m11 = 0.0, m12 = 0.0, m21 = 0.0, m22 = 0.0 // K⁻¹
    var indexA: Int32 = 0, indexB: Int32 = 0
    var invMassA = 0.0, invMassB = 0.0, invIA = 0.0, invIB = 0.0
    var friction = 0.0, restitution = 0.0
    var pointCount = 0
    var contactIndex: Int32 = 0
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
    static func initialize(_ vcs: UnsafeMutableBufferPointer<ContactVelocityConstraint>,
                           _ pcs: UnsafeMutableBufferPointer<ContactPositionConstraint>,
                           _ contacts: UnsafeBufferPointer<Contact>,
                           _ pos: UnsafeMutableBufferPointer<SolverPosition>,
                           _ vel: UnsafeMutableBufferPointer<SolverVelocity>,
                           threshold: Double, warmStarting: Bool) {
        for i in 0..<vcs.count {
            let pc = pcs[i]
            var vc = vcs[i]
            let m = contacts[Int(vc.contactIndex)].manifold
            let iA = Int(vc.indexA), iB = Int(vc.indexB)
            let cA = pos[iA].c, cB = pos[iB].c
            let vA = vel[iA].v, wA = vel[iA].w, vB = vel[iB].v, wB = vel[iB].w
            let xfA = transformFor(cA, pos[iA].a, pc.localCenterA)
            let xfB = transformFor(cB, pos[iB].a, pc.localCenterB)
            let wm = WorldManifold(m, xfA, pc.radiusA, xfB, pc.radiusB)
            vc.normal = wm.normal
            let normal = wm.normal, tangent = cross(normal, 1.0)
            let mA = vc.invMassA, mB = vc.invMassB, IA = vc.invIA, IB = vc.invIB
            for j in 0..<vc.pointCount {
                var p = VelocityConstraintPoint()
                let wp = j == 0 ? wm.point0 : wm.point1
                let mp = j == 0 ? m.p0 : m.p1
                if warmStarting { p.normalImpulse = mp.normalImpulse; p.tangentImpulse = mp.tangentImpulse }
                p.rA = wp - cA; p.rB = wp - cB
                let rnA = cross(p.rA, normal), rnB = cross(p.rB, normal)
                let kn = mA + mB + IA * rnA * rnA + IB * rnB * rnB
                p.normalMass = kn > 0 ? 1 / kn : 0
                let rtA = cross(p.rA, tangent), rtB = cross(p.rB, tangent)
                let kt = mA + mB + IA * rtA * rtA + IB * rtB * rtB
                p.tangentMass = kt > 0 ? 1 / kt : 0
                let vRel = dot(normal, vB + cross(wB, p.rB) - vA - cross(wA, p.rA))
                if vRel < -threshold { p.velocityBias = -vc.restitution * vRel }
                if j == 0 { vc.p0 = p } else { vc.p1 = p }
            }
            if vc.pointCount == 2 {
                let rn1A = cross(vc.p0.rA, normal), rn1B = cross(vc.p0.rB, normal)
                let rn2A = cross(vc.p1.rA, normal), rn2B = cross(vc.p1.rB, normal)
                let k11 = mA + mB + IA * rn1A * rn1A + IB * rn1B * rn1B
                let k22 = mA + mB + IA * rn2A * rn2A + IB * rn2B * rn2B
                let k12 = mA + mB + IA * rn1A * rn2A + IB * rn1B * rn2B
                let det = k11 * k22 - k12 * k12
                if k11 * k11 < 1000 * det {
                    vc.k11 = k11; vc.k12 = k12; vc.k22 = k22
                    let id = det != 0 ? 1 / det : 0
                    vc.m11 = id * k22; vc.m12 = -id * k12; vc.m21 = -id * k12; vc.m22 = id * k11
                } else {
                    vc.pointCount = 1
                }
            }
            vcs[i] = vc
        }
    }

    static func warmStart(_ vcs: UnsafeMutableBufferPointer<ContactVelocityConstraint>, _ vel: UnsafeMutableBufferPointer<SolverVelocity>) {
        for i in 0..<vcs.count {
            let vc = vcs[i]
            let iA = Int(vc.indexA), iB = Int(vc.indexB)
            var vA = vel[iA].v, wA = vel[iA].w, vB = vel[iB].v, wB = vel[iB].w
            let tangent = cross(vc.normal, 1.0)
            for j in 0..<vc.pointCount {
                let p = j == 0 ? vc.p0 : vc.p1
                let P = p.normalImpulse * vc.normal + p.tangentImpulse * tangent
                wA -= vc.invIA * cross(p.rA, P); vA -= vc.invMassA * P
                wB += vc.invIB * cross(p.rB, P); vB += vc.invMassB * P
            }
            vel[iA] = SolverVelocity(v: vA, w: wA); vel[iB] = SolverVelocity(v: vB, w: wB)
        }
    }

    static func solveVelocity(_ vcs: UnsafeMutableBufferPointer<ContactVelocityConstraint>, _ vel: UnsafeMutableBufferPointer<SolverVelocity>) {
        for i in 0..<vcs.count {
            var vc = vcs[i]
            let iA = Int(vc.indexA), iB = Int(vc.indexB)
            let mA = vc.invMassA, mB = vc.invMassB, IA = vc.invIA, IB = vc.invIB
            var vA = vel[iA].v, wA = vel[iA].w, vB = vel[iB].v, wB = vel[iB].w
            let normal = vc.normal, tangent = cross(normal, 1.0), mu = vc.friction
            // Friction first: it is bounded by the normal impulse of the previous iteration.
            @inline(__always) func friction(_ p: inout VelocityConstraintPoint) {
                let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
                let vt = dot(dv, tangent)
                var lambda = p.tangentMass * -vt
                let maxF = mu * p.normalImpulse
                let newImpulse = min(max(p.tangentImpulse + lambda, -maxF), maxF)
                lambda = newImpulse - p.tangentImpulse
                p.tangentImpulse = newImpulse
                let P = lambda * tangent
                vA -= mA * P; wA -= IA * cross(p.rA, P)
                vB += mB * P; wB += IB * cross(p.rB, P)
            }
            friction(&vc.p0)
            if vc.pointCount == 2 { friction(&vc.p1) }

            if vc.pointCount == 1 {
                let p = vc.p0
                let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
                let vn = dot(dv, normal)
                var lambda = -p.normalMass * (vn - p.velocityBias)
                let newImpulse = max(p.normalImpulse + lambda, 0)
                lambda = newImpulse - p.normalImpulse
                vc.p0.normalImpulse = newImpulse
                let P = lambda * normal
                vA -= mA * P; wA -= IA * cross(p.rA, P)
                vB += mB * P; wB += IB * cross(p.rB, P)
            } else {
                // Block solver: find the impulse pair satisfying the complementarity conditions.
                let cp1 = vc.p0, cp2 = vc.p1
                let ax = cp1.normalImpulse, ay = cp2.normalImpulse
                let dv1 = vB + cross(wB, cp1.rB) - vA - cross(wA, cp1.rA)
                let dv2 = vB + cross(wB, cp2.rB) - vA - cross(wA, cp2.rA)
                var bx = dot(dv1, normal) - cp1.velocityBias
                var by = dot(dv2, normal) - cp2.velocityBias
                bx -= vc.k11 * ax + vc.k12 * ay
                by -= vc.k12 * ax + vc.k22 * ay
                var xx = 0.0, xy = 0.0
                var solved = false
                // Case 1: both points active.
                xx = -(vc.m11 * bx + vc.m12 * by); xy = -(vc.m21 * bx + vc.m22 * by)
                if xx >= 0 && xy >= 0 { solved = true }
                if !solved {
                    // Case 2: only point 1 active.
                    xx = -cp1.normalMass * bx; xy = 0
                    let vn2 = vc.k12 * xx + by
                    if xx >= 0 && vn2 >= 0 { solved = true }
                }
                if !solved {
                    // Case 3: only point 2 active.
                    xx = 0; xy = -cp2.normalMass * by
                    let vn1 = vc.k12 * xy + bx
                    if xy >= 0 && vn1 >= 0 { solved = true }
                }
                if !solved {
                    xx = 0; xy = 0
                    if bx >= 0 && by >= 0 { solved = true }
                }
                if solved {
                    let dx = xx - ax, dy = xy - ay
                    let P1 = dx * normal, P2 = dy * normal
                    vA -= mA * (P1 + P2); wA -= IA * (cross(cp1.rA, P1) + cross(cp2.rA, P2))
                    vB += mB * (P1 + P2); wB += IB * (cross(cp1.rB, P1) + cross(cp2.rB, P2))
                    vc.p0.normalImpulse = xx; vc.p1.normalImpulse = xy
                }
            }
            vel[iA] = SolverVelocity(v: vA, w: wA); vel[iB] = SolverVelocity(v: vB, w: wB)
            vcs[i] = vc
        }
    }

    /// One pass of positional correction; true when the worst penetration is within 3·slop.
    static func solvePosition(_ pcs: UnsafeMutableBufferPointer<ContactPositionConstraint>, _ pos: UnsafeMutableBufferPointer<SolverPosition>,
                              slop: Double, baumgarte: Double, maxCorrection: Double) -> Bool {
        var minSeparation = 0.0
        for i in 0..<pcs.count {
            let pc = pcs[i]
            let iA = Int(pc.indexA), iB = Int(pc.indexB)
            let mA = pc.invMassA, mB = pc.invMassB, IA = pc.invIA, IB = pc.invIB
            var cA = pos[iA].c, aA = pos[iA].a, cB = pos[iB].c, aB = pos[iB].a
            for j in 0..<pc.pointCount {
                let xfA = transformFor(cA, aA, pc.localCenterA)
                let xfB = transformFor(cB, aB, pc.localCenterB)
                let lp = j == 0 ? pc.localPoint0 : pc.localPoint1
                var normal: PhysicsVector, point: PhysicsVector, separation: Double
                switch pc.type {
                case .circles:
                    let pA = xfA.apply(pc.localPoint), pB = xfB.apply(lp)
                    normal = (pB - pA).normalized
                    if normal == .zero { normal = PhysicsVector(1, 0) }
                    point = 0.5 * (pA + pB)
                    separation = dot(pB - pA, normal) - pc.radiusA - pc.radiusB
                case .faceA:
                    normal = xfA.q.apply(pc.localNormal)
                    let plane = xfA.apply(pc.localPoint)
                    point = xfB.apply(lp)
                    separation = dot(point - plane, normal) - pc.radiusA - pc.radiusB
                case .faceB:
                    normal = xfB.q.apply(pc.localNormal)
                    let plane = xfB.apply(pc.localPoint)
                    point = xfA.apply(lp)
                    separation = dot(point - plane, normal) - pc.radiusA - pc.radiusB
                    normal = -normal
                }
                let rA = point - cA, rB = point - cB
                minSeparation = min(minSeparation, separation)
                let C = min(max(baumgarte * (separation + slop), -maxCorrection), 0)
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let K = mA + mB + IA * rnA * rnA + IB * rnB * rnB
                let impulse = K > 0 ? -C / K : 0
                let P = impulse * normal
                cA -= mA * P; aA -= IA * cross(rA, P)
                cB += mB * P; aB += IB * cross(rB, P)
            }
            pos[iA] = SolverPosition(c: cA, a: aA); pos[iB] = SolverPosition(c: cB, a: aB)
        }
        return minSeparation >= -3 * slop
    }
}
