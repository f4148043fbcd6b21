// The scenes the UIKit layer will build first: the drop-out demo's modal, in engine terms.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsSceneTests {
    /// A 200 × 200 item dropped under gravity magnitude 10 (10 000 pt/s²), elasticity 0.7, no
    /// rotation, onto a floor boundary at the middle of an iPhone 15 screen (393 × 852).
    @Test func dropOutModalBouncesAndSettlesOnTheFloor() {
        let world = PhysicsWorld(gravity: PhysicsVector(0, 10_000))
        let bounds = world.createBody(PhysicsBodyDefinition(type: .static))
        world.addShape(.chain([PhysicsVector(0, 0), PhysicsVector(393, 0), PhysicsVector(393, 426), PhysicsVector(0, 426)], isLoop: true), to: bounds)
        let modal = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(196.5, 110), fixedRotation: true, tag: 1))
        var box = PhysicsShape.box(width: 200, height: 200)
        box.restitution = 0.7
        world.addShape(box, to: modal)
        var bottoms: [Double] = [], restedAt: Double? = nil
        run(world, seconds: 4) { t in
            bottoms.append(world.position(of: modal).y + 100)
            if restedAt == nil && world.isResting { restedAt = t }
        }
        #expect(bottoms.max()! < 426 + 15)                           // never sinks far into the floor
        #expect(abs(world.position(of: modal).y - 326) < 0.6)         // rests on it
        #expect(world.angle(of: modal) == 0)
        #expect(restedAt != nil && restedAt! < 3)
        // Count the bounces: upward velocity after touching the floor.
        let apexes = zip(bottoms.dropFirst(), zip(bottoms, bottoms.dropFirst(2))).filter { $0.0 < $0.1.0 && $0.0 <= $0.1.1 }.count
        #expect(apexes >= 2)
    }

    /// Dismissal: the modal hangs from a springy rope (frequency 3, damping 0.3) and swings, then
    /// the rope is removed and it falls off screen.
    @Test func hangingModalSwingsThenFallsWhenReleased() {
        let world = PhysicsWorld(gravity: PhysicsVector(0, 10_000))
        let modal = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(196.5, 326)))
        world.addShape(.box(width: 200, height: 200), to: modal)
        let anchor = PhysicsVector(96.5, 226), corner = PhysicsVector(-100, -100)
        let rope = world.createJoint(.distance(nil, anchor, modal, corner, length: 0, frequency: 3, dampingRatio: 0.3))!
        var angles: [Double] = []
        run(world, seconds: 1) { _ in angles.append(world.angle(of: modal)) }
        #expect(angles.max()! > 0.3)                                  // it swings about the corner
        #expect((world.worldPoint(corner, of: modal) - anchor).length < 150)
        world.destroyJoint(rope)
        run(world, seconds: 1)
        #expect(world.position(of: modal).y > 852 + 100)
    }
}
