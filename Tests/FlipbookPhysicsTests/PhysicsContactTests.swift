// Contacts: stacking, tunnelling, sleep, contact events, determinism, filtering.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsContactTests {
    @Test func stackOfTenBoxesStaysPut() {
        let world = PhysicsWorld()
        addGround(world, top: 800)
        var boxes: [PhysicsBodyID] = []
        for i in 0..<10 { boxes.append(addBox(world, center: PhysicsVector(0, 800 - 20 - 40 * Double(i)), width: 40, height: 40)) }
        let start = boxes.map { world.position(of: $0) }
        run(world, seconds: 5)
        let drift = zip(boxes, start).map { (world.position(of: $0.0) - $0.1).length }.max() ?? .infinity
        #expect(drift < 0.5, "largest drift \(drift) pt")
        #expect(boxes.allSatisfy { abs(world.angle(of: $0)) < 0.001 })
        #expect(world.isResting)
    }

    @Test(arguments: [false, true])
    func fastSmallBodyDoesNotTunnelThroughAThinEdge(circle: Bool) {
        let world = PhysicsWorld(gravity: .zero)
        let wall = world.createBody(PhysicsBodyDefinition(type: .static))
        world.addShape(.segment(from: PhysicsVector(500, -200), to: PhysicsVector(500, 200)), to: wall)
        let bullet = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(0, 3), linearVelocity: PhysicsVector(30_000, 0)))
        world.addShape(circle ? .circle(radius: 2) : .box(width: 4, height: 4), to: bullet)
        var maxX = -Double.infinity
        run(world, seconds: 0.5) { _ in maxX = max(maxX, world.position(of: bullet).x) }
        // 30 000 pt/s is 125 pt per 1/240 s sub-step: far more than the body's own size.
        #expect(maxX < 500, "reached x = \(maxX)")
        #expect(world.position(of: bullet).x < 500)
    }

    @Test func sleepsAfterRestAndWakesOnImpulse() {
        let world = PhysicsWorld()
        addGround(world, top: 300)
        let box = addBox(world, center: PhysicsVector(0, 200), width: 50, height: 50)
        var restedAt: Double? = nil
        run(world, seconds: 3) { t in if restedAt == nil && world.isResting { restedAt = t } }
        #expect(restedAt != nil)
        #expect(!world.isAwake(box))
        let y = world.position(of: box).y
        run(world, seconds: 1)
        #expect(world.position(of: box).y == y) // asleep: nothing moves
        world.applyLinearImpulseToCenter(PhysicsVector(0, -200), to: box) // mass 0.25: 800 pt/s up
        #expect(world.isAwake(box) && !world.isResting)
        world.step(1.0 / 60)
        #expect(world.position(of: box).y < y - 5)
    }

    @Test func contactEventsAreRecordedInOrder() {
        let world = PhysicsWorld()
        let ground = addGround(world, top: 300, tag: 7)
        let box = addBox(world, center: PhysicsVector(0, 200), width: 50, height: 50, tag: 1)
        var history: [String] = []
        world.contactListener = { e in history.append("\(e.kind) \(min(e.tagA, e.tagB))-\(max(e.tagA, e.tagB))") }
        run(world, seconds: 1)
        world.applyLinearImpulseToCenter(PhysicsVector(0, -400), to: box)
        run(world, seconds: 0.1)
        world.destroyBody(ground)
        run(world, seconds: 0.1)
        #expect(history == ["began 1-7", "ended 1-7"])
        // The began event carries a point on the ground's surface and the A→B normal.
        let world2 = PhysicsWorld()
        addGround(world2, top: 300, tag: 7)
        addBox(world2, center: PhysicsVector(0, 200), width: 50, height: 50, tag: 1)
        var began: PhysicsContactEvent? = nil
        world2.contactListener = { e in if began == nil { began = e } }
        run(world2, seconds: 1)
        #expect(abs((began?.point.y ?? 0) - 300) < 10)
        #expect(abs(abs(began?.normal.y ?? 0) - 1) < 1e-9)
    }

    @Test func twoRunsAreByteIdentical() {
        func simulate() -> [UInt64] {
            let world = PhysicsWorld()
            addGround(world, top: 600)
            var bodies: [PhysicsBodyID] = []
            for i in 0..<30 {
                let b = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(Double(i % 6) * 37 - 100, Double(i / 6) * -45), angle: Double(i) * 0.3))
                world.addShape(i % 3 == 0 ? .circle(radius: 15) : (i % 3 == 1 ? .box(width: 30, height: 20) : .ellipse(width: 40, height: 25, segments: 12)), to: b)
                bodies.append(b)
            }
            world.createJoint(.distance(nil, PhysicsVector(0, -300), bodies[0], .zero, length: 150, frequency: 2, dampingRatio: 0.1))
            world.createJoint(.revolute(bodies[1], PhysicsVector(20, 0), bodies[2], PhysicsVector(-20, 0)))
            let frames = [1.0 / 60, 1.0 / 30, 1.0 / 144, 0.05]
            for k in 0..<300 { world.step(frames[k % frames.count]) }
            return bodies.flatMap { b -> [UInt64] in
                let p = world.position(of: b), v = world.linearVelocity(of: b)
                return [p.x.bitPattern, p.y.bitPattern, world.angle(of: b).bitPattern, v.x.bitPattern, v.y.bitPattern]
            }
        }
        #expect(simulate() == simulate())
    }

    @Test func filteringKeepsShapesApart() {
        let world = PhysicsWorld()
        let ground = world.createBody(PhysicsBodyDefinition(type: .static))
        var floor = PhysicsShape.segment(from: PhysicsVector(-500, 300), to: PhysicsVector(500, 300))
        floor.filter = PhysicsFilter(categoryBits: 0b10, maskBits: 0b01)
        world.addShape(floor, to: ground)
        let passes = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(-100, 200)))
        var ghost = PhysicsShape.box(width: 20, height: 20)
        ghost.filter = PhysicsFilter(categoryBits: 0b100, maskBits: 0xFFFF)  // not in the floor's mask
        world.addShape(ghost, to: passes)
        let lands = addBox(world, center: PhysicsVector(100, 200), width: 20, height: 20)
        let grouped = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(0, 200)))
        var never = PhysicsShape.box(width: 20, height: 20)
        never.filter = PhysicsFilter(groupIndex: -3)
        floor.filter.groupIndex = -3
        world.addShape(never, to: grouped)
        run(world, seconds: 1)
        #expect(world.position(of: passes).y > 300)
        #expect(abs(world.position(of: lands).y - 290) < 1)
        #expect(world.position(of: grouped).y < 300) // group 0 on the floor: bits decide, and they allow it
    }

    @Test func polygonsCirclesAndChainsCollide() {
        let world = PhysicsWorld()
        let bowl = world.createBody(PhysicsBodyDefinition(type: .static))
        world.addShape(.chain([PhysicsVector(-200, 0), PhysicsVector(-100, 200), PhysicsVector(100, 200), PhysicsVector(200, 0)]), to: bowl)
        let ball = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(-150, -50)))
        world.addShape(.circle(radius: 10), to: ball)
        let tri = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(150, -50)))
        world.addShape(.polygon([PhysicsVector(0, -15), PhysicsVector(15, 10), PhysicsVector(-15, 10)]), to: tri)
        let egg = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(0, -50)))
        world.addShape(.ellipse(width: 30, height: 20), to: egg)
        run(world, seconds: 6)
        for b in [ball, tri, egg] {
            let p = world.position(of: b)
            #expect(p.y < 200 && p.y > 150, "\(b) ended at \(p)")
            #expect(abs(p.x) < 100)
        }
    }

    /// A path boundary flattened into many short collinear segments: a box sliding across the
    /// joints keeps its speed (no catching on inner vertices) when friction is zero.
    @Test func boxSlidesAcrossChainJointsWithoutCatching() {
        let world = PhysicsWorld()
        let floor = world.createBody(PhysicsBodyDefinition(type: .static))
        var points: [PhysicsVector] = []
        for k in 0...40 { points.append(PhysicsVector(Double(k) * 25 - 100, 300)) }
        var chain = PhysicsShape.chain(points)
        chain.friction = 0
        world.addShape(chain, to: floor)
        let box = addBox(world, center: PhysicsVector(0, 280), width: 40, height: 40, friction: 0)
        world.setLinearVelocity(box, PhysicsVector(300, 0))
        var slowest = Double.infinity, lowest = 0.0
        run(world, seconds: 2) { _ in
            slowest = min(slowest, world.linearVelocity(of: box).x)
            lowest = max(lowest, world.position(of: box).y)
        }
        #expect(slowest > 299)
        #expect(abs(world.position(of: box).x - 600) < 3)
        #expect(lowest < 280.6)
        #expect(abs(world.angle(of: box)) < 0.001)
    }

    /// Physics fuzz seed 2422's impact, built directly: an 80 × 32 ellipse spinning at −13.9 rad/s
    /// hits a wall at 576 pt/s with elasticity 1. Without friction the bounce keeps the kinetic
    /// energy exactly; with friction 0.58 it gains a third (Newton's restitution law with friction,
    /// as in Box2D 2.4; docs/Reliability.md, Physics, seed 2422, open), recorded as a known issue
    /// so that a fix shows here.
    @Test func anElasticBounceOfASpinningEllipseKeepsItsEnergyOnlyWithoutFriction() {
        func bounce(friction: Double) -> (before: Double, after: Double) {
            let world = PhysicsWorld(gravity: .zero)
            let wall = world.createBody(PhysicsBodyDefinition(type: .static, position: PhysicsVector(650, 400)))
            var wallShape = PhysicsShape.box(width: 100, height: 2000)
            wallShape.friction = 1
            world.addShape(wallShape, to: wall)
            let body = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(571.4, 77.8), angle: -11.645))
            var ellipse = PhysicsShape.ellipse(width: 79.69, height: 32.03)
            ellipse.density = 4.87 / 10_000; ellipse.friction = friction * friction; ellipse.restitution = 1
            world.addShape(ellipse, to: body)
            world.setLinearVelocity(body, PhysicsVector(576, -314))
            world.setAngularVelocity(body, -13.88)
            func energy() -> Double {
                0.5 * world.mass(of: body) * world.linearVelocity(of: body).lengthSquared
                    + 0.5 * world.inertia(of: body) * pow(world.angularVelocity(of: body), 2)
            }
            let before = energy()
            for _ in 0..<30 { world.step(1.0 / 240.0) }
            #expect(world.linearVelocity(of: body).x < 0)  // it bounced
            return (before, energy())
        }
        let frictionless = bounce(friction: 0)
        #expect(abs(frictionless.after - frictionless.before) < 1e-6 * frictionless.before)
        let rough = bounce(friction: 0.58)
        withKnownIssue("seed 2422: Newton's restitution with friction gains 35 % here, as Box2D 2.4 does (docs/Reliability.md)") {
            #expect(rough.after <= rough.before, "\(rough.before) → \(rough.after)")
        }
    }
}

