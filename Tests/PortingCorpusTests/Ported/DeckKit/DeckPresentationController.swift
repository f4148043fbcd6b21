//
//  DeckPresentationController.swift
//  DeckKit
//
//  Lays the card out below the top of the screen, pushes the presenting screen back, lets
//  the card be swiped down, and springs it back (frame by frame, on a display link) when the
//  swipe was too short.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class DeckPresentationController: UIPresentationController {

    weak var transition: DeckTransition?

    private let dimmingView = UIView()
    private var pan: UIPanGestureRecognizer?

    // The spring that brings the card back after a short swipe.
    private var displayLink: CADisplayLink?
    private var cardOffset: CGFloat = 0
    private var cardVelocity: CGFloat = 0
    private let stiffness: CGFloat = 320
    private let dampingRatio: CGFloat = 0.75

    /// Number of frames the spring has run since the last release (for diagnostics).
    private(set) var springFrames = 0

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        return DeckLayout.cardFrame(in: containerView.bounds)
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let containerView = containerView, let presentingView = presentingViewController.view else { return }

        dimmingView.frame = containerView.bounds
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        containerView.addSubview(dimmingView)
        if let cardView = presentedView {
            DeckLayout.roundTopCorners(of: cardView, radius: 14)
        }

        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 0.25
            presentingView.layer.cornerRadius = 12
            presentingView.transform = DeckLayout.presentingTransform(progress: 1, in: containerView.bounds)
        }, completion: nil)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        guard completed else {
            dimmingView.removeFromSuperview()
            presentingViewController.view.transform = .identity
            return
        }
        let recognizer = UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) })
        presentedView?.addGestureRecognizer(recognizer)
        pan = recognizer
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        stopSpring()
        transition?.delegate?.deckWillDismiss()
        guard let presentingView = presentingViewController.view else { return }
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 0
            presentingView.layer.cornerRadius = 0
            presentingView.transform = .identity
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed {
            dimmingView.removeFromSuperview()
            transition?.delegate?.deckDidDismiss()
        }
    }

    // MARK: - Swipe to dismiss

    func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard let cardView = presentedView, let containerView = containerView else { return }

        switch recognizer.state {
        case .began:
            stopSpring()
        case .changed:
            // The card follows the finger down; upwards it barely moves.
            let translation = recognizer.translation(in: containerView).y
            cardOffset = translation > 0 ? translation : translation / 8
            apply(cardOffset, to: cardView)
        case .ended, .cancelled:
            let threshold = CGFloat(transition?.delegate?.deckDismissThreshold()?.doubleValue ?? 120)
            if recognizer.state == .ended && cardOffset > threshold {
                // Hand the offset over to the frame, so the dismissal starts where the card is.
                cardView.transform = .identity
                cardView.frame = frameOfPresentedViewInContainerView.offsetBy(dx: 0, dy: cardOffset)
                cardOffset = 0
                presentedViewController.dismiss(animated: true, completion: nil)
            } else {
                cardVelocity = recognizer.velocity(in: containerView).y
                startSpring()
            }
        default:
            break
        }
    }

    private func apply(_ offset: CGFloat, to cardView: UIView) {
        cardView.transform = CGAffineTransform(translationX: 0, y: offset)
        let height = containerView?.bounds.height ?? 1
        let progress = 1 - min(max(offset / height, 0), 1)
        presentingViewController.view.transform = DeckLayout.presentingTransform(progress: progress,
                                                                                 in: containerView?.bounds ?? .zero)
        dimmingView.alpha = 0.25 * progress
    }

    // MARK: - Spring back

    private func startSpring() {
        displayLink?.invalidate()
        springFrames = 0
        let link = CADisplayLink(target: self, selector: { $0.step($1) })
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    private func stopSpring() {
        displayLink?.invalidate()
        displayLink = nil
    }

    private func step(_ link: CADisplayLink) {
        guard let cardView = presentedView else { return stopSpring() }
        let dt = CGFloat(link.duration > 0 ? link.duration : 1.0 / 60.0)
        let damping = 2 * dampingRatio * stiffness.squareRoot()
        let acceleration = -stiffness * cardOffset - damping * cardVelocity
        cardVelocity += acceleration * dt
        cardOffset += cardVelocity * dt
        springFrames += 1

        if abs(cardOffset) < 0.5 && abs(cardVelocity) < 5 {
            cardOffset = 0
            cardVelocity = 0
            stopSpring()
        }
        apply(cardOffset, to: cardView)
    }
}
