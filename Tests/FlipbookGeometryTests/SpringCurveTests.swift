import Foundation
import Testing

@testable import FlipbookGeometry

@Suite struct SpringCurveTests {
    @Test func underdampedClosedForm() {
        // m 1, k 100, c 10: ω0 = 10, ζ = 0.5, ωd = 10·√0.75.
        let s = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        #expect(s.undampedAngularFrequency == 10 && s.dampingRatio == 0.5)
        let wd = 10 * 0.75.squareRoot()
        for t in [0.05, 0.2, 0.5, 1.0] {
            let x = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(abs(s.value(at: t) - x) < 1e-12)
        }
        // Velocity against a central difference of the closed form, and v(0) = v0.
        let v = SpringCurve(mass: 2, stiffness: 50, damping: 3, initialVelocity: -4)
        #expect(v.velocity(at: 0) == -4)
        for t in [0.1, 0.7] {
            let h = 1e-6
            #expect(abs(v.velocity(at: t) - (v.value(at: t + h) - v.value(at: t - h)) / (2 * h)) < 1e-6)
        }
    }

    @Test func criticalClosedForm() {
        // m 1, k 100, c 20: ζ = 1, x = 1 − e^(−10t)(1 + (10 − v0)t).
        let s = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 3)
        for t in [0.05, 0.3, 1.0] {
            #expect(abs(s.value(at: t) - (1 - exp(-10 * t) * (1 + 7 * t))) < 1e-12)
            #expect(abs(s.velocity(at: t) - exp(-10 * t) * (3 + 10 * 7 * t)) < 1e-12)
        }
    }

    @Test func overdampedTreatedAsCriticalUnlessAllowed() {
        // m 1, k 100, c 30: ζ = 1.5.
        let critical = SpringCurve(mass: 1, stiffness: 100, damping: 30, initialVelocity: 0)
        #expect(abs(critical.value(at: 0.2) - (1 - exp(-2.0) * 3)) < 1e-12)
        let over = SpringCurve(mass: 1, stiffness: 100, damping: 30, initialVelocity: 0, allowsOverdamping: true)
        // r1,2 = −10(1.5 ∓ √1.25); b = r1/(r2 − r1); a = −1 − b.
        let r1 = -10 * (1.5 - 1.25.squareRoot()), r2 = -10 * (1.5 + 1.25.squareRoot())
        let b = r1 / (r2 - r1), a = -1 - b
        for t in [0.1, 0.4, 2.0] {
            #expect(abs(over.value(at: t) - (1 + a * exp(r1 * t) + b * exp(r2 * t))) < 1e-12)
        }
        #expect(over.value(at: 0) == 0 && over.velocity(at: 0) == 0)
    }

    @Test func appleSettlingExamples() {
        // Apple: mass 1, stiffness 100; damping 5 settles in about 2.85 s, damping 15 in just over 1 s.
        let d5 = SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0).settlingDuration
        let d15 = SpringCurve(mass: 1, stiffness: 100, damping: 15, initialVelocity: 0).settlingDuration
        #expect(abs(d5 - 2.85) < 0.03)
        #expect(d15 > 1 && d15 < 1.05)
    }

    @Test func settlingMeansSettled() {
        for s in [
            SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
            SpringCurve(mass: 1, stiffness: 100, damping: 40, initialVelocity: 5, allowsOverdamping: true),
            SpringCurve(mass: 1, stiffness: 300, damping: 8, initialVelocity: -10),
        ] {
            let d = s.settlingDuration
            #expect(d > 0 && d < 10)
            for t in stride(from: d, to: d + 3, by: 0.01) { #expect(abs(s.value(at: t) - 1) <= 8e-4 + 1e-12) }
        }
        // No damping never settles: capped.
        #expect(SpringCurve(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0).settlingDuration == 1000)
    }

    @Test func uikitMapping() {
        // docs/Semantics.md, "UIKit's damping-ratio mapping": D = 3, ζ = 0.25 → k ≈ 54.8336, c ≈ 3.7025;
        // D = 0.5, ζ = 0.8 → k ≈ 323.59, c ≈ 28.78.
        let a = SpringCurve.uikit(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        #expect(abs(a.stiffness - 54.8336) < 1e-3 && abs(a.damping - 3.7025) < 1e-4 && a.mass == 1)
        let b = SpringCurve.uikit(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0)
        #expect(abs(b.stiffness - 323.59) < 0.01 && abs(b.damping - 28.78) < 0.01)
        // ζ = 1, v0 = 0: ω0·D = 9.233413.
        let c = SpringCurve.uikit(duration: 2, dampingRatio: 1, initialVelocity: 0)
        #expect(abs(c.undampedAngularFrequency * 2 - 9.233413) < 1e-5)
        #expect(abs(c.value(at: 2) - 0.999) < 1e-9)
        // With initial velocity and overdamping: finite and settled by D.
        for (z, v) in [(0.5, 3.0), (0.5, -2.0), (1.0, 5.0), (1.5, 0.0), (2.0, 4.0), (0.0, 0.0)] {
            let s = SpringCurve.uikit(duration: 0.6, dampingRatio: z, initialVelocity: v)
            #expect(s.stiffness.isFinite && s.damping.isFinite && s.stiffness > 0)
            let w = s.undampedAngularFrequency
            if z > 0, z < 1 {
                // UIKit's rule for ζ < 1: the sine term's amplitude is 0.001 at D.
                let r = abs(z * w - v) / (w * (1 - z * z).squareRoot()) * exp(-z * w * 0.6)
                #expect(abs(r - 0.001) < 1e-9)
            } else if z >= 1 {
                #expect(abs(s.value(at: 0.6) - 1) < 0.0011)
            }
        }
    }

    @Test func perceptualMapping() {
        // iOS 17: duration 0.5, bounce 0 → k = (2π/0.5)² ≈ 157.91, c = 4π/0.5 ≈ 25.13.
        let s = SpringCurve.perceptual(duration: 0.5, bounce: 0)
        #expect(abs(s.stiffness - 157.91) < 0.01 && abs(s.damping - 25.13) < 0.01)
        #expect(abs(s.dampingRatio - 1) < 1e-12)
        let b = SpringCurve.perceptual(duration: 1, bounce: 0.3)
        #expect(abs(b.dampingRatio - 0.7) < 1e-12 && abs(b.undampedAngularFrequency - 2 * .pi) < 1e-12)
        let f = SpringCurve.perceptual(duration: 1, bounce: -0.5)
        #expect(abs(f.dampingRatio - 2) < 1e-12)
    }

    @Test func badParametersNeverGiveNaN() {
        let bad = [
            SpringCurve(mass: 0, stiffness: 100, damping: 10, initialVelocity: 0),
            SpringCurve(mass: -1, stiffness: -5, damping: -3, initialVelocity: .nan),
            SpringCurve(mass: .nan, stiffness: .infinity, damping: .nan, initialVelocity: .infinity),
            SpringCurve(mass: 1, stiffness: 0, damping: 0, initialVelocity: 0),
            SpringCurve.perceptual(duration: 0, bounce: .nan),
            SpringCurve.perceptual(duration: .nan, bounce: -1),
            SpringCurve.uikit(duration: -1, dampingRatio: .nan, initialVelocity: .nan),
        ]
        for s in bad {
            for t in [0, 0.01, 0.5, 3, 1e6] {
                #expect(s.value(at: t).isFinite && s.velocity(at: t).isFinite)
            }
            #expect(s.settlingDuration.isFinite)
        }
        // Non-finite parameters take CASpringAnimation's defaults.
        #expect(bad[2] == SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
    }
}
