import Foundation
import Testing
import TestSupport
import Flipbook

/// The order of calls and the presentation styles' rules (docs/Semantics.md, "Modal
/// presentation"), as recorded histories and hierarchy states.
@Suite("Presentation flows", .freshRuntime)
@MainActor
struct PresentationFlowTests {
    /// A root A in a window and a presented B with a recording delegate.
    func setUp(_ style: UIModalPresentationStyle, customController: Bool = false)
        -> (ModalLog, ModalRecordingViewController, ModalRecordingViewController, ModalRecordingDelegate, UIWindow)
    {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        let b = ModalRecordingViewController("B", log: log)
        let delegate = ModalRecordingDelegate(log: log)
        delegate.makesPresentationController = customController
        b.modalPresentationStyle = style
        b.transitioningDelegate = delegate
        _ = log.take()
        return (log, a, b, delegate, window)
    }

    @Test func rootAppearsWhenInstalled() {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        #expect(log.take() == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        #expect(a.view.superview === window)
        #expect(a.view.frame == window.bounds)
    }

    @Test func customPresentationAndDismissalFollowSeed000() {
        let (log, a, b, delegate, window) = setUp(.custom, customController: true)
        var completions = 0
        a.present(b, animated: true) { log("present.completion"); completions += 1 }
        #expect(b.isBeingPresented)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(log.take() == [
            "delegate.presentationController",
            "B.viewDidLoad",
            "delegate.animationController(forPresented:)",
            "delegate.interactionControllerForPresentation",
            "B.viewWillAppear(true)",
            "pc.presentationTransitionWillBegin",
            "present.transitionDuration",
            "present.animateTransition",
        ])
        // docs/Semantics.md, "Presentation styles": with .custom, view(forKey: .from) is nil
        // and the presenting view stays put.
        #expect(delegate.presentAnimator?.seenFromView == nil)
        #expect(delegate.presentAnimator?.seenToView === b.view)
        runModal(0.5)
        #expect(log.take() == [
            "present.completeTransition", "B.viewDidAppear(true)", "pc.presentationTransitionDidEnd(true)",
            "present.completion", "present.animationEnded(true)",
        ])
        #expect(completions == 1)
        #expect(!b.isBeingPresented)
        #expect(a.view.superview === window)
        let container = delegate.presentAnimator?.seenContainer
        #expect(container?.superview === window)
        #expect(b.view.superview === container)
        #expect(window.subviews.last === container)

        b.dismiss(animated: true) { log("dismiss.completion") }
        #expect(b.isBeingDismissed)
        #expect(log.take() == [
            "delegate.animationController(forDismissed:)",
            "delegate.interactionControllerForDismissal",
            "B.viewWillDisappear(true)",
            "pc.dismissalTransitionWillBegin",
            "dismiss.transitionDuration",
            "dismiss.animateTransition",
        ])
        #expect(delegate.dismissAnimator?.seenToView == nil)
        #expect(delegate.dismissAnimator?.seenFromView === b.view)
        #expect(delegate.dismissAnimator?.containerSubviewsAtStart.contains { $0 === a.view } == false)
        runModal(0.5)
        #expect(log.take() == [
            "dismiss.completeTransition", "B.viewDidDisappear(true)", "pc.dismissalTransitionDidEnd(true)",
            "dismiss.completion", "dismiss.animationEnded(true)",
        ])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(!b.isBeingDismissed)
        #expect(container?.superview == nil)
        #expect(b.view.superview == nil)
        #expect(a.view.superview === window)
    }

    /// A controller that becomes its own transitioning delegate in `viewDidLoad` gets its
    /// animator asked (docs/Semantics.md, "When the presented view loads"); a style it sets
    /// there comes too late.
    @Test func delegateSetInViewDidLoadIsAskedForTheAnimator() {
        final class SelfDelegating: ModalRecordingViewController, UIViewControllerTransitioningDelegate {
            var animator: ModalRecordingAnimator?
            override func viewDidLoad() {
                super.viewDidLoad()
                transitioningDelegate = self
                modalPresentationStyle = .custom
            }
            func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                log("B.animationController(forPresented:)")
                let made = ModalRecordingAnimator("present", log: log)
                animator = made
                return made
            }
        }
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        let b = SelfDelegating("B", log: log)
        b.modalPresentationStyle = .fullScreen
        _ = log.take()
        a.present(b, animated: true, completion: nil)
        #expect(Array(log.take().prefix(3)) == [
            "B.viewDidLoad", "B.animationController(forPresented:)", "A.viewWillDisappear(true)",
        ])
        #expect(b.animator?.seenContainer?.superview === window)
        // The style was read before viewDidLoad: a full-screen presentation removes A's view.
        runModal(0.5)
        #expect(a.view.superview == nil)
    }

    @Test func fullScreenRemovesAndRestoresThePresentingView() {
        let (log, a, b, delegate, window) = setUp(.fullScreen)
        a.present(b, animated: true, completion: nil)
        #expect(log.take() == [
            "B.viewDidLoad",
            "delegate.animationController(forPresented:)",
            "delegate.interactionControllerForPresentation",
            "A.viewWillDisappear(true)",
            "B.viewWillAppear(true)",
            "present.transitionDuration",
            "present.animateTransition",
        ])
        #expect(delegate.presentAnimator?.seenFromView === a.view)
        // docs/Semantics.md, "Presentation styles": during the animation the presenting view
        // is in the container, still on screen.
        #expect(a.view.superview === delegate.presentAnimator?.seenContainer)
        #expect(a.view.window === window)
        runModal(0.5)
        #expect(log.take() == [
            "present.completeTransition", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
            "present.animationEnded(true)",
        ])
        #expect(a.view.superview == nil)  // gone after the presentation ("Presentation styles")
        #expect(a.view.window == nil)

        b.dismiss(animated: true, completion: nil)
        #expect(log.take() == [
            "delegate.animationController(forDismissed:)",
            "delegate.interactionControllerForDismissal",
            "B.viewWillDisappear(true)",
            "A.viewWillAppear(true)",
            "dismiss.transitionDuration",
            "dismiss.animateTransition",
        ])
        // UIKit put A's view back into the container, below B's, before the animator ran.
        let container = delegate.dismissAnimator?.seenContainer
        #expect(delegate.dismissAnimator?.containerSubviewsAtStart.map { ObjectIdentifier($0) }
            == [ObjectIdentifier(a.view), ObjectIdentifier(b.view)])
        #expect(delegate.dismissAnimator?.seenToView === a.view)
        #expect(container != nil)
        runModal(0.5)
        #expect(log.take() == [
            "dismiss.completeTransition", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "dismiss.animationEnded(true)",
        ])
        #expect(a.view.superview === window)
        #expect(window.subviews.first === a.view)
        #expect(container?.superview == nil)
    }

    @Test func overFullScreenKeepsThePresenterWithoutCallbacks() {
        let (log, a, b, delegate, window) = setUp(.overFullScreen)
        a.present(b, animated: true, completion: nil)
        runModal(0.5)
        #expect(!log.take().contains { $0.hasPrefix("A.") })
        #expect(delegate.presentAnimator?.seenFromView == nil)
        #expect(a.view.superview === window)
        b.dismiss(animated: true, completion: nil)
        #expect(delegate.dismissAnimator?.seenToView == nil)
        runModal(0.5)
        #expect(!log.take().contains { $0.hasPrefix("A.") })
        #expect(a.view.superview === window)
    }

    @Test func customAnimatorAddingThePresentingViewMakesItVanish() {
        let (_, a, b, delegate, window) = setUp(.custom)
        delegate.dismissAnimator?.behaviour = .addsPresentingViewToContainer
        a.present(b, animated: true, completion: nil)
        runModal(0.5)
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        b.dismiss(animated: true, completion: nil)
        #expect(a.view.superview === delegate.dismissAnimator?.seenContainer)
        runModal(0.5)
        // The classic bug (docs/Semantics.md, "Presentation styles"), reproduced: A's view
        // left the window with the container.
        #expect(a.view.window == nil)
        #expect(window.subviews.isEmpty)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("left the window together with the container") == true)
    }

    @Test func presentationControllerSuppliesTheFinalFrame() {
        let (_, a, b, delegate, window) = setUp(.custom, customController: true)
        defer { withExtendedLifetime(window) {} }
        delegate.presentationFrame = CGRect(x: 20, y: 300, width: 353, height: 500)
        a.present(b, animated: true, completion: nil)
        #expect(delegate.presentAnimator?.seenFinalFrame == CGRect(x: 20, y: 300, width: 353, height: 500))
        #expect(b.presentationController === delegate.presentation)
        #expect(delegate.presentation?.presentingViewController === a)
        #expect(delegate.presentation?.containerView === delegate.presentAnimator?.seenContainer)
        runModal(0.5)
        #expect(b.view.frame == CGRect(x: 20, y: 300, width: 353, height: 500))
    }

    @Test func currentContextCoversTheDefiningAncestor() {
        let log = ModalLog()
        let root = ModalRecordingViewController("R", log: log)
        let window = makeModalWindow(root: root)
        let context = ModalRecordingViewController("C", log: log)
        root.addChild(context)
        context.view.frame = CGRect(x: 0, y: 100, width: 393, height: 400)
        root.view.addSubview(context.view)
        context.didMove(toParent: root)
        context.definesPresentationContext = true
        let leaf = ModalRecordingViewController("L", log: log)
        context.addChild(leaf)
        context.view.addSubview(leaf.view)
        leaf.didMove(toParent: context)
        let b = ModalRecordingViewController("B", log: log)
        b.modalPresentationStyle = .currentContext
        leaf.present(b, animated: false, completion: nil)
        #expect(b.presentingViewController === context)
        let container = b.view.superview
        #expect(container?.superview === root.view)
        #expect(container?.frame == CGRect(x: 0, y: 100, width: 393, height: 400))
        #expect(b.view.frame == CGRect(x: 0, y: 0, width: 393, height: 400))
        #expect(context.view.superview == nil)  // currentContext removes the context's view
        b.dismiss(animated: false, completion: nil)
        #expect(context.view.superview === root.view)
        #expect(container?.superview == nil)
        _ = window
    }

    @Test func overCurrentContextKeepsTheContextView() {
        let log = ModalLog()
        let root = ModalRecordingViewController("R", log: log)
        let window = makeModalWindow(root: root)
        let context = ModalRecordingViewController("C", log: log)
        root.addChild(context)
        root.view.addSubview(context.view)
        context.didMove(toParent: root)
        context.definesPresentationContext = true
        let b = ModalRecordingViewController("B", log: log)
        b.modalPresentationStyle = .overCurrentContext
        context.present(b, animated: false, completion: nil)
        #expect(b.presentingViewController === context)
        #expect(context.view.superview === root.view)
        _ = window
    }

    @Test func nonAnimatedPresentAndDismissSkipTheAnimator() {
        let (log, a, b, _, window) = setUp(.fullScreen)
        a.present(b, animated: false) { log("completion") }
        #expect(log.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "completion",
        ])
        #expect(b.view.window === window && a.view.superview == nil)
        b.dismiss(animated: false) { log("completion") }
        #expect(log.take() == [
            "B.viewWillDisappear(false)", "A.viewWillAppear(false)",
            "B.viewDidDisappear(false)", "A.viewDidAppear(false)", "completion",
        ])
        #expect(a.view.superview === window && b.view.superview == nil)
    }

    @Test func chainedDismissalAnimatesOnlyTheTop() {
        let log = ModalLog()
        let a = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: a)
        let b = ModalRecordingViewController("B", log: log)
        let c = ModalRecordingViewController("C", log: log)
        let bDelegate = ModalRecordingDelegate(log: ModalLog())
        let cDelegate = ModalRecordingDelegate(log: log)
        b.modalPresentationStyle = .fullScreen
        c.modalPresentationStyle = .fullScreen
        b.transitioningDelegate = bDelegate
        c.transitioningDelegate = cDelegate
        a.present(b, animated: false, completion: nil)
        b.present(c, animated: false, completion: nil)
        #expect(a.view.window == nil && b.view.window == nil && c.view.window === window)
        _ = log.take()
        a.dismiss(animated: true) { log("completion") }
        #expect(cDelegate.dismissAnimator?.seenFromView === c.view)
        #expect(cDelegate.dismissAnimator?.seenToView === a.view)
        runModal(0.5)
        #expect(log.take() == [
            "delegate.animationController(forDismissed:)", "delegate.interactionControllerForDismissal",
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "dismiss.transitionDuration", "dismiss.animateTransition", "dismiss.completeTransition",
            "C.viewDidDisappear(true)", "A.viewDidAppear(true)", "completion", "dismiss.animationEnded(true)",
        ])
        #expect(bDelegate.log.events.isEmpty)  // B's transition was not asked for
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(b.presentedViewController == nil && c.presentingViewController == nil)
        #expect(window.subviews.count == 1 && window.subviews.first === a.view)
    }
}

