import Foundation
import FlipbookQuartz

/// A swipe between pages of a scroll-style page controller, following the finger: UIKit's page
/// controller scrolls its pages in a paging scroll view (docs/Semantics.md, "Page view
/// controllers").
@preconcurrency @MainActor
final class PageSwipe {
    /// The page being revealed, the way it comes from (`.forward`: after the current one), and
    /// the page on screen when the swipe began.
    let pending: UIViewController
    let direction: UIPageViewController.NavigationDirection
    let current: UIViewController

    init(pending: UIViewController, direction: UIPageViewController.NavigationDirection, current: UIViewController) {
        self.pending = pending
        self.direction = direction
        self.current = current
    }
}

/// Lets the page swipe begin only along the controller's axis, so that a vertical drag (a
/// swipe-to-dismiss, a table) is left to others.
@preconcurrency @MainActor
final class PageSwipeGate: NSObject, UIGestureRecognizerDelegate {
    weak var controller: UIPageViewController?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let controller, let pan = gestureRecognizer as? UIPanGestureRecognizer,
            controller.transitionStyle == .scroll, controller.runningTurn == nil, controller.currentPage != nil
        else { return false }
        let t = pan.translation(in: controller.view)
        return controller.navigationOrientation == .horizontal ? abs(t.x) > abs(t.y) : abs(t.y) > abs(t.x)
    }
}

extension UIPageViewController {
    /// How far, as a fraction of the page, a released swipe must have gone to turn the page
    /// without speed; and the speed (points per second, towards the new page) that turns it
    /// from anywhere (a flick), as a paging scroll view decides.
    static let swipeCommitFraction: CGFloat = 0.5
    static let swipeFlickVelocity: CGFloat = 300
    /// How far a page follows a swipe with no page beyond, as a fraction of the finger's travel
    /// (the scroll view's rubber band at its end, simplified).
    static let swipeEdgeResistance: CGFloat = 0.3

    /// Installs the swipe on the page host (scroll style only).
    func installSwipe() {
        guard transitionStyle == .scroll else { return }
        let gate = PageSwipeGate()
        gate.controller = self
        swipeGate = gate
        let pan = UIPanGestureRecognizer(target: self) { controller, pan in controller.handleSwipe(pan) }
        pan.delegate = gate
        pageHost.addGestureRecognizer(pan)
    }

    private var pageLength: CGFloat {
        navigationOrientation == .horizontal ? pageHost.bounds.width + interPageSpacing : pageHost.bounds.height + interPageSpacing
    }

    private func along(_ point: CGPoint) -> CGFloat { navigationOrientation == .horizontal ? point.x : point.y }

    private func offsetPoint(_ distance: CGFloat) -> CGPoint {
        let centre = CGPoint(x: pageHost.bounds.midX, y: pageHost.bounds.midY)
        return navigationOrientation == .horizontal
            ? CGPoint(x: centre.x + distance, y: centre.y) : CGPoint(x: centre.x, y: centre.y + distance)
    }

    private func handleSwipe(_ pan: UIPanGestureRecognizer) {
        let travel = along(pan.translation(in: pageHost))
        switch pan.state {
        case .began, .changed:
            if swipe == nil, travel != 0 { beginSwipe(forward: travel < 0) }
            follow(travel)
        case .ended:
            endSwipe(travel: travel, velocity: along(pan.velocity(in: pageHost)), cancelled: false)
        case .cancelled, .failed:
            endSwipe(travel: travel, velocity: 0, cancelled: true)
        default:
            break
        }
    }

