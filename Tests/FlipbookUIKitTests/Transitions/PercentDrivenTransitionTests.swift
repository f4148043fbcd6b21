import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// An animator that slides the presented view up from below (ease-out), fades it with a
/// keyframe animation and dims a badge after a delay; the dismissal slides it back down.
/// Its completion undoes its model changes when the transition was cancelled.
@MainActor
final class SlideTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let log: ModalLog
    let duration: TimeInterval
    init(log: ModalLog, duration: TimeInterval = 1) {
        self.log = log
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let context = transitionContext
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else { return }
        let presenting = toVC.presentingViewController === fromVC
        if presenting, let to = context.view(forKey: .to) {
            let final = context.finalFrame(for: toVC)
            let start = final.offsetBy(dx: 0, dy: final.height)
            to.frame = start
            to.alpha = 0
            context.containerView.addSubview(to)
            let badge = to.subviews.first
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: { to.frame = final }) { _ in
                let cancelled = context.transitionWasCancelled
                self.log("animator.completion(cancelled: \(cancelled))")
                if cancelled {
                    to.frame = start
                    to.alpha = 0
                    badge?.alpha = 1
                }
                context.completeTransition(!cancelled)
            }
            UIView.animateKeyframes(withDuration: duration, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { to.alpha = 0.8 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { to.alpha = 1 }
            })
            if let badge {
                UIView.animate(withDuration: duration / 2, delay: duration / 2, options: .curveLinear, animations: { badge.alpha = 0.2 })
            }
        } else if let from = context.view(forKey: .from) {
            let initial = from.frame
            UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
                from.frame = initial.offsetBy(dx: 0, dy: initial.height)
            }) { _ in
                let cancelled = context.transitionWasCancelled
                self.log("animator.completion(cancelled: \(cancelled))")
                if cancelled { from.frame = initial }
                context.completeTransition(!cancelled)
            }
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { log("animationEnded(\(transitionCompleted))") }
}

/// A delegate handing out the slide animator, an optional interaction controller for both
/// directions, and a presentation controller that dims alongside the transition.
@MainActor
final class PercentDrivenDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let animator: UIViewControllerAnimatedTransitioning
    var interaction: UIViewControllerInteractiveTransitioning?
    var presentationControllerMade: DimmingPresentationController?
    init(animator: UIViewControllerAnimatedTransitioning, interaction: UIViewControllerInteractiveTransitioning?) {
        self.animator = animator
        self.interaction = interaction
    }
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { interaction }
    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { interaction }
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let pc = DimmingPresentationController(presentedViewController: presented, presenting: presenting)
        presentationControllerMade = pc
        return pc
    }
}

/// Dims the container alongside the presentation (a coordinator block without completion).
@MainActor
final class DimmingPresentationController: UIPresentationController {
    let dimming = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    override func presentationTransitionWillBegin() {
        containerView?.insertSubview(dimming, at: 0)
        dimming.alpha = 0
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0.5 })
    }
}

/// One presentation set-up: A at the root of a window, B (with a badge subview) to present.
@MainActor
struct PercentDrivenFixture {
    let log = ModalLog()
    let a: ModalRecordingViewController
    let b: ModalRecordingViewController
    let badge = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    let window: UIWindow
    let delegate: PercentDrivenDelegate

    init(style: UIModalPresentationStyle = .custom, interaction: UIViewControllerInteractiveTransitioning?,
         animator: ((ModalLog) -> UIViewControllerAnimatedTransitioning)? = nil) {
        a = ModalRecordingViewController("A", log: log)
        window = makeModalWindow(root: a)
        b = ModalRecordingViewController("B", log: log)
        b.view.addSubview(badge)
        b.modalPresentationStyle = style
        delegate = PercentDrivenDelegate(animator: animator?(log) ?? SlideTransitionAnimator(log: log), interaction: interaction)
        b.transitioningDelegate = delegate
        _ = log.take()
    }

    /// The values that move: B's y, B's opacity (keyframes), the badge's opacity (delayed),
    /// the dimming view's opacity (alongside).
    func sample() -> [Double] {
        typealias S = AnimationTestSupport
        let dimming = delegate.presentationControllerMade.map { S.presented($0.dimming, "opacity") } ?? .nan
        return [S.presented(b.view, "y"), S.presented(b.view, "opacity"), S.presented(badge, "opacity"), dimming]
    }
}

