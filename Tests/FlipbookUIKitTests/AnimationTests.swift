import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// UIView.animate sampled at fixed media times against the exact curves (docs/Semantics.md, "Timing
/// functions" and "Springs").
@MainActor
@Suite(.freshRuntime) struct AnimationTests {
    typealias S = AnimationTestSupport

    @Test func optionBitsHaveApplesRawValues() {
        typealias O = UIView.AnimationOptions
        let flags: [O] = [
            .layoutSubviews, .allowUserInteraction, .beginFromCurrentState, .repeat, .autoreverse,
            .overrideInheritedDuration, .overrideInheritedCurve, .allowAnimatedContent,
            .showHideTransitionViews, .overrideInheritedOptions,
        ]
        let flagBits: [UInt] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
        #expect(flags.map(\.rawValue) == flagBits)
        let curves: [O] = [.curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear]
        let curveBits: [UInt] = [0, 0x10000, 0x20000, 0x30000]
        #expect(curves.map(\.rawValue) == curveBits)
        let transitions: [O] = [
            .transitionNone, .transitionFlipFromLeft, .transitionFlipFromRight, .transitionCurlUp,
            .transitionCurlDown, .transitionCrossDissolve, .transitionFlipFromTop, .transitionFlipFromBottom,
        ]
        let transitionBits: [UInt] = (0..<8).map { UInt($0) << 20 }
        #expect(transitions.map(\.rawValue) == transitionBits)
        let rates: [O] = [.preferredFramesPerSecond60, .preferredFramesPerSecond30]
        let rateBits: [UInt] = [3 << 24, 7 << 24]
        #expect(rates.map(\.rawValue) == rateBits)
        typealias K = UIView.KeyframeAnimationOptions
        let modes: [K] = [
            .calculationModeLinear, .calculationModeDiscrete, .calculationModePaced, .calculationModeCubic,
            .calculationModeCubicPaced,
        ]
        let modeBits: [UInt] = (0..<5).map { UInt($0) << 10 }
        #expect(modes.map(\.rawValue) == modeBits)
        let curveValues: [Int] = [UIView.AnimationCurve.easeInOut, .easeIn, .easeOut, .linear].map(\.rawValue)
        #expect(curveValues == [0, 1, 2, 3])
    }

