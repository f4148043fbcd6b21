import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// UIViewPropertyAnimator: plain runs, completion positions, pause/scrub/stop/finish.
@MainActor
@Suite(.freshRuntime) struct PropertyAnimatorTests {
    typealias S = AnimationTestSupport

    @Test func plainRunFollowsTheCurveAndCompletesAtTheEnd() {
        let view = S.makeView()
        let log = EventRecorder()
        let animator = UIViewPropertyAnimator(duration: 2, curve: .easeIn) { view.center.x = 1050 }
        #expect(view.center.x == 50)  // the closure runs when the animator starts
        animator.addCompletion { log.record("completion \($0 == .end ? "end" : "other") state \(animator.state.rawValue)") }
        log.record("state \(animator.state.rawValue) running \(animator.isRunning)")
        animator.startAnimation()
        log.record("state \(animator.state.rawValue) running \(animator.isRunning)")
        MediaClock.main.advance(by: 1)
        #expect(abs(S.presented(view, "x") - (50 + 1000 * 0.3153567343)) < 1e-4)
        #expect(abs(animator.fractionComplete - 0.5) < 1e-9)
        MediaClock.main.advance(by: 1)
        log.record("state \(animator.state.rawValue) running \(animator.isRunning)")
        #expect(log.events == ["state 0 running false", "state 1 running true", "completion end state 0", "state 0 running false"])
        #expect(view.center.x == 1050 && abs(S.presented(view, "x") - 1050) < 1e-9)
    }

    @Test func delayFactorStartsLater() {
        let view = S.makeView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        animator.addAnimations({ view.center.x = 150 }, delayFactor: 0.5)
        animator.startAnimation()
        MediaClock.main.advance(by: 0.25)
        #expect(abs(S.presented(view, "x") - 50) < 1e-6)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "x") - 100) < 1e-6)
    }

