import Foundation
import Testing
import TestSupport
import Flipbook

/// The seed's animator shape: an NSObject subclass conforming to the transition protocols.
final class NSObjectAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private let duration: TimeInterval = 0.6
    var ended: [Bool] = []

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toVC = transitionContext.viewController(forKey: .to) else { return }
        let containerView = transitionContext.containerView
        let finalFrame = transitionContext.finalFrame(for: toVC)
        containerView.addSubview(toVC.view)
        toVC.view.frame = finalFrame.offsetBy(dx: finalFrame.width, dy: 0)
        UIView.animate(withDuration: duration, animations: { toVC.view.frame = finalFrame }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class NSObjectTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let animator = NSObjectAnimator()
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { animator }
}

@Suite("View controller life cycle", .freshRuntime)
@MainActor
struct ControllerLifecycleTests {
    @Test func viewLoadsLazilyOnce() {
        let log = ModalLog()
        let vc = ModalRecordingViewController("V", log: log)
        #expect(!vc.isViewLoaded && vc.viewIfLoaded == nil)
        let view = vc.view
        #expect(vc.isViewLoaded && vc.view === view)
        vc.loadViewIfNeeded()
        #expect(log.take() == ["V.viewDidLoad"])
        #expect(view?.frame == UIScreen.main.bounds)
        #expect(view?.next === vc)
    }

    @Test func containmentCallsAndAppearanceForwarding() {
        let log = ModalLog()
        let parent = ModalRecordingViewController("P", log: log)
        let window = makeModalWindow(root: parent)
        let child = ChildViewController("C", log: log)
        _ = log.take()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.map { ObjectIdentifier($0) } == [ObjectIdentifier(child)])
        #expect(child.parent === parent)
        #expect(log.take() == [
            "C.willMove(toParent: P, moving: true)", "C.viewDidLoad", "C.didMove(toParent: P)",
            "C.viewWillAppear(false)", "C.viewDidAppear(false)",
        ])
        // Appearance is forwarded to children (fullScreen presentation over the parent).
        let modal = ModalRecordingViewController("M", log: log)
        modal.modalPresentationStyle = .fullScreen
        parent.present(modal, animated: false, completion: nil)
        #expect(log.take() == [
            "M.viewDidLoad", "P.viewWillDisappear(false)", "C.viewWillDisappear(false)", "M.viewWillAppear(false)",
            "P.viewDidDisappear(false)", "C.viewDidDisappear(false)", "M.viewDidAppear(false)",
        ])
        // A child presents: the presenter is its top-most ancestor.
        modal.dismiss(animated: false, completion: nil)
        _ = log.take()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == [
            "C.willMove(toParent: nil, moving: true)", "C.didMove(toParent: nil)",
            "C.viewWillDisappear(false)", "C.viewDidDisappear(false)",
        ])
        #expect(parent.children.isEmpty && child.parent == nil)
        _ = window
    }

    @Test func childPresentsThroughItsRootAndSeedAnimatorsConform() {
        let root = UIViewController()
        let window = makeModalWindow(root: root)
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let reveal = UIViewController()
        reveal.modalPresentationStyle = .fullScreen
        let delegate = NSObjectTransitioningDelegate()
        reveal.transitioningDelegate = delegate
        child.present(reveal, animated: true, completion: nil)
        #expect(reveal.presentingViewController === root)
        #expect(child.presentedViewController === reveal)
        #expect(reveal.isBeingPresented)
        MediaClock.main.advance(by: 0.6 + 1.0 / 60)
        #expect(delegate.animator.ended == [true])
        #expect(reveal.view.frame == window.bounds && !reveal.isBeingPresented)
        child.dismiss(animated: false, completion: nil)
        #expect(root.presentedViewController == nil && root.view.window === window)
    }
}

@MainActor
final class ChildViewController: ModalRecordingViewController {
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log("\(name).willMove(toParent: \(parent.map { ($0 as? ModalRecordingViewController)?.name ?? "?" } ?? "nil"), moving: \(parent == nil ? isMovingFromParent : isMovingToParent))")
    }
    override func didMove(toParent parent: UIViewController?) {
        log("\(name).didMove(toParent: \(parent.map { ($0 as? ModalRecordingViewController)?.name ?? "?" } ?? "nil"))")
        super.didMove(toParent: parent)
    }
}
