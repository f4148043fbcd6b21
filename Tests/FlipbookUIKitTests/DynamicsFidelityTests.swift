// UIKit Dynamics against closed forms, scene by scene (docs/Semantics.md, "UIKit Dynamics"):
// pendulum periods, spring attachments' frequency and decay, bounce heights, sliding distance
// under friction, resistance decay, snap settle time and a stack at rest. Each test states its
// tolerance. The same scenes run through FlipbookPhysics and Box2D 2.4 in Benchmarks
// (`make bench-physics-fidelity`); docs/Physics-Fidelity.md has the figures.
import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

@MainActor
@Suite(.freshRuntime) struct DynamicsFidelityTests {
    static let g = 1000.0

    static func scene(_ frame: CGRect) -> (UIView, UIView, UIDynamicAnimator) {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        let item = UIView(frame: frame)
        reference.addSubview(item)
        return (reference, item, UIDynamicAnimator(referenceView: reference))
    }

    /// Runs the clock for `seconds` in steps of `step` (media time), calling `each` with the
    /// media time since the start after every step.
    static func run(seconds: Double, step: Double = 1.0 / 60, _ each: (Double) -> Void) {
        let t0 = MediaClock.main.now
        while MediaClock.main.now - t0 < seconds - 1e-9 {
            MediaClock.main.advance(by: step)
            each(MediaClock.main.now - t0)
        }
    }

    /// Times at which (time, value) samples cross zero going upward, linearly interpolated.
    static func upwardCrossings(_ s: [(Double, Double)]) -> [Double] {
        var out: [Double] = []
        for k in 1..<max(1, s.count) where s[k - 1].1 < 0 && s[k].1 >= 0 {
            let (t0, v0) = s[k - 1], (t1, v1) = s[k]
            out.append(t0 + (t1 - t0) * (-v0) / (v1 - v0))
        }
        return out
    }

