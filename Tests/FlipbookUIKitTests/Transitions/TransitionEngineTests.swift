import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// The engine every transition runs through: its kinds, the touch-blocking hook, the
/// coordinator's API shape and the context's answers to bad interactive calls.
@Suite("Transition engine", .freshRuntime)
@MainActor
struct TransitionEngineTests {
    @Test func theContextKnowsItsKindAndTheOldNameStillWorks() {
        MediaClock.main.runUntilIdle()
        let f = PercentDrivenFixture(interaction: nil)
        f.a.present(f.b, animated: true)
        let context = f.b.transitionCoordinator as? ViewControllerTransitionContext
        #expect(context?.kind == .presentation && context?.isPresentationTransition == true)
        MediaClock.main.runUntilIdle()
        f.b.dismiss(animated: true)
        #expect((f.b.transitionCoordinator as? ViewControllerTransitionContext)?.kind == .dismissal)
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController == nil)
        #expect([ViewControllerTransitionKind.push, .pop, .tabSwitch].map(\.noun) == ["push", "pop", "tab switch"])
    }

    @Test func coordinatorCallsCompileAsOnIOS() {
        MediaClock.main.runUntilIdle()
        let f = PercentDrivenFixture(interaction: nil)
        var seen: [String] = []
        f.a.present(f.b, animated: true)
        // Against the protocol type, without `completion:`, as iOS code writes it.
        let coordinator: UIViewControllerTransitionCoordinator? = f.b.transitionCoordinator
        coordinator?.animate(alongsideTransition: { _ in seen.append("alongside 1") })
        coordinator?.animate(alongsideTransition: { _ in seen.append("alongside 2") }) { _ in seen.append("completion 2") }
        coordinator?.animateAlongsideTransition(in: f.a.view, animation: { _ in seen.append("alongside 3") })
        // And against the concrete class.
        let context = f.b.transitionCoordinator as? ViewControllerTransitionContext
        context?.animate(alongsideTransition: { _ in seen.append("alongside 4") })
        context?.animate(alongsideTransition: nil, completion: { _ in seen.append("completion 4") })
        MediaClock.main.runUntilIdle()
        #expect(seen == ["alongside 1", "alongside 2", "alongside 3", "alongside 4", "completion 2", "completion 4"])
    }

    /// The engine running `vc`'s transition, if any.
    func engine(of vc: UIViewController) -> TransitionEngine? {
        UIApplication.shared.runningTransitions.last { $0.context === vc.transitionCoordinator }
    }

    @Test func touchesAreBlockedOnlyWhileATransitionRunsOnItsOwn() {
        MediaClock.main.runUntilIdle()
        let plain = PercentDrivenFixture(interaction: nil)
        plain.a.present(plain.b, animated: true)
        #expect(engine(of: plain.b)?.isRunningNonInteractively == true)
        #expect(UIApplication.shared.blocksInteractionEvents)
        MediaClock.main.runUntilIdle()
        #expect(engine(of: plain.b) == nil)

        let interaction = UIPercentDrivenInteractiveTransition()
        let driven = PercentDrivenFixture(interaction: interaction)
        driven.a.present(driven.b, animated: true)
        #expect(engine(of: driven.b)?.isRunningNonInteractively == false)  // a finger drives it
        interaction.update(0.5)
        interaction.finish()
        #expect(engine(of: driven.b)?.isRunningNonInteractively == true)  // finishing on its own
        MediaClock.main.runUntilIdle()
        #expect(engine(of: driven.b) == nil)

        // An interruptible animator without an interaction controller is never asked for its
        // property animator (UIKit does not call it then), so its transition blocks touches
        // (docs/Divergences.md, "Interactive transitions").
        let interruptible = PercentDrivenFixture(interaction: nil, animator: { InterruptibleSlideAnimator(log: $0) })
        interruptible.a.present(interruptible.b, animated: true)
        #expect(engine(of: interruptible.b)?.isRunningNonInteractively == true)
        MediaClock.main.runUntilIdle()

        // With an interaction controller it is asked, and touches may take over.
        let caught = UIPercentDrivenInteractiveTransition()
        caught.wantsInteractiveStart = false
        let catchable = PercentDrivenFixture(interaction: caught, animator: { InterruptibleSlideAnimator(log: $0) })
        catchable.a.present(catchable.b, animated: true)
        #expect(engine(of: catchable.b)?.isRunningNonInteractively == false)
        MediaClock.main.runUntilIdle()
    }

    @Test func badInteractiveCallsOnTheContextAreReportedAndIgnored() {
        MediaClock.main.runUntilIdle()
        let log = ModalLog()
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .overFullScreen
        let interactor = ModalManualInteraction()
        let delegate = ModalInteractiveDelegate(log: log, interactor: interactor)
        b.transitioningDelegate = delegate
        a.present(b, animated: true)
        let context = interactor.context
        let reports = FlipbookDiagnostics.capture {
            context?.updateInteractiveTransition(.nan)
            context?.updateInteractiveTransition(7)
            #expect(b.transitionCoordinator?.percentComplete == 1)
            context?.pauseInteractiveTransition()  // already interactive
            context?.finishInteractiveTransition()
            context?.finishInteractiveTransition()
            context?.cancelInteractiveTransition()
            #expect(b.transitionCoordinator?.isCancelled == false)
        }
        #expect(reports.count == 5, "\(reports)")
        #expect(reports.first == "updateInteractiveTransition(_:) got NaN; ignored.")
        #expect(reports[1] == "updateInteractiveTransition(_:) got 7.0, outside 0…1; using 1.0.")
        context?.completeTransition(true)
        #expect(a.presentedViewController === b && b.transitionCoordinator == nil)
        let late = FlipbookDiagnostics.capture { context?.updateInteractiveTransition(0.5) }
        #expect(late.count == 1)
        _ = window
    }

    @Test func aCustomInteractionThatNeverEndsIsCancelledThenCompleted() {
        MediaClock.main.runUntilIdle()
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        let b = ModalRecordingViewController("B", log: log)
        b.modalPresentationStyle = .overFullScreen
        let interactor = ModalManualInteraction()
        let delegate = ModalInteractiveDelegate(log: log, interactor: interactor)
        delegate.animator.behaviour = .neverCompletes
        b.transitioningDelegate = delegate
        var completed = false
        a.present(b, animated: true) { completed = true }
        _ = log.take()
        var reports: [String] = []
        reports += FlipbookDiagnostics.capture { MediaClock.main.advance(by: 30.05) }
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("ModalManualInteraction drives the presentation of <ModalRecordingViewController>") == true)
        #expect(b.transitionCoordinator?.isCancelled == true && b.transitionCoordinator?.isInteractive == false)
        // The animator never completes either: the completion watchdog ends it, cancelled.
        reports += FlipbookDiagnostics.capture { MediaClock.main.advance(by: 5.6) }
        #expect(reports.count == 2)
        #expect(reports.last?.hasPrefix("ModalRecordingAnimator never called completeTransition(_:) for the presentation") == true)
        #expect(log.take() == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "present.animationEnded(false)"])
        #expect(!completed && a.presentedViewController == nil && b.view.window == nil && window.subviews.count == 1)
    }
}
