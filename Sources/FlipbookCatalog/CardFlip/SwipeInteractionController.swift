import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 000's interactive dismissal: a pan from the left edge of the reveal screen drives the
/// reverse flip. The progress is the finger's horizontal travel over the screen's width; on
/// release the dismissal finishes when it is past half way or the finger is still moving
/// right, and is cancelled (played back) otherwise.
final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
    /// True from the moment the edge pan begins until the finger lifts: the transitioning
    /// delegate hands this controller to UIKit only then, so the Done button still dismisses
    /// without interaction.
    var interactionInProgress = false

    /// The screen the gesture dismisses.
    private weak var viewController: UIViewController!

    init(viewController: UIViewController) {
        super.init()
        self.viewController = viewController
        prepareGestureRecognizer(in: viewController.view)
    }

    private func prepareGestureRecognizer(in view: UIView) {
        // On iOS: UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handleGesture(_:))).
        let gestureRecognizer = UIScreenEdgePanGestureRecognizer(target: self, action: { $0.handleGesture($1) })
        gestureRecognizer.edges = .left
        view.addGestureRecognizer(gestureRecognizer)
    }

    func handleGesture(_ gestureRecognizer: UIScreenEdgePanGestureRecognizer) {
        // The progress, from the finger's travel in the superview (the transition moves the view).
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