    static func meanPeriod(_ crossings: [Double]) -> Double? {
        guard crossings.count >= 2 else { return nil }
        return (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    }

    /// 2π√(L/g) with the finite-amplitude correction (1 + θ²/16 + 11θ⁴/3072).
    static func pendulumPeriod(length: Double, amplitude θ: Double, g: Double = g) -> Double {
        2 * Double.pi * (length / g).squareRoot() * (1 + θ * θ / 16 + 11 * θ * θ * θ * θ / 3072)
    }

    /// Measures the period of a pendulum: an item of `size` and `density` on a rigid
    /// attachment `length` below the anchor, released at `amplitude` radians.
    static func measurePendulum(length L: Double, amplitude θ: Double = 0.1, size: Double = 10, density: Double = 1,
                                seconds: Double = 8, step: Double = 1.0 / 60) -> Double? {
        let anchor = CGPoint(x: 1000, y: 100)
        let (_, item, animator) = scene(CGRect(x: anchor.x + L * sin(θ) - size / 2, y: anchor.y + L * cos(θ) - size / 2, width: size, height: size))
        let rod = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
        animator.addBehavior(rod)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        if density != 1 {
            let body = UIDynamicItemBehavior(items: [item])
            body.density = density
            animator.addBehavior(body)
        }
        var samples: [(Double, Double)] = []
        var worstLength = 0.0
        run(seconds: seconds, step: step) { t in
            samples.append((t, Double(item.center.x - anchor.x)))
            worstLength = max(worstLength, abs(hypot(Double(item.center.x - anchor.x), Double(item.center.y - anchor.y)) - L))
        }
        #expect(worstLength < 0.5, "the rod stretched by \(worstLength) pt")
        return meanPeriod(upwardCrossings(samples))
    }

    // MARK: Pendulum

    /// How the clock is driven: the physics must follow media time in every case.
    enum Drive: String, CaseIterable, CustomTestStringConvertible {
        case framesAt60Hz, stepsOf1over120OnA60HzClock, stepsOf1over60OnA30HzClock, framesAt120Hz, stepsOf10ms
        var testDescription: String { rawValue }
    }

    /// Issue 15's scene: a 10 × 10 item 200 pt below its anchor, swinging 0.1 rad under gravity
    /// magnitude 1: T = 2π√(0.2) · (1 + 0.1²/16) = 2.8127 s, whatever the clock's frame rate and
    /// however it is advanced (an export at 120 fps advances a 60 Hz clock by 1/120 s; this
    /// used to step 1/60 s of physics each time and gave 1.41 s). Tolerance 0.3 %.
    @Test(arguments: Drive.allCases)
    func pendulumOf200PointsKeepsMediaTime(drive: Drive) {
        var step = 1.0 / 60
        switch drive {
        case .framesAt60Hz: break
        case .stepsOf1over120OnA60HzClock: step = 1.0 / 120
        case .stepsOf1over60OnA30HzClock: MediaClock.main.framesPerSecond = 30
        case .framesAt120Hz: MediaClock.main.framesPerSecond = 120; step = 1.0 / 120
        case .stepsOf10ms: step = 0.01
        }
        let expected = Self.pendulumPeriod(length: 200, amplitude: 0.1)
        let measured = Self.measurePendulum(length: 200, step: step)
        #expect(measured != nil)
        if let measured { #expect(abs(measured - expected) / expected < 0.003, "period \(measured) s, expected \(expected) s") }
    }

    /// Period against 2π√(L/g) for several lengths, item sizes and densities (mass does not
    /// matter). Tolerance 0.5 %.
    @Test(arguments: [(100.0, 10.0, 1.0), (200, 10, 1), (400, 10, 1), (200, 10, 8), (200, 30, 1), (300, 20, 0.25)])
    func pendulumPeriodForLengthsAndMasses(length: Double, size: Double, density: Double) {
        let expected = Self.pendulumPeriod(length: length, amplitude: 0.1)
        let measured = Self.measurePendulum(length: length, size: size, density: density, seconds: 3.5 * expected)
        #expect(measured != nil)
        if let measured { #expect(abs(measured - expected) / expected < 0.005, "period \(measured) s, expected \(expected) s") }
    }

    // MARK: Spring attachment

    /// The displacement, every `h` seconds, of a unit mass on a spring of `hz` and damping ratio
    /// `zeta` released at rest from `x0`, integrated as Box2D's soft constraints are (implicit in
    /// the new velocity: m(v₁ − v₀) = −h(k(x₀ + h·v₁) + c·v₁), x₁ = x₀ + h·v₁). This scheme loses
    /// energy at a rate of about ½(ωh)² per step even when ζ = 0 (docs/Divergences.md).
    static func softSpring(hz: Double, zeta: Double, x0: Double, h: Double = 1.0 / 240, steps: Int) -> [Double] {
        let w = 2 * Double.pi * hz, k = w * w, c = 2 * zeta * w
        var x = x0, v = 0.0, out: [Double] = []
        for _ in 0..<steps {
            v = (v - h * k * x) / (1 + h * h * k + h * c)
            x += h * v
            out.append(x)
        }
        return out
    }

    /// Successive maxima (> 0) of `samples`, the release (`first`) included.
    static func peaks(_ samples: [Double], first: Double) -> [Double] {
        var out = [first]
        for k in 1..<max(1, samples.count - 1) where samples[k] > samples[k - 1] && samples[k] >= samples[k + 1] && samples[k] > 0 {
            out.append(samples[k])
        }
        return out
    }

    /// An item on a spring attachment (frequency f, damping ratio ζ; no gravity), released
    /// 50 pt beyond its length: a damped oscillator with period 1 / (f√(1−ζ²)) (tolerance
    /// 1.5 %). Its amplitude ratio per period is the soft-constraint integrator's, computed
    /// by `softSpring` at the engine's 1/240 s step (tolerance 0.02); the continuous
    /// exp(−2πζ/√(1−ζ²)) is higher by the integrator's numerical damping (docs/Physics-Fidelity.md).
    @Test(arguments: [(1.0, 0.0), (2.0, 0.05), (2.0, 0.2), (4.0, 0.1)])
    func springAttachmentFrequencyAndDecay(hz: Double, zeta: Double) {
        let anchor = CGPoint(x: 1000, y: 100)
        let rest = 100.0, stretch = 50.0
        let (_, item, animator) = Self.scene(CGRect(x: anchor.x - 10, y: anchor.y + rest + stretch - 10, width: 20, height: 20))
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
        spring.length = CGFloat(rest)
        spring.frequency = CGFloat(hz)
        spring.damping = CGFloat(zeta)
        animator.addBehavior(spring)
        var samples: [(Double, Double)] = []
        Self.run(seconds: 3.2 / hz) { t in samples.append((t, Double(item.center.y - anchor.y) - rest)) }
        let period = Self.meanPeriod(Self.upwardCrossings(samples))
        let expectedPeriod = 1 / (hz * (1 - zeta * zeta).squareRoot())
        #expect(period != nil)
        if let period { #expect(abs(period - expectedPeriod) / expectedPeriod < 0.015, "period \(period) s, expected \(expectedPeriod) s") }
        // Successive maxima, sampled every frame (every 4th sub-step) like the model.
        let peaks = Self.peaks(samples.map(\.1), first: stretch)
        let model = Self.softSpring(hz: hz, zeta: zeta, x0: stretch, steps: 4 * samples.count)
        let modelPeaks = Self.peaks(stride(from: 3, to: model.count, by: 4).map { model[$0] }, first: stretch)
        #expect(peaks.count >= 3 && modelPeaks.count >= 3)
        if peaks.count >= 3 && modelPeaks.count >= 3 {
            let ratio = peaks[2] / peaks[1], expectedRatio = modelPeaks[2] / modelPeaks[1]
            #expect(abs(ratio - expectedRatio) < 0.02, "amplitude ratio \(ratio), expected \(expectedRatio)")
        }
    }

    // MARK: Collisions

    /// A 20-point item dropped 200 pt onto a boundary rebounds to e² · 200 pt. Tolerance 2 pt.
    @Test(arguments: [0.3, 0.5, 0.8, 1.0])
    func bounceHeightForElasticity(elasticity e: Double) {
        let floorY = 1000.0, drop = 200.0
        let (_, item, animator) = Self.scene(CGRect(x: 990, y: floorY - drop - 20, width: 20, height: 20))
        let body = UIDynamicItemBehavior(items: [item])
        body.elasticity = CGFloat(e)
        body.allowsRotation = false
        let collision = UICollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: floorY), to: CGPoint(x: 2000, y: floorY))
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        animator.addBehavior(collision)
        var bounced = false, apex = Double.infinity, last = Double(item.center.y)
        let fall = (2 * drop / Self.g).squareRoot()
        Self.run(seconds: fall * (1 + 2 * e) + 0.1) { _ in
            let y = Double(item.center.y)
            if y < last { bounced = true }
            if bounced { apex = min(apex, y) }
            last = y
        }
        let height = floorY - 10 - apex
        #expect(abs(height - e * e * drop) < 2, "rebound \(height) pt, expected \(e * e * drop) pt")
    }

    /// An item sliding at 400 pt/s on a boundary with friction μ (√μ against a boundary,
    /// docs/Semantics.md) stops after v²/(2·√μ·g). Tolerance 2 %.
    @Test(arguments: [0.09, 0.25, 0.64])
    func slidingDistanceUnderFriction(friction mu: Double) {
        let floorY = 1000.0, v0 = 400.0
        let (_, item, animator) = Self.scene(CGRect(x: 200, y: floorY - 20, width: 20, height: 20))
        let body = UIDynamicItemBehavior(items: [item])
        body.friction = CGFloat(mu)
        body.allowsRotation = false
        body.addLinearVelocity(CGPoint(x: v0, y: 0), for: item)
        let collision = UICollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: floorY), to: CGPoint(x: 2000, y: floorY))
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        animator.addBehavior(collision)
        let x0 = Double(item.center.x)
        let muEffective = mu.squareRoot()
        Self.run(seconds: v0 / (muEffective * Self.g) + 0.5) { _ in }
        let distance = Double(item.center.x) - x0
        let expected = v0 * v0 / (2 * muEffective * Self.g)
        #expect(abs(distance - expected) / expected < 0.02, "slid \(distance) pt, expected \(expected) pt")
        #expect(abs(Double(body.linearVelocity(for: item).x)) < 1)
    }

