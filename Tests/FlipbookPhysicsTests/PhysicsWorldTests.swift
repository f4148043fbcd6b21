// The world against closed forms: free fall, forces and impulses, restitution, friction on a slope.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsWorldTests {
    @Test func freeFallMatchesHalfGTSquared() {
        let world = PhysicsWorld() // UIKit gravity magnitude 1: 1000 pt/s² down
        let body = addBox(world, center: .zero, width: 10, height: 10)
        run(world, seconds: 1)
        let g = 1000.0, t = 1.0, h = world.settings.fixedTimeStep
        // Semi-implicit Euler at a fixed step h is ahead of g·t²/2 by exactly g·t·h/2.
        let y = world.position(of: body).y
        #expect(abs(y - g * t * t / 2) <= g * t * h / 2 + 1e-6)
        #expect(abs(world.linearVelocity(of: body).y - g * t) < 1e-6)
        #expect(world.position(of: body).x == 0)
    }

    @Test func frameRateDoesNotChangeTheResult() {
        func simulate(fps: Double) -> PhysicsVector {
            let world = PhysicsWorld()
            addGround(world, top: 300)
            let body = addBox(world, center: PhysicsVector(0, 0), width: 40, height: 20)
            world.setAngularVelocity(body, 2)
            run(world, seconds: 2, fps: fps)
            return world.position(of: body)
        }
        let at60 = simulate(fps: 60), at120 = simulate(fps: 120), at240 = simulate(fps: 240)
        #expect([at60.x.bitPattern, at60.y.bitPattern] == [at120.x.bitPattern, at120.y.bitPattern])
        #expect([at60.x.bitPattern, at60.y.bitPattern] == [at240.x.bitPattern, at240.y.bitPattern])
    }

    @Test func massFollowsUIKitDensityConvention() {
        let world = PhysicsWorld()
        let body = addBox(world, center: .zero, width: 100, height: 100) // density 1 ⇒ mass 1
        #expect(abs(world.mass(of: body) - 1) < 1e-12)
        #expect(abs(world.inertia(of: body) - (100.0 * 100 + 100 * 100) / 12) < 1e-9) // m(w² + h²)/12
        let wide = addBox(world, center: PhysicsVector(500, 0), width: 200, height: 50)
        #expect(abs(world.mass(of: wide) - 1) < 1e-12)
        let disc = world.createBody()
        world.addShape(.circle(radius: 50), to: disc)
        #expect(abs(world.mass(of: disc) - Double.pi * 2500 / 10_000) < 1e-12)
    }

    @Test func impulseAndForceOnAKnownMass() {
        let world = PhysicsWorld(gravity: .zero)
        let a = addBox(world, center: .zero, width: 100, height: 100)           // mass 1
        let b = addBox(world, center: PhysicsVector(0, 500), width: 200, height: 100) // mass 2
        world.applyLinearImpulseToCenter(PhysicsVector(100, 0), to: a)
        #expect(world.linearVelocity(of: a) == PhysicsVector(100, 0))
        // UIKit push magnitude 1 on a 100×100 item of density 1 accelerates it by 100 pt/s²: force 100.
        for _ in 0..<60 {
            world.applyForceToCenter(PhysicsVector(200, 0), to: b) // a = 100 pt/s², for this frame
            world.step(1.0 / 60)
        }
        let h = world.settings.fixedTimeStep
        #expect(abs(world.linearVelocity(of: b).x - 100) < 1e-9)
        #expect(abs(world.position(of: b).x - 50) <= 100 * h / 2 + 1e-9)
        #expect(abs(world.position(of: a).x - 100) < 1e-9)
        // An off-centre impulse also spins: Δω = (r × J) / I.
        world.applyLinearImpulse(PhysicsVector(0, 10), at: world.position(of: a) + PhysicsVector(50, 0), to: a)
        #expect(abs(world.angularVelocity(of: a) - 50 * 10 / world.inertia(of: a)) < 1e-12)
    }

    @Test func bounceHeightIsElasticitySquaredTimesDropHeight() {
        for e in [0.3, 0.5, 0.8] {
            let world = PhysicsWorld()
            addGround(world, top: 500, restitution: e)
            let drop = 400.0, r = 10.0
            let ball = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(0, 500 - r - drop)))
            var circle = PhysicsShape.circle(radius: r)
            circle.restitution = e
            world.addShape(circle, to: ball)
            var bounced = false, apex = Double.greatestFiniteMagnitude
            run(world, seconds: 2) { _ in
                let y = world.position(of: ball).y, vy = world.linearVelocity(of: ball).y
                if vy < 0 { bounced = true }
                if bounced { apex = min(apex, y) }
            }
            let height = 500 - r - apex
            #expect(abs(height - e * e * drop) < 0.04 * drop, "e = \(e): bounced to \(height), expected \(e * e * drop)")
        }
    }

    /// A box on a surface tilted by θ (gravity turned by θ): it slides iff tan θ > μ, with
    /// acceleration g(sin θ − μ cos θ).
    @Test(arguments: [(30.0, 0.2), (30.0, 0.7), (20.0, 0.1), (45.0, 0.9)])
    func frictionOnASlope(degrees: Double, mu: Double) {
        let theta = degrees * Double.pi / 180, g = 1000.0
        let world = PhysicsWorld(gravity: PhysicsVector(g * sin(theta), g * cos(theta)))
        addGround(world, top: 0, friction: mu)
        let box = addBox(world, center: PhysicsVector(0, -10), width: 40, height: 20, friction: mu)
        run(world, seconds: 1)
        let x = world.position(of: box).x
        if tan(theta) > mu {
            let expected = 0.5 * g * (sin(theta) - mu * cos(theta))
            #expect(abs(x - expected) < 0.03 * expected, "slid \(x), expected \(expected)")
        } else {
            #expect(abs(x) < 0.5, "should stick but moved \(x)")
        }
        #expect(abs(world.angle(of: box)) < 0.01)
    }
}
