// Bodies: kinematic motion, offsets, torque from off-centre forces, waking on change, re-filtering.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsBodyTests {
    @Test func kinematicBodyMovesByItsVelocityAndPushes() {
        let world = PhysicsWorld(gravity: .zero)
        let pusher = world.createBody(PhysicsBodyDefinition(type: .kinematic, position: PhysicsVector(0, 0), linearVelocity: PhysicsVector(100, 0)))
        world.addShape(.box(width: 20, height: 100), to: pusher)
        let box = addBox(world, center: PhysicsVector(60, 0), width: 20, height: 20)
        run(world, seconds: 1)
        #expect(abs(world.position(of: pusher).x - 100) < 1e-9)  // unaffected by the contact
        #expect(world.position(of: box).x > 115)                  // pushed ahead of it (≥ 100 + 10 + 10 − slop)
    }

    @Test func rodBetweenTwoBodiesKeepsTheOffsetAnchorsApart() {
        let world = PhysicsWorld()
        let a = addBox(world, center: .zero, width: 40, height: 40)
        let b = addBox(world, center: PhysicsVector(150, 0), width: 40, height: 40)
        world.createJoint(.revolute(nil, PhysicsVector(-20, -20), a, PhysicsVector(-20, -20)))
        let rod = world.createJoint(.distance(a, PhysicsVector(20, 0), b, PhysicsVector(-20, 0), length: 90))!
        var worst = 0.0
        run(world, seconds: 2) { _ in
            let (pa, pb) = world.jointAnchors(rod)!
            worst = max(worst, abs((pb - pa).length - 90))
        }
        #expect(worst < 1)
        #expect(world.position(of: b).y > 50) // it swung down
    }

    @Test func offCentreForceAlsoTurns() {
        let world = PhysicsWorld(gravity: .zero)
        let box = addBox(world, center: .zero, width: 100, height: 100) // mass 1, I = 10000/6
        world.applyForce(PhysicsVector(0, 60), at: PhysicsVector(50, 0), to: box)
        world.step(1.0 / 60)
        let I = world.inertia(of: box)
        #expect(abs(world.angularVelocity(of: box) - 50 * 60 / I / 60) < 1e-12)
        #expect(abs(world.linearVelocity(of: box).y - 1) < 1e-12)
    }

    @Test func restingStackFallsWhenItsGroundIsRemoved() {
        let world = PhysicsWorld()
        let ground = addGround(world, top: 300)
        let a = addBox(world, center: PhysicsVector(0, 280), width: 40, height: 40)
        let b = addBox(world, center: PhysicsVector(0, 240), width: 40, height: 40)
        run(world, seconds: 2)
        #expect(world.isResting)
        world.destroyBody(ground)
        #expect(world.isAwake(a) && !world.isResting) // b wakes through its contact with a on the next step
        run(world, seconds: 0.5)
        #expect(world.position(of: a).y > 350 && world.position(of: b).y > 310)
    }

    @Test func teleportingWakesAndShouldCollideIsConsulted() {
        let world = PhysicsWorld()
        addGround(world, top: 300)
        let box = addBox(world, center: PhysicsVector(0, 280), width: 40, height: 40, tag: 5)
        run(world, seconds: 2)
        #expect(!world.isAwake(box))
        world.setTransform(box, position: PhysicsVector(0, 100), angle: 0)
        #expect(world.isAwake(box))
        var ignoreTag5 = false
        world.shouldCollide = { a, b in !(ignoreTag5 && (world.shape(a)?.tag == 5 || world.shape(b)?.tag == 5)) }
        run(world, seconds: 1)
        #expect(abs(world.position(of: box).y - 280) < 1)
        ignoreTag5 = true
        world.refilter(box)
        run(world, seconds: 0.5)
        #expect(world.position(of: box).y > 320)
    }
}
