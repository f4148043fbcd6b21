import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// An animator whose transition is one UIViewPropertyAnimator (linear, 1 s): the presented
/// view slides up from below; the dismissal slides it down.
@MainActor
final class InterruptibleSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let log: ModalLog
    var propertyAnimator: UIViewPropertyAnimator?
    init(log: ModalLog) { self.log = log }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log("animateTransition")
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let context = transitionContext
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        if let toVC = context.viewController(forKey: .to), let to = context.view(forKey: .to),
           toVC.presentingViewController === context.viewController(forKey: .from) {
            let final = context.finalFrame(for: toVC)
            to.frame = final.offsetBy(dx: 0, dy: final.height)
            context.containerView.addSubview(to)
            animator.addAnimations { to.frame = final }
        } else if let from = context.view(forKey: .from) {
            let initial = from.frame
            animator.addAnimations { from.frame = initial.offsetBy(dx: 0, dy: initial.height) }
        }
        animator.addCompletion { [log] position in
            log("propertyAnimator.completion(\(position == .end ? "end" : position == .start ? "start" : "current"))")
            context.completeTransition(!context.transitionWasCancelled)
        }
        propertyAnimator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) {
        propertyAnimator = nil
        log("animationEnded(\(transitionCompleted))")
    }
}

@Suite("Interruptible interactive transitions", .freshRuntime)
@MainActor
struct InterruptibleTransitionTests {
    typealias S = AnimationTestSupport

    func fixture(_ interaction: UIPercentDrivenInteractiveTransition?) -> PercentDrivenFixture {
        PercentDrivenFixture(interaction: interaction, animator: { InterruptibleSlideAnimator(log: $0) })
    }

