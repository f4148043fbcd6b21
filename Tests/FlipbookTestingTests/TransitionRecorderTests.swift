import Foundation
import Testing
import Flipbook
import FlipbookTesting

/// A delegate with an interaction controller for the dismissal, and a custom presentation
/// controller; the interaction controller's animator question gets the real animator.
final class InteractiveDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let interaction = UIPercentDrivenInteractiveTransition()
    var dismissing: RiseAnimator?
    var askedWith: UIViewControllerAnimatedTransitioning?

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { RiseAnimator(isPresenting: true) }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let animator = RiseAnimator(isPresenting: false)
        dismissing = animator
        return animator
    }

    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        askedWith = animator
        return interaction
    }

    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        UIPresentationController(presentedViewController: presented, presenting: presenting)
    }
}

@Suite(.freshRuntime)
@MainActor
struct TransitionRecorderTests {
    /// A custom-style presentation, then a dismissal driven to 30 % and cancelled, then one
    /// driven to 60 % and finished.
    @Test func interactiveDismissalsAreRecordedCallByCall() {
        let home = HomeViewController()
        let driver = AppDriver(rootViewController: home)
        let detail = UIViewController(nibName: nil, bundle: nil)
        detail.modalPresentationStyle = .custom
        let delegate = InteractiveDelegate()
        let recorder = TransitionRecorder(wrapping: delegate)
        detail.transitioningDelegate = recorder

        home.present(detail, animated: true)
        driver.runScript()
        #expect(recorder.history.events == [
            "delegate presentationController(forPresented:) -> UIPresentationController",
            "delegate animationController(forPresented:) -> RiseAnimator",
            "delegate interactionControllerForPresentation(using:) -> nil",
            "UIViewController viewWillAppear(true)",
            "presentationController presentationTransitionWillBegin()",
            "RiseAnimator transitionDuration(using:) -> 0.5",
            "RiseAnimator animateTransition(using:)",
            "context completeTransition(true)",
            "UIViewController viewDidAppear(true)",
            "presentationController presentationTransitionDidEnd(true)",
            "RiseAnimator animationEnded(true)",
        ])

        recorder.reset()
        detail.dismiss(animated: true, completion: recorder.completion("dismiss"))
        driver.advanceFrames(1)
        delegate.interaction.update(0.3)
        driver.advance(by: 0.1)
        delegate.interaction.cancel()
        driver.advance(by: 1)
        #expect(delegate.askedWith === delegate.dismissing)
        #expect(home.presentedViewController === detail)

        // Frames are 1/60 s: the update comes one frame in, the cancel 0.1 s later.
        let cancelled = TransitionRecorder.History([
            .init(time: 0, event: "delegate animationController(forDismissed:) -> RiseAnimator"),
            .init(time: 0, event: "delegate interactionControllerForDismissal(using:) -> UIPercentDrivenInteractiveTransition"),
            .init(time: 0, event: "UIViewController viewWillDisappear(true)"),
            .init(time: 0, event: "presentationController dismissalTransitionWillBegin()"),
            .init(time: 0, event: "RiseAnimator transitionDuration(using:) -> 0.5"),
            .init(time: 0, event: "UIPercentDrivenInteractiveTransition startInteractiveTransition(_:)"),
            .init(time: 0, event: "RiseAnimator animateTransition(using:)"),
            .init(time: 0.017, event: "context updateInteractiveTransition(0.3)"),
            .init(time: 0.117, event: "context cancelInteractiveTransition()"),
        ])
        #expect(Array(recorder.history.entries.prefix(9)) == cancelled.entries, "\(recorder.history)")
        // The cancel reverses the appearance callbacks.
        #expect(Array(recorder.history.events.dropFirst(9)) == [
            "context completeTransition(false)",
            "UIViewController viewWillAppear(true)",
            "UIViewController viewDidAppear(true)",
            "presentationController dismissalTransitionDidEnd(false)",
            "RiseAnimator animationEnded(false)",
        ])

        recorder.reset()
        detail.dismiss(animated: true, completion: recorder.completion("dismiss"))
        delegate.interaction.update(0.6)
        delegate.interaction.finish()
        driver.runScript()
        #expect(home.presentedViewController == nil)
        #expect(Array(recorder.history.events.suffix(7)) == [
            "context updateInteractiveTransition(0.6)",
            "context finishInteractiveTransition()",
            "context completeTransition(true)",
            "UIViewController viewDidDisappear(true)",
            "presentationController dismissalTransitionDidEnd(true)",
            "completion dismiss",
            "RiseAnimator animationEnded(true)",
        ])
    }

    @Test func historiesCompareAndPrintAsText() {
        let recorder = TransitionRecorder(wrapping: InteractiveDelegate())
        recorder.record("first")
        MediaClock.main.advance(by: 0.25)
        recorder.completion("done")()
        let expected = TransitionRecorder.History([
            .init(time: 0, event: "first"), .init(time: 0.25, event: "completion done"),
        ])
        #expect(recorder.history == expected)
        #expect(recorder.history != TransitionRecorder.History([.init(time: 0, event: "first")]))
        #expect("\(recorder.history)" == "  0.000  first\n  0.250  completion done")
        // Times are kept to the millisecond, so sums of frame steps compare equal.
        #expect(TransitionRecorder.Entry(time: 0.1 + 0.2, event: "x") == TransitionRecorder.Entry(time: 0.3, event: "x"))
        recorder.reset()
        #expect(recorder.history.entries.isEmpty)
    }

    @Test func aDelegateWithoutAnimatorsRecordsNilAnswers() {
        let home = HomeViewController()
        let driver = AppDriver(rootViewController: home)
        let detail = UIViewController(nibName: nil, bundle: nil)
        let recorder = TransitionRecorder(wrapping: PlainDelegate())
        detail.transitioningDelegate = recorder
        home.present(detail, animated: true, completion: recorder.completion("present"))
        driver.runScript()
        #expect(home.presentedViewController === detail)
        // UIKit's own animator runs; its calls are recorded as well.
        #expect(recorder.history.events == [
            "delegate animationController(forPresented:) -> nil",
            "UIViewController viewWillAppear(true)",
            "presentationController presentationTransitionWillBegin()",
            "DefaultModalAnimator transitionDuration(using:) -> 0.5",
            "DefaultModalAnimator animateTransition(using:)",
            "context completeTransition(true)",
            "UIViewController viewDidAppear(true)",
            "presentationController presentationTransitionDidEnd(true)",
            "completion present",
            "DefaultModalAnimator animationEnded(true)",
        ])
    }
}

