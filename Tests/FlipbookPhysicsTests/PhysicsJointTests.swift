// Joints against closed forms: pendulum period, spring frequency; limits, welds, mouse targets.
import Foundation
import Testing
@testable import FlipbookPhysics

@Suite struct PhysicsJointTests {
    @Test func pendulumPeriodIsTwoPiRootLOverG() {
        let world = PhysicsWorld()
        let anchor = PhysicsVector(0, 0), L = 200.0, theta0 = 0.05
        let bob = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(L * sin(theta0), L * cos(theta0))))
        world.addShape(.circle(radius: 5), to: bob)
        world.createJoint(.distance(nil, anchor, bob, .zero, length: L))
        var samples: [(Double, Double)] = []
        run(world, seconds: 12) { t in samples.append((t, world.position(of: bob).x)) }
        let crossings = upwardZeroCrossings(samples)
        #expect(crossings.count >= 3)
        let measured = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        let expected = 2 * Double.pi * (L / 1000).squareRoot() * (1 + theta0 * theta0 / 16)
        #expect(abs(measured - expected) < 0.005 * expected, "period \(measured), expected \(expected)")
        #expect(abs((world.position(of: bob) - anchor).length - L) < 0.5)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func softDistanceJointOscillatesAtItsFrequency(hz: Double) {
        let world = PhysicsWorld(gravity: .zero)
        let body = world.createBody(PhysicsBodyDefinition(position: PhysicsVector(130, 0)))
        world.addShape(.box(width: 20, height: 20), to: body)
        world.createJoint(.distance(nil, .zero, body, .zero, length: 100, frequency: hz, dampingRatio: 0))
        var samples: [(Double, Double)] = []
        run(world, seconds: 4) { t in samples.append((t, world.position(of: body).x - 100)) }
        let crossings = upwardZeroCrossings(samples)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(period - 1 / hz) < 0.02 / hz, "period \(period), expected \(1 / hz)")
    }

    @Test func ropeLimitsLengthButAllowsSlack() {
        let world = PhysicsWorld()
        let body = addBox(world, center: PhysicsVector(0, 50), width: 10, height: 10)
        world.createJoint(.rope(nil, .zero, body, .zero, maxLength: 150))
        var longest = 0.0
        run(world, seconds: 2) { _ in longest = max(longest, world.position(of: body).length) }
        #expect(longest < 151)
        #expect(abs(world.position(of: body).y - 150) < 1)
    }

    @Test func revoluteLimitsHoldTheAngle() {
        let world = PhysicsWorld()
        let bar = addBox(world, center: PhysicsVector(100, 0), width: 200, height: 10)
        world.createJoint(.revolute(nil, .zero, bar, PhysicsVector(-100, 0), limits: -0.3...0.3))
        var maxAngle = 0.0
        run(world, seconds: 2) { _ in maxAngle = max(maxAngle, world.angle(of: bar)) }
        #expect(maxAngle < 0.3 + angularSlop * 1.5)
        #expect(abs(world.angle(of: bar) - 0.3) < 0.05)
        #expect(world.worldPoint(PhysicsVector(-100, 0), of: bar).length < 0.5)
    }

    @Test func revoluteFrictionTorqueStopsAFreeSpin() {
        let world = PhysicsWorld(gravity: .zero)
        let wheel = world.createBody(PhysicsBodyDefinition(angularVelocity: 10))
        world.addShape(.circle(radius: 50), to: wheel)
        let I = world.inertia(of: wheel), torque = 0.5 * I * 10 // stops in 2 s: ω = 10 − (τ/I) t
        world.createJoint(.revolute(nil, .zero, wheel, .zero, frictionTorque: torque))
        run(world, seconds: 1)
        #expect(abs(world.angularVelocity(of: wheel) - 5) < 0.05)
        run(world, seconds: 1.5)
        #expect(abs(world.angularVelocity(of: wheel)) < 1e-6)
    }

    @Test func prismaticSlidesAlongItsAxisToTheLimit() {
        let world = PhysicsWorld(gravity: PhysicsVector(600, 800))
        let slider = addBox(world, center: .zero, width: 20, height: 20)
        world.createJoint(.prismatic(nil, .zero, slider, .zero, axis: PhysicsVector(1, 0), limits: -50...120))
        run(world, seconds: 0.3)
        let x = world.position(of: slider).x
        #expect(abs(x - 0.5 * 600 * 0.09) < 2) // free slide along x at 600 pt/s²
        run(world, seconds: 2)
        #expect(abs(world.position(of: slider).x - 120) < 1)
        #expect(abs(world.position(of: slider).y) < 0.5)
        #expect(abs(world.angle(of: slider)) < 0.01)
    }

    /// Physics fuzz seed 1705, built directly: A slides on the world along an almost vertical axis
    /// (so it cannot turn), C is pinned to A at C's centre 560 points away (with an angle range
    /// that never acts), and B slides on A with a ±149 point range that never acts either. No
    /// contacts. Moving C sideways takes turning A about a 560 point lever, which the world slider
    /// forbids; 8 velocity iterations leave most of that unsolved, and warm starting with the
    /// whole accumulated impulses made them grow from sub-step to sub-step: the chain's energy
    /// went from 7.4 × 10⁴ to 1.5 × 10⁶ within 3 s. Scaled by `jointWarmStartFactor` (0.95) they shrink instead,
    /// and the energy never rises above its start.
    @Test(arguments: [0.95, 0.9])
    func aJointChainWithLongLeverArmsDoesNotGainEnergy(factor: Double) {
        var settings = PhysicsSettings()
        settings.jointWarmStartFactor = factor
        let g = PhysicsVector(-530, 340)
        let world = PhysicsWorld(gravity: g, settings: settings)
        let a = addBox(world, center: PhysicsVector(447.55, 654.26), width: 34.62, height: 75.44)
        let b = addBox(world, center: PhysicsVector(548.08, 46.01), width: 43.06, height: 68.63)
        let c = addBox(world, center: PhysicsVector(50.16, 249.35), width: 46.96, height: 40.12)
        world.createJoint(.revolute(c, .zero, a, PhysicsVector(50.16 - 447.55, 249.35 - 654.26), limits: -1.38...1.38))
        world.createJoint(.prismatic(a, .zero, b, PhysicsVector(447.55 - 548.08, 654.26 - 46.01), axis: PhysicsVector(0.73, 0.57), limits: -148.9...148.9))
        world.createJoint(.prismatic(nil, PhysicsVector(447.55, 654.26), a, .zero, axis: PhysicsVector(-0.04, 0.99)))
        func energy() -> Double {
            [a, b, c].reduce(0) { e, id in
                let m = world.mass(of: id), v = world.linearVelocity(of: id), w = world.angularVelocity(of: id)
                return e + 0.5 * m * v.lengthSquared + 0.5 * world.inertia(of: id) * w * w - m * dot(g, world.position(of: id))
            }
        }
        let e0 = energy()
        var highest = e0
        run(world, seconds: 3) { _ in highest = max(highest, energy()) }
        #expect(highest <= e0 + 1e-6 * abs(e0), "energy grew from \(e0) to \(highest)")
        #expect(world.position(of: a).isFinite && world.position(of: c).isFinite)
    }

    /// An out-of-range warm-start factor is reported and clamped; NaN takes the default.
    @Test func jointWarmStartFactorOutsideItsRangeIsReportedAndClamped() {
        var settings = PhysicsSettings()
        settings.jointWarmStartFactor = 1.5
        let world = PhysicsWorld(settings: settings)
        world.step(1.0 / 60.0)
        #expect(world.settings.jointWarmStartFactor == 1)
        #expect(world.diagnostics.map(\.code) == [.invalidValue])
        #expect(world.diagnostics.first?.message.contains("jointWarmStartFactor") == true)
        world.settings.jointWarmStartFactor = .nan
        world.step(1.0 / 60.0)
        #expect(world.settings.jointWarmStartFactor == 0.95)
        #expect(world.diagnostics.count == 2)
        #expect(PhysicsSettings.box2D.jointWarmStartFactor == 1)
    }

    @Test func weldKeepsTheRelativePose() {
        let world = PhysicsWorld()
        let a = addBox(world, center: .zero, width: 40, height: 40)
        let b = addBox(world, center: PhysicsVector(60, 0), width: 40, height: 40)
        world.createJoint(.revolute(nil, .zero, a, .zero))
        world.createJoint(.weld(a, PhysicsVector(30, 0), b, PhysicsVector(-30, 0)))
        var maxAngle = 0.0, worstOffset = 0.0, worstTwist = 0.0
        run(world, seconds: 2) { _ in
            maxAngle = max(maxAngle, world.angle(of: a))
            worstOffset = max(worstOffset, (world.localPoint(world.position(of: b), of: a) - PhysicsVector(60, 0)).length)
            worstTwist = max(worstTwist, abs(world.angle(of: b) - world.angle(of: a)))
        }
        #expect(worstOffset < 1.5)
        #expect(worstTwist < 0.02)
        #expect(maxAngle > 2) // the pair swung down together (a pendulum released from horizontal reaches ≈ π)
    }

    @Test func mouseJointPullsToItsTarget() {
        let world = PhysicsWorld()
        let body = addBox(world, center: .zero, width: 30, height: 30)
        let joint = world.createJoint(.mouse(body, target: PhysicsVector(200, -100), frequency: 4, dampingRatio: 1, maxForce: 1e6))
        run(world, seconds: 2)
        // A 4 Hz spring against gravity sags by g/ω².
        let sag = 1000 / pow(2 * Double.pi * 4, 2)
        #expect((world.position(of: body) - PhysicsVector(200, -100 + sag)).length < 1)
        world.updateJoint(joint!) { $0.target = PhysicsVector(0, 0) }
        run(world, seconds: 2)
        #expect((world.position(of: body) - PhysicsVector(0, sag)).length < 1)
    }
}
