import Foundation
import Testing
@testable import FlipbookPhysics

/// A pinned body striking static geometry at its time of impact (the guillotine menu's fall:
/// docs/Divergences.md, FlipbookPhysics). Box2D 2.4 resolves such an impact in its
/// time-of-impact sub-step, whose islands hold the body and its contacts with static bodies but
/// no joints; the pin then takes up the rebound in the next step and removes most of it.
@Suite struct PhysicsImpactTests {
    /// A 393 × 852 panel of UIKit density 1.5 turned a quarter turn back, pinned to the world 32 pt
    /// in from its top-left corner, pushed down by a steady force on its centre (the push of a
    /// guillotine menu on an iPhone 15: (2/π)·852/0.6 UIKit units, 1 800 pt/s² on this mass), with
    /// elasticity 0.6 against a one-point segment from (-1, 851) to (-1, 852), where its
    /// bottom-left corner passes when upright (at 2 300 pt/s). Returns the angles (degrees) the
    /// panel swings back to after each strike and when the world came to rest.
    static func strike(_ settings: PhysicsSettings = PhysicsSettings(), seconds: Double = 8) -> (peaks: [Double], restedAt: Double?) {
        let world = PhysicsWorld(gravity: .zero, settings: settings)
        let wall = world.createBody(PhysicsBodyDefinition(type: .static))
        var segment = PhysicsShape.segment(from: PhysicsVector(-1, 851), to: PhysicsVector(-1, 852))
        segment.friction = 1
        world.addShape(segment, to: wall)
        // Upright the centre would be at (196.5, 426); a quarter turn back about the pin (32, 32).
        let offset = PhysicsVector(32 - 196.5, 32 - 426)
        let panel = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(32 - offset.y, 32 + offset.x), angle: -.pi / 2))
        var box = PhysicsShape.box(width: 393, height: 852)
        box.density = 1.5 / 10_000
        box.friction = 0
        box.restitution = 0.6
        world.addShape(box, to: panel)
        world.createJoint(.revolute(nil, PhysicsVector(32, 32), panel, offset))
        let push = 2 / Double.pi * 852 / 0.6 * 100
        var peaks: [Double] = []
        var struck = false, previous = -90.0, before = -90.0
        var restedAt: Double?
        for i in 0..<Int(seconds * 60) where restedAt == nil {
            world.applyForceToCenter(PhysicsVector(0, push), to: panel, wake: false)
            world.step(1.0 / 60)
            let angle = world.angle(of: panel) * 180 / .pi
            if angle > -1 { struck = true }
            if struck && previous < before && previous < angle && previous < -0.1 { peaks.append(-previous) }
            before = previous; previous = angle
            if world.isResting { restedAt = Double(i + 1) / 60 }
        }
        return (peaks, restedAt)
    }

    /// Box2D 2.4 (libbox2d 2.4.1, 100 pt = 1 m, 1/240 s steps, 8 velocity and 3 position
    /// iterations, revolute pin, edge boundary) swings back 7.3°, then 2.8°, 1.1°, 0.4° and
    /// 0.2°, and sleeps at 3.67 s; without its time-of-impact pass, 42.7°, 19.5°, 8.3°, … and
    /// sleeps at 6.80 s (docs/Physics-Fidelity.md, "A pinned strike"). Restitution about the pin alone would leave 0.6 of the corner's speed
    /// (a swing back to about 40°); the impact solved on the body alone and then the pin leave
    /// 0.21 of its angular speed (7.6°).
    @Test func aPinnedPanelStrikingASegmentKeepsLittleOfItsSwing() {
        let (peaks, restedAt) = Self.strike()
        let shown = peaks.map { String(format: "%.2f°", $0) }
        #expect(peaks.first.map { $0 > 4 && $0 < 11 } == true, "swung back \(shown)")
        #expect(zip(peaks, peaks.dropFirst()).allSatisfy { $1 < $0 }, "swung back \(shown)")
        #expect(restedAt.map { $0 < 4.5 } == true, "rested at \(restedAt.map { "\($0) s" } ?? "never")")
    }

    /// With the impact left to the next sub-step's contact and pin, the panel keeps 0.6 of its
    /// speed about the pin at every strike, as Box2D 2.4 does without its time-of-impact pass.
    @Test func withoutTheImpactSolveThePinKeepsTheRestitution() {
        var settings = PhysicsSettings()
        settings.resolvesImpactsWithoutJoints = false
        let (peaks, restedAt) = Self.strike(settings)
        let shown = peaks.map { String(format: "%.2f°", $0) }
        #expect(peaks.first.map { $0 > 25 } == true, "swung back \(shown)")
        #expect(restedAt.map { $0 > 5 } ?? true, "rested at \(restedAt.map { "\($0) s" } ?? "never")")
    }

    /// A free box dropped on a one-point-thick floor segment bounces as high as it does on a solid
    /// floor: without joints, solving the impact on its own changes nothing.
    @Test func aFreeBoxBouncesAsHighOnASegmentAsOnASolidFloor() {
        func apex(segment: Bool) -> Double {
            let world = PhysicsWorld()
            if segment {
                let floor = world.createBody(PhysicsBodyDefinition(type: .static))
                world.addShape(.segment(from: PhysicsVector(-500, 300), to: PhysicsVector(500, 300)), to: floor)
            } else {
                addGround(world, top: 300, friction: 0)
            }
            let box = addBox(world, center: PhysicsVector(0, 90), width: 20, height: 20, friction: 0, restitution: 0.8)
            // 1 100 pt/s at the floor: 4.6 pt per sub-step, too slow for a 20 pt box to be swept
            // against a solid floor, but swept against the segment.
            world.setLinearVelocity(box, PhysicsVector(0, 900))
            var bounced = false, top = Double.infinity, last = world.position(of: box).y
            run(world, seconds: 1.2) { _ in
                let y = world.position(of: box).y
                if y < last { bounced = true }
                if bounced { top = min(top, y) }
                last = y
            }
            return 290 - top
        }
        let onSegment = apex(segment: true), onFloor = apex(segment: false)
        #expect(onFloor > 300, "rebound \(onFloor) pt")
        #expect(abs(onSegment - onFloor) < 0.02 * onFloor, "rebound \(onSegment) pt on a segment, \(onFloor) pt on a floor")
    }
}