    /// resistance r is linear damping: v = v₀e^(−rt), x = v₀/r · (1 − e^(−rt)). Tolerance 1 %.
    @Test(arguments: [0.5, 2.0, 5.0])
    func resistanceDecaysVelocityExponentially(resistance r: Double) {
        let v0 = 300.0
        let (_, item, animator) = Self.scene(CGRect(x: 100, y: 100, width: 20, height: 20))
        let body = UIDynamicItemBehavior(items: [item])
        body.resistance = CGFloat(r)
        body.addLinearVelocity(CGPoint(x: v0, y: 0), for: item)
        animator.addBehavior(body)
        let x0 = Double(item.center.x)
        let t = 1.0
        Self.run(seconds: t) { _ in }
        let v = Double(body.linearVelocity(for: item).x), x = Double(item.center.x) - x0
        let ev = v0 * exp(-r * t), ex = v0 / r * (1 - exp(-r * t))
        #expect(abs(v - ev) < 0.01 * v0, "v \(v), expected \(ev)")
        #expect(abs(x - ex) / ex < 0.01, "x \(x), expected \(ex)")
    }

    // MARK: Snap

    /// The last frame time (60 Hz) at which the soft-constraint oscillator (frequency `hz`,
    /// ratio `zeta`, `softSpring`) released at rest from `A` is still ε or more from rest.
    static func settleTime(amplitude A: Double, hz: Double, zeta: Double, epsilon: Double, seconds: Double) -> Double {
        let x = softSpring(hz: hz, zeta: zeta, x0: A, steps: Int(seconds * 240))
        var last = 0.0
        for i in stride(from: 3, to: x.count, by: 4) where abs(x[i]) >= epsilon { last = Double(i + 1) / 240 }
        return last
    }

