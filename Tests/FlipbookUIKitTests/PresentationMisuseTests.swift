import Foundation
import Testing
import TestSupport
import Flipbook

/// Each misuse UIKit logs is reported once through FlipbookDiagnostics, with the app
/// left consistent.
@Suite("Presentation misuse", .freshRuntime)
@MainActor
struct PresentationMisuseTests {
    func capture(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        body()
        return reports
    }

    func setUp(_ style: UIModalPresentationStyle = .fullScreen)
        -> (ModalLog, ModalRecordingViewController, ModalRecordingViewController, ModalRecordingDelegate, UIWindow)
    {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        let b = ModalRecordingViewController("B", log: log)
        let delegate = ModalRecordingDelegate(log: log)
        b.modalPresentationStyle = style
        b.transitioningDelegate = delegate
        _ = log.take()
        return (log, a, b, delegate, window)
    }

    @Test func presentingDuringAPresentationIsRefused() {
        let (_, a, b, _, window) = setUp()
        a.present(b, animated: true, completion: nil)
        let c = UIViewController()
        let reports = capture { b.present(c, animated: true, completion: nil) }
        #expect(reports == ["Attempt to present <UIViewController> on <ModalRecordingViewController> while a presentation is in progress."])
        #expect(b.presentedViewController == nil && c.presentingViewController == nil)
        runModal(0.5)
        #expect(capture { b.present(c, animated: false, completion: nil) }.isEmpty)  // fine once it ended
        #expect(b.presentedViewController === c)
        _ = window
    }

    @Test func presentingAnAlreadyPresentedControllerIsRefused() {
        let (_, a, b, _, window) = setUp()
        a.present(b, animated: false, completion: nil)
        let other = UIViewController()
        window.rootViewController = nil
        let reports = capture { other.present(b, animated: false, completion: nil) }
        #expect(reports == ["Application tried to present modally a view controller <ModalRecordingViewController> that is already being presented by <ModalRecordingViewController>."])
        #expect(b.presentingViewController === a)
    }

    @Test func presentingFromOutsideAWindowIsRefused() {
        let detached = UIViewController()
        let b = UIViewController()
        var called = false
        let reports = capture { detached.present(b, animated: true) { called = true } }
        #expect(reports == ["Attempt to present <UIViewController> on <UIViewController> whose view is not in the window hierarchy."])
        #expect(!called && detached.presentedViewController == nil && !b.isBeingPresented)
    }

    @Test func presentingOnAPresenterThatAlreadyPresentsIsRefused() {
        let (_, a, b, _, window) = setUp()
        a.present(b, animated: false, completion: nil)
        let c = UIViewController()
        c.modalPresentationStyle = .overFullScreen
        let reports = capture { a.present(c, animated: false, completion: nil) }
        #expect(reports == ["Attempt to present <UIViewController> on <ModalRecordingViewController> which is already presenting <ModalRecordingViewController>."])
        _ = window
    }

    @Test func dismissingWithNothingToDismissIsReported() {
        let (_, a, _, _, window) = setUp()
        var called = false
        let reports = capture { a.dismiss(animated: true) { called = true } }
        #expect(reports == ["dismiss(animated:completion:) on <ModalRecordingViewController>, which neither presents nor is presented: nothing to dismiss."])
        #expect(!called)
        _ = window
    }

    @Test func dismissingDuringAPresentationIsRefused() {
        let (_, a, b, _, window) = setUp()
        a.present(b, animated: true, completion: nil)
        let reports = capture { b.dismiss(animated: true, completion: nil) }
        #expect(reports == ["Attempt to dismiss from view controller <ModalRecordingViewController> while a presentation or dismiss is in progress."])
        runModal(0.5)
        #expect(a.presentedViewController === b && b.view.window === window)
    }

    @Test func completeTransitionNeverCalledIsReportedAndCompleted() {
        let (log, a, b, delegate, window) = setUp()
        delegate.presentAnimator?.behaviour = .neverCompletes
        var completed = false
        a.present(b, animated: true) { completed = true }
        let early = capture { runModal(0.5 + 4.9) }
        #expect(early.isEmpty && !completed && b.isBeingPresented)
        let late = capture { runModal(0.2) }
        #expect(late.count == 1)
        #expect(late.first?.hasPrefix("ModalRecordingAnimator never called completeTransition(_:) for the presentation of <ModalRecordingViewController>") == true)
        #expect(completed && !b.isBeingPresented)
        #expect(log.events.suffix(2) == ["B.viewDidAppear(true)", "present.animationEnded(true)"])
        // The app is usable again: the dismissal runs.
        b.dismiss(animated: false, completion: nil)
        #expect(a.view.window === window && a.presentedViewController == nil)
    }

