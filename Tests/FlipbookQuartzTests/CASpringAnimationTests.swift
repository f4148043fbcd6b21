import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Springs through CASpringAnimation's presentation values, against the closed forms of
/// docs/Semantics.md, "Springs" (written out here independently of FlipbookGeometry).
@Suite(.freshRuntime)
@MainActor
struct CASpringAnimationTests {
    let clock = MediaClock.main

    func presented(_ spring: CASpringAnimation, at t: Double) -> Double {
        let layer = makeLayer()
        spring.keyPath = "position.x"
        spring.fromValue = 0
        spring.toValue = 100
        spring.duration = 10
        layer.add(spring, forKey: "s")
        clock.advance(by: t)
        let x = Double(presentedX(layer))
        layer.removeAllAnimations()
        return x / 100
    }

    @Test func underdamped() {
        let s = CASpringAnimation()  // m 1, k 100, c 10: ω0 10, ζ 0.5
        let t = 0.3, w0 = 10.0, z = 0.5, wd = w0 * (1 - z * z).squareRoot()
        let expected = 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 / wd) * sin(wd * t))
        #expect(close(presented(s, at: t), expected, 1e-9))
    }

    @Test func underdampedWithInitialVelocity() {
        let s = CASpringAnimation()
        s.initialVelocity = -4
        let t = 0.2, w0 = 10.0, z = 0.5, wd = w0 * (1 - z * z).squareRoot(), v0 = -4.0
        let expected = 1 - exp(-z * w0 * t) * (cos(wd * t) + ((z * w0 - v0) / wd) * sin(wd * t))
        #expect(close(presented(s, at: t), expected, 1e-9))
    }

    @Test func criticallyDamped() {
        let s = CASpringAnimation()
        s.damping = 20  // ζ = 1
        let t = 0.25
        #expect(close(presented(s, at: t), 1 - exp(-10 * t) * (1 + 10 * t), 1e-9))
    }

    @Test func overdampedAndItsCriticalFallback() {
        let s = CASpringAnimation()
        s.damping = 50  // ζ = 2.5
        s.allowsOverdamping = true
        let t = 0.4, w0 = 10.0, z = 2.5
        let r1 = -w0 * (z - (z * z - 1).squareRoot()), r2 = -w0 * (z + (z * z - 1).squareRoot())
        let b = (0 + r1) / (r2 - r1), a = -1 - b
        #expect(close(presented(s, at: t), 1 + a * exp(r1 * t) + b * exp(r2 * t), 1e-9))

        let c = CASpringAnimation()
        c.damping = 50
        #expect(close(presented(c, at: t), 1 - exp(-10 * t) * (1 + 10 * t), 1e-9))
    }

    /// Apple: mass 1, stiffness 100, damping 5 settles in about 2.85 s; damping 15 in just over 1 s.
    @Test func settlingDurationMatchesApplesExamples() {
        let five = CASpringAnimation()
        five.damping = 5
        let fifteen = CASpringAnimation()
        fifteen.damping = 15
        #expect(abs(five.settlingDuration - 2.85) < 0.1)
        #expect(fifteen.settlingDuration > 1 && fifteen.settlingDuration < 1.2)
    }

    /// docs/Semantics.md, "iOS 17 duration and bounce": duration 0.5, bounce 0 → k ≈ 157.91, c ≈ 25.13.
    @Test func perceptualInitialiser() {
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        #expect(abs(s.stiffness - 157.91) < 0.01 && abs(s.damping - 25.13) < 0.01 && s.mass == 1)
        #expect(s.duration == s.settlingDuration)
        #expect(close(s.perceptualDuration, 0.5, 1e-9) && abs(s.bounce) < 1e-9)
    }

    @Test func invalidParametersFallBackWithADiagnostic() {
        let s = CASpringAnimation(keyPath: "opacity")
        s.mass = -1
        s.stiffness = .nan
        let layer = makeLayer()
        let messages = FlipbookDiagnostics.capture { layer.add(s, forKey: "bad") }
        layer.removeAllAnimations()
        #expect(messages.count == 2)
        #expect(presented(s, at: 0.3).isFinite)
    }
}
