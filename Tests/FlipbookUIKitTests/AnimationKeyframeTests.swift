import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Springs and keyframes sampled against their closed forms (docs/Semantics.md, "Springs" and "Keyframes").
@MainActor
@Suite(.freshRuntime) struct AnimationKeyframeTests {
    typealias S = AnimationTestSupport

    @Test func uikitSpringMappingMatchesReferenceNumbers() throws {
        let a = S.makeView(), b = S.makeView()
        UIView.animate(withDuration: 3, delay: 0, usingSpringWithDamping: 0.25, initialSpringVelocity: 0, animations: {
            a.center.x = 150
        })
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, animations: {
            b.center.x = 150
        })
        let sa = try #require(a.layer.animation(forKey: "position") as? CASpringAnimation)
        let sb = try #require(b.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(abs(Double(sa.stiffness) - 54.8336) < 1e-3 && abs(Double(sa.damping) - 3.7025) < 1e-3)
        #expect(abs(Double(sb.stiffness) - 323.59) < 1e-2 && abs(Double(sb.damping) - 28.78) < 1e-2)
        #expect(sa.mass == 1 && sa.duration == 3 && sb.duration == 0.5)
    }

    @Test func springPresentationFollowsTheClosedForm() {
        let view = S.makeView()
        UIView.animate(withDuration: 3, delay: 0, usingSpringWithDamping: 0.25, initialSpringVelocity: 0, animations: {
            view.center.x = 150
        })
        var samples: [Double] = []
        var expected: [Double] = []
        for t in [0.2, 0.5, 1.0, 2.0] {
            MediaClock.main.advance(by: t - (samples.isEmpty ? 0 : [0.2, 0.5, 1.0, 2.0][samples.count - 1]))
            samples.append(S.presented(view, "x"))
            expected.append(50 + 100 * S.spring(stiffness: 54.8336, damping: 3.7025, velocity: 0, t: t))
        }
        // The reference's constants are rounded to 4 decimals; the curve agrees to ~1e-3 points.
        #expect(zip(samples, expected).allSatisfy { abs($0 - $1) < 5e-3 }, "\(samples) vs \(expected)")
    }

    @Test func springDurationBounceUsesThePerceptualMapping() throws {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(springDuration: 0.5, bounce: 0, animations: { view.alpha = 0 }) { log.record("done \($0)") }
        let spring = try #require(view.layer.animation(forKey: "opacity") as? CASpringAnimation)
        #expect(abs(Double(spring.stiffness) - 157.91) < 1e-2 && abs(Double(spring.damping) - 25.13) < 1e-2)
        // Runs until it settles, longer than the perceptual duration.
        #expect(spring.duration > 0.5)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["done true"])
    }

    /// A damping ratio above 1 (and a negative bounce) is an overdamped spring: the stiffness is
    /// chosen for the overdamped motion, so that motion is the one shown (not the critically
    /// damped one with the same ω0, which CASpringAnimation shows unless overdamping is allowed).
    @Test func overdampedSpringsMoveOverdamped() throws {
        let a = S.makeView(), b = S.makeView()
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 2, initialSpringVelocity: 0, animations: {
            a.center.x = 150
        })
        UIView.animate(springDuration: 0.5, bounce: -0.5, animations: { b.center.x = 150 })
        for view in [a, b] {
            let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
            #expect(spring.allowsOverdamping)
        }
        let spring = try #require(a.layer.animation(forKey: "position") as? CASpringAnimation)
        // x(t) = 1 + A·e^(r1·t) + B·e^(r2·t), r = −ω0·(ζ ∓ √(ζ² − 1)), B = r1/(r2 − r1), A = −1 − B.
        let w0 = Double(spring.stiffness).squareRoot(), zeta = Double(spring.damping) / (2 * w0)
        #expect(abs(zeta - 2) < 1e-9)
        let r1 = -w0 * (zeta - (zeta * zeta - 1).squareRoot()), r2 = -w0 * (zeta + (zeta * zeta - 1).squareRoot())
        let bCoefficient = r1 / (r2 - r1), aCoefficient = -1 - bCoefficient
        // Within 0.001 of the target at the block's duration (the mapping's rule).
        #expect(abs(abs(aCoefficient) * exp(r1 * 0.5) + abs(bCoefficient) * exp(r2 * 0.5) - 0.001) < 1e-6)
        var previous = 0.0
        for t in [0.05, 0.1, 0.25] {
            MediaClock.main.advance(by: t - previous)
            previous = t
            let expected = 50 + 100 * (1 + aCoefficient * exp(r1 * t) + bCoefficient * exp(r2 * t))
            #expect(abs(S.presented(a, "x") - expected) < 1e-3, "t = \(t)")
        }
    }

    /// The seed's card flip shape: three keyframes (thirds) touching three properties, cubic mode.
    @Test func cubicKeyframesFollowCatmullRomThroughHoldPoints() throws {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animateKeyframes(withDuration: 3, delay: 0, options: .calculationModeCubic, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1.0 / 3) { view.alpha = 0 }
            UIView.addKeyframe(withRelativeStartTime: 1.0 / 3, relativeDuration: 1.0 / 3) { view.layer.cornerRadius = 30 }
            UIView.addKeyframe(withRelativeStartTime: 2.0 / 3, relativeDuration: 1.0 / 3) { view.center.x = 350 }
        }) { log.record("done \($0)") }
        let corner = try #require(view.layer.animation(forKey: "cornerRadius") as? CAKeyframeAnimation)
        #expect(corner.calculationMode == .cubic)
        let keyTimes: [Double] = (corner.keyTimes ?? []).map(\.doubleValue)
        let thirds: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(keyTimes == thirds)
        let values: [Double] = (corner.values ?? []).compactMap { AnimatableLayerKeys.number($0) }
        let expectedValues: [Double] = [0, 0, 30, 30]
        #expect(values == expectedValues)

        // The overall pace is easeInOut (UIKit's default for keyframes): u(0.25) = 0.1291619310,
        // u(0.5) = 0.5, u(0.75) = 0.8708380690.
        let u: [Double] = [0.1291619310, 0.5, 0.8708380690]
        var corners: [Double] = [], xs: [Double] = [], alphas: [Double] = []
        for _ in u {
            MediaClock.main.advance(by: 0.75)
            corners.append(S.presented(view, "cornerRadius"))
            xs.append(S.presented(view, "x"))
            alphas.append(S.presented(view, "opacity"))
        }
        // Each property's track: its start, a hold point where its keyframe starts (if later than
        // 0), the keyframe's value at its end, and a final hold at 1 (if it ends earlier).
        func track(_ p: [Double], _ times: [Double], _ u: Double) -> Double {
            var i = 0
            while i + 2 < p.count, times[i + 1] <= u { i += 1 }
            let s = (u - times[i]) / (times[i + 1] - times[i])
            let q = [p[0]] + p + [p[p.count - 1]]  // the missing neighbour at each end is the end key itself
            return S.catmullRom(q[i], q[i + 1], q[i + 2], q[i + 3], s)
        }
        let expectedCorners = u.map { track([0, 0, 30, 30], [0, 1.0 / 3, 2.0 / 3, 1], $0) }
        let expectedXs = u.map { track([50, 50, 350], [0, 2.0 / 3, 1], $0) }
        let expectedAlphas = u.map { track([1, 0, 0], [0, 1.0 / 3, 1], $0) }
        #expect(zip(corners, expectedCorners).allSatisfy { abs($0 - $1) < 1e-4 }, "\(corners) vs \(expectedCorners)")
        #expect(zip(xs, expectedXs).allSatisfy { abs($0 - $1) < 1e-3 }, "\(xs) vs \(expectedXs)")
        #expect(zip(alphas, expectedAlphas).allSatisfy { abs($0 - $1) < 1e-5 }, "\(alphas) vs \(expectedAlphas)")
        // A property whose keyframe starts later dips slightly below its start value first (cubic).
        #expect(corners[0] < 0)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["done true"])
    }

    @Test func linearKeyframesHoldUntilTheirStart() {
        let view = S.makeView()
        let linearPace = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linearPace, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.center.x = 150 }
        })
        var xs: [Double] = []
        for _ in 0..<4 {
            MediaClock.main.advance(by: 0.25)
            xs.append(S.presented(view, "x"))
        }
        let expected: [Double] = [50, 50, 150, 150]
        #expect(zip(xs, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(xs)")
    }

    /// The seed's present animator (000): perspective on the container, the from view turns away,
    /// the snapshot turns in, then grows to the final frame; three thirds, cubic mode.
    @Test func seedCardFlipShape() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let fromView = UIView(frame: container.bounds)
        let snapshot = UIView(frame: CGRect(x: 40, y: 200, width: 313, height: 400))
        container.addSubview(fromView)
        container.addSubview(snapshot)
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        container.layer.sublayerTransform = perspective
        snapshot.layer.cornerRadius = 20
        snapshot.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        let log = EventRecorder()
        UIView.animateKeyframes(withDuration: 0.6, delay: 0, options: .calculationModeCubic, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1 / 3) {
                fromView.layer.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
            }
            UIView.addKeyframe(withRelativeStartTime: 1 / 3, relativeDuration: 1 / 3) {
                snapshot.layer.transform = CATransform3DIdentity
            }
            UIView.addKeyframe(withRelativeStartTime: 2 / 3, relativeDuration: 1 / 3) {
                snapshot.frame = container.bounds
                snapshot.layer.cornerRadius = 0
            }
        }) { finished in
            log.record("completion \(finished)")
            snapshot.removeFromSuperview()
            fromView.layer.transform = CATransform3DIdentity
        }
        #expect(Set(snapshot.layer.animationKeys() ?? []) == ["transform", "position", "bounds", "cornerRadius"])
        #expect(fromView.layer.animationKeys() == ["transform"])
        // Early on the snapshot still holds its edge-on turn; the from view has started turning.
        MediaClock.main.advance(by: 0.1)
        let snapshotEarly = try #require(snapshot.layer.presentation()).transform
        #expect(abs(snapshotEarly.m11 - CATransform3DMakeRotation(.pi / 2, 0, 1, 0).m11) < 0.05)
        #expect(try #require(fromView.layer.presentation()).transform.m11 < 0.999)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["completion true"])
        #expect(snapshot.superview == nil && fromView.layer.animationKeys() == nil)
    }

    @Test func addKeyframeOutsideABlockIsReportedAndApplied() {
        let view = S.makeView()
        let reports = S.diagnostics {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.5 }
        }
        #expect(reports.count == 1)
        #expect(view.layer.animationKeys() == nil && view.alpha == 0.5)
    }
}
