// Static geometry has the last word: after the solver, dynamic bodies of worlds with joints are
// moved out of the static shapes they overlap (docs/Reliability.md, Physics).
import Foundation

extension PhysicsWorld {
    /// Moves every awake dynamic body out of the static shapes it overlaps by more than the slop,
    /// along the contact normal and by translation only, with manifolds computed afresh at the
    /// bodies' positions after the solver (up to `positionIterations` passes).
    ///
    /// Why: the position iterations correct contacts a fifth at a time (`baumgarte`) and joints in
    /// full, and a contact's points are those found at the start of the sub-step. A rigid joint
    /// pulling a light body into a wall, or spinning it a quarter turn in one sub-step, wins; the
    /// body ends the step inside the wall, and deep enough, on the far side of a closed boundary
    /// (physics fuzz seeds 143 and 308). Bodies that were clear of the wall at the start are
    /// brought back by continuous collision; this pass covers those already touching it. Velocities
    /// are left alone, so it adds no energy; the joint's error is corrected in the next steps.
    /// Only worlds with a joint need it: contacts alone converge.
    func projectOutOfStaticShapes() {
        guard joints.contains(where: { $0.alive }) else { return }
        let slop = settings.linearSlop
        vertices.withUnsafeBufferPointer { vs in
            normals.withUnsafeBufferPointer { ns in
                guard let vbase = vs.baseAddress, let nbase = ns.baseAddress else { return }
                for _ in 0..<max(1, settings.positionIterations) {
                    var moved = false
                    for ci in contacts.indices where contacts[ci].alive {
                        let c = contacts[ci]
                        let staticA = bodies[Int(c.bodyA)].type == .static, staticB = bodies[Int(c.bodyB)].type == .static
                        guard staticA != staticB else { continue }
                        let di = Int(staticA ? c.bodyB : c.bodyA)
                        guard bodies[di].alive, bodies[di].awake, bodies[di].type == .dynamic else { continue }
                        let pA = primitives[Int(c.primA)], pB = primitives[Int(c.primB)]
                        let bA = bodies[Int(c.bodyA)], bB = bodies[Int(c.bodyB)]
                        let m = collide(pA, bA.xf, bA.c, pB, bB.xf, bB.c, vbase, nbase, slop: slop, margin: 0)
                        guard m.count > 0 else { continue }
                        let wm = WorldManifold(m, bA.xf, pA.radius, bB.xf, pB.radius)
                        let deepest = m.count == 2 ? min(wm.separation0, wm.separation1) : wm.separation0
                        guard deepest < -slop, wm.normal.isFinite else { continue }
                        // The normal points from A to B: the dynamic body moves along it (B) or against it (A).
                        let push = (-(deepest + slop)) * (staticA ? wm.normal : -wm.normal)
                        bodies[di].c += push
                        bodies[di].xf = transformFor(bodies[di].c, bodies[di].a, bodies[di].localCenter)
                        moved = true
                    }
                    if !moved { break }
                }
            }
        }
    }
}
