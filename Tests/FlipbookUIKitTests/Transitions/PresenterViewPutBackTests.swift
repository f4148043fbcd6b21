import Foundation
import Testing
import TestSupport
import Flipbook

/// A full-screen presentation whose animator puts the presenting view back into the window once
/// the presentation is done (a side-menu library does, to show the app under its menu): the
/// dismissal still follows the style. The view comes through the container as `view(forKey:
/// .to)`, the presenter gets its appearance calls, and the view is back in the window at the end.
@Suite(.freshRuntime)
@MainActor
struct PresenterViewPutBackTests {
    final class MenuAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        var presenting = true
        var toViewAtDismissal: UIView??
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            let from = transitionContext.viewController(forKey: .from)!
            let to = transitionContext.viewController(forKey: .to)!
            if presenting {
                container.addSubview(to.view)
                to.view.frame = CGRect(x: -200, y: 0, width: 200, height: container.bounds.height)
                let window = container.window
                UIView.animate(withDuration: 0.2, animations: { to.view.frame.origin.x = 0 }) { _ in
                    transitionContext.completeTransition(true)
                    window?.insertSubview(from.view, at: 0)  // the app under the menu
                }
            } else {
                toViewAtDismissal = .some(transitionContext.view(forKey: .to))
                container.addSubview(to.view)
                container.addSubview(from.view)
                UIView.animate(withDuration: 0.2, animations: { from.view.frame.origin.x = -200 }) { _ in
                    transitionContext.completeTransition(true)
                }
            }
        }
    }

    final class MenuDelegate: NSObject, UIViewControllerTransitioningDelegate {
        let animator = MenuAnimator()
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? {
            animator.presenting = true
            return animator
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            animator.presenting = false
            return animator
        }
    }

    @Test func theDismissalBringsThePresentingViewBackThroughTheContainer() {
        let log = ModalLog()
        let app = ModalRecordingViewController("A", log: log)
        let window = makeModalWindow(root: app)
        let menu = ModalRecordingViewController("Menu", log: log)
        let delegate = MenuDelegate()
        menu.modalPresentationStyle = .fullScreen
        menu.transitioningDelegate = delegate
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }

        app.present(menu, animated: true, completion: nil)
        runModal(0.5)
        #expect(app.view.window === window, "the animator put the app's view back under the menu")
        _ = log.take()

        menu.dismiss(animated: true, completion: nil)
        runModal(0.5)
        #expect(delegate.animator.toViewAtDismissal == .some(app.view))
        #expect(app.view.superview === window)
        #expect(app.view.frame == window.bounds)
        #expect(menu.view.window == nil)
        #expect(log.take().contains("A.viewWillAppear(true)"))
        #expect(reports.isEmpty)
    }
}