/// A presentation controller that lays the presented view out itself, as custom ones do.
@MainActor
final class ModalLayoutPresentationController: UIPresentationController {
    var hooks: [String] = []
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return bounds.insetBy(dx: 20, dy: 100)
    }
    override func containerViewWillLayoutSubviews() {
        hooks.append("will")
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
    override func containerViewDidLayoutSubviews() { hooks.append("did") }
}

@MainActor
final class ModalLayoutDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var pc: ModalLayoutPresentationController?
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let pc = ModalLayoutPresentationController(presentedViewController: presented, presenting: presenting)
        self.pc = pc
        return pc
    }
}

@Suite("Presentation controller layout", .freshRuntime)
@MainActor
struct PresentationLayoutTests {
    @Test func containerLayoutCallsTheHooksInPairs() {
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .custom
        let delegate = ModalLayoutDelegate()
        b.transitioningDelegate = delegate
        a.present(b, animated: false, completion: nil)
        let hooks = delegate.pc?.hooks ?? []
        #expect(hooks.first == "will" && hooks.count >= 2 && hooks.count % 2 == 0)
        #expect(b.view.frame == CGRect(x: 20, y: 100, width: 353, height: 652))
        #expect(delegate.pc?.shouldRemovePresentersView == false && delegate.pc?.shouldPresentInFullscreen == true)
        #expect(delegate.pc?.presentedView === b.view)
        _ = window
    }
}
