// Bad input: a clear diagnostic, a consistent state, never NaN, no hang.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsDiagnosticTests {
    @Test func badShapesAreRefusedWithDiagnostics() {
        let world = PhysicsWorld()
        let body = world.createBody()
        #expect(world.addShape(.box(width: 0, height: 10), to: body) == nil)
        #expect(world.addShape(.box(width: -5, height: 5), to: body) == nil)
        #expect(world.addShape(.ellipse(width: 10, height: .nan), to: body) == nil)
        #expect(world.addShape(.circle(radius: -1), to: body) == nil)
        #expect(world.addShape(.polygon([PhysicsVector(0, 0), PhysicsVector(1, 1), PhysicsVector(2, 2)]), to: body) == nil)
        #expect(world.addShape(.chain([PhysicsVector(3, 3), PhysicsVector(3, 3)]), to: body) == nil)
        #expect(world.addShape(.polygon([PhysicsVector(.nan, 0), PhysicsVector(1, 0), PhysicsVector(0, 1)]), to: body) == nil)
        var heavy = PhysicsShape.box(width: 10, height: 10)
        heavy.density = -3
        #expect(world.addShape(heavy, to: body) != nil)
        #expect(world.diagnostics.map(\.code) == [.invalidShape, .invalidShape, .invalidShape, .invalidShape, .invalidShape, .invalidShape, .invalidShape, .invalidDensity])
        #expect(world.shapes(of: body).count == 1)
        #expect(world.mass(of: body) == 1) // density 0: a dynamic body with no mass gets mass 1, as in Box2D
    }

    @Test func nonFiniteValuesAreIgnored() {
        let world = PhysicsWorld()
        let body = addBox(world, center: .zero, width: 10, height: 10)
        world.setLinearVelocity(body, PhysicsVector(.nan, 3))
        world.applyForceToCenter(PhysicsVector(.infinity, 0), to: body)
        world.setAngularVelocity(body, .nan)
        world.gravity = PhysicsVector(0, .nan)
        world.step(.nan)
        world.step(-1)
        run(world, seconds: 0.5)
        let p = world.position(of: body)
        #expect(p.isFinite && world.angle(of: body).isFinite)
        #expect(p == .zero) // gravity was reset to zero, nothing else acted
        #expect(world.diagnostics.map(\.code) == [.invalidValue, .invalidValue, .invalidValue, .invalidValue, .invalidValue, .invalidValue])
    }

    @Test func hugeTimeStepIsClampedAndCapped() {
        let world = PhysicsWorld()
        addGround(world, top: 100)
        let body = addBox(world, center: .zero, width: 10, height: 10)
        world.step(1e9)
        #expect(world.diagnostics.map(\.code) == [.timeStepClamped])
        #expect(world.subStepCount == 60) // 0.25 s at 1/240 s
        #expect(world.position(of: body).isFinite)
        world.settings.maxSubStepsPerCall = 10
        world.step(0.1)
        #expect(world.diagnostics.map(\.code) == [.timeStepClamped, .subStepsCapped])
        #expect(world.subStepCount == 70)
        world.step(.infinity)
        #expect(world.position(of: body).isFinite)
        #expect(world.diagnostics.map(\.code) == [.timeStepClamped, .subStepsCapped, .invalidValue])
    }

    @Test func staleIdentifiersAreReported() {
        let world = PhysicsWorld()
        let body = addBox(world, center: .zero, width: 10, height: 10)
        world.destroyBody(body)
        let other = addBox(world, center: .zero, width: 10, height: 10) // reuses the slot
        #expect(other.index == body.index && other != body)
        world.applyLinearImpulseToCenter(PhysicsVector(1, 0), to: body)
        #expect(world.linearVelocity(of: other) == .zero)
        #expect(world.createJoint(.distance(nil, .zero, body, .zero, length: 10)) == nil)
        #expect(world.createJoint(.distance(other, .zero, other, .zero, length: 10)) == nil)
        #expect(world.diagnostics.map(\.code) == [.staleIdentifier, .staleIdentifier, .invalidJoint])
    }

    @Test func violentSceneStaysFinite() {
        let world = PhysicsWorld()
        addGround(world, top: 200)
        var bodies: [PhysicsBodyID] = []
        for i in 0..<20 {
            let b = addBox(world, center: PhysicsVector(Double(i % 4) * 5, 150 - Double(i) * 3), width: 30, height: 30) // overlapping
            world.setLinearVelocity(b, PhysicsVector(Double(i) * 1e5, -1e6))
            bodies.append(b)
        }
        world.createJoint(.distance(bodies[0], .zero, bodies[1], .zero, length: 0))
        run(world, seconds: 1)
        #expect(bodies.allSatisfy { world.position(of: $0).isFinite && world.angle(of: $0).isFinite })
    }
}
