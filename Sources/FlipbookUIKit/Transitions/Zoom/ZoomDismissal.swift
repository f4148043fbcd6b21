import Foundation
import FlipbookQuartz

/// The interaction controller of an interactive zoom dismissal: hands the context to the zoom
/// animator, which the gestures then drive (ZoomDismissal).
@preconcurrency @MainActor
final class ZoomInteraction: NSObject, UIViewControllerInteractiveTransitioning {
    private(set) weak var animator: ZoomTransitionAnimator?
    let anchor: CGPoint

    init(anchor: CGPoint) { self.anchor = anchor }

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? ViewControllerTransitionContext,
              let animator = context.animator as? ZoomTransitionAnimator
        else {
            transitionContext.cancelInteractiveTransition()
            transitionContext.completeTransition(false)
            return
        }
        self.animator = animator
        _ = animator.interruptibleAnimator(using: context)
        animator.beginInteraction(anchor: anchor)
    }
}

/// The gestures that dismiss a zoomed controller interactively, installed on its view when a
/// zoom presentation or push completes: a pan that starts anywhere in the view (not mostly
/// upward, and not where a scroll view under the finger can still scroll that way), a pinch,
/// and, for a pushed controller, the navigation controller's edge swipe (which
/// UINavigationController hands here). Each asks `interactiveDismissShouldBegin`, starts the
/// dismissal or pop with a `ZoomInteraction`, drives the zoom animator while the finger moves,
/// and releases it by ZoomInteractionLaw. A touch during the settle takes hold of it again
/// (docs/Semantics.md, "Zoom transition").
@preconcurrency @MainActor
final class ZoomDismissal: NSObject, UIGestureRecognizerDelegate {
    private weak var zoomed: UIViewController?
    let pan = UIPanGestureRecognizer()
    let pinch = UIPinchGestureRecognizer()
    /// A pan on the transition's container while a dismissal runs: it catches the zoomed view
    /// during its settle, tested against what is shown (ZoomTransitionAnimator.showsZoomedView).
    let catchPan = UIPanGestureRecognizer()
    /// The animator of the dismissal the gestures drive now.
    private(set) weak var animator: ZoomTransitionAnimator?
    private var pinchStartScale: CGFloat = 1
    private var startLocation = CGPoint.zero


    private init(zoomed: UIViewController) {
        self.zoomed = zoomed
        super.init()
        pan.name = "zoomDismissPan"
        pinch.name = "zoomDismissPinch"
        pan.maximumNumberOfTouches = 1
        pan.delegate = self
        pinch.delegate = self
        catchPan.name = "zoomDismissCatch"
        catchPan.maximumNumberOfTouches = 1
        catchPan.delegate = self
        pan.addTarget(self) { dismissal, pan in dismissal.handlePan(pan) }
        catchPan.addTarget(self) { dismissal, pan in dismissal.handlePan(pan) }
        pinch.addTarget(self) { dismissal, pinch in dismissal.handlePinch(pinch) }
    }

    /// Installs the gestures on `vc`'s view (once).
    @discardableResult
    static func install(on vc: UIViewController) -> ZoomDismissal {
        if let existing = vc.zoomDismissal {
            existing.attach()
            return existing
        }
        let dismissal = ZoomDismissal(zoomed: vc)
        vc.zoomDismissal = dismissal
        dismissal.attach()
        return dismissal
    }

    private func attach() {
        guard let view = zoomed?.viewIfLoaded else { return }
        if pan.view !== view { view.addGestureRecognizer(pan) }
        if pinch.view !== view { view.addGestureRecognizer(pinch) }
    }

    // MARK: Which way the controller leaves

    private enum Route { case dismiss, pop(UINavigationController) }

    /// How `zoomed` is dismissed now, if it is shown by a zoom.
    private var route: Route? {
        guard let zoomed, zoomed.zoomTransition != nil else { return nil }
        if let nav = zoomed.navigationController, nav.viewControllers.count > 1, nav.topViewController === zoomed,
           nav.viewControllers.first !== zoomed
        {
            return .pop(nav)
        }
        if zoomed.storedPresentingViewController != nil, zoomed.storedPresentedViewController == nil { return .dismiss }
        return nil
    }

