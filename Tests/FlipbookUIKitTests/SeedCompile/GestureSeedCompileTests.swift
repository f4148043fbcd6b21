import Foundation
import Testing
import TestSupport
import Flipbook

// Seed 000's SwipeInteractionController as the seed writes it, with the documented
// target-action change only (docs/Porting.md): `#selector(self.handleGesture(_:))` becomes
// `{ $0.handleGesture($1) }` and `@objc` goes. Lines from the seed keep their layout.

class SwipeInteractionController: UIPercentDrivenInteractiveTransition {

    var interactionInProgress = false
    private var shouldCompleteTransition = false

    private weak var viewController: UIViewController!

    init(viewController: UIViewController) {
        super.init()
        self.viewController = viewController

        prepareGestureRecognizer(in: viewController.view)
    }

    private func prepareGestureRecognizer(in view: UIView) {
        // Seed: UIScreenEdgePanGestureRecognizer(target: self, action: #selector(self.handleGesture(_:)))
        let gestureRecognizer = UIScreenEdgePanGestureRecognizer(target: self, action: { $0.handleGesture($1) })
        gestureRecognizer.edges = .left
        view.addGestureRecognizer(gestureRecognizer)
    }

    func handleGesture(_ gestureRecognizer: UIScreenEdgePanGestureRecognizer) {
        let translation = gestureRecognizer.translation(in: gestureRecognizer.view?.superview)
        guard let gestureView = gestureRecognizer.view else { return }
        let percent = translation.x / gestureView.bounds.size.width

        switch gestureRecognizer.state {
        case .began:
            interactionInProgress = true
            viewController.dismiss(animated: true, completion: nil)

        case .changed:
            update(percent)

        case .cancelled:
            cancel()
            interactionInProgress = false

        case .ended:
            interactionInProgress = false
            let velocity = gestureRecognizer.velocity(in: gestureView)
            if percent > 0.5 || velocity.x > 0 {
                finish()
            } else {
                cancel()
            }

        default:
            break
        }
    }
}

/// A plain slide-out dismissal animator for the seed's interaction controller to drive.
final class SeedSlideOutAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let interactionController: SwipeInteractionController?
    init(interactionController: SwipeInteractionController?) { self.interactionController = interactionController }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from) else { return }
        let width = transitionContext.containerView.bounds.width
        UIView.animate(withDuration: 0.5, animations: { fromView.frame.origin.x = width }) { _ in
            if transitionContext.transitionWasCancelled { fromView.frame.origin.x = 0 }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// The seed's transitioning-delegate methods (the presented screen owns the swipe).
final class SeedSwipeDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SeedSlideOutAnimator(interactionController: (dismissed as? SeedSwipeScreen)?.swipeInteractionController)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        guard let dismissAnimator = animator as? SeedSlideOutAnimator,
            let interactionController = dismissAnimator.interactionController,
            interactionController.interactionInProgress else { return nil }

        return interactionController
    }
}

/// A presented screen that installs the seed's controller in viewDidLoad, as the seed's
/// RevealViewController does.
final class SeedSwipeScreen: UIViewController {
    var swipeInteractionController: SwipeInteractionController?
    override func viewDidLoad() {
        super.viewDidLoad()
        swipeInteractionController = SwipeInteractionController(viewController: self)
    }
}

@MainActor
@Suite(.freshRuntime) struct GestureSeedCompileTests {
    /// Presents the seed's screen (custom style, so the presenter stays put) and returns it.
    private func presentScreen(_ delegate: SeedSwipeDelegate) -> (AppDriver, UIViewController, SeedSwipeScreen) {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let screen = SeedSwipeScreen()
        screen.modalPresentationStyle = .fullScreen
        screen.transitioningDelegate = delegate
        root.present(screen, animated: false)
        return (app, root, screen)
    }

    @Test func aSwipePastHalfDismissesInteractively() {
        let delegate = SeedSwipeDelegate()
        let (app, root, screen) = presentScreen(delegate)
        let width = app.window.bounds.width
        let finger = app.touchDown(at: CGPoint(x: 4, y: 400))
        for i in 1...12 {
            app.advanceFrames(1)
            finger.move(to: CGPoint(x: 4 + 0.6 * width * CGFloat(i) / 12, y: 400))
        }
        #expect(screen.transitionCoordinator?.isInteractive == true)
        #expect(abs((screen.swipeInteractionController?.percentComplete ?? 0) - 0.6) < 1e-9)
        finger.lift()
        app.advance(by: 1)
        #expect(root.presentedViewController == nil)
        #expect(screen.swipeInteractionController?.interactionInProgress == false)
    }

    @Test func aSwipeHeldStillBelowHalfIsCancelled() {
        let delegate = SeedSwipeDelegate()
        let (app, root, screen) = presentScreen(delegate)
        let width = app.window.bounds.width
        let finger = app.touchDown(at: CGPoint(x: 4, y: 400))
        for i in 1...12 {
            app.advanceFrames(1)
            finger.move(to: CGPoint(x: 4 + 0.3 * width * CGFloat(i) / 12, y: 400))
        }
        app.advance(by: 0.2)  // held still: no velocity to the right any more
        finger.lift()
        app.advance(by: 1)
        #expect(root.presentedViewController === screen)
        #expect(screen.view.window === app.window && screen.view.frame.origin.x == 0)
    }
}
