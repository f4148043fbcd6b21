import Foundation
import Testing
import TestSupport
import Flipbook

// Seed 000's screen-edge swipe, ported with the documented target-action change only
// (docs/Porting.md): the interaction controller's gesture set-up and handler, with a progress
// log standing in for UIPercentDrivenInteractiveTransition.

@MainActor
final class SeedSwipeHost {
    var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: UIViewController!
    var log: [String] = []

    init(viewController: UIViewController) {
        self.viewController = viewController
        prepareGestureRecognizer(in: viewController.view)
    }

    private func prepareGestureRecognizer(in view: UIView) {
        // Seed: UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handleGesture(_:)))
        let gesture = UIScreenEdgePanGestureRecognizer(target: self, action: { $0.handleGesture($1) })
        gesture.edges = .left
        view.addGestureRecognizer(gesture)
    }

    func handleGesture(_ gestureRecognizer: UIScreenEdgePanGestureRecognizer) {
        let translation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
        var progress = (translation.x / 200)
        progress = CGFloat(fminf(fmaxf(Float(progress), 0.0), 1.0))

        switch gestureRecognizer.state {
        case .began:
            interactionInProgress = true
            log.append("began")
        case .changed:
            shouldCompleteTransition = progress > 0.5
            log.append("update \(Int(progress * 100))")
        case .cancelled:
            interactionInProgress = false
            log.append("cancel")
        case .ended:
            interactionInProgress = false
            log.append(shouldCompleteTransition ? "finish" : "cancel")
        default:
            break
        }
    }
}

@MainActor
@Suite(.cleanClock) struct GestureSeedCompileTests {
    @Test func seed000EdgeSwipeDrivesItsHandler() {
        MediaClock.main.runUntilIdle()
        let vc = UIViewController()
        let app = AppDriver(rootViewController: vc)
        let host = SeedSwipeHost(viewController: vc)
        // From the left edge, 160 pt in 4 frames (40 pt a frame): progress 20 %, 40 %, 60 %, 80 %.
        app.drag(from: CGPoint(x: 4, y: 400), to: CGPoint(x: 164, y: 400), duration: 4.0 / 60)
        #expect(host.log == ["began", "update 40", "update 60", "update 80", "finish"])
        #expect(!host.interactionInProgress)
    }
}
