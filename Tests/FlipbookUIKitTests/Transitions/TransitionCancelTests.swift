import Foundation
import Testing
import TestSupport
import Flipbook

/// A delegate whose dismissal is driven by a manual interaction controller.
@MainActor
final class ModalCancellingDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let log: ModalLog
    let interaction = ModalManualInteraction()
    let dismissAnimator: ModalRecordingAnimator
    init(log: ModalLog) {
        self.log = log
        dismissAnimator = ModalRecordingAnimator("dismiss", log: log)
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        dismissAnimator
    }
    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { interaction }
}

@Suite("Cancelled transitions", .freshRuntime)
@MainActor
struct TransitionCancelTests {
    @Test func cancelledFullScreenDismissalRestoresThePresentation() {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        let b = ModalRecordingViewController("B", log: log)
        b.modalPresentationStyle = .fullScreen
        let delegate = ModalCancellingDelegate(log: log)
        b.transitioningDelegate = delegate
        a.present(b, animated: false, completion: nil)
        _ = log.take()
        var completed = false
        b.dismiss(animated: true) { completed = true }
        #expect(b.transitionCoordinator?.isInteractive == true)
        #expect(a.view.superview === delegate.interaction.context?.containerView)  // put back by UIKit
        delegate.interaction.context?.updateInteractiveTransition(0.3)
        delegate.interaction.context?.cancelInteractiveTransition()
        #expect(delegate.interaction.context?.transitionWasCancelled == true)
        delegate.interaction.context?.completeTransition(false)
        #expect(log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "dismiss.transitionDuration",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            "dismiss.animationEnded(false)",
        ])
        #expect(!completed)
        #expect(a.presentedViewController === b && !b.isBeingDismissed)
        #expect(a.view.superview == nil && b.view.window === window)
    }
}
