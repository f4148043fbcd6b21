// The example of docs/Testing.md: a custom presentation tested with `.freshRuntime`, a
// snapshot, a filmstrip and a recorded history. Keep the two identical.
import Foundation
import Testing
import Flipbook
import FlipbookTesting

// MARK: The app code under test

/// Slides the presented screen up from below and fades it in; the dismissal reverses it.
final class RiseAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPresenting: Bool
    init(isPresenting: Bool) { self.isPresenting = isPresenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewKey = isPresenting ? .to : .from
        guard let view = context.view(forKey: key) else { return context.completeTransition(false) }
        let shown = isPresenting ? context.finalFrame(for: context.viewController(forKey: .to)!) : view.frame
        let hidden = shown.offsetBy(dx: 0, dy: 200)
        if isPresenting {
            context.containerView.addSubview(view)
            view.frame = hidden
            view.alpha = 0
        }
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseOut, animations: {
            view.frame = self.isPresenting ? shown : hidden
            view.alpha = self.isPresenting ? 1 : 0
        }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

/// A card presented over the home screen with `RiseAnimator`; its own transitioning delegate.
final class DetailViewController: UIViewController, UIViewControllerTransitioningDelegate {
    init() {
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .overFullScreen
        transitioningDelegate = self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        view.backgroundColor = .systemOrange
        let badge = UIView(frame: CGRect(x: 40, y: 120, width: 120, height: 120))
        badge.backgroundColor = .white
        badge.layer.cornerRadius = 24
        view.addSubview(badge)
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { RiseAnimator(isPresenting: true) }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        RiseAnimator(isPresenting: false)
    }
}

final class HomeViewController: UIViewController {
    override func viewDidLoad() { view.backgroundColor = .systemTeal }
}

// MARK: The tests

/// Records missing references locally (`SNAPSHOT_TESTING_RECORD=all` re-records them all);
/// never records on CI, where a missing reference is a failure.
let snapshotRecording: SnapshotTestingConfiguration.Record? =
    ProcessInfo.processInfo.environment["CI"] == nil ? nil : .never

/// `.transitionInvariants` checks every transition of each test against the rules UIKit keeps
/// (completeTransition once, balanced appearance callbacks, views where the style puts them, …).
@Suite(.freshRuntime, .transitionInvariants, .snapshots(record: snapshotRecording))
@MainActor
struct RiseTransitionTests {
    @Test func presentingRisesIntoPlace() {
        let home = HomeViewController()
        let driver = AppDriver(rootViewController: home, device: .iPhone15)
        let detail = DetailViewController()
        // The recorder stands in for the detail's delegate and forwards to it.
        let recorder = TransitionRecorder(wrapping: detail)
        detail.transitioningDelegate = recorder

        driver.at(0.1) { home.present(detail, animated: true, completion: recorder.completion("present")) }
        // Frames at driver times 0.1 (the start), 0.25, 0.4 and 0.7 (ended), half size.
        assertSnapshot(of: driver, as: .filmstrip(at: [0.1, 0.25, 0.4, 0.7], scale: 0.5), named: "filmstrip")
        driver.runScript()

        #expect(recorder.history.events == [
            "delegate animationController(forPresented:) -> RiseAnimator",
            "delegate interactionControllerForPresentation(using:) -> nil",
            "DetailViewController viewWillAppear(true)",
            "presentationController presentationTransitionWillBegin()",
            "RiseAnimator transitionDuration(using:) -> 0.5",
            "RiseAnimator animateTransition(using:)",
            "context completeTransition(true)",
            "DetailViewController viewDidAppear(true)",
            "presentationController presentationTransitionDidEnd(true)",
            "completion present",
            "RiseAnimator animationEnded(true)",
        ])
        // The whole history, times included, reads as text when it differs.
        #expect(recorder.history.entries.map(\.time) == [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.6, 0.6, 0.6, 0.6, 0.6])
        // The presented screen alone, at rest.
        assertSnapshot(of: detail, as: .image(scale: 1), named: "detail")
    }

    @Test func dismissingCompletesAndCallsBack() {
        let home = HomeViewController()
        let driver = AppDriver(rootViewController: home)
        let detail = DetailViewController()
        home.present(detail, animated: false)
        let recorder = TransitionRecorder(wrapping: detail)
        detail.transitioningDelegate = recorder

        detail.dismiss(animated: true, completion: recorder.completion("dismiss"))
        driver.runScript()

        #expect(home.presentedViewController == nil)
        #expect(recorder.history.events.contains("context completeTransition(true)"))
        #expect(recorder.history.events.last == "RiseAnimator animationEnded(true)")
        print(recorder.history)
    }

    /// The same checks, explicitly, with a release check at the end: the dismissed card and its
    /// view are gone once the test lets go of them.
    @Test func dismissedCardIsReleased() {
        let home = HomeViewController()
        let driver = AppDriver(rootViewController: home)
        let invariants = TransitionInvariants(app: driver)
        do {
            let detail = DetailViewController()
            home.present(detail, animated: true)
            driver.runScript()
            detail.dismiss(animated: true)
            driver.runScript()
        }
        invariants.checkReleased()
        #expect(invariants.violations.isEmpty, "\(invariants.summary)")
    }
}
