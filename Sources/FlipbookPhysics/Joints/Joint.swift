// A joint as the world stores it: what every kind shares (bodies, anchors, collideConnected) and
// the kind's own payload (its parameters and solver state, one file per kind). Constraints are
// solved by sequential impulses, formulations after Box2D 2.4.
import Foundation

/// A joint kind's parameters and per-step solver state.
enum JointPayload {
    /// Rods, springs and ropes (a rope is a distance joint with `minLength` 0).
    case distance(DistanceJoint)
    case revolute(RevoluteJoint)
    case prismatic(PrismaticJoint)
    case weld(WeldJoint)
    case mouse(MouseJoint)

    /// The payload of a new joint: `definition`'s parameters, no accumulated impulses.
    init(_ definition: PhysicsJointDefinition) {
        switch definition.kind {
        case .distance: self = .distance(DistanceJoint(definition))
        case .revolute: self = .revolute(RevoluteJoint(definition))
        case .prismatic: self = .prismatic(PrismaticJoint(definition))
        case .weld: self = .weld(WeldJoint(definition))
        case .mouse: self = .mouse(MouseJoint(definition))
        }
    }

    /// Scales the accumulated impulses of the rigid rows (not a spring's, whose soft solve depends
    /// on its whole impulse, nor the mouse joint's, which is a spring) before they warm start.
    mutating func scaleRigidImpulses(_ f: Double) {
        switch self {
        case .distance(var j): j.scaleRigidImpulses(f); self = .distance(j)
        case .revolute(var j): j.scaleRigidImpulses(f); self = .revolute(j)
        case .prismatic(var j): j.scaleRigidImpulses(f); self = .prismatic(j)
        case .weld(var j): j.scaleRigidImpulses(f); self = .weld(j)
        case .mouse: break
        }
    }

    /// Whether every row is rigid: no spring (a distance joint with a frequency and a range to
    /// stretch over) and not the mouse joint (a spring too). A rigid joint's exact velocity solve
    /// never adds kinetic energy; a spring's turns its stretch into speed.
    var isRigid: Bool {
        switch self {
        case .distance(let j): !(j.frequency > 0 && j.minLength < j.maxLength)
        case .revolute, .prismatic, .weld: true
        case .mouse: false
        }
    }

    var kind: PhysicsJointDefinition.Kind {
        switch self {
        case .distance: .distance
        case .revolute: .revolute
        case .prismatic: .prismatic
        case .weld: .weld
        case .mouse: .mouse
        }
    }

    /// Takes the parameters of `definition` (of the same kind), keeping the accumulated impulses
    /// so the next step still warm starts.
    mutating func setParameters(_ definition: PhysicsJointDefinition) {
        switch self {
        case .distance(var j): j.setParameters(definition); self = .distance(j)
        case .revolute(var j): j.setParameters(definition); self = .revolute(j)
        case .prismatic(var j): j.setParameters(definition); self = .prismatic(j)
        case .weld(var j): j.setParameters(definition); self = .weld(j)
        case .mouse(var j): j.setParameters(definition); self = .mouse(j)
        }
    }

    /// Writes the kind's parameters into `definition`.
    func write(into definition: inout PhysicsJointDefinition) {
        switch self {
        case .distance(let j): j.write(into: &definition)
        case .revolute(let j): j.write(into: &definition)
        case .prismatic(let j): j.write(into: &definition)
        case .weld(let j): j.write(into: &definition)
        case .mouse(let j): j.write(into: &definition)
        }
    }
}

struct Joint {
    var alive = false
    var generation: UInt32 = 0
    /// The bodies as the caller named them (nil A: the world), for reading the definition back.
    var bodyIDA: PhysicsBodyID?
    var bodyIDB: PhysicsBodyID
    /// Body slots; A is the hidden ground body for a world-anchored joint.
    var bodyA: Int32 = -1, bodyB: Int32 = -1
    /// Anchors in each body's frame (A's is a world point when `bodyIDA` is nil).
    var localAnchorA: PhysicsVector, localAnchorB: PhysicsVector
    var collideConnected: Bool
    var payload: JointPayload
    /// The two bodies as the solver sees them in the current sub-step (set by its joint stage).
    var bodies = JointBodies()

    init(_ definition: PhysicsJointDefinition) {
        bodyIDA = definition.bodyA; bodyIDB = definition.bodyB
        localAnchorA = definition.localAnchorA; localAnchorB = definition.localAnchorB
        collideConnected = definition.collideConnected
        payload = JointPayload(definition)
    }

    /// The joint's definition, rebuilt from the shared fields and the payload; parameters that do
    /// not apply to the kind read back as their defaults.
    var definition: PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: payload.kind, bodyA: bodyIDA, localAnchorA: localAnchorA, bodyB: bodyIDB, localAnchorB: localAnchorB)
        d.collideConnected = collideConnected
        payload.write(into: &d)
        return d
    }

    /// Takes a validated definition of the same kind and bodies; impulses are kept for warm starting.
    mutating func update(_ definition: PhysicsJointDefinition) {
        localAnchorA = definition.localAnchorA; localAnchorB = definition.localAnchorB
        collideConnected = definition.collideConnected
        payload.setParameters(definition)
    }
}

