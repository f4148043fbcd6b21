import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.cleanClock)
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

    /// Catmull–Rom by hand (REFERENCE.md): keys 0, 10, 5, 20 at 0, 1/3, 2/3, 1.
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
}
