import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Which container a transition belongs to (seed 003's `JLCustomTransitionType`).
enum CustomTransitionType {
    case navigation
    case tab
    case modal
}

/// What the transition does (seed 003's `CustomTransitionOperation`).
enum CustomTransitionOperation {
    // Tab transitions
    case tabLeft
    case tabRight
    // Modal transitions
    case modalNone
    case modalPresentation
    case modalDismissal
    // Navigation transitions
    case navigationNone
    case navigationPop
    case navigationPush
}

/// Seed 003's one animation controller for all three kinds of transition:
/// - tab switch: both views slide sideways by the container's width (`tabLeft`: the new view
///   comes in from the left, `tabRight`: from the right);
/// - push and pop: the same slide (push: the new view from the left; pop: from the right);
/// - modal presentation: the presented view grows from nothing at the centre to two thirds of
///   the container; dismissal: it shrinks to 10 × 10 while rotating 3π.
final class AnimationController: NSObject, UIViewControllerAnimatedTransitioning {
    /// The length of every transition, in seconds (the seed leaves it to the app).
    static let duration: TimeInterval = 0.5

    private let transitionType: CustomTransitionType
    private let transitionOperation: CustomTransitionOperation

    init(transitionType: CustomTransitionType, transitionOperation: CustomTransitionOperation) {
        self.transitionType = transitionType
        self.transitionOperation = transitionOperation
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let fromController = transitionContext.viewController(forKey: .from),
              let toController = transitionContext.viewController(forKey: .to)
        else { return }
        let fromView: UIView = fromController.view
        let toView: UIView = toController.view

        var transition = containerView.frame.size.width
        var toViewTransform = CGAffineTransform.identity
        var fromViewTransform = CGAffineTransform.identity

        let duration = transitionDuration(using: transitionContext)

        switch transitionType {
        case .tab:
            transition = transitionOperation == .tabLeft ? transition : -transition
            fromViewTransform = CGAffineTransform(translationX: transition, y: 0)
            toViewTransform = CGAffineTransform(translationX: -transition, y: 0)

            containerView.addSubview(toView)
            toView.transform = toViewTransform
            UIView.animate(withDuration: duration, animations: {
                fromView.transform = fromViewTransform
                toView.transform = .identity
            }, completion: { _ in
                fromView.transform = .identity
                toView.transform = .identity

                let isCancelled = transitionContext.transitionWasCancelled
                transitionContext.completeTransition(!isCancelled)
            })

        case .modal:
            if toController.isBeingPresented {
                containerView.addSubview(toView)
                let toViewWidth = containerView.frame.size.width * 2 / 3
                let toViewHeight = containerView.frame.size.height * 2 / 3
                toView.center = containerView.center
                toView.bounds = CGRect(x: 0, y: 0, width: 0, height: 0)

                UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                    toView.bounds = CGRect(x: 0, y: 0, width: toViewWidth, height: toViewHeight)
                }, completion: { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                })
            }

            // A dismissal does not add toView to the container.
            if fromController.isBeingDismissed {
                UIView.animate(withDuration: duration, animations: {
                    fromView.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    fromView.transform = CGAffineTransform(rotationAngle: 3 * .pi)
                    fromView.layoutIfNeeded()
                }, completion: { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                })
            }

        case .navigation:
            transition = transitionOperation == .navigationPush ? transition : -transition
            fromViewTransform = CGAffineTransform(translationX: transition, y: 0)
            toViewTransform = CGAffineTransform(translationX: -transition, y: 0)
            containerView.addSubview(toView)
            toView.transform = toViewTransform
            UIView.animate(withDuration: duration, animations: {
                fromView.transform = fromViewTransform
                toView.transform = .identity
            }, completion: { _ in
                fromView.transform = .identity
                toView.transform = .identity
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}