/// A joint's two bodies as its kind's solver functions see them during one sub-step.
struct JointBodies {
    /// The bodies' slots in the solver's position and velocity buffers.
    var a = 0, b = 0
    /// Inverse masses and rotational inertias; zero unless the body is dynamic.
    var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    /// The anchors relative to each body's centre of mass, in the body's frame.
    var anchorA = PhysicsVector.zero, anchorB = PhysicsVector.zero
    /// `anchorA` and `anchorB` turned into the world at the start of the sub-step.
    var rA = PhysicsVector.zero, rB = PhysicsVector.zero
}

/// The velocities of a joint's two bodies, read before and written after a kind's velocity function.
struct JointVelocities {
    var vA: PhysicsVector, wA: Double, vB: PhysicsVector, wB: Double

    @inline(__always) init(vA: PhysicsVector, wA: Double, vB: PhysicsVector, wB: Double) {
        self.vA = vA; self.wA = wA; self.vB = vB; self.wB = wB
    }

    @inline(__always) init(_ vel: UnsafeMutableBufferPointer<SolverVelocity>, _ b: JointBodies) {
        vA = vel[b.a].v; wA = vel[b.a].w; vB = vel[b.b].v; wB = vel[b.b].w
    }
    @inline(__always) func store(_ vel: UnsafeMutableBufferPointer<SolverVelocity>, _ b: JointBodies) {
        vel[b.a] = SolverVelocity(v: vA, w: wA); vel[b.b] = SolverVelocity(v: vB, w: wB)
    }
}

extension Joint {
    /// Computes the kind's per-step terms from the sub-step's starting positions and applies the
    /// warm-starting impulses (all impulses are dropped first when `warmStarting` is off; the
    /// rigid rows' impulses are scaled by `warmStartFactor` first, `PhysicsSettings.jointWarmStartFactor`).
    mutating func prepare(_ pos: UnsafeMutableBufferPointer<SolverPosition>, _ vel: UnsafeMutableBufferPointer<SolverVelocity>,
                          _ h: Double, warmStarting: Bool, warmStartFactor: Double = 1) {
        if warmStarting && warmStartFactor != 1 { payload.scaleRigidImpulses(warmStartFactor) }
        let qA = PhysicsRotation(angle: pos[bodies.a].a), qB = PhysicsRotation(angle: pos[bodies.b].a)
        bodies.rA = qA.apply(bodies.anchorA)
        bodies.rB = qB.apply(bodies.anchorB)
        var v = JointVelocities(vel, bodies)
        switch payload {
        case .distance(var j): j.prepare(bodies, pos, &v, h, warmStarting: warmStarting); payload = .distance(j)
        case .revolute(var j): j.prepare(bodies, pos, &v, h, warmStarting: warmStarting); payload = .revolute(j)
        case .prismatic(var j): j.prepare(bodies, pos, &v, h, warmStarting: warmStarting); payload = .prismatic(j)
        case .weld(var j): j.prepare(bodies, pos, &v, h, warmStarting: warmStarting); payload = .weld(j)
        case .mouse(var j): j.prepare(bodies, pos, &v, h, warmStarting: warmStarting); payload = .mouse(j)
        }
        v.store(vel, bodies)
    }

    /// One velocity iteration.
    mutating func solveVelocity(_ vel: UnsafeMutableBufferPointer<SolverVelocity>, _ h: Double) {
        var v = JointVelocities(vel, bodies)
        switch payload {
        case .distance(var j): j.solveVelocity(bodies, &v, h); payload = .distance(j)
        case .revolute(var j): j.solveVelocity(bodies, &v, h); payload = .revolute(j)
        case .prismatic(var j): j.solveVelocity(bodies, &v, h); payload = .prismatic(j)
        case .weld(var j): j.solveVelocity(bodies, &v, h); payload = .weld(j)
        case .mouse(var j): j.solveVelocity(bodies, &v, h); payload = .mouse(j)
        }
        v.store(vel, bodies)
    }

    /// One positional correction pass; true when within tolerance. Positions are written only by
    /// a kind that corrects them.
    func solvePosition(_ pos: UnsafeMutableBufferPointer<SolverPosition>, slop: Double, maxCorrection: Double) -> Bool {
        switch payload {
        case .distance(let j): j.solvePosition(bodies, pos, slop: slop, maxCorrection: maxCorrection)
        case .revolute(let j): j.solvePosition(bodies, pos, slop: slop, maxCorrection: maxCorrection)
        case .prismatic(let j): j.solvePosition(bodies, pos, slop: slop, maxCorrection: maxCorrection)
        case .weld(let j): j.solvePosition(bodies, pos, slop: slop, maxCorrection: maxCorrection)
        case .mouse(let j): j.solvePosition()
        }
    }
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
    /// The determinant of the 3×3 matrix.
    var determinant: Double {
        ex.0 * (ey.1 * ez.2 - ey.2 * ez.1) - ey.0 * (ex.1 * ez.2 - ex.2 * ez.1) + ez.0 * (ex.1 * ey.2 - ex.2 * ey.1)
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

/// `v` shortened to at most `limit` long: a joint's positional error corrected in one pass is
/// bounded (Box2D's b2_maxLinearCorrection), so one pass cannot throw a light body across the
/// world (or into a wall) when a joint is far from satisfied.
@inline(__always) func clampLength(_ v: PhysicsVector, _ limit: Double) -> PhysicsVector {
    let l2 = v.lengthSquared
    return l2 > limit * limit ? (limit / l2.squareRoot()) * v : v
}

/// An angle error bounded to ±`maxAngularCorrection` for one pass.
@inline(__always) func clampAngle(_ a: Double) -> Double { min(max(a, -maxAngularCorrection), maxAngularCorrection) }