/// A slow body's corner sweeping past a segment, and sleep under a steady force (issue 37: a
/// guillotine menu swinging on a pivot until its corner stops on a one-point boundary).
@Suite struct SweptCornerTests {
    /// A 393 × 852 panel pinned near its top-left corner swings down from a quarter turn; a
    /// one-point segment stands where its bottom-left corner passes when it hangs straight.
    /// Each sub-step moves the corner a few points (far less than a quarter of the panel, so
    /// the body is not "fast"), but more than the segment is long: without a sweep against the
    /// segment it swings through. The pin holds the panel to the world, as a UIKit anchor
    /// attachment does (a pin to the segment's own body would rule out their contact).
    /// Gravity keeps pressing the corner on the segment (the panel would hang 21° further on),
    /// so it comes to rest there, and sleeps.
    @Test func theCornerStopsOnAOnePointSegment() {
        let world = PhysicsWorld()
        let wall = world.createBody(PhysicsBodyDefinition(type: .static))
        world.addShape(.segment(from: PhysicsVector(-1, 851), to: PhysicsVector(-1, 852)), to: wall)
        let (panel, corner) = Self.addPanel(world)
        var maxAngle = -Double.infinity
        var restedAt: Double?
        run(world, seconds: 3) { time in
            maxAngle = max(maxAngle, world.angle(of: panel))
            if restedAt == nil && world.isResting { restedAt = time }
        }
        // The corner meets the segment's line x = -1 at 1/803 rad past upright.
        #expect(maxAngle < 0.002, "swung to \(maxAngle * 180 / .pi)°")
        let at = corner()
        #expect(abs(at.x - -1) < 0.5 && at.y > 851 - 0.5 && at.y < 852 + 0.5, "corner at \(at)")
        #expect(restedAt.map { $0 < 2.5 } == true, "rested at \(restedAt.map { "\($0) s" } ?? "never")")
        #expect(!world.isAwake(panel))
    }

