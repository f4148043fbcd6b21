//
//  SheetTransitioning.swift
//  SheetKit
//
//  The transitioning delegate of a sheet, its slide animator, and the interaction that lets
//  the user pull the sheet down by its scroll view once the content is at the top.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Set it as the presented controller's `transitioningDelegate` and keep it alive (UIKit holds
/// transitioning delegates weakly).
public final class SheetTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {

    public let dismissInteraction = SheetDismissInteraction()

    public func presentationController(forPresented presented: UIViewController,
                                       presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? {
        return SheetPresentationController(presentedViewController: presented, presenting: presenting)
    }

    public func animationController(forPresented presented: UIViewController,
                                    presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return SheetSlideAnimator(presenting: true)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return SheetSlideAnimator(presenting: false)
    }

    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        return dismissInteraction.isInteracting ? dismissInteraction : nil
    }
}

/// Slides the sheet up from below the container, or down out of it.
final class SheetSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {

    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return presenting ? 0.45 : 0.35
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key),
              let view = transitionContext.view(forKey: presenting ? .to : .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        let shownFrame = presenting ? transitionContext.finalFrame(for: controller) : view.frame
        var hiddenFrame = shownFrame
        hiddenFrame.origin.y = containerView.bounds.maxY

        if presenting {
            view.frame = hiddenFrame
            containerView.addSubview(view)
        }

        let options: UIView.AnimationOptions = transitionContext.isInteractive ? [.curveLinear] : [.curveEaseOut]
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: options, animations: {
            view.frame = self.presenting ? shownFrame : hiddenFrame
        }, completion: { _ in
            let completed = !transitionContext.transitionWasCancelled
            if !self.presenting {
                if completed {
                    view.removeFromSuperview()
                } else {
                    // A cancelled pull: the animation ran back, but the frame set in it stayed.
                    view.frame = shownFrame
                }
            }
            transitionContext.completeTransition(completed)
        })
    }
}

/// Dismisses a sheet interactively when its scroll view is pulled down past the top of its
/// content: the content offset is followed by key-value observing and the pull by the scroll
/// view's own pan gesture recognizer.
public final class SheetDismissInteraction: UIPercentDrivenInteractiveTransition {

    /// True from the moment the pull starts the dismissal until the finger lifts.
    public private(set) var isInteracting = false

    /// How far down (as a fraction of the sheet's height) the sheet must be pulled to dismiss.
    public var dismissFraction: CGFloat = 0.3

    /// A downward flick faster than this (points per second) dismisses however short.
    public var flickVelocity: CGFloat = 1000

    /// "began", "finished" or "cancelled", in order.
    public private(set) var events: [String] = []

    private weak var viewController: UIViewController?
    private weak var scrollView: UIScrollView?
    private var offsetObservation: NSKeyValueObservation?
    private var pullStart: CGFloat = 0
    private var isAdjustingOffset = false

    /// Follows `scrollView`, the content of `viewController`, the presented sheet.
    public func attach(to scrollView: UIScrollView, in viewController: UIViewController) {
        self.scrollView = scrollView
        self.viewController = viewController
        offsetObservation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] scrollView, change in
            guard let offset = change.newValue else { return }
            self?.scrollView(scrollView, didScrollTo: offset)
        }
        scrollView.panGestureRecognizer.addTarget(self, action: { $0.handleScrollPan($1) })
    }

    deinit {
        offsetObservation?.invalidate()
    }

    private func scrollView(_ scrollView: UIScrollView, didScrollTo offset: CGPoint) {
        guard !isAdjustingOffset else { return }
        let top = -scrollView.adjustedContentInset.top
        if !isInteracting {
            guard scrollView.isTracking, offset.y < top, let viewController = viewController else { return }
            isInteracting = true
            events.append("began")
            pullStart = scrollView.panGestureRecognizer.translation(in: scrollView.superview).y - (top - offset.y)
            viewController.dismiss(animated: true, completion: nil)
        }
        // While the sheet follows the finger, its content stays pinned to the top.
        isAdjustingOffset = true
        scrollView.contentOffset = CGPoint(x: offset.x, y: top)
        isAdjustingOffset = false
    }

    private func handleScrollPan(_ pan: UIPanGestureRecognizer) {
        guard isInteracting, let sheet = scrollView?.superview else { return }
        let distance = pan.translation(in: sheet.superview).y - pullStart
        let fraction = min(max(distance / max(sheet.bounds.height, 1), 0), 1)

        switch pan.state {
        case .changed:
            update(fraction)
        case .ended, .cancelled:
            isInteracting = false
            let velocity = pan.velocity(in: sheet.superview).y
            if pan.state == .ended && (fraction > dismissFraction || velocity > flickVelocity) {
                events.append("finished")
                finish()
            } else {
                events.append("cancelled")
                cancel()
            }
        default:
            break
        }
    }
}