    @Test func updatesScrubThePropertyAnimatorAndAlongsideBlocksJoinIt() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = fixture(interaction)
        let log = f.log
        var completed = false
        f.a.present(f.b, animated: true) { log("present.completion"); completed = true }
        let coordinator = f.b.transitionCoordinator
        #expect(coordinator?.isInterruptible == true && coordinator?.isInteractive == true)
        let driven = (f.delegate.animator as? InterruptibleSlideAnimator)?.propertyAnimator
        #expect(driven?.state == .active && driven?.isRunning == false)
        interaction.update(0.25)
        MediaClock.main.advanceFrames(1)
        #expect(driven?.fractionComplete == 0.25)
        // Linear scrubbing: a quarter of the way from 1278 to 426; the dimming alongside block
        // (0 → 0.5) is a quarter of the way too.
        #expect(abs(S.presented(f.b.view, "y") - (1278 - 0.25 * 852)) < 1e-6)
        #expect(abs(f.sample()[3] - 0.125) < 1e-6)
        interaction.finish()
        // The rest: durationFactor (1 − 0.25) / 1 → 0.75 s.
        MediaClock.main.advance(by: 0.74)
        #expect(!completed)
        MediaClock.main.advance(by: 0.01)
        #expect(completed)
        #expect(log.take() == [
            "B.viewWillAppear(true)", "propertyAnimator.completion(end)", "B.viewDidAppear(true)",
            "present.completion", "animationEnded(true)",
        ])
        #expect(f.b.view.frame.minY == 0 && abs(f.sample()[3] - 0.5) < 1e-6)
    }

    @Test func cancelReversesToTheStart() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        let f = fixture(interaction)
        var completed = false
        f.a.present(f.b, animated: true) { completed = true }
        interaction.update(0.4)
        interaction.cancel()
        let driven = (f.delegate.animator as? InterruptibleSlideAnimator)?.propertyAnimator
        #expect(driven?.isReversed == true && driven?.isRunning == true)
        // Back to the start in 0.4 / 2 = 0.2 s.
        MediaClock.main.advance(by: 0.19)
        #expect(f.b.view.window != nil)
        MediaClock.main.advance(by: 0.01)
        #expect(f.log.take() == [
            "B.viewWillAppear(true)", "propertyAnimator.completion(start)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "animationEnded(false)",
        ])
        #expect(!completed && f.a.presentedViewController == nil && f.b.view.superview == nil)
        #expect(f.b.view.frame.minY == 852)  // the property animator put the start value back
    }

    @Test func theFinishingSpringStartsAtTheHandedOverVelocity() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.timingCurve = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 2, dy: 0))
        let f = fixture(interaction)
        f.a.present(f.b, animated: true)
        interaction.update(0.5)
        MediaClock.main.advanceFrames(1)
        let y0 = S.presented(f.b.view, "y")
        #expect(abs(y0 - 852) < 1e-6)
        interaction.finish()
        let h = 1e-4
        MediaClock.main.advance(by: h)
        let y1 = S.presented(f.b.view, "y")
        MediaClock.main.advance(by: h)
        let y2 = S.presented(f.b.view, "y")
        let slope = 2 * (y1 - y0) / h - (y2 - y0) / (2 * h)  // O(h²)
        // Velocity 2 in whole remaining distances per second: 2 × (426 − 852) = −852 pt/s.
        #expect(abs(slope - (-852)) < 0.5, "slope \(slope)")
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b && f.b.view.frame.minY == 0)
    }

    @Test func aFingerCanTakeOverThenCancel() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = fixture(interaction)
        let log = f.log
        f.a.present(f.b, animated: true)
        let coordinator = f.b.transitionCoordinator
        coordinator?.notifyWhenInteractionChanges { context in
            log("interaction changed(cancelled: \(context.isCancelled), interactive: \(context.isInteractive))")
        }
        interaction.update(0.2)
        interaction.finish()
        // The rest (0.8) over 0.8 s, linear: after 0.3 s at 0.5.
        MediaClock.main.advance(by: 0.3)
        #expect(abs(interaction.percentComplete - 0.5) < 1e-6)
        interaction.pause()
        #expect(coordinator?.isInteractive == true && abs(interaction.percentComplete - 0.5) < 1e-6)
        MediaClock.main.advance(by: 1)
        #expect(abs(S.presented(f.b.view, "y") - 852) < 1e-6)  // held where the finger caught it
        interaction.update(0.1)
        interaction.cancel()
        MediaClock.main.advance(by: 0.1)
        #expect(log.take() == [
            "B.viewWillAppear(true)",
            "interaction changed(cancelled: false, interactive: false)",
            "interaction changed(cancelled: false, interactive: true)",
            "interaction changed(cancelled: true, interactive: false)",
            "propertyAnimator.completion(start)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "animationEnded(false)",
        ])
        #expect(f.a.presentedViewController == nil)
    }

    @Test func fullScreenDismissalCancelledThenFinished() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = PercentDrivenFixture(style: .fullScreen, interaction: nil, animator: { InterruptibleSlideAnimator(log: $0) })
        f.a.present(f.b, animated: false)
        _ = f.log.take()
        let bFrame = f.b.view.frame
        f.delegate.interaction = interaction
        var dismissed = false
        f.b.dismiss(animated: true) { dismissed = true }
        interaction.update(0.7)
        MediaClock.main.advanceFrames(1)
        #expect(abs(S.presented(f.b.view, "y") - (426 + 0.7 * 852)) < 1e-6)
        interaction.cancel()
        MediaClock.main.runUntilIdle()
        #expect(f.log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "propertyAnimator.completion(start)",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            "animationEnded(false)",
        ])
        #expect(!dismissed && f.a.presentedViewController === f.b && f.b.view.frame == bFrame)
        #expect(f.a.view.window == nil && f.b.view.window === f.window)

        f.b.dismiss(animated: true) { dismissed = true }
        interaction.update(0.6)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(f.log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "propertyAnimator.completion(end)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "animationEnded(true)",
        ])
        #expect(dismissed && f.a.presentedViewController == nil && f.b.view.window == nil)
        #expect(f.a.view.superview === f.window && f.a.view.frame == f.window.bounds)
    }

    @Test func startedNonInteractivelyItRunsAndCanBePaused() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        let f = fixture(interaction)
        f.a.present(f.b, animated: true)
        let coordinator = f.b.transitionCoordinator
        #expect(coordinator?.isInteractive == false && coordinator?.isInterruptible == true)
        MediaClock.main.advance(by: 0.6)
        interaction.pause()
        #expect(coordinator?.isInteractive == true && abs(interaction.percentComplete - 0.6) < 1e-6)
        interaction.finish()
        MediaClock.main.advance(by: 0.41)
        #expect(f.a.presentedViewController === f.b && f.b.transitionCoordinator == nil)
    }

    @Test func withoutAnInteractionControllerItRunsOnItsOwnWithAlongsideBlocks() {
        MediaClock.main.runUntilIdle()
        let f = fixture(nil)
        f.a.present(f.b, animated: true)
        #expect(f.b.transitionCoordinator?.isInterruptible == true)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(f.b.view, "y") - 852) < 1e-6 && abs(f.sample()[3] - 0.25) < 1e-6)
        MediaClock.main.advance(by: 0.51)
        #expect(f.log.take() == [
            "B.viewWillAppear(true)", "animateTransition", "propertyAnimator.completion(end)", "B.viewDidAppear(true)",
            "animationEnded(true)",
        ])
    }
}