    /// The corner meets short segments at and near their ends, across its path and along it:
    /// each stops it where it first touches, and the panel sleeps. (A contact taken with the
    /// segment's face as its normal would only push the corner along the segment, as it did
    /// when bodies were stopped overlapping the segment: it slid past the end.)
    @Test(arguments: [
        (PhysicsVector(-1, 851.9), PhysicsVector(-1, 900)),      // across the path, end just above the corner
        (PhysicsVector(-1, 800), PhysicsVector(-1, 851.95)),     // across the path, end just below it
        (PhysicsVector(-10, 851.8), PhysicsVector(-1, 851.8)),   // along the path: the end meets the side
        (PhysicsVector(-2, 851.9), PhysicsVector(-1, 851.9)),    // one point along the path
        (PhysicsVector(-2, 852), PhysicsVector(-1, 851)),        // slanted
    ])
    func theCornerStopsAtASegmentsEnd(from: PhysicsVector, to: PhysicsVector) {
        let world = PhysicsWorld()
        let wall = world.createBody(PhysicsBodyDefinition(type: .static))
        world.addShape(.segment(from: from, to: to), to: wall)
        let (panel, _) = Self.addPanel(world)
        var maxAngle = -Double.infinity
        run(world, seconds: 3) { _ in maxAngle = max(maxAngle, world.angle(of: panel)) }
        #expect(maxAngle < 0.002, "swung to \(maxAngle * 180 / .pi)°")
        #expect(!world.isAwake(panel))
    }