    /// Asks the data source for the page on the side the finger reveals and puts it beside the
    /// current one; none (the first or last page): the current page follows with resistance.
    private func beginSwipe(forward: Bool) {
        guard let current = currentPage, let dataSource else { return }
        let next =
            forward
            ? dataSource.pageViewController(self, viewControllerAfter: current)
            : dataSource.pageViewController(self, viewControllerBefore: current)
        guard let next, next !== current else { return }
        delegate?.pageViewController(self, willTransitionTo: [next])
        if next.parent !== self { addChild(next) }
        if appearanceState == .appeared {
            current.beginAppearanceTransition(false, animated: true)
            next.beginAppearanceTransition(true, animated: true)
        }
        let view: UIView = next.view
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.frame = pageHost.bounds
        pageHost.addSubview(view)
        swipe = PageSwipe(pending: next, direction: forward ? .forward : .reverse, current: current)
    }

    /// Places the pages `travel` points along the axis from where the swipe began.
    private func follow(_ travel: CGFloat) {
        guard let current = currentPage?.viewIfLoaded else { return }
        guard let swipe else {
            current.center = offsetPoint(travel * Self.swipeEdgeResistance)
            return
        }
        // The finger may not pull the page past its start the other way (one neighbour per swipe).
        let sign: CGFloat = swipe.direction == .forward ? -1 : 1
        let clamped = sign < 0 ? min(0, max(travel, -pageLength)) : max(0, min(travel, pageLength))
        current.center = offsetPoint(clamped)
        swipe.pending.viewIfLoaded?.center = offsetPoint(clamped - sign * pageLength)
    }

    /// Settles the swipe: on to the new page when it went past half way or was flicked that
    /// way, else back; then tells the delegate how it ended, as UIKit does.
    private func endSwipe(travel: CGFloat, velocity: CGFloat, cancelled: Bool) {
        let home = offsetPoint(0)
        guard let swipe else {
            if let current = currentPage?.viewIfLoaded, current.center != home {
                UIView.animate(withDuration: Self.pageTurnDuration, delay: 0, options: [.curveEaseOut, .allowUserInteraction]) {
                    current.center = home
                }
            }
            return
        }
        self.swipe = nil
        let sign: CGFloat = swipe.direction == .forward ? -1 : 1
        let progress = max(0, min(1, travel * sign / max(pageLength, 1)))
        let completes = !cancelled && (progress >= Self.swipeCommitFraction || velocity * sign > Self.swipeFlickVelocity)
            && !(velocity * sign < -Self.swipeFlickVelocity)
        let currentView = swipe.current.viewIfLoaded
        let pendingView = swipe.pending.viewIfLoaded
        let remaining = completes ? 1 - progress : progress
        let duration = max(0.15, Self.pageTurnDuration * Double(remaining))
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut]) { [self] in
            if completes {
                currentView?.center = offsetPoint(sign * pageLength)
                pendingView?.center = home
            } else {
                currentView?.center = home
                pendingView?.center = offsetPoint(-sign * pageLength)
            }
        } completion: { [weak self] finished in
            self?.finishSwipe(swipe, completed: completes, finished: finished)
        }
    }

    private func finishSwipe(_ swipe: PageSwipe, completed: Bool, finished: Bool) {
        let leaving = completed ? swipe.current : swipe.pending
        let staying = completed ? swipe.pending : swipe.current
        if appearanceState == .appeared {
            if !completed {
                // The turn was abandoned: the pending page goes back the way it came.
                swipe.pending.beginAppearanceTransition(false, animated: true)
                swipe.current.beginAppearanceTransition(true, animated: true)
            }
            leaving.endAppearanceTransition()
            staying.endAppearanceTransition()
        }
        leaving.viewIfLoaded?.removeFromSuperview()
        leaving.viewIfLoaded?.center = offsetPoint(0)
        staying.viewIfLoaded?.frame = pageHost.bounds
        if leaving.parent === self {
            leaving.willMove(toParent: nil)
            leaving.removeFromParent()
        }
        if completed {
            viewControllers = [swipe.pending]
            swipe.pending.didMove(toParent: self)
        }
        delegate?.pageViewController(
            self, didFinishAnimating: finished, previousViewControllers: [swipe.current], transitionCompleted: completed)
    }
}