@Suite("UIViewPropertyAnimator: interactive semantics", .freshRuntime)
@MainActor
struct PropertyAnimatorInteractiveTests {
    typealias S = AnimationTestSupport

    @Test func continueAnimationHonoursTheSpringsInitialVelocity() {
        MediaClock.main.runUntilIdle()
        for velocity in [0.0, 3.0, -1.5] {
            let view = S.makeView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 250 }
            animator.fractionComplete = 0.5  // linear scrubbing: x = 150
            animator.continueAnimation(
                withTimingParameters: UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: velocity, dy: 0)),
                durationFactor: 0.5)
            let x0 = S.presented(view, "x")
            let h = 1e-4
            MediaClock.main.advance(by: h)
            let x1 = S.presented(view, "x")
            MediaClock.main.advance(by: h)
            let x2 = S.presented(view, "x")
            // Richardson extrapolation of the forward difference: exact to O(h²).
            let slope = 2 * (x1 - x0) / h - (x2 - x0) / (2 * h)
            // Whole remaining distances (100 pt) per second.
            #expect(abs(x0 - 150) < 1e-6)
            #expect(abs(slope - velocity * 100) < 0.05, "velocity \(velocity): slope \(slope)")
            MediaClock.main.advance(by: 0.5)
            #expect(animator.state == .inactive && view.center.x == 250)
        }
    }

    @Test func nonInterruptibleAnimatorsRunToTheEnd() {
        MediaClock.main.runUntilIdle()
        let view = S.makeView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
        animator.isInterruptible = false
        animator.startAnimation()
        let reports = S.diagnostics {
            animator.pauseAnimation()
            animator.stopAnimation(true)
            animator.isReversed = true
            animator.isInterruptible = true
        }
        #expect(reports.count == 4, "\(reports)")
        #expect(animator.isRunning && !animator.isReversed && !animator.isInterruptible)
        MediaClock.main.advance(by: 1)
        #expect(animator.state == .inactive && view.center.x == 150)
        animator.isInterruptible = true  // inactive again: allowed
        #expect(animator.isInterruptible)
    }

    @Test func stateFollowsReference() {
        MediaClock.main.runUntilIdle()
        let view = S.makeView()
        var seen: [String] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { seen.append("done \($0.rawValue)") }
        seen.append("\(animator.state.rawValue)")
        animator.fractionComplete = 0.3  // inactive → active
        seen.append("\(animator.state.rawValue) running \(animator.isRunning)")
        animator.isReversed = true
        animator.startAnimation()  // back to the start in 0.3 s
        MediaClock.main.advance(by: 0.3)
        seen.append("\(animator.state.rawValue)")
        animator.pausesOnCompletion = true
        animator.startAnimation()
        MediaClock.main.advance(by: 1.1)
        seen.append("\(animator.state.rawValue) \(animator.fractionComplete)")
        animator.stopAnimation(false)
        seen.append("\(animator.state.rawValue)")
        animator.finishAnimation(at: .current)
        seen.append("\(animator.state.rawValue)")
        // Completions run once: the first run's completion is spent.
        #expect(seen == ["0", "1 running false", "done 1", "0", "1 1.0", "2", "0"])
    }
}