    /// A 393 × 852 panel (UIKit density 1) pinned to the world at (49, 49), 49 pt in from its
    /// top-left corner, turned a quarter turn back from upright; with its bottom-left corner.
    static func addPanel(_ world: PhysicsWorld) -> (PhysicsBodyID, () -> PhysicsVector) {
        // Upright, the panel's centre is at (196.5, 426) and the pin at (49, 49).
        let pin = PhysicsVector(49, 49)
        let offset = PhysicsVector(49 - 196.5, 49 - 426)
        // A quarter turn back (counter-clockwise): the centre rotated about the pin by -90°.
        let start = PhysicsVector(pin.x + (-offset).y, pin.y - (-offset).x)
        let panel = world.createBody(PhysicsBodyDefinition(position: start, angle: -.pi / 2))
        world.addShape(.box(width: 393, height: 852), to: panel)
        world.createJoint(.revolute(nil, pin, panel, offset))
        return (panel, {
            let a = world.angle(of: panel), c = world.position(of: panel)
            let local = PhysicsVector(-196.5, 426)
            return PhysicsVector(c.x + cos(a) * local.x - sin(a) * local.y, c.y + sin(a) * local.x + cos(a) * local.y)
        })
    }

    /// A steady force pressing a box on the ground does not keep it awake (Box2D 2.4: `wake`
    /// wakes a sleeping body but does not restart an awake body's sleep timer).
    @Test func aBodyHeldStillByASteadyForceFallsAsleep() {
        let world = PhysicsWorld()
        addGround(world, top: 300)
        let box = addBox(world, center: PhysicsVector(0, 275), width: 50, height: 50)
        var restedAt: Double?
        for i in 0..<240 where restedAt == nil {
            world.applyForceToCenter(PhysicsVector(0, 500), to: box)
            world.step(1.0 / 60)
            if world.isResting { restedAt = Double(i + 1) / 60 }
        }
        #expect(restedAt != nil)
        #expect(!world.isAwake(box))
        // Asleep, a force that may not wake it is dropped; one that may, wakes it.
        world.applyForceToCenter(PhysicsVector(0, 500), to: box, wake: false)
        #expect(!world.isAwake(box))
        world.applyForceToCenter(PhysicsVector(0, 500), to: box)
        #expect(world.isAwake(box))
    }
}
