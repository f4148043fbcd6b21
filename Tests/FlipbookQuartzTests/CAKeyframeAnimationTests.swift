import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.freshRuntime)
@MainActor
struct CAKeyframeAnimationTests {
    let clock = MediaClock.main

    func sample(_ anim: CAKeyframeAnimation, at times: [Double]) -> [Double] {
        anim.keyPath = anim.keyPath ?? "position.x"
        return sampledX(anim, at: times)
    }

    func keyframes(_ values: [Any], duration: Double = 1, mode: CAAnimationCalculationMode = .linear) -> CAKeyframeAnimation {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = values
        k.duration = duration
        k.calculationMode = mode
        return k
    }

    func closeAll(_ a: [Double], _ b: [Double], _ tol: Double = 1e-9) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { close($0, $1, tol) }
    }

    func sampleX(_ anim: CAKeyframeAnimation, at times: [Double]) -> [Double] { sampledX(anim, at: times) }

    @Test func linearWithKeyTimesAndTimingFunctions() {
        let k = keyframes([0, 10, 30])
        k.keyTimes = [0, 0.25, 1]
        #expect(closeAll(sample(k, at: [0.125, 0.625]), [5, 20]))
        let eased = keyframes([0, 10, 30])
        eased.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        #expect(closeAll(sample(eased, at: [0.25, 0.75]), [10 * 0.3153567343, 20], 1e-6))
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() {
        let k = keyframes([1, 2, 3], duration: 3, mode: .discrete)
        #expect(closeAll(sample(k, at: [0.5, 1.5, 2.5]), [1, 2, 3]))
        let apple = keyframes([1, 2, 3], duration: 1, mode: .discrete)
        apple.keyTimes = [0, 0.5, 0.75, 1]  // one more than values, Apple's definition
        #expect(closeAll(sample(apple, at: [0.25, 0.6, 0.8]), [1, 2, 3]))
    }

    @Test func pacedMovesAtConstantSpeed() {
        let k = keyframes([0, 10, 40], mode: .paced)
        k.keyTimes = [0, 0.9, 1]  // ignored
        #expect(closeAll(sample(k, at: [0.125, 0.5, 0.75]), [5, 20, 30]))
    }

    /// Catmull–Rom by hand (docs/Semantics.md, "The cubic spline (Catmull–Rom and
    /// Kochanek–Bartels)"): keys 0, 10, 5, 20 at 0, 1/3, 2/3, 1.
    /// Segment 1 at s = ½: D1 = ½(10) + ½(−5) = 2.5, S2 = ½(−5) + ½(15) = 5,
    /// H = ½·10 + ⅛·2.5 + ½·5 − ⅛·5 = 7.1875. Segment 0 (end neighbour = end key):
    /// D0 = ½·0 + ½·10 = 5, S1 = ½·10 + ½·(−5) = 2.5, H = 5 + 0.625 − 0.3125 = 5.3125.
    @Test func cubicFollowsKochanekBartels() {
        let k = keyframes([0, 10, 5, 20], duration: 3, mode: .cubic)
        #expect(closeAll(sample(k, at: [0.5, 1.5]), [5.3125, 7.1875]))
        // Tension ½ halves every tangent: 7.5 + ⅛·1.25 − ⅛·2.5 = 7.34375.
        let tense = keyframes([0, 10, 5, 20], duration: 3, mode: .cubic)
        tense.tensionValues = [0.5, 0.5, 0.5, 0.5]
        #expect(closeAll(sample(tense, at: [1.5]), [7.34375]))
        // Bias 1 and continuity 0: D1 = (1+1)/2·(P1−P0) = 10; S2 = (2/2)·(P2−P1) = −5.
        let biased = keyframes([0, 10, 5, 20], duration: 3, mode: .cubic)
        biased.biasValues = [1]
        #expect(closeAll(sample(biased, at: [1.5]), [7.5 + 0.125 * 10 - 0.125 * -5]))
    }

    @Test func pathMotionFollowsTheCurve() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: 150, y: 0), control2: CGPoint(x: 150, y: 100))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path
        k.duration = 2
        let layer = makeLayer()
        layer.add(k, forKey: "p")
        clock.advance(by: 0.5)
        let p1 = layer.presentation()?.position
        clock.advance(by: 1)
        let p2 = layer.presentation()?.position
        layer.removeAllAnimations()
        // Half way through the curve segment: B(½) = (⅛·100 + ⅜·150 + ⅜·150 + ⅛·100, 50).
        #expect(p1 == CGPoint(x: 50, y: 0))
        #expect(close(p2?.x ?? 0, 137.5) && close(p2?.y ?? 0, 50))
    }

    @Test func cumulativeKeyframes() {
        let k = keyframes([0, 4, 10])
        k.repeatCount = 2
        k.isCumulative = true
        #expect(closeAll(sample(k, at: [1.5]), [14]))
    }

    @Test func mismatchedKeyTimesFallBackToEvenSpacingWithADiagnostic() {
        let k = keyframes([0, 10, 20])
        k.keyTimes = [0, 1]
        var values: [Double] = []
        let messages = FlipbookDiagnostics.capture { values = sample(k, at: [0.25]) }
        #expect(messages.count == 1 && messages[0].contains("keyTimes"))
        #expect(closeAll(values, [5]))
    }

    /// Regression test from the FlipbookQuartz audit: it crashed before the fix.
    ///
    /// [point, number, point] on "position": a spline cannot join them. Without the check,
    /// KochanekBartels returns one component for the segment and `with(components:)` read
    /// index 1 of a one-element array (a crash). Now it is reported once and the cubic modes
    /// interpolate linearly: at 10 % the first segment (point → number) is still at its
    /// first half, so the layer shows the first point.
    @Test(arguments: [CAAnimationCalculationMode.cubic, .cubicPaced])
    func cubicKeyframesWithMixedKindsAreReportedAndInterpolatedLinearly(mode: CAAnimationCalculationMode) {
        let layer = makeLayer(position: CGPoint(x: 1, y: 1))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.values = [NSValue(cgPoint: CGPoint(x: 10, y: 20)), 5, NSValue(cgPoint: CGPoint(x: 30, y: 40))]
        k.calculationMode = mode
        k.duration = 1
        let seen = reports { layer.add(k, forKey: "mixed") }
        #expect(seen.filter { $0.key == "CAKeyframeAnimation.mixedKinds" }.count == 1)
        #expect(seen.contains { $0.message.contains("CGPoint, number") })
        clock.advance(by: 0.1)
        let p = layer.presentation()?.position ?? .zero
        #expect(near(p, CGPoint(x: 10, y: 20)))
        clock.advance(by: 0.3)  // 40 %: the number 5 does not fit "position"; the model shows
        #expect(layer.presentation()?.position == CGPoint(x: 1, y: 1))
        layer.removeAllAnimations()
    }

    /// Regression test from the FlipbookQuartz audit: the crash of mixed-kind cubic keyframes, at
    /// its source.
    ///
    /// The spline reader is safe on its own: too few components leave the value unchanged.
    @Test func withComponentsNeverReadsPastTheEnd() {
        let p = AnimatableValue.point(CGPoint(x: 1, y: 2))
        guard case .point(let q) = p.with(components: [7]) else { Issue.record("kind changed"); return }
        #expect(q == CGPoint(x: 1, y: 2))
        guard case .rect(let r) = AnimatableValue.rect(.zero).with(components: [1, 2, 3]) else { return }
        #expect(r == .zero)
    }

    /// Regression test from the FlipbookQuartz audit: discrete motion along a path never showed the
    /// last vertex.
    ///
    /// Three vertices (0,0) → (100,0) → (100,100), evenly spaced over 3 s (discrete: each
    /// holds a third of the time); the last third shows the last vertex.
    @Test func discretePathMotionReachesTheLastVertex() {
        let layer = makeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: 150, y: 0), control2: CGPoint(x: 150, y: 100))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path
        k.calculationMode = .discrete
        k.duration = 3
        layer.add(k, forKey: "d")
        var seen: [CGPoint] = []
        for _ in 0..<3 {
            clock.advance(by: 0.5)
            seen.append(layer.presentation()?.position ?? .zero)
            clock.advance(by: 0.5)
        }
        #expect(seen == [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        layer.removeAllAnimations()
    }

    /// Regression test from the FlipbookQuartz audit: `paced` and `cubicPaced` ignore `keyTimes`,
    /// as Apple's do, so a wrong count there is not reported; the linear mode still reports it.
    @Test(arguments: [CAAnimationCalculationMode.paced, .cubicPaced])
    func pacedModesDoNotReportKeyTimes(mode: CAAnimationCalculationMode) {
        let layer = makeLayer()
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 40]
        k.keyTimes = [0, 0.9]  // wrong count, but ignored in paced modes
        k.calculationMode = mode
        let seen = reports { layer.add(k, forKey: "p") }
        #expect(!seen.contains { $0.key == "CAKeyframeAnimation.keyTimes" })
        layer.removeAllAnimations()
        // The linear mode still checks them.
        let linear = CAKeyframeAnimation(keyPath: "position.x")
        linear.values = [0, 10, 40]
        linear.keyTimes = [0, 0.9]
        let reported = reports { layer.add(linear, forKey: "l") }
        #expect(reported.contains { $0.key == "CAKeyframeAnimation.keyTimes" })
        layer.removeAllAnimations()
    }

    /// A Catmull–Rom spline through 0, 10, 40 (ends repeated) is monotonic (its tangents
    /// 5, 20 and 20, 15 stay positive), so its arc length is the distance in x: moving at
    /// constant speed, x = 40·f. keyTimes and timingFunctions are ignored.
    @Test func cubicPacedMovesAtConstantSpeedAlongTheSpline() {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 40]
        k.calculationMode = .cubicPaced
        k.keyTimes = [0, 0.9, 1]
        k.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        k.duration = 1
        let xs = sampleX(k, at: [0.1, 0.25, 0.5, 0.75, 0.9])
        for (x, f) in zip(xs, [0.1, 0.25, 0.5, 0.75, 0.9]) {
            // Within the arc-length table's resolution (64 samples per segment, linear between).
            #expect(close(x, 40 * f, 2e-3), "x(\(f)) = \(x)")
        }
    }

    /// Continuity γ = ½ everywhere on keys 0, 10, 5, 20 (thirds of 3 s). Segment 1 at s = ½:
    /// D1 = (1+γ)/2·(10 − 0) + (1−γ)/2·(5 − 10) = 7.5 − 1.25 = 6.25,
    /// S2 = (1−γ)/2·(5 − 10) + (1+γ)/2·(20 − 5) = −1.25 + 11.25 = 10,
    /// H(½) = ½·10 + ⅛·6.25 + ½·5 − ⅛·10 = 7.03125.
    @Test func continuityValuesShapeTheTangents() {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 5, 20]
        k.calculationMode = .cubic
        k.continuityValues = [0.5, 0.5, 0.5, 0.5]
        k.duration = 3
        #expect(close(sampleX(k, at: [1.5])[0], 7.03125, 1e-9))
    }

    /// rotationMode turns the layer to the path's tangent: along (0,0)→(100,0) the angle is 0,
    /// along (100,0)→(100,100) it is π/2; `.rotateAutoReverse` adds π.
    @Test(arguments: [(CAAnimationRotationMode.rotateAuto, 0.0), (.rotateAutoReverse, Double.pi)])
    func rotationModeWritesTheTangentAngle(mode: CAAnimationRotationMode, extra: Double) {
        let layer = makeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path
        k.rotationMode = mode
        k.duration = 2
        layer.add(k, forKey: "r")
        // 0.5 s: a quarter of the way, on the first leg; 1.5 s: on the second leg.
        for (step, angle) in [(0.5, 0.0), (1.0, Double.pi / 2)] {
            clock.advance(by: step)
            let t = layer.presentation()?.transform ?? CATransform3DIdentity
            let a = angle + extra
            #expect(near(t.m11, cos(a)) && near(t.m12, sin(a)) && near(t.m21, -sin(a)) && near(t.m22, cos(a)), "angle \(a)")
        }
        // The position follows the path at the same time: halfway down the second leg.
        #expect(near(layer.presentation()?.position, CGPoint(x: 100, y: 50)))
        layer.removeAllAnimations()
    }
}
