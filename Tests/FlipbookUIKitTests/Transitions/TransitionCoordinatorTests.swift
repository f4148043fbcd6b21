import Foundation
import Testing
import TestSupport
import Flipbook

@MainActor
final class ModalAlongsidePresentationController: UIPresentationController {
    var log: ModalLog?
    let dimming = UIView(frame: .zero)

    override func presentationTransitionWillBegin() {
        containerView?.insertSubview(dimming, at: 0)
        dimming.alpha = 0
        let registered = presentedViewController.transitionCoordinator?.animate(alongsideTransition: { context in
            self.log?("alongside(animated: \(context.isAnimated), duration: \(context.transitionDuration))")
            self.dimming.alpha = 0.5
        }, completion: { context in
            self.log?("alongside.completion(cancelled: \(context.isCancelled))")
        })
        log?("registered \(registered == true)")
    }

    override func presentationTransitionDidEnd(_ completed: Bool) { log?("pc.presentationTransitionDidEnd(\(completed))") }
}

@MainActor
final class ModalCoordinatorDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let log: ModalLog
    lazy var animator = ModalRecordingAnimator("present", log: log, duration: 0.4)
    var pc: ModalAlongsidePresentationController?
    init(log: ModalLog) { self.log = log }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }

    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let pc = ModalAlongsidePresentationController(presentedViewController: presented, presenting: presenting)
        pc.log = log
        self.pc = pc
        return pc
    }
}

@Suite("Transition coordinator", .freshRuntime)
@MainActor
struct TransitionCoordinatorTests {
    @Test func alongsideAnimationsRunWithTheAnimatorAndCompleteAfterIt() {
        let log = ModalLog()
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        let b = UIViewController()
        let delegate = ModalCoordinatorDelegate(log: log)
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = delegate
        #expect(b.transitionCoordinator == nil)
        a.present(b, animated: true) { log("completion") }
        #expect(b.transitionCoordinator != nil && a.transitionCoordinator === b.transitionCoordinator)
        #expect(b.transitionCoordinator?.isAnimated == true)
        #expect(b.transitionCoordinator?.presentationStyle == .custom)
        #expect(b.transitionCoordinator?.viewController(forKey: .to) === b)
        #expect(log.take() == [
            "registered true", "present.transitionDuration", "present.animateTransition",
            "alongside(animated: true, duration: 0.4)",
        ])
        #expect(delegate.pc?.dimming.alpha == 0.5)
        let coordinator = b.transitionCoordinator
        runModal(0.4)
        #expect(log.take() == [
            "present.completeTransition", "pc.presentationTransitionDidEnd(true)",
            "alongside.completion(cancelled: false)", "completion", "present.animationEnded(true)",
        ])
        #expect(b.transitionCoordinator == nil)
        // Registering after the end does nothing and says so.
        #expect(coordinator?.animate(alongsideTransition: { _ in log("late") }, completion: nil) == false)
        #expect(log.events.isEmpty)
        _ = window
    }

    @Test func interactionChangesAreNotified() {
        let log = ModalLog()
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .overFullScreen
        let interactor = ModalManualInteraction()
        let delegate = ModalInteractiveDelegate(log: log, interactor: interactor)
        b.transitioningDelegate = delegate
        a.present(b, animated: true, completion: nil)
        _ = log.take()
        let coordinator = b.transitionCoordinator
        #expect(coordinator?.isInteractive == true && coordinator?.initiallyInteractive == true)
        coordinator?.notifyWhenInteractionChanges { context in
            log("interaction ended (cancelled: \(context.isCancelled), interactive: \(context.isInteractive))")
        }
        interactor.context?.updateInteractiveTransition(0.3)
        #expect(coordinator?.percentComplete == 0.3)
        interactor.context?.finishInteractiveTransition()
        #expect(log.take() == ["interaction ended (cancelled: false, interactive: false)"])
        interactor.context?.completeTransition(true)
        #expect(a.presentedViewController === b && !b.isBeingPresented)
        _ = window
    }
}

@MainActor
final class ModalManualInteraction: NSObject, UIViewControllerInteractiveTransitioning {
    var context: UIViewControllerContextTransitioning?
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        if let to = transitionContext.view(forKey: .to) { transitionContext.containerView.addSubview(to) }
    }
}

@MainActor
final class ModalInteractiveDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let log: ModalLog
    let interactor: ModalManualInteraction
    let animator: ModalRecordingAnimator
    init(log: ModalLog, interactor: ModalManualInteraction) {
        self.log = log
        self.interactor = interactor
        animator = ModalRecordingAnimator("present", log: log)
    }
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { interactor }
}
