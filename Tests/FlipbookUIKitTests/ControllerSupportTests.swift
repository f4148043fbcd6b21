import Foundation
import Testing
import TestSupport
import Flipbook

/// Shared recorders for the controller and transition tests: every object appends what
/// happens to it to one `ModalLog`, and tests compare the whole history at once.
@MainActor
final class ModalLog {
    var events: [String] = []
    func callAsFunction(_ event: String) { events.append(event) }
    /// Returns the events so far and starts a new history.
    func take() -> [String] {
        defer { events = [] }
        return events
    }
}

@MainActor
class ModalRecordingViewController: UIViewController {
    let name: String
    let log: ModalLog

    init(_ name: String, log: ModalLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() { log("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log("\(name).viewDidDisappear(\(animated))") }
}

/// An animator that records its calls and misbehaves on request.
@MainActor
final class ModalRecordingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    enum Behaviour { case normal, neverCompletes, completesTwice, neverAddsToView, addsPresentingViewToContainer }

    let name: String
    let log: ModalLog
    let duration: TimeInterval
    var behaviour: Behaviour
    var seenFromView: UIView?
    var seenToView: UIView?
    var seenContainer: UIView?
    var seenFinalFrame: CGRect = .null
    /// Hierarchy facts at the moment animateTransition is called.
    var containerSubviewsAtStart: [UIView] = []

    init(_ name: String, log: ModalLog, duration: TimeInterval = 0.5, behaviour: Behaviour = .normal) {
        self.name = name
        self.log = log
        self.duration = duration
        self.behaviour = behaviour
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        log("\(name).transitionDuration")
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log("\(name).animateTransition")
        let container = transitionContext.containerView
        seenContainer = container
        containerSubviewsAtStart = container.subviews
        seenFromView = transitionContext.view(forKey: .from)
        seenToView = transitionContext.view(forKey: .to)
        if let to = transitionContext.viewController(forKey: .to) { seenFinalFrame = transitionContext.finalFrame(for: to) }
        let presenting = transitionContext.viewController(forKey: .to)?.presentingViewController
            === transitionContext.viewController(forKey: .from)
        if presenting, behaviour != .neverAddsToView, let toView = seenToView {
            toView.frame = seenFinalFrame
            container.addSubview(toView)
        }
        if !presenting, behaviour == .addsPresentingViewToContainer,
           let toVC = transitionContext.viewController(forKey: .to) {
            container.insertSubview(toVC.view, at: 0)
        }
        guard behaviour != .neverCompletes else { return }
        MediaClock.main.schedule(after: duration) { [self] in
            log("\(name).completeTransition")
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            if behaviour == .completesTwice { transitionContext.completeTransition(true) }
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { log("\(name).animationEnded(\(transitionCompleted))") }
}

@MainActor
final class ModalRecordingPresentationController: UIPresentationController {
    var log: ModalLog?
    var removesPresenter = false
    var frame: CGRect?

    override var shouldRemovePresentersView: Bool { removesPresenter }
    override var frameOfPresentedViewInContainerView: CGRect { frame ?? super.frameOfPresentedViewInContainerView }
    override func presentationTransitionWillBegin() { log?("pc.presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) { log?("pc.presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() { log?("pc.dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log?("pc.dismissalTransitionDidEnd(\(completed))") }
}

@MainActor
final class ModalRecordingDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let log: ModalLog
    var presentAnimator: ModalRecordingAnimator?
    var dismissAnimator: ModalRecordingAnimator?
    var presentation: ModalRecordingPresentationController?
    var makesPresentationController = false
    var presentationFrame: CGRect?
    var presentationRemovesPresenter = false

    init(log: ModalLog) {
        self.log = log
        presentAnimator = ModalRecordingAnimator("present", log: log)
        dismissAnimator = ModalRecordingAnimator("dismiss", log: log)
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        log("delegate.animationController(forPresented:)")
        return presentAnimator
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log("delegate.animationController(forDismissed:)")
        return dismissAnimator
    }

    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        log("delegate.interactionControllerForPresentation")
        return nil
    }

    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        log("delegate.interactionControllerForDismissal")
        return nil
    }

    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        log("delegate.presentationController")
        guard makesPresentationController else { return nil }
        let pc = ModalRecordingPresentationController(presentedViewController: presented, presenting: presenting)
        pc.log = log
        pc.frame = presentationFrame
        pc.removesPresenter = presentationRemovesPresenter
        presentation = pc
        return pc
    }
}

/// A visible iPhone-sized window with `root` as its root view controller.
@MainActor
func makeModalWindow(root: UIViewController) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    window.makeKeyAndVisible()
    window.rootViewController = root
    return window
}

/// Runs the clock for `seconds` plus one frame.
@MainActor
func runModal(_ seconds: TimeInterval) {
    MediaClock.main.advance(by: seconds + 1.0 / 60)
}

@Suite("Controller test support", .freshRuntime)
@MainActor
struct ControllerSupportTests {
    @Test func logTakesAndResets() {
        let log = ModalLog()
        log("a")
        #expect(log.take() == ["a"])
        #expect(log.events.isEmpty)
    }
}
