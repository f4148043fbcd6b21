//
//  BubbleTransition.swift
//  BubbleKit
//
//  A modal transition that grows a coloured circle out of a point (usually the centre of the
//  button that was tapped) and brings the presented screen in with it; dismissing shrinks
//  the circle back into the same point.
//

import UIKit

#if os(iOS)

/// The animator. Keep one per presenting screen and flip `direction` before each transition
/// (the transitioning delegate does that for you).
public final class BubbleTransition: NSObject {

    public enum Direction {
        case present
        case dismiss
    }

    /// Where the bubble starts (presenting) and ends (dismissing), in the container's coordinates.
    public var origin: CGPoint = .zero

    /// The colour of the bubble behind the presented screen.
    public var bubbleColor: UIColor = .white

    /// Length of either direction, in seconds.
    public var duration: TimeInterval = 0.5

    public var direction: Direction = .present

    /// The circle itself. It stays in the container, behind the presented screen, while that
    /// screen is shown, so that the dismissal can shrink the very same view.
    public private(set) var bubble = UIView()

    /// What happened, in order ("present began", "present ended", …). Handy in tests and logs.
    public private(set) var history: [String] = []

    /// The smallest circle around `origin` that covers a rectangle of `size`.
    func bubbleFrame(covering size: CGSize, from origin: CGPoint) -> CGRect {
        let dx = max(origin.x, size.width - origin.x)
        let dy = max(origin.y, size.height - origin.y)
        let radius = (dx * dx + dy * dy).squareRoot()
        return CGRect(x: origin.x - radius, y: origin.y - radius, width: radius * 2, height: radius * 2)
    }

    private static let collapsed = CGAffineTransform(scaleX: 0.001, y: 0.001)
}

// MARK: - UIViewControllerAnimatedTransitioning

extension BubbleTransition: UIViewControllerAnimatedTransitioning {

    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView

        switch direction {
        case .present:
            guard let presentedView = transitionContext.view(forKey: .to),
                  let presented = transitionContext.viewController(forKey: .to) else {
                transitionContext.completeTransition(false)
                return
            }
            history.append("present began")
            let finalFrame = transitionContext.finalFrame(for: presented)

            bubble = UIView(frame: bubbleFrame(covering: containerView.bounds.size, from: origin))
            bubble.layer.cornerRadius = bubble.bounds.width / 2
            bubble.backgroundColor = bubbleColor
            bubble.transform = BubbleTransition.collapsed
            containerView.addSubview(bubble)

            presentedView.frame = finalFrame
            presentedView.center = origin
            presentedView.transform = BubbleTransition.collapsed
            presentedView.alpha = 0
            containerView.addSubview(presentedView)

            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: {
                self.bubble.transform = .identity
                presentedView.transform = .identity
                presentedView.center = CGPoint(x: finalFrame.midX, y: finalFrame.midY)
                presentedView.alpha = 1
            }, completion: { finished in
                self.history.append("present ended")
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })

        case .dismiss:
            guard let dismissedView = transitionContext.view(forKey: .from) else {
                transitionContext.completeTransition(false)
                return
            }
            history.append("dismiss began")
            let restingCenter = dismissedView.center

            if bubble.superview == nil {
                // Presented without us (e.g. not animated): make a bubble to shrink.
                bubble = UIView(frame: bubbleFrame(covering: containerView.bounds.size, from: origin))
                bubble.layer.cornerRadius = bubble.bounds.width / 2
                bubble.backgroundColor = bubbleColor
                containerView.insertSubview(bubble, belowSubview: dismissedView)
            }

            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: {
                self.bubble.transform = BubbleTransition.collapsed
                dismissedView.transform = BubbleTransition.collapsed
                dismissedView.center = self.origin
                dismissedView.alpha = 0
            }, completion: { finished in
                dismissedView.removeFromSuperview()
                dismissedView.transform = .identity
                dismissedView.center = restingCenter
                self.bubble.removeFromSuperview()
                self.history.append("dismiss ended")
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        history.append("animationEnded(\(transitionCompleted))")
    }
}

#endif