    /// The container the zoom runs in: positions are read there (it is never scaled).
    private var referenceView: UIView? { animator?.stage?.container ?? zoomed?.viewIfLoaded?.window }

    // MARK: Beginning

    /// Whether an interaction at `location` (window) moving at `velocity` may begin, after the
    /// zoom's own rule: `interactiveDismissShouldBegin` decides (true when nil).
    private func mayBegin(location: CGPoint, velocity: CGPoint, regrab: Bool) -> Bool {
        guard let zoomed, let transition = zoomed.zoomTransition else { return false }
        guard case let .zoom(options, _) = transition.style else { return false }
        guard let decide = options?.interactiveDismissShouldBegin else { return true }
        let local = zoomed.viewIfLoaded.map { $0.convert(location, from: nil) } ?? location
        let context = UIViewController.Transition.ZoomOptions.InteractionContext(
            location: local, velocity: CGVector(dx: velocity.x, dy: velocity.y), willBegin: !regrab)
        return decide(context)
    }

    /// Whether a transition of `zoomed` is running that is not this interaction's settle.
    private var otherTransitionRunning: Bool {
        guard let zoomed else { return true }
        if let animator, animator.isSettling { return false }
        return zoomed.involvedTransition != nil || zoomed.transitionInProgressInStack != nil
            || (zoomed.navigationController?.runningTransition != nil)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === catchPan {
            guard let animator, animator.isSettling else { return false }
            guard animator.showsZoomedView(at: catchPan.location(in: nil)) else { return false }
            return mayBegin(location: catchPan.location(in: nil), velocity: catchPan.velocity(in: nil), regrab: true)
        }
        guard route != nil || animator?.isSettling == true, !otherTransitionRunning else { return false }
        if gestureRecognizer === pan {
            let t = pan.translation(in: nil)
            // Mostly upward: never begins a dismissal (that direction belongs to the content);
            // a finger catching the settle may go any way.
            if animator?.isSettling != true, t.y < 0, abs(t.y) > abs(t.x) * ZoomSpec.upwardAngleLimit { return false }
            if animator?.isSettling != true, scrollViewTakes(pan, translation: t) { return false }
            return mayBegin(location: pan.location(in: nil), velocity: pan.velocity(in: nil), regrab: animator?.isSettling == true)
        }
        if gestureRecognizer === pinch {
            return mayBegin(location: pinch.location(in: nil), velocity: .zero, regrab: animator?.isSettling == true)
        }
        return true
    }

    /// Whether a scroll view under the touch can still scroll in the drag's main direction
    /// (it scrolls instead, as iOS lets content scroll before a dismissal).
    private func scrollViewTakes(_ pan: UIPanGestureRecognizer, translation t: CGPoint) -> Bool {
        guard let zoomedView = zoomed?.viewIfLoaded, let window = zoomedView.window else { return false }
        var view = zoomedView.hitTest(zoomedView.convert(pan.location(in: nil), from: window), with: nil)
        while let current = view, current !== zoomedView.superview {
            if let scroll = current as? UIScrollView, scroll.isScrollEnabled {
                let inset = scroll.adjustedContentInset
                let offset = scroll.contentOffset
                if abs(t.y) >= abs(t.x) {
                    if t.y > 0, offset.y > -inset.top + 0.5 { return true }
                } else if scroll.contentSize.width + inset.left + inset.right > scroll.bounds.width + 0.5 {
                    if t.x > 0, offset.x > -inset.left + 0.5 { return true }
                    if t.x < 0, offset.x < scroll.contentSize.width + inset.right - scroll.bounds.width - 0.5 { return true }
                }
            }
            view = current.superview
        }
        return false
    }

