// FlipbookPhysics against closed forms in UIKit's units (points, g = 1000 pt/s², mass =
// w·h/10 000 at density 1): the engine-level twin of FlipbookUIKitTests' DynamicsFidelityTests,
// and the scenes Benchmarks' PhysicsFidelity also runs through Box2D 2.4. Tolerances are stated
// per test; docs/Physics-Fidelity.md has the measured figures.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsFidelityTests {
    static let g = 1000.0

    /// Box2D's soft-constraint step for a unit mass on a spring of `hz` and ratio `zeta`
    /// released at rest from `x0`: implicit in the new velocity, so it loses about ½(ωh)² of
    /// its amplitude per step even undamped.
    static func softSpring(hz: Double, zeta: Double, x0: Double, steps: Int, h: Double = 1.0 / 240) -> [Double] {
        let w = 2 * Double.pi * hz, k = w * w, c = 2 * zeta * w
        var x = x0, v = 0.0, out: [Double] = []
        for _ in 0..<steps { v = (v - h * k * x) / (1 + h * h * k + h * c); x += h * v; out.append(x) }
        return out
    }

    static func peaks(_ s: [Double], first: Double) -> [Double] {
        var out = [first]
        for k in 1..<max(1, s.count - 1) where s[k] > s[k - 1] && s[k] >= s[k + 1] && s[k] > 0 { out.append(s[k]) }
        return out
    }

    static func meanPeriod(_ c: [Double]) -> Double? { c.count >= 2 ? (c.last! - c.first!) / Double(c.count - 1) : nil }

    /// A box on a rigid rod from a fixed point, released at 0.1 rad: 2π√(L/g)(1 + θ²/16),
    /// whatever its mass and size. Tolerance 0.5 %; the rod stays within 0.5 pt of its length.
    @Test(arguments: [(100.0, 10.0, 1.0), (200, 10, 1), (400, 10, 1), (200, 10, 8), (200, 30, 1), (300, 20, 0.25)])
    func pendulumPeriod(length L: Double, size: Double, density: Double) {
        let world = PhysicsWorld(gravity: PhysicsVector(0, Self.g))
        let θ = 0.1
        let bob = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(L * sin(θ), L * cos(θ))))
        var box = PhysicsShape.box(width: size, height: size)
        box.density = density / 10_000
        world.addShape(box, to: bob)
        world.createJoint(.distance(nil, .zero, bob, .zero, length: L))
        let expected = 2 * Double.pi * (L / Self.g).squareRoot() * (1 + θ * θ / 16)
        var samples: [(Double, Double)] = []
        var stretch = 0.0
        run(world, seconds: 3.5 * expected) { t in
            samples.append((t, world.position(of: bob).x))
            stretch = max(stretch, abs(world.position(of: bob).length - L))
        }
        let measured = Self.meanPeriod(upwardZeroCrossings(samples))
        #expect(measured != nil)
        if let measured { #expect(abs(measured - expected) / expected < 0.005, "period \(measured), expected \(expected)") }
        #expect(stretch < 0.5)
    }

    /// A spring distance joint (no gravity) released 50 pt beyond its 100 pt length: period
    /// 1/(f√(1−ζ²)) within 1.5 %; amplitude ratio per period as the soft step's closed form
    /// (`softSpring`) within 0.02.
    @Test(arguments: [(1.0, 0.0), (2.0, 0.05), (2.0, 0.2), (4.0, 0.1)])
    func springFrequencyAndDecay(hz: Double, zeta: Double) {
        let world = PhysicsWorld(gravity: .zero)
        let body = addBox(world, center: PhysicsVector(0, 150), width: 20, height: 20)
        world.createJoint(.distance(nil, .zero, body, .zero, length: 100, frequency: hz, dampingRatio: zeta))
        var samples: [(Double, Double)] = []
        run(world, seconds: 3.2 / hz) { t in samples.append((t, world.position(of: body).y - 100)) }
        let expected = 1 / (hz * (1 - zeta * zeta).squareRoot())
        let period = Self.meanPeriod(upwardZeroCrossings(samples))
        #expect(period != nil)
        if let period { #expect(abs(period - expected) / expected < 0.015, "period \(period), expected \(expected)") }
        let p = Self.peaks(samples.map(\.1), first: 50)
        let model = Self.softSpring(hz: hz, zeta: zeta, x0: 50, steps: 4 * samples.count)
        let mp = Self.peaks(stride(from: 3, to: model.count, by: 4).map { model[$0] }, first: 50)
        #expect(p.count >= 3 && mp.count >= 3)
        if p.count >= 3 && mp.count >= 3 {
            #expect(abs(p[2] / p[1] - mp[2] / mp[1]) < 0.02, "ratio \(p[2] / p[1]), expected \(mp[2] / mp[1])")
        }
    }

    /// A 20 pt box (no rotation) dropped 200 pt onto a segment rebounds to e²·200. Tolerance 2 pt.
    @Test(arguments: [0.3, 0.5, 0.8, 1.0])
    func bounceHeight(elasticity e: Double) {
        let world = PhysicsWorld(gravity: PhysicsVector(0, Self.g))
        let floor = world.createBody(PhysicsBodyDefinition(type: .static))
        world.addShape(.segment(from: PhysicsVector(-1000, 0), to: PhysicsVector(1000, 0)), to: floor)
        let box = addBox(world, center: PhysicsVector(0, -210), width: 20, height: 20, restitution: e)
        world.setFixedRotation(box, true)
        var bounced = false, apex = Double.infinity, last = world.position(of: box).y
        run(world, seconds: (0.4).squareRoot() * (1 + 2 * e) + 0.1) { _ in
            let y = world.position(of: box).y
            if y < last { bounced = true }
            if bounced { apex = min(apex, y) }
            last = y
        }
        #expect(abs(-10 - apex - e * e * 200) < 2, "rebound \(-10 - apex), expected \(e * e * 200)")
    }

    /// A box sliding at 400 pt/s on a floor of friction 1 with its own friction μ (mixed √μ)
    /// stops after v²/(2·√μ·g). Tolerance 2 %.
    @Test(arguments: [0.09, 0.25, 0.64])
    func slidingDistance(friction mu: Double) {
        let world = PhysicsWorld(gravity: PhysicsVector(0, Self.g))
        addGround(world, top: 0, friction: 1)
        let box = addBox(world, center: PhysicsVector(0, -10), width: 20, height: 20, friction: mu)
        world.setFixedRotation(box, true)
        world.setLinearVelocity(box, PhysicsVector(400, 0))
        run(world, seconds: 400 / (mu.squareRoot() * Self.g) + 0.5)
        let expected = 160_000 / (2 * mu.squareRoot() * Self.g)
        #expect(abs(world.position(of: box).x - expected) / expected < 0.02, "slid \(world.position(of: box).x), expected \(expected)")
    }

    /// Linear damping r: after 1 s at 300 pt/s, x = 300/r·(1 − e^(−r)) and v = 300e^(−r). Tolerance 1 %.
    @Test(arguments: [0.5, 2.0, 5.0])
    func linearDampingDecay(r: Double) {
        let world = PhysicsWorld(gravity: .zero)
        let box = addBox(world, center: .zero, width: 20, height: 20)
        world.setLinearDamping(box, r)
        world.setLinearVelocity(box, PhysicsVector(300, 0))
        run(world, seconds: 1)
        let ex = 300 / r * (1 - exp(-r)), ev = 300 * exp(-r)
        #expect(abs(world.position(of: box).x - ex) / ex < 0.01)
        #expect(abs(world.linearVelocity(of: box).x - ev) < 0.01 * 300)
    }

    /// A mouse joint (3 Hz, ratio ζ) pulling a box 510 pt: it stays within 1 pt of the target
    /// from the frame the soft step's closed form does. Tolerance 5 % or 2 frames.
    @Test(arguments: [0.1, 0.55, 1.0])
    func mouseSettleTime(zeta: Double) {
        let world = PhysicsWorld(gravity: .zero)
        let box = addBox(world, center: .zero, width: 20, height: 20)
        let target = PhysicsVector(310, 410)
        world.createJoint(.mouse(box, target: target, frequency: 3, dampingRatio: zeta))
        var settled = 0.0
        run(world, seconds: 6) { t in if (world.position(of: box) - target).length >= 1 { settled = t } }
        let model = Self.softSpring(hz: 3, zeta: zeta, x0: target.length, steps: 6 * 240)
        var expected = 0.0
        for i in stride(from: 3, to: model.count, by: 4) where abs(model[i]) >= 1 { expected = Double(i + 1) / 240 }
        #expect(abs(settled - expected) < max(0.05 * expected, 2.0 / 60), "settled \(settled), expected \(expected)")
    }

    /// Five 40 pt boxes (friction 0.5) dropped 1 pt apart on the ground: after 4 s each is within
    /// 1 pt of its place in a perfect stack, and all sleep.
    @Test func stackAtRest() {
        let world = PhysicsWorld(gravity: PhysicsVector(0, Self.g))
        addGround(world, top: 0, friction: 1)
        let boxes = (0..<5).map { i in addBox(world, center: PhysicsVector(0, -20 - Double(i) * 41 - 1), width: 40, height: 40, friction: 0.5) }
        run(world, seconds: 4)
        for (i, b) in boxes.enumerated() {
            let p = world.position(of: b)
            #expect((p - PhysicsVector(0, -20 - Double(i) * 40)).length < 1, "box \(i) at \(p)")
            #expect(!world.isAwake(b))
        }
    }
}