@Suite("Percent-driven interactive transitions", .freshRuntime)
@MainActor
struct PercentDrivenTransitionTests {
    @Test func scrubbingShowsTheNonInteractiveAnimationAtTheSameFraction() {
        MediaClock.main.runUntilIdle()
        for p in [0.1, 0.35, 0.5, 0.75, 0.9] {
            // Non-interactive reference at p · duration.
            let reference = PercentDrivenFixture(interaction: nil)
            reference.a.present(reference.b, animated: true)
            MediaClock.main.advance(by: p * 1)
            let expected = reference.sample()
            MediaClock.main.runUntilIdle()

            let interaction = UIPercentDrivenInteractiveTransition()
            let scrubbed = PercentDrivenFixture(interaction: interaction)
            scrubbed.a.present(scrubbed.b, animated: true)
            MediaClock.main.advanceFrames(3)
            interaction.update(CGFloat(p))
            MediaClock.main.advanceFrames(2)
            let actual = scrubbed.sample()
            #expect(interaction.percentComplete == CGFloat(p) && interaction.duration == 1)
            for (e, a) in zip(expected, actual) {
                #expect(abs(e - a) < 1e-6, "p = \(p): expected \(expected), got \(actual)")
            }
            // The values really move (not all at their start or end).
            #expect(actual[0] > 426 && actual[0] < 1278 && actual[1] > 0 && actual[1] < 1)
            interaction.finish()
            MediaClock.main.runUntilIdle()
            #expect(scrubbed.a.presentedViewController === scrubbed.b)
        }
    }