    @Test func runningAnimatorFactoryUsesTheOptionsCurveAndDelay() {
        let view = S.makeView()
        let log = EventRecorder()
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 },
            completion: { log.record("done \($0.rawValue)") })
        #expect(animator.delay == 0.5 && animator.state == .active)
        MediaClock.main.advance(by: 1)
        #expect(abs(S.presented(view, "opacity") - 0.5) < 1e-6)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["done 0"])
    }

    @Test func pauseScrubResume() {
        let view = S.makeView()
        let log = EventRecorder()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 150 }
        animator.addCompletion { log.record("done \($0.rawValue)") }
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "x") - 50) < 1e-9)
        animator.fractionComplete = 0.3  // scrubsLinearly: 30 % of the way
        MediaClock.main.advanceFrames(1)
        #expect(abs(S.presented(view, "x") - 80) < 1e-6)
        animator.startAnimation()
        MediaClock.main.advance(by: 0.69)
        #expect(log.events.isEmpty)
        MediaClock.main.advance(by: 0.01)
        #expect(log.events == ["done 0"])
        #expect(abs(S.presented(view, "x") - 150) < 1e-9)
    }

    @Test func reversedRunEndsAtTheStart() {
        let view = S.makeView()
        let log = EventRecorder()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
        animator.addCompletion { log.record("done \($0 == .start ? "start" : "other")") }
        animator.startAnimation()
        MediaClock.main.advance(by: 0.5)
        animator.isReversed = true
        MediaClock.main.advance(by: 0.25)
        #expect(abs(S.presented(view, "x") - 75) < 1e-6)
        MediaClock.main.advance(by: 0.25)
        #expect(log.events == ["done start"])
        #expect(view.center.x == 50)
    }

    @Test func stopThenFinishAtEachPosition() {
        var results: [String] = []
        for position in [UIViewAnimatingPosition.end, .start, .current] {
            let view = S.makeView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
            animator.addCompletion { results.append("done \($0.rawValue) x \(Int(view.center.x))") }
            animator.startAnimation()
            MediaClock.main.advance(by: 0.25)
            animator.stopAnimation(false)
            results.append("state \(animator.state.rawValue)")
            animator.finishAnimation(at: position)
            results.append("state \(animator.state.rawValue)")
        }
        #expect(results == [
            "state 2", "done 0 x 150", "state 0",
            "state 2", "done 1 x 50", "state 0",
            "state 2", "done 2 x 75", "state 0",
        ])
    }

    /// A completion handed to an animator that is already stopped is not dropped: finishing
    /// the animator runs it with the chosen position (a drag-to-dismiss that crosses its
    /// threshold stops its scrubbed animator, registers the dismissal, then finishes at the end).
    @Test func completionAddedWhileStoppedRunsOnFinish() {
        let view = S.makeView()
        var log: [String] = []
        let animator = UIViewPropertyAnimator(duration: 0, curve: .linear) { view.center.x = 250 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        animator.addCompletion { log.append("late \($0.rawValue) x \(Int(view.center.x))") }
        animator.finishAnimation(at: .end)
        #expect(log == ["late 0 x 250"])
        #expect(animator.state == .inactive)
    }

    @Test func stopWithoutFinishingSkipsCompletions() {
        let view = S.makeView()
        let log = EventRecorder()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
        animator.addCompletion { _ in log.record("done") }
        animator.startAnimation()
        MediaClock.main.advance(by: 0.5)
        animator.stopAnimation(true)
        MediaClock.main.runUntilIdle()
        #expect(log.events.isEmpty && animator.state == .inactive && abs(view.center.x - 100) < 1e-9)
    }

    @Test func timingParametersKeepOrIgnoreTheDuration() {
        let ratio = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.8)
        #expect(ratio.totalDuration == 0.5)
        let physical = UIViewPropertyAnimator(
            duration: 0.5, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 5, initialVelocity: .zero))
        // Apple: mass 1, stiffness 100, damping 5 settles in about 2.85 s.
        #expect(abs(physical.totalDuration - 2.85) < 0.1)
        // The settling time replaces the given duration, and `duration` says so: code asks
        // `UIViewPropertyAnimator(duration: 0, timingParameters: spring).duration` how long a
        // spring takes. The damping-ratio family keeps the duration given.
        #expect(physical.duration == physical.totalDuration && ratio.duration == 0.5)
        let asked = UIViewPropertyAnimator(
            duration: 0, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 5, initialVelocity: .zero))
        #expect(asked.duration == physical.duration)
        let cubic = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.1, y: 0.2), controlPoint2: CGPoint(x: 0.3, y: 1))
        #expect(cubic.timingCurveType == .cubic && UICubicTimingParameters(animationCurve: .easeIn).timingCurveType == .builtin)
        #expect(UICubicTimingParameters(animationCurve: .easeOut).controlPoint2 == CGPoint(x: CGFloat(Float(0.58)), y: 1))
    }

    /// `continueAnimation`'s factor multiplies the animator's original `duration`, whatever the
    /// new timing (Apple's reference): a paused animator of 1 s given a 2.85 s spring and the
    /// factor 0.5 finishes 0.5 s later; one made with a spring (duration: that spring's settling
    /// time) and handed a second spring with the ratio of the two settling times finishes after
    /// the second spring's settling time.
    @Test func continueAnimationScalesTheOriginalDuration() {
        let view = S.makeView()
        let spring = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 5, initialVelocity: .zero)
        let cubic = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
        cubic.pauseAnimation()
        cubic.fractionComplete = 0.4
        let t0 = MediaClock.main.now
        var ended: CFTimeInterval?
        cubic.addCompletion { _ in ended = MediaClock.main.now }
        cubic.continueAnimation(withTimingParameters: spring, durationFactor: 0.5)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(ended.map { abs($0 - t0 - 0.5) < 0.02 } == true, "\(String(describing: ended.map { $0 - t0 }))")

        let stiff = UISpringTimingParameters(mass: 1, stiffness: 400, damping: 40, initialVelocity: .zero)
        let preferred = UIViewPropertyAnimator(duration: 0, timingParameters: stiff).duration
        let physical = UIViewPropertyAnimator(duration: 0, timingParameters: spring)
        physical.addAnimations { view.center.x = 50 }
        physical.startAnimation()
        MediaClock.main.advance(by: 0.1)
        physical.pauseAnimation()
        let t1 = MediaClock.main.now
        var ended2: CFTimeInterval?
        physical.addCompletion { _ in ended2 = MediaClock.main.now }
        physical.continueAnimation(withTimingParameters: stiff, durationFactor: CGFloat(preferred / physical.duration))
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(preferred > 0.2 && preferred < physical.duration)
        #expect(ended2.map { abs($0 - t1 - preferred) < 0.02 } == true, "\(String(describing: ended2.map { $0 - t1 }))")
        #expect(view.center.x == 50)
    }

    @Test func pausedAnimatorsDoNotKeepTheClockBusy() {
        let view = S.makeView()
        let paused = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
        paused.fractionComplete = 0.5
        let holding = UIViewPropertyAnimator(duration: 0.2, curve: .linear) { view.alpha = 0 }
        holding.pausesOnCompletion = true
        holding.startAnimation()
        let t0 = MediaClock.main.now
        #expect(MediaClock.main.runUntilIdle(limit: 5))
        #expect(MediaClock.main.now - t0 < 0.3)
        #expect(holding.state == .active && !holding.isRunning && holding.fractionComplete == 1)
        #expect(abs(S.presented(view, "x") - 100) < 1e-6 && abs(S.presented(view, "opacity")) < 1e-6)
        paused.stopAnimation(true)
        holding.stopAnimation(true)
    }

    @Test func finishOnANonStoppedAnimatorIsReported() {
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        let reports = S.diagnostics { animator.finishAnimation(at: .end) }
        #expect(reports.count == 1 && animator.state == .inactive)
    }

    /// A pan that reaches its end sets `fractionComplete = 1` on a paused animator: the views
    /// stand at their end values (an interactive menu fully dragged in is on screen), not back
    /// at the start; likewise with a spring curve and for an animation that joins late.
    @Test func scrubbedToTheEndShowsTheEndValues() {
        let view = S.makeView()
        let other = S.makeView()
        let last = S.makeView()
        let spring = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 0, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: spring)
        animator.addAnimations { view.center.x = 150 }
        animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
        animator.addAnimations({ last.alpha = 0 }, delayFactor: 1)  // joins at the very end
        animator.pauseAnimation()
        for p in [0.5, 1.0, 0.0, 1.0] as [CGFloat] {
            animator.fractionComplete = p
            MediaClock.main.advanceFrames(1)
            #expect(abs(S.presented(view, "x") - (50 + 100 * Double(p))) < 1e-6, "fraction \(p)")
            #expect(abs(S.presented(other, "opacity") - (p == 1 ? 0 : 1)) < 1e-6, "fraction \(p)")
            #expect(abs(S.presented(last, "opacity") - (p == 1 ? 0 : 1)) < 1e-6, "fraction \(p)")
        }
        animator.isReversed = true
        animator.startAnimation()
        MediaClock.main.advance(by: 0.1)
        #expect(S.presented(view, "x") < 150 && S.presented(view, "x") > 50)
    }
}

extension PropertyAnimatorTests {
    /// `UIViewPropertyAnimator()` (NSObject's `init()`, a placeholder that code replaces): no
    /// duration, inactive, UIKit's default ease-in-out curve; it runs and completes at once.
    @Test func aPlaceholderAnimatorHasNoDurationAndTheDefaultCurve() {
        let animator = UIViewPropertyAnimator()
        #expect(animator.duration == 0)
        #expect(animator.state == .inactive)
        #expect((animator.timingParameters as? UICubicTimingParameters)?.animationCurve == .easeInOut)
        let view = S.makeView()
        var ended = false
        animator.addAnimations { view.center.x = 300 }
        animator.addCompletion { ended = $0 == .end }
        animator.startAnimation()
        MediaClock.main.advance(by: 1.0 / 60)
        #expect(ended && view.center.x == 300)
    }
}