    /// A snap is a 3 Hz spring with damping ratio 0.1 + 0.9·damping (docs/Semantics.md): the
    /// item comes within 1 pt of the snap point for good when the oscillator does. Tolerance
    /// 5 % or 2 frames.
    @Test(arguments: [0.0, 0.5, 1.0])
    func snapSettleTime(damping: Double) {
        let (_, item, animator) = Self.scene(CGRect(x: 190, y: 190, width: 20, height: 20))
        let target = CGPoint(x: 500, y: 600)
        let snap = UISnapBehavior(item: item, snapTo: target)
        snap.damping = CGFloat(damping)
        animator.addBehavior(snap)
        let A = hypot(Double(target.x - item.center.x), Double(target.y - item.center.y))
        var settled = 0.0
        Self.run(seconds: 6) { t in
            if hypot(Double(target.x - item.center.x), Double(target.y - item.center.y)) >= 1 { settled = t }
        }
        let expected = Self.settleTime(amplitude: A, hz: 3, zeta: 0.1 + 0.9 * damping, epsilon: 1, seconds: 6)
        #expect(abs(settled - expected) < max(0.05 * expected, 2.0 / 60), "settled after \(settled) s, expected \(expected) s")
    }

    // MARK: Stack

    /// Five 40-point items stacked with 1-point gaps on a boundary settle into a column at the
    /// heights of a perfect stack (within 1 pt: contacts keep a slop of 0.5 pt), without
    /// sliding or turning, and the animator pauses.
    @Test func stackComesToRest() {
        let floorY = 1000.0, size = 40.0
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        var items: [UIView] = []
        for i in 0..<5 {
            let v = UIView(frame: CGRect(x: 980, y: floorY - Double(i + 1) * (size + 1), width: size, height: size))
            reference.addSubview(v)
            items.append(v)
        }
        let animator = UIDynamicAnimator(referenceView: reference)
        let recorder = DynamicsRecorder()
        animator.delegate = recorder
        let body = UIDynamicItemBehavior(items: items)
        body.friction = 0.5
        let collision = UICollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: floorY), to: CGPoint(x: 2000, y: floorY))
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: items))
        animator.addBehavior(collision)
        Self.run(seconds: 4) { _ in }
        for (i, v) in items.enumerated() {
            let ideal = floorY - size / 2 - Double(i) * size
            #expect(abs(Double(v.center.y) - ideal) < 1, "item \(i) at y \(v.center.y), ideal \(ideal)")
            #expect(abs(Double(v.center.x) - 1000) < 0.5)
            #expect(abs(Double(DynamicsEngine.rotation(of: v.transform))) < 0.01)
        }
        #expect(animator.isRunning == false)
        #expect(recorder.events == ["willResume", "didPause"])
    }
}