    @Test func linearCurveMovesUniformly() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center = CGPoint(x: 150, y: 50) })
        #expect(view.center.x == 150)
        MediaClock.main.advance(by: 0.25)
        #expect(abs(S.presented(view, "x") - 75) < 1e-6)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "x") - 125) < 1e-6)
    }

    @Test(arguments: [
        (UIView.AnimationOptions.curveEaseInOut, 0.25, 0.1291619310),
        (.curveEaseIn, 0.5, 0.3153567343),
        (.curveEaseOut, 0.5, 0.6846432657),
        (.curveEaseInOut, 0.5, 0.5),
    ])
    func curvesMatchReferenceSpotValues(options: UIView.AnimationOptions, fraction: Double, expected: Double) {
        let view = S.makeView()
        UIView.animate(withDuration: 2, delay: 0, options: options, animations: { view.center = CGPoint(x: 1050, y: 50) })
        MediaClock.main.advance(by: 2 * fraction)
        #expect(abs(S.presented(view, "x") - (50 + 1000 * expected)) < 1e-4)
    }

    @Test func defaultOptionsAreEaseInOut() {
        let view = S.makeView()
        UIView.animate(withDuration: 1) { view.alpha = 0 }
        MediaClock.main.advance(by: 0.75)
        // easeInEaseOut(0.75) = 1 − easeInEaseOut(0.25) by symmetry.
        #expect(abs(S.presented(view, "opacity") - (1 - (1 - 0.1291619310))) < 1e-5)
    }

    @Test func completionRunsAtTheEndWithTrue() {
        let view = S.makeView()
        let log = EventRecorder()
        let t0 = MediaClock.main.now
        UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }) { finished in
            log.record("done \(finished) at \(Int(((MediaClock.main.now - t0) * 1000).rounded()))ms")
        }
        MediaClock.main.advance(by: 0.49)
        #expect(log.events.isEmpty)
        MediaClock.main.advance(by: 0.01)
        #expect(log.events == ["done true at 500ms"])
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func delayHoldsTheStartValue() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.center.x = 150 })
        MediaClock.main.advance(by: 0.25)
        #expect(abs(S.presented(view, "x") - 50) < 1e-6)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "x") - 75) < 1e-6)
    }

    @Test func interruptedAnimationCompletesWithFalse() {
        // Opacity does not stack additively (position would: AnimationStackingTests).
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, animations: { view.alpha = 0.2 }) { log.record("first \($0)") }
        MediaClock.main.advance(by: 0.3)
        UIView.animate(withDuration: 1, animations: { view.alpha = 1 }) { log.record("second \($0)") }
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["first false", "second true"])
    }

    @Test func removingTheAnimationCompletesWithFalse() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }) { log.record("done \($0)") }
        MediaClock.main.advance(by: 0.1)
        view.layer.removeAllAnimations()
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["done false"])
    }

    @Test func newAnimationStartsFromWhatIsOnScreen() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.layer.cornerRadius = 40 })
        MediaClock.main.advance(by: 0.5)  // on screen: 20
        UIView.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear], animations: {
            view.layer.cornerRadius = 0
        })
        MediaClock.main.advance(by: 0.25)
        // from 20 (presented) to 0, a quarter of the way.
        #expect(abs(S.presented(view, "cornerRadius") - 15) < 1e-6)
    }

    @Test func nestedBlocksInheritDurationAndCurveUnlessOverridden() {
        let inherited = S.makeView(), overridden = S.makeView()
        var insideDuration: TimeInterval = -1
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            UIView.animate(withDuration: 4, delay: 0, options: .curveEaseIn, animations: {
                insideDuration = UIView.inheritedAnimationDuration
                inherited.alpha = 0
            })
            UIView.animate(withDuration: 4, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveLinear], animations: {
                overridden.alpha = 0
            })
        })
        #expect(insideDuration == 1)
        #expect(UIView.inheritedAnimationDuration == 0)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(inherited, "opacity") - 0.5) < 1e-6)
        #expect(abs(S.presented(overridden, "opacity") - 0.875) < 1e-6)
    }

    @Test func zeroDurationAppliesAtOnceAndCompletesNextFrame() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 0, animations: { view.alpha = 0.2 }) { log.record("done \($0)") }
        #expect(view.layer.animationKeys() == nil)
        #expect(log.events.isEmpty)
        MediaClock.main.advanceFrames(1)
        #expect(log.events == ["done true"])
        #expect(abs(S.presented(view, "opacity") - 0.2) < 1e-6)
    }

    @Test func invalidDurationIsReportedAndReadAsZero() {
        let view = S.makeView()
        let reports = S.diagnostics {
            UIView.animate(withDuration: .nan) { view.alpha = 0.3 }
            UIView.animate(withDuration: -1) { view.center.x = 10 }
        }
        #expect(reports.count == 2)
        #expect(view.layer.animationKeys() == nil)
        #expect(abs(S.presented(view, "x") - 10) < 1e-9)
    }

    @Test func frameChangesAnimatePositionAndBounds() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        })
        #expect(Set(view.layer.animationKeys() ?? []) == ["position", "bounds"])
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "width") - 150) < 1e-6)
        #expect(abs(S.presented(view, "x") - 125) < 1e-6)
    }

    @Test func backingLayerPropertiesAnimateToo() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.layer.cornerRadius = 20
            view.layer.borderWidth = 4
            view.layer.shadowOpacity = 1
            view.layer.transform = CATransform3DMakeScale(2, 2, 1)
        })
        #expect(Set(view.layer.animationKeys() ?? []) == ["cornerRadius", "borderWidth", "shadowOpacity", "transform"])
        MediaClock.main.advance(by: 0.25)
        #expect(abs(S.presented(view, "cornerRadius") - 5) < 1e-6)
        #expect(abs(Double((view.layer.presentation() ?? view.layer).transform.m11) - 1.25) < 1e-6)
    }

    @Test func performWithoutAnimationAndDisabledAnimationsApplyAtOnce() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, animations: {
            UIView.performWithoutAnimation {
                #expect(UIView.areAnimationsEnabled == false)
                view.alpha = 0.5
            }
        }) { log.record("a \($0)") }
        #expect(view.layer.animationKeys() == nil)
        UIView.setAnimationsEnabled(false)
        UIView.animate(withDuration: 1, animations: { view.center.x = 10 }) { log.record("b \($0)") }
        UIView.setAnimationsEnabled(true)
        #expect(view.layer.animationKeys() == nil)
        MediaClock.main.advanceFrames(1)
        #expect(log.events == ["a true", "b true"])
        #expect(UIView.areAnimationsEnabled)
    }

    @Test func autoreverseRunsBackThenShowsTheModelValue() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear], animations: { view.center.x = 150 })
        MediaClock.main.advance(by: 1.5)
        #expect(abs(S.presented(view, "x") - 100) < 1e-6)
        MediaClock.main.advance(by: 0.6)
        #expect(abs(S.presented(view, "x") - 150) < 1e-6)
    }

    @Test func unchangedValuesMakeNoAnimationAndCompleteNextFrame() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, animations: { view.alpha = 1 }) { log.record("done \($0)") }
        #expect(view.layer.animationKeys() == nil)
        MediaClock.main.advanceFrames(1)
        #expect(log.events == ["done true"])
    }
}
