// Joint constraints solved by sequential impulses (formulations after Box2D 2.4).
import Foundation

struct Joint {
    var alive = false
    var generation: UInt32 = 0
    var def: PhysicsJointDefinition
    var bodyA: Int32 = -1, bodyB: Int32 = -1
    // Per-step solver data.
    var rA = PhysicsVector.zero, rB = PhysicsVector.zero
    var localCenterA = PhysicsVector.zero, localCenterB = PhysicsVector.zero
    var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    var u = PhysicsVector.zero, currentLength = 0.0
    var mass = 0.0, softMass = 0.0, gamma = 0.0, bias = 0.0
    var impulse = 0.0, lowerImpulse = 0.0, upperImpulse = 0.0, motorImpulse = 0.0
    var impulse2 = PhysicsVector.zero          // revolute/mouse point impulse, prismatic (perp, angle)
    var impulseZ = 0.0                          // weld angular impulse
    var k = Mat33()
    var axialMass = 0.0, angle = 0.0
    var axis = PhysicsVector.zero, perp = PhysicsVector.zero
    var a1 = 0.0, a2 = 0.0, s1 = 0.0, s2 = 0.0, translation = 0.0
    var mouseC = PhysicsVector.zero
}

struct Mat33 {
    var ex = (0.0, 0.0, 0.0), ey = (0.0, 0.0, 0.0), ez = (0.0, 0.0, 0.0)
    /// Solves the upper 2×2 block K·x = b.
    func solve22(_ b: PhysicsVector) -> PhysicsVector {
        let a11 = ex.0, a12 = ey.0, a21 = ex.1, a22 = ey.1
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return PhysicsVector(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }
    /// Solves K·x = b (Cramer's rule); zero when singular.
    func solve33(_ b: (Double, Double, Double)) -> (Double, Double, Double) {
        func c3(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
            (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        }
        func d3(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        var det = d3(ex, c3(ey, ez))
        if det != 0 { det = 1 / det }
        return (det * d3(b, c3(ey, ez)), det * d3(ex, c3(b, ez)), det * d3(ex, c3(ey, b)))
    }
}

let angularSlop = 2.0 / 180.0 * Double.pi
let maxAngularCorrection = 8.0 / 180.0 * Double.pi

extension Joint {
    mutating func initVelocity(_ pos: UnsafeMutableBufferPointer<SolverPosition>, _ vel: UnsafeMutableBufferPointer<SolverVelocity>,
                               _ h: Double, warmStarting: Bool) {
        let iA_ = Int(bodyA), iB_ = Int(bodyB)
        let cA = pos[iA_].c, cB = pos[iB_].c
        let qA = PhysicsRotation(angle: pos[iA_].a), qB = PhysicsRotation(angle: pos[iB_].a)
        var vA = vel[iA_].v, wA = vel[iA_].w, vB = vel[iB_].v, wB = vel[iB_].w
        rA = qA.apply(def.localAnchorA - localCenterA)
        rB = qB.apply(def.localAnchorB - localCenterB)
        if !warmStarting { impulse = 0; lowerImpulse = 0; upperImpulse = 0; motorImpulse = 0; impulse2 = .zero; impulseZ = 0 }
        switch def.kind {
        case .distance:
            u = cB + rB - cA - rA
            currentLength = u.length
            u = currentLength > 1e-9 ? (1 / currentLength) * u : .zero
            let crA = cross(rA, u), crB = cross(rB, u)
            var invMass = mA + iA * crA * crA + mB + iB * crB * crB
            mass = invMass != 0 ? 1 / invMass : 0
            if def.frequency > 0 && def.minLength < def.maxLength {
                let (stiff, damp) = springCoefficients()
                let C = currentLength - def.length
                gamma = h * (damp + h * stiff)
                gamma = gamma != 0 ? 1 / gamma : 0
                bias = C * h * stiff * gamma
                invMass += gamma
                softMass = invMass != 0 ? 1 / invMass : 0
            } else { gamma = 0; bias = 0; softMass = mass; if def.minLength < def.maxLength { impulse = 0 } }
            let P = (impulse + lowerImpulse - upperImpulse) * u
            vA -= mA * P; wA -= iA * cross(rA, P); vB += mB * P; wB += iB * cross(rB, P)
        case .revolute, .weld:
            k.ex.0 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
            k.ey.0 = -rA.y * rA.x * iA - rB.y * rB.x * iB
            k.ez.0 = -rA.y * iA - rB.y * iB
            k.ex.1 = k.ey.0
            k.ey.1 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
            k.ez.1 = rA.x * iA + rB.x * iB
            k.ex.2 = k.ez.0; k.ey.2 = k.ez.1; k.ez.2 = iA + iB
            axialMass = iA + iB > 0 ? 1 / (iA + iB) : 0
            angle = pos[iB_].a - pos[iA_].a - def.referenceAngle
            if def.kind == .revolute && !def.enableLimit { lowerImpulse = 0; upperImpulse = 0 }
            if def.kind == .revolute && def.maxFrictionTorque <= 0 { motorImpulse = 0 }
            let axial = def.kind == .revolute ? motorImpulse + lowerImpulse - upperImpulse : impulseZ
            let P = impulse2
            vA -= mA * P; wA -= iA * (cross(rA, P) + axial)
            vB += mB * P; wB += iB * (cross(rB, P) + axial)
        case .prismatic:
            let d = cB - cA + rB - rA
            axis = qA.apply(def.localAxisA.normalized)
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
            if !def.enableLimit { lowerImpulse = 0; upperImpulse = 0 }
            let axial = lowerImpulse - upperImpulse
            let P = impulse2.x * perp + axial * axis
            let LA = impulse2.x * s1 + impulse2.y + axial * a1
            let LB = impulse2.x * s2 + impulse2.y + axial * a2
            vA -= mA * P; wA -= iA * LA; vB += mB * P; wB += iB * LB
        case .mouse:
            let massB = mB > 0 ? 1 / mB : 0
            let omega = 2 * Double.pi * max(def.frequency, 0)
            let dd = 2 * massB * def.dampingRatio * omega, kk = massB * omega * omega
            gamma = h * (dd + h * kk)
            gamma = gamma != 0 ? 1 / gamma : 0
            let beta = h * kk * gamma
            k.ex.0 = mB + iB * rB.y * rB.y + gamma
            k.ey.0 = -iB * rB.x * rB.y
            k.ex.1 = k.ey.0
            k.ey.1 = mB + iB * rB.x * rB.x + gamma
            mouseC = beta * (cB + rB - def.target)
            vB += mB * impulse2; wB += iB * cross(rB, impulse2)
        }
        vel[iA_] = SolverVelocity(v: vA, w: wA); vel[iB_] = SolverVelocity(v: vB, w: wB)
    }

    func springCoefficients() -> (Double, Double) {
        let massA = mA > 0 ? 1 / mA : 0, massB = mB > 0 ? 1 / mB : 0
        let m = massA > 0 && massB > 0 ? massA * massB / (massA + massB) : (massA > 0 ? massA : massB)
        let omega = 2 * Double.pi * def.frequency
        return (m * omega * omega, 2 * m * def.dampingRatio * omega)
    }

    mutating func solveVelocity(_ vel: UnsafeMutableBufferPointer<SolverVelocity>, _ h: Double) {
        let iA_ = Int(bodyA), iB_ = Int(bodyB)
        var vA = vel[iA_].v, wA = vel[iA_].w, vB = vel[iB_].v, wB = vel[iB_].w
        let invH = 1 / h
        switch def.kind {
        case .distance:
            func apply(_ i: Double) { let P = i * u; vA -= mA * P; wA -= iA * cross(rA, P); vB += mB * P; wB += iB * cross(rB, P) }
            func cdot() -> Double { dot(u, vB + cross(wB, rB) - vA - cross(wA, rA)) }
            if def.minLength < def.maxLength {
                if def.frequency > 0 {
                    let i = -softMass * (cdot() + bias + gamma * impulse)
                    impulse += i; apply(i)
                }
                let cLow = currentLength - def.minLength
                var i = -mass * (cdot() + max(0, cLow) * invH)
                var n = max(0, lowerImpulse + i); i = n - lowerImpulse; lowerImpulse = n; apply(i)
                let cUp = def.maxLength - currentLength
                i = -mass * (-cdot() + max(0, cUp) * invH)
                n = max(0, upperImpulse + i); i = n - upperImpulse; upperImpulse = n; apply(-i)
            } else {
                let i = -mass * cdot()
                impulse += i; apply(i)
            }
        case .revolute:
            let fixedRotation = iA + iB == 0
            if def.maxFrictionTorque > 0 && !fixedRotation {
                var i = -axialMass * (wB - wA)
                let old = motorImpulse, maxI = h * def.maxFrictionTorque
                motorImpulse = min(max(old + i, -maxI), maxI)
                i = motorImpulse - old
                wA -= iA * i; wB += iB * i
            }
            if def.enableLimit && !fixedRotation {
                var c = angle - def.lowerLimit
                var i = -axialMass * (wB - wA + max(c, 0) * invH)
                var n = max(lowerImpulse + i, 0); i = n - lowerImpulse; lowerImpulse = n
                wA -= iA * i; wB += iB * i
                c = def.upperLimit - angle
                i = -axialMass * (wA - wB + max(c, 0) * invH)
                n = max(upperImpulse + i, 0); i = n - upperImpulse; upperImpulse = n
                wA += iA * i; wB -= iB * i
            }
            let Cdot = vB + cross(wB, rB) - vA - cross(wA, rA)
            let i = k.solve22(-Cdot)
            impulse2 += i
            vA -= mA * i; wA -= iA * cross(rA, i); vB += mB * i; wB += iB * cross(rB, i)
        case .weld:
            let c1 = vB + cross(wB, rB) - vA - cross(wA, rA), c2 = wB - wA
            let i: (Double, Double, Double)
            if k.ez.2 > 0 { i = k.solve33((-c1.x, -c1.y, -c2)) } else { let p = k.solve22(-c1); i = (p.x, p.y, 0) }
            let P = PhysicsVector(i.0, i.1)
            impulse2 += P; impulseZ += i.2
            vA -= mA * P; wA -= iA * (cross(rA, P) + i.2); vB += mB * P; wB += iB * (cross(rB, P) + i.2)
        case .prismatic:
            if def.enableLimit {
                var c = translation - def.lowerLimit
                var cd = dot(axis, vB - vA) + a2 * wB - a1 * wA
                var i = -axialMass * (cd + max(c, 0) * invH)
                var old = lowerImpulse; lowerImpulse = max(old + i, 0); i = lowerImpulse - old
                vA -= mA * i * axis; wA -= iA * i * a1; vB += mB * i * axis; wB += iB * i * a2
                c = def.upperLimit - translation
                cd = dot(axis, vA - vB) + a1 * wA - a2 * wB
                i = -axialMass * (cd + max(c, 0) * invH)
                old = upperImpulse; upperImpulse = max(old + i, 0); i = upperImpulse - old
                vA += mA * i * axis; wA += iA * i * a1; vB -= mB * i * axis; wB -= iB * i * a2
            }
            let cd = PhysicsVector(dot(perp, vB - vA) + s2 * wB - s1 * wA, wB - wA)
            let df = k.solve22(-cd)
            impulse2 += df
            let P = df.x * perp
            vA -= mA * P; wA -= iA * (df.x * s1 + df.y); vB += mB * P; wB += iB * (df.x * s2 + df.y)
        case .mouse:
            let Cdot = vB + cross(wB, rB)
            var i = k.solve22(-(Cdot + mouseC + gamma * impulse2))
            let old = impulse2
            impulse2 += i
            let maxI = h * def.maxForce
            if impulse2.lengthSquared > maxI * maxI { impulse2 = (maxI / impulse2.length) * impulse2 }
            i = impulse2 - old
            vB += mB * i; wB += iB * cross(rB, i)
        }
        vel[iA_] = SolverVelocity(v: vA, w: wA); vel[iB_] = SolverVelocity(v: vB, w: wB)
    }

    /// One positional correction pass; true when within tolerance.
    mutating func solvePosition(_ pos: UnsafeMutableBufferPointer<SolverPosition>, slop: Double, maxCorrection: Double) -> Bool {
        let iA_ = Int(bodyA), iB_ = Int(bodyB)
        var cA = pos[iA_].c, aA = pos[iA_].a, cB = pos[iB_].c, aB = pos[iB_].a
        var ok = true
        switch def.kind {
        case .mouse:
            return true
        case .distance:
            let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
            let ra = qA.apply(def.localAnchorA - localCenterA), rb = qB.apply(def.localAnchorB - localCenterB)
            var d = cB + rb - cA - ra
            let len = d.length
            d = len > 1e-9 ? (1 / len) * d : .zero
            var C: Double
            if def.minLength == def.maxLength { C = len - def.minLength }
            else if len < def.minLength { C = len - def.minLength }
            else if def.maxLength < len { C = len - def.maxLength }
            else { return true }
            C = min(max(C, -maxCorrection), maxCorrection)
            let crA = cross(ra, d), crB = cross(rb, d)
            let invMass = mA + iA * crA * crA + mB + iB * crB * crB
            let P = (invMass > 0 ? -C / invMass : 0) * d
            cA -= mA * P; aA -= iA * cross(ra, P); cB += mB * P; aB += iB * cross(rb, P)
            ok = abs(C) < slop
        case .revolute:
            var angularError = 0.0
            if def.enableLimit && iA + iB > 0 {
                let ang = aB - aA - def.referenceAngle
                var C = 0.0
                if abs(def.upperLimit - def.lowerLimit) < 2 * angularSlop {
                    C = min(max(ang - def.lowerLimit, -maxAngularCorrection), maxAngularCorrection)
                } else if ang <= def.lowerLimit {
                    C = min(max(ang - def.lowerLimit + angularSlop, -maxAngularCorrection), 0)
                } else if ang >= def.upperLimit {
                    C = min(max(ang - def.upperLimit - angularSlop, 0), maxAngularCorrection)
                }
                let li = -axialMass * C
                aA -= iA * li; aB += iB * li
                angularError = abs(C)
            }
            let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
            let ra = qA.apply(def.localAnchorA - localCenterA), rb = qB.apply(def.localAnchorB - localCenterB)
            let C = cB + rb - cA - ra
            var K = Mat33()
            K.ex.0 = mA + mB + iA * ra.y * ra.y + iB * rb.y * rb.y
            K.ey.0 = -iA * ra.x * ra.y - iB * rb.x * rb.y
            K.ex.1 = K.ey.0
            K.ey.1 = mA + mB + iA * ra.x * ra.x + iB * rb.x * rb.x
            let i = -K.solve22(C)
            cA -= mA * i; aA -= iA * cross(ra, i); cB += mB * i; aB += iB * cross(rb, i)
            ok = C.length <= slop && angularError <= angularSlop
        case .weld:
            let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
            let ra = qA.apply(def.localAnchorA - localCenterA), rb = qB.apply(def.localAnchorB - localCenterB)
            var K = Mat33()
            K.ex.0 = mA + mB + ra.y * ra.y * iA + rb.y * rb.y * iB
            K.ey.0 = -ra.y * ra.x * iA - rb.y * rb.x * iB
            K.ez.0 = -ra.y * iA - rb.y * iB
            K.ex.1 = K.ey.0
            K.ey.1 = mA + mB + ra.x * ra.x * iA + rb.x * rb.x * iB
            K.ez.1 = ra.x * iA + rb.x * iB
            K.ex.2 = K.ez.0; K.ey.2 = K.ez.1; K.ez.2 = iA + iB
            let C1 = cB + rb - cA - ra, C2 = aB - aA - def.referenceAngle
            let i: (Double, Double, Double)
            if K.ez.2 > 0 { let s = K.solve33((C1.x, C1.y, C2)); i = (-s.0, -s.1, -s.2) } else { let p = K.solve22(C1); i = (-p.x, -p.y, 0) }
            let P = PhysicsVector(i.0, i.1)
            cA -= mA * P; aA -= iA * (cross(ra, P) + i.2); cB += mB * P; aB += iB * (cross(rb, P) + i.2)
            ok = C1.length <= slop && abs(C2) <= angularSlop
        case .prismatic:
            let qA = PhysicsRotation(angle: aA), qB = PhysicsRotation(angle: aB)
            let ra = qA.apply(def.localAnchorA - localCenterA), rb = qB.apply(def.localAnchorB - localCenterB)
            let d = cB + rb - cA - ra
            let ax = qA.apply(def.localAxisA.normalized)
            let pa1 = cross(d + ra, ax), pa2 = cross(rb, ax)
            let pp = cross(1.0, ax)
            let ps1 = cross(d + ra, pp), ps2 = cross(rb, pp)
            let C1 = PhysicsVector(dot(pp, d), aB - aA - def.referenceAngle)
            var linearError = abs(C1.x)
            let angularError = abs(C1.y)
            var active = false, C2 = 0.0
            if def.enableLimit {
                let tr = dot(ax, d)
                if abs(def.upperLimit - def.lowerLimit) < 2 * slop { C2 = tr - def.lowerLimit; linearError = max(linearError, abs(C2)); active = true }
                else if tr <= def.lowerLimit { C2 = min(tr - def.lowerLimit, 0); linearError = max(linearError, def.lowerLimit - tr); active = true }
                else if tr >= def.upperLimit { C2 = max(tr - def.upperLimit, 0); linearError = max(linearError, tr - def.upperLimit); active = true }
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
                let s = K.solve33((C1.x, C1.y, C2)); imp = (-s.0, -s.1, -s.2)
            } else { let s = K.solve22(C1); imp = (-s.x, -s.y, 0) }
            let P = imp.0 * pp + imp.2 * ax
            let LA = imp.0 * ps1 + imp.1 + imp.2 * pa1, LB = imp.0 * ps2 + imp.1 + imp.2 * pa2
            cA -= mA * P; aA -= iA * LA; cB += mB * P; aB += iB * LB
            ok = linearError <= slop && angularError <= angularSlop
        }
        pos[iA_] = SolverPosition(c: cA, a: aA); pos[iB_] = SolverPosition(c: cB, a: aB)
        return ok
    }
}