    @Test func finishPlaysTheRestAtCompletionSpeedWithItsCurve() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        interaction.completionCurve = .easeInOut
        let f = PercentDrivenFixture(interaction: interaction)
        let log = f.log
        var completed = false
        f.a.present(f.b, animated: true) { log("present.completion"); completed = true }
        let coordinator = f.b.transitionCoordinator
        #expect(coordinator?.isInteractive == true && coordinator?.initiallyInteractive == true)
        #expect(coordinator?.isInterruptible == false)
        coordinator?.notifyWhenInteractionChanges { context in
            log("interaction changed(cancelled: \(context.isCancelled), interactive: \(context.isInteractive))")
        }
        coordinator?.animate(alongsideTransition: { _ in log("alongside") }, completion: { context in
            log("coordinator.completion(cancelled: \(context.isCancelled))")
        })
        interaction.update(0.4)
        MediaClock.main.advanceFrames(1)
        let container = f.b.view.superview
        #expect(container?.layer.speed == 0 && abs((container?.layer.timeOffset ?? 0) - 0.4) < 1e-12)
        interaction.finish()
        #expect(coordinator?.isInteractive == false && coordinator?.isCancelled == false)
        // Time to the end: d·(1 − p)/speed = 1 · 0.6 / 2 = 0.3 s; halfway through, easeInOut is at 0.5.
        MediaClock.main.advance(by: 0.15)
        #expect(abs(interaction.percentComplete - 0.7) < 1e-6)
        #expect(abs((container?.layer.timeOffset ?? 0) - 0.7) < 1e-6)
        MediaClock.main.advance(by: 0.14)
        #expect(!completed)
        MediaClock.main.advance(by: 0.01)
        #expect(completed)
        #expect(log.take() == [
            "B.viewWillAppear(true)", "alongside",
            "interaction changed(cancelled: false, interactive: false)",
            "animator.completion(cancelled: false)", "B.viewDidAppear(true)",
            "coordinator.completion(cancelled: false)", "present.completion", "animationEnded(true)",
        ])
        // Everything at its end, the container running normally again.
        #expect(container?.layer.speed == 1 && container?.layer.timeOffset == 0 && container?.layer.beginTime == 0)
        #expect(zip(f.sample(), [426, 1, 0.2, 0.5]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(f.sample())")
        #expect(f.b.transitionCoordinator == nil && f.a.presentedViewController === f.b)
    }

    @Test func aTimingCurveReplacesTheCompletionCurve() {
        MediaClock.main.runUntilIdle()
        // Cubic: the time offset follows the curve over d·(1 − p) = 0.5 s.
        let cubic = UIPercentDrivenInteractiveTransition()
        cubic.completionCurve = .linear
        cubic.timingCurve = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.6), controlPoint2: CGPoint(x: 0.4, y: 1))
        let f = PercentDrivenFixture(interaction: cubic)
        f.a.present(f.b, animated: true)
        cubic.update(0.5)
        cubic.finish()
        MediaClock.main.advance(by: 0.25)
        let expected = 0.5 + 0.5 * AnimationTestSupport.bezier(0.2, 0.6, 0.4, 1, 0.5)
        #expect(abs(Double(cubic.percentComplete) - expected) < 1e-5)
        MediaClock.main.advance(by: 0.25)
        #expect(f.a.presentedViewController === f.b && f.b.transitionCoordinator == nil)

        // Spring (damping ratio): fitted to the same 0.5 s, so it ends on time.
        let spring = UIPercentDrivenInteractiveTransition()
        spring.timingCurve = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 1, dy: 0))
        let g = PercentDrivenFixture(interaction: spring)
        g.a.present(g.b, animated: true)
        spring.update(0.5)
        spring.finish()
        MediaClock.main.advance(by: 0.49)
        #expect(g.b.transitionCoordinator != nil && spring.percentComplete > 0.99)
        MediaClock.main.advance(by: 0.01)
        #expect(g.a.presentedViewController === g.b && g.b.transitionCoordinator == nil)
    }

    @Test func cancelPlaysBackAndLeavesEverythingAsBefore() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionCurve = .linear
        let f = PercentDrivenFixture(interaction: interaction)
        let log = f.log
        let aFrame = f.a.view.frame
        let windowSubviews = f.window.subviews
        var completed = false
        f.a.present(f.b, animated: true) { completed = true }
        f.b.transitionCoordinator?.animate(alongsideTransition: nil) { context in
            log("coordinator.completion(cancelled: \(context.isCancelled))")
        }
        interaction.update(0.5)
        MediaClock.main.advanceFrames(1)
        let before = f.sample()
        interaction.cancel()
        // Back to 0 in d·p = 0.5 s, linearly in time offset.
        MediaClock.main.advance(by: 0.25)
        #expect(abs(interaction.percentComplete - 0.25) < 1e-6)
        #expect(f.sample()[0] > before[0])  // moving back down
        MediaClock.main.advance(by: 0.24)
        #expect(f.b.view.window != nil)
        MediaClock.main.advance(by: 0.01)
        #expect(log.take() == [
            "B.viewWillAppear(true)",
            "animator.completion(cancelled: true)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
            "coordinator.completion(cancelled: true)", "animationEnded(false)",
        ])
        #expect(!completed)
        #expect(f.a.presentedViewController == nil && f.b.presentingViewController == nil)
        #expect(f.b.view.superview == nil && !f.b.isBeingPresented)
        #expect(f.window.subviews.count == windowSubviews.count && zip(f.window.subviews, windowSubviews).allSatisfy { $0 === $1 })
        #expect(f.a.view.frame == aFrame)
        // The same controller presents again, this time to the end.
        f.a.present(f.b, animated: true)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b && f.b.view.window != nil)
    }

    /// A dismissal animator that slides and fades the presented view away and, when cancelled,
    /// only calls `completeTransition(false)` (a bottom-popup library's pattern): the cancel puts
    /// the view back where it was, as UIKit's property-animator-driven cancel does.
    @Test func cancelledDismissalPutsBackWhatTheAnimatorDidNotUndo() {
        final class NonRestoringDismissal: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let from = transitionContext.view(forKey: .from) else { return }
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    from.frame = from.frame.offsetBy(dx: 0, dy: from.frame.height)
                    from.alpha = 0
                    from.layer.cornerRadius = 30
                }) { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
            }
        }
        MediaClock.main.runUntilIdle()
        let f = PercentDrivenFixture(interaction: nil, animator: { _ in NonRestoringDismissal() })
        f.a.present(f.b, animated: false)
        MediaClock.main.runUntilIdle()
        let shown = f.b.view.frame
        let badgeFrame = f.badge.frame
        let interaction = UIPercentDrivenInteractiveTransition()
        f.delegate.interaction = interaction
        f.b.dismiss(animated: true)
        interaction.update(0.6)
        MediaClock.main.advanceFrames(2)
        #expect(abs(f.sample()[0] - Double(shown.midY + 0.6 * shown.height)) < 1)
        interaction.cancel()
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b && f.b.view.window != nil)
        #expect(f.b.view.frame == shown)
        #expect(f.b.view.alpha == 1 && f.b.view.layer.cornerRadius == 0)
        #expect(f.badge.frame == badgeFrame)
        #expect(abs(f.sample()[0] - Double(shown.midY)) < 1e-6 && f.sample()[1] == 1, "shown where it began")
        // Finished the next time: the model values are the animation's end values.
        f.b.dismiss(animated: true)
        interaction.update(0.5)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController == nil)
        #expect(f.b.view.alpha == 0)
    }

    @Test func cancelledFullScreenDismissalSendsTheReverseCallbacks() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = PercentDrivenFixture(style: .fullScreen, interaction: nil)
        f.a.present(f.b, animated: false)
        _ = f.log.take()
        let bFrame = f.b.view.frame
        f.delegate.interaction = interaction
        var dismissed = false
        f.b.dismiss(animated: true) { dismissed = true }
        #expect(f.a.view.window != nil)  // UIKit put the presenting view back for the dismissal
        interaction.update(0.3)
        interaction.cancel()
        MediaClock.main.runUntilIdle()
        #expect(f.log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "animator.completion(cancelled: true)",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            "animationEnded(false)",
        ])
        #expect(!dismissed)
        #expect(f.a.presentedViewController === f.b && f.b.view.frame == bFrame)
        #expect(f.a.view.window == nil && f.b.view.window === f.window)
        let container = f.b.view.superview
        #expect(container?.layer.speed == 1 && container?.layer.timeOffset == 0)
        // Now finished: the dismissal completes as a non-interactive one would.
        f.b.dismiss(animated: true) { dismissed = true }
        interaction.update(0.8)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(f.log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "animator.completion(cancelled: false)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "animationEnded(true)",
        ])
        #expect(dismissed && f.a.presentedViewController == nil && f.a.view.superview === f.window)
    }

    @Test func aFingerCanTakeOverTheFinishingAnimation() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionCurve = .linear
        let f = PercentDrivenFixture(interaction: interaction)
        let log = f.log
        f.a.present(f.b, animated: true) { log("present.completion") }
        let coordinator = f.b.transitionCoordinator
        coordinator?.notifyWhenInteractionChanges { context in
            log("interaction changed(cancelled: \(context.isCancelled), interactive: \(context.isInteractive))")
        }
        interaction.update(0.3)
        interaction.finish()
        MediaClock.main.advance(by: 0.2)  // linear: 0.3 + 0.2 = 0.5
        #expect(abs(interaction.percentComplete - 0.5) < 1e-6)
        interaction.pause()
        #expect(coordinator?.isInteractive == true)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(interaction.percentComplete - 0.5) < 1e-6)  // held
        interaction.update(0.6)
        MediaClock.main.advanceFrames(1)
        #expect(abs((f.b.view.superview?.layer.timeOffset ?? 0) - 0.6) < 1e-12)
        interaction.cancel()
        MediaClock.main.advance(by: 0.59)
        #expect(f.b.view.window != nil)
        MediaClock.main.advance(by: 0.01)
        #expect(log.take() == [
            "B.viewWillAppear(true)",
            "interaction changed(cancelled: false, interactive: false)",
            "interaction changed(cancelled: false, interactive: true)",
            "interaction changed(cancelled: true, interactive: false)",
            "animator.completion(cancelled: true)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "animationEnded(false)",
        ])
        #expect(f.a.presentedViewController == nil)
    }

    @Test func aTransitionStartedNonInteractivelyCanBePaused() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        let f = PercentDrivenFixture(interaction: interaction)
        f.a.present(f.b, animated: true)
        let coordinator = f.b.transitionCoordinator
        #expect(coordinator?.isInteractive == false && coordinator?.initiallyInteractive == false)
        MediaClock.main.advance(by: 0.4)
        #expect(abs(interaction.percentComplete - 0.4) < 1e-6)
        interaction.pause()
        #expect(coordinator?.isInteractive == true)
        interaction.update(0.9)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b && f.b.transitionCoordinator == nil)
    }

    @Test func alongsideBlocksAddedMidwayAreScrubbedFromThere() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = PercentDrivenFixture(interaction: interaction)
        f.a.present(f.b, animated: true)
        interaction.update(0.5)
        let shade = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        shade.alpha = 0
        f.b.view.superview?.addSubview(shade)
        // Registered half way: it gets the remaining half (0.5 s) and begins at 0.5.
        f.b.transitionCoordinator?.animate(alongsideTransition: { _ in shade.alpha = 1 })
        interaction.update(0.75)
        MediaClock.main.advanceFrames(1)
        #expect(abs(AnimationTestSupport.presented(shade, "opacity") - 0.5) < 1e-6)  // easeInOut(0.5)
        interaction.update(0.6)
        MediaClock.main.advanceFrames(1)
        let expected = AnimationTestSupport.bezier(0.42, 0, 0.58, 1, 0.2)
        #expect(abs(AnimationTestSupport.presented(shade, "opacity") - expected) < 1e-5)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(shade.alpha == 1 && f.a.presentedViewController === f.b)
    }

    /// A pan handler that calls update, finish or cancel on every gesture, whether or not its
    /// transition started or is still running: UIKit ignores those calls and so does Flipbook,
    /// silently (docs/Semantics.md, "Calls with no transition running").
    @Test func callsWithNoTransitionAreIgnoredSilently() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = PercentDrivenFixture(interaction: interaction)
        let before = FlipbookDiagnostics.capture {
            interaction.update(0.3)
            interaction.cancel()
        }
        #expect(before.isEmpty, "\(before)")
        f.a.present(f.b, animated: true)
        interaction.update(0.6)
        interaction.finish()
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b && f.b.transitionCoordinator == nil)
        let after = FlipbookDiagnostics.capture {
            interaction.update(0.2)
            interaction.finish()
            interaction.cancel()
            MediaClock.main.runUntilIdle()
        }
        #expect(after.isEmpty, "\(after)")
        #expect(f.a.presentedViewController === f.b && f.b.view.window === f.window)
    }

    @Test func badInputIsClampedReportedAndIgnored() {
        MediaClock.main.runUntilIdle()
        let idle = UIPercentDrivenInteractiveTransition()
        let idleReports = FlipbookDiagnostics.capture {
            idle.finish()
            idle.cancel()
            idle.pause()
            idle.update(0.5)
        }
        // With no transition, finish, cancel and update are ignored silently, as in UIKit
        // (docs/Semantics.md, "Calls with no transition running"); pause is reported.
        #expect(idleReports.count == 1, "\(idleReports)")
        #expect(idleReports.first?.hasPrefix("UIPercentDrivenInteractiveTransition.pause()") == true)

        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionSpeed = -3  // reads as 1
        #expect(interaction.completionSpeed == 1)
        let f = PercentDrivenFixture(interaction: interaction)
        f.a.present(f.b, animated: true)
        let reports = FlipbookDiagnostics.capture {
            interaction.update(.nan)
            #expect(interaction.percentComplete == 0)
            interaction.update(1.5)
            #expect(interaction.percentComplete == 1)
            interaction.update(-2)
            #expect(interaction.percentComplete == 0)
            interaction.update(0.5)
            interaction.finish()
            interaction.finish()
            interaction.cancel()
        }
        // The first finish() is fine; the second and the cancel() after it are reported.
        #expect(reports.count == 5, "\(reports)")
        guard reports.count == 5 else { return }
        #expect(reports[0].contains("NaN") && reports[1].contains("1.5") && reports[2].contains("-2"))
        #expect(reports[3].contains("finish()") && reports[4].contains("cancel()"))
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b && f.b.view.window === f.window)
        #expect(!f.b.isBeingPresented && f.b.transitionCoordinator == nil)
    }

    @Test func anInteractionThatNeverEndsIsReportedAndCancelled() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        let f = PercentDrivenFixture(interaction: interaction)
        var completed = false
        f.a.present(f.b, animated: true) { completed = true }
        interaction.update(0.2)
        var reports: [String] = []
        reports += FlipbookDiagnostics.capture { MediaClock.main.advance(by: 29.9) }
        #expect(reports.isEmpty && f.b.transitionCoordinator?.isInteractive == true)
        reports += FlipbookDiagnostics.capture { MediaClock.main.advance(by: 0.2) }
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix(
            "UIPercentDrivenInteractiveTransition drives the presentation of <ModalRecordingViewController> interactively "
                + "but has not called update, finish or cancel for 30.0 s") == true)
        #expect(f.b.transitionCoordinator?.isCancelled == true)
        MediaClock.main.runUntilIdle()
        #expect(!completed && f.a.presentedViewController == nil && f.b.view.window == nil)
        #expect(f.log.events.suffix(2) == ["B.viewDidDisappear(true)", "animationEnded(false)"])
    }
}
