//
//  SwipeBackController.swift
//  SwipeKit
//
//  Swipe anywhere on a navigation controller's screen, not only from the edge, to go back. The
//  controller becomes the navigation controller's delegate through a fan-out, so a delegate the
//  app had set before keeps hearing every message.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public protocol SwipeBackControllerDelegate: AnyObject {
    func swipeBackController(_ controller: SwipeBackController, didFinishGoingBack wentBack: Bool)

    @available(*, deprecated, renamed: "swipeBackController(_:didFinishGoingBack:)")
    func swipeBackControllerDidFinish(_ controller: SwipeBackController)
}

extension SwipeBackControllerDelegate {
    public func swipeBackController(_ controller: SwipeBackController, didFinishGoingBack wentBack: Bool) { PortedOptionalRequirement.notImplemented(returning: ()) }
    public func swipeBackControllerDidFinish(_ controller: SwipeBackController) {}
}

public final class SwipeBackController: NSObject {
    public private(set) weak var navigationController: UINavigationController?
    public weak var delegate: SwipeBackControllerDelegate?
    public private(set) var isSwiping = false

    private lazy var pan = DirectionalPanGestureRecognizer(direction: .right, target: self, action: { $0.handlePan($1) })
    private var fanOut: NavigationDelegateFanOut?
    private var interaction: UIPercentDrivenInteractiveTransition?

    public init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
        pan.delegate = self
        navigationController.view.addGestureRecognizer(pan)
        setNavigationControllerDelegate(navigationController.delegate)
    }

    /// The delegate that hears the navigation controller besides this controller.
    public func setNavigationControllerDelegate(_ delegate: UINavigationControllerDelegate?) {
        fanOut = NavigationDelegateFanOut(delegates: [self] + (delegate.map { [$0] } ?? []))
        navigationController?.delegate = fanOut
    }

    private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard let view = recognizer.view else { return }
        let progress = min(max(recognizer.translation(in: view).x / view.bounds.width, 0), 1)
        switch recognizer.state {
        case .began:
            isSwiping = true
            interaction = UIPercentDrivenInteractiveTransition()
            navigationController?.popViewController(animated: true)
        case .changed:
            interaction?.update(progress)
        case .ended:
            let wentBack = progress > 0.5 || recognizer.velocity(in: view).x > 1000
            if wentBack {
                interaction?.finish()
            } else {
                interaction?.cancel()
            }
            interaction = nil
            isSwiping = false
            // Delegates written before the rename still hear about it.
            if PortedOptionalRequirement.answer({ delegate?.swipeBackController(self, didFinishGoingBack: wentBack) }) == nil {
                delegate?.swipeBackControllerDidFinish(self)
            }
        default:
            interaction?.cancel()
            interaction = nil
            isSwiping = false
        }
    }
}

extension SwipeBackController: UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        (navigationController?.viewControllers.count ?? 0) > 1
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        // Only plain scroll views may scroll along; anything else stops the swipe.
        guard let scrollView = otherGestureRecognizer.view as? UIScrollView else { return false }
        return type(of: scrollView) === UIScrollView.self
    }
}

extension SwipeBackController: UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .pop && isSwiping ? SwipeBackAnimator() : nil
    }

    public func navigationController(_ navigationController: UINavigationController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        isSwiping ? interaction : nil
    }
}

/// The old screen slides right; the one below follows from a third of the way to the left.
final class SwipeBackAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        let width = container.bounds.width
        container.insertSubview(to, belowSubview: from)
        to.frame = container.bounds.offsetBy(dx: -width / 3, dy: 0)
        from.layer.shadowOpacity = 0.3
        from.layer.shadowRadius = 8
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear, animations: {
            from.frame = container.bounds.offsetBy(dx: width, dy: 0)
            to.frame = container.bounds
        }, completion: { _ in
            from.layer.shadowOpacity = 0
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