    /// Scroll views' pans inside the zoomed view wait for the dismissal pan to fail (it fails
    /// at once when the scroll view takes the drag: `scrollViewTakes`).
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard gestureRecognizer === pan, let zoomedView = zoomed?.viewIfLoaded, let other = otherGestureRecognizer.view else {
            return false
        }
        return other is UIScrollView && other.isDescendant(of: zoomedView) && otherGestureRecognizer is UIPanGestureRecognizer
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        // The pan and the pinch are one interaction: whichever began first drives it.
        (gestureRecognizer === pan && otherGestureRecognizer === pinch)
            || (gestureRecognizer === pinch && otherGestureRecognizer === pan)
    }

    /// Starts the interaction: takes hold of a settle, or starts the dismissal or pop. Returns
    /// false when nothing is driven.
    private func begin(at windowLocation: CGPoint) -> Bool {
        if let animator, animator.isSettling {
            animator.beginInteraction(anchor: container(windowLocation, animator))
            return true
        }
        guard let zoomed, let route else { return false }
        let interaction = ZoomInteraction(anchor: .zero)
        // The zoomed controller's application hands the interaction to the dismissal or pop
        // this starts (read by ModalTransition.dismiss and UINavigationController.change).
        let application = zoomed.application
        application.startingZoomInteraction = interaction
        switch route {
        case .dismiss: zoomed.dismiss(animated: true)
        case let .pop(nav): _ = nav.popViewController(animated: true)
        }
        application.startingZoomInteraction = nil
        guard let animator = interaction.animator else { return false }
        self.animator = animator
        if let container = animator.stage?.container {
            container.addGestureRecognizer(catchPan)
            animator.onEnd = { [weak self, weak container] in
                guard let self else { return }
                container?.removeGestureRecognizer(self.catchPan)
            }
        }
        animator.beginInteraction(anchor: container(windowLocation, animator))
        return true
    }

    private func container(_ windowLocation: CGPoint, _ animator: ZoomTransitionAnimator) -> CGPoint {
        guard let container = animator.stage?.container else { return windowLocation }
        return container.convert(windowLocation, from: nil)
    }

    // MARK: The gestures

    private var driving: UIGestureRecognizer?

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard driving == nil else { return }
            pan.setTranslation(.zero, in: nil)
            guard begin(at: pan.location(in: nil)) else { return }
            driving = pan
        default:
            followDrag(pan)
        }
    }

    /// A drag that drives the dismissal (a pan or the edge swipe) after it began: it moves the
    /// zoomed view, and its end releases it.
    private func followDrag(_ drag: UIPanGestureRecognizer) {
        switch drag.state {
        case .changed:
            guard driving === drag else { return }
            animator?.updateInteraction(translation: drag.translation(in: nil), pinch: nil)
        case .ended, .cancelled, .failed:
            guard driving === drag else { return }
            driving = nil
            animator?.releaseDrag(
                translation: drag.translation(in: nil), velocity: drag.velocity(in: nil), cancelled: drag.state != .ended)
        default:
            break
        }
    }

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            guard driving == nil else { return }
            pinchStartScale = pinch.scale > 0 ? pinch.scale : 1
            startLocation = pinch.location(in: nil)
            guard begin(at: startLocation) else { return }
            driving = pinch
        case .changed:
            guard driving === pinch else { return }
            let p = pinch.location(in: nil)
            animator?.updateInteraction(
                translation: CGPoint(x: p.x - startLocation.x, y: p.y - startLocation.y), pinch: pinch.scale / pinchStartScale)
        case .ended, .cancelled, .failed:
            guard driving === pinch else { return }
            driving = nil
            animator?.releasePinch(scale: pinch.scale / pinchStartScale, velocity: pinch.velocity, cancelled: pinch.state != .ended)
        default:
            break
        }
    }

    /// The navigation controller's edge swipe over a zoomed top controller (UINavigationController
    /// hands its gesture here instead of driving its slide).
    func handleEdgeSwipe(_ edge: UIScreenEdgePanGestureRecognizer) {
        switch edge.state {
        case .began:
            guard driving == nil, !otherTransitionRunning || animator?.isSettling == true else { return }
            guard mayBegin(location: edge.location(in: nil), velocity: edge.velocity(in: nil), regrab: animator?.isSettling == true)
            else { return }
            edge.setTranslation(.zero, in: nil)
            guard begin(at: edge.location(in: nil)) else { return }
            driving = edge
        default:
            followDrag(edge)
        }
    }
}