    @Test func completeTransitionTwiceIsReportedOnce() {
        let (log, a, b, delegate, window) = setUp()
        delegate.presentAnimator?.behaviour = .completesTwice
        var completions = 0
        a.present(b, animated: true) { completions += 1 }
        // Only this misuse's reports: running the clock also runs what earlier tests left pending.
        let all = capture { runModal(0.5) }
        let reports = all.filter { $0.hasPrefix("completeTransition(_:)") }
        #expect(reports.count == 1, "all reports: \(all)")
        #expect(reports.first?.hasPrefix("completeTransition(_:) was called more than once") == true)
        #expect(completions == 1)
        #expect(log.events.filter { $0 == "present.animationEnded(true)" }.count == 1)
        _ = window
    }

    @Test func animatorThatNeverAddsTheToViewIsReported() {
        let (_, a, b, delegate, window) = setUp(.custom)
        delegate.presentAnimator?.behaviour = .neverAddsToView
        a.present(b, animated: true, completion: nil)
        let reports = capture { runModal(0.5) }
        #expect(reports == ["ModalRecordingAnimator completed the presentation of <ModalRecordingViewController> without adding its view (view(forKey: .to)) to the container view, so it is not on screen. Add it with transitionContext.containerView.addSubview(toView) in animateTransition(using:)."])
        #expect(a.presentedViewController === b && b.view.window == nil)
        _ = window
    }

    /// An animator written for full-screen presentations, as libraries write them: it needs
    /// both views and completes at once without either (issue 37, C5).
    @MainActor
    final class FullScreenOnlyAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to) else {
                transitionContext.completeTransition(true)
                return
            }
            transitionContext.containerView.addSubview(toView)
            toView.alpha = 0
            UIView.animate(withDuration: 0.3, animations: { toView.alpha = 1; fromView.alpha = 0.5 }) { _ in
                fromView.alpha = 1
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }

    @MainActor
    final class FullScreenOnlyDelegate: NSObject, UIViewControllerTransitioningDelegate {
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { FullScreenOnlyAnimator() }
    }

    @Test func fullScreenAnimatorUnderTheDefaultStyleIsReportedWithTheStyle() {
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        let b = UIViewController()
        let delegate = FullScreenOnlyDelegate()
        b.transitioningDelegate = delegate  // modalPresentationStyle left .automatic
        // The animator completes inside present(_:animated:completion:).
        let reports = capture {
            a.present(b, animated: true, completion: nil)
            runModal(0.5)
        }
        #expect(reports.count == 1)
        let report = reports.first ?? ""
        #expect(report.hasPrefix("FullScreenOnlyAnimator completed the presentation of <UIViewController> without adding its view (view(forKey: .to)) to the container view"))
        #expect(report.contains("The presentation style is .pageSheet (modalPresentationStyle .automatic, the default since iOS 13)"))
        #expect(report.contains("view(forKey: .from) is nil"))
        #expect(report.contains("Set modalPresentationStyle = .fullScreen (or .custom with a presentation controller)"))
        #expect(a.presentedViewController === b && b.view.window == nil)

        // An explicit sheet style is named as asked.
        b.dismiss(animated: false, completion: nil)
        let c = UIViewController()
        c.modalPresentationStyle = .overFullScreen
        c.transitioningDelegate = delegate
        let over = capture {
            a.present(c, animated: true, completion: nil)
            runModal(0.5)
        }
        #expect(over.count == 1 && over.first?.contains("The presentation style is .overFullScreen:") == true)
        c.dismiss(animated: false, completion: nil)

        // The same animator under .fullScreen shows the view and reports nothing.
        let d = UIViewController()
        d.modalPresentationStyle = .fullScreen
        d.transitioningDelegate = delegate
        #expect(capture {
            a.present(d, animated: true, completion: nil)
            runModal(0.5)
        }.isEmpty)
        #expect(d.view.window === window)
    }
}