/// A delegate that answers nothing: UIKit's default animation runs.
final class PlainDelegate: NSObject, UIViewControllerTransitioningDelegate {}

/// Presents with a `UIViewPropertyAnimator` that it hands out as its interruptible animator.
final class InterruptibleRiseAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var propertyAnimator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: context).startAnimation()
    }

    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let view = context.view(forKey: .to)!
        context.containerView.addSubview(view)
        view.frame = context.finalFrame(for: context.viewController(forKey: .to)!).offsetBy(dx: 0, dy: 400)
        let animator = UIViewPropertyAnimator(duration: 0.4, curve: .linear) { view.frame.origin.y = 0 }
        animator.addCompletion { position in context.completeTransition(position == .end) }
        propertyAnimator = animator
        return animator
    }
}

final class InterruptibleDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let animator = InterruptibleRiseAnimator()
    let interaction = UIPercentDrivenInteractiveTransition()

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }

    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { interaction }
}

extension TransitionRecorderTests {
    /// Through the recorder, the interaction still drives the animator's own property animator.
    @Test func interruptibleAnimatorsAreDrivenThroughTheRecorder() throws {
        let home = HomeViewController()
        let driver = AppDriver(rootViewController: home)
        let detail = UIViewController(nibName: nil, bundle: nil)
        detail.modalPresentationStyle = .overFullScreen
        let delegate = InterruptibleDelegate()
        let recorder = TransitionRecorder(wrapping: delegate)
        detail.transitioningDelegate = recorder

        home.present(detail, animated: true, completion: recorder.completion("present"))
        delegate.interaction.update(0.5)
        let propertyAnimator = try #require(delegate.animator.propertyAnimator)
        #expect(propertyAnimator.fractionComplete == 0.5)
        delegate.interaction.finish()
        driver.runScript()
        #expect(home.presentedViewController === detail)
        // The interaction runs the interruptible animator itself: no animateTransition(using:).
        // (The recorder does not list interruptibleAnimator(using:) calls: Flipbook asks every
        // animator once whether it provides one.)
        #expect(recorder.history.events == [
            "delegate animationController(forPresented:) -> InterruptibleRiseAnimator",
            "delegate interactionControllerForPresentation(using:) -> UIPercentDrivenInteractiveTransition",
            "UIViewController viewWillAppear(true)",
            "presentationController presentationTransitionWillBegin()",
            "InterruptibleRiseAnimator transitionDuration(using:) -> 0.4",
            "UIPercentDrivenInteractiveTransition startInteractiveTransition(_:)",
            "context updateInteractiveTransition(0.5)",
            "context finishInteractiveTransition()",
            "context completeTransition(true)",
            "UIViewController viewDidAppear(true)",
            "presentationController presentationTransitionDidEnd(true)",
            "completion present",
            "InterruptibleRiseAnimator animationEnded(true)",
        ])
    }
}
