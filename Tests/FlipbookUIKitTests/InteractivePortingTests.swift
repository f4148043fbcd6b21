import Foundation
import Testing
import TestSupport
import Flipbook

// iOS interaction-controller code as apps write it, compiled with only `import Flipbook`.

@MainActor
final class ProgressDrivenInteractionController: UIPercentDrivenInteractiveTransition {
    var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: UIViewController?

    init(viewController: UIViewController) {
        self.viewController = viewController
        super.init()
        completionSpeed = 0.8
        completionCurve = .easeOut
    }

    /// What a pan handler does with the gesture's progress.
    func handle(progress: CGFloat, ended: Bool, cancelled: Bool = false) {
        if cancelled {
            interactionInProgress = false
            cancel()
        } else if !ended {
            interactionInProgress = true
            shouldCompleteTransition = progress > 0.5
            update(progress)
        } else {
            interactionInProgress = false
            if shouldCompleteTransition { finish() } else { cancel() }
        }
    }
}

@MainActor
final class NonInteractiveStartController: UIPercentDrivenInteractiveTransition {
    override init() {
        super.init()
        wantsInteractiveStart = false
    }

    override func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        super.startInteractiveTransition(transitionContext)
    }
}

@Suite("Interactive transitions: iOS code compiles unchanged", .freshRuntime)
@MainActor
struct InteractivePortingTests {
    @Test func swipeControllerDrivesADismissal() {
        MediaClock.main.runUntilIdle()
        let swipe = ProgressDrivenInteractionController(viewController: UIViewController())
        #expect(swipe.completionSpeed == 0.8 && swipe.wantsInteractiveStart)
        #expect(!NonInteractiveStartController().wantsInteractiveStart)
        let reports = FlipbookDiagnostics.capture { swipe.handle(progress: 0.3, ended: false) }
        // No transition yet: ignored silently, as in UIKit (docs/Semantics.md, "Calls with no transition running").
        #expect(reports.isEmpty && swipe.percentComplete == 0)

        let f = PercentDrivenFixture(style: .fullScreen, interaction: nil)
        f.a.present(f.b, animated: false)
        f.delegate.interaction = swipe
        f.b.dismiss(animated: true)
        swipe.handle(progress: 0.6, ended: false)
        #expect(f.b.transitionCoordinator?.percentComplete == 0.6)
        swipe.handle(progress: 0.6, ended: true)
        // The rest: 1 s · 0.4 / 0.8 = 0.5 s.
        MediaClock.main.advance(by: 0.49)
        #expect(f.a.presentedViewController === f.b)
        MediaClock.main.advance(by: 0.01)
        #expect(f.a.presentedViewController == nil && f.a.view.window === f.window)
    }
}
