//
//  SlideInPresentationController.swift
//  SlideKit
//
//  A panel that slides in from an edge over a dimmed screen, as "slide-in" tutorials and
//  libraries write it: the presentation controller sizes the panel, the animator moves it.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public enum SlideInDirection {
    case left, bottom
}

final class SlideInPresentationController: UIPresentationController {
    private let dimmingView = UIView()
    let direction: SlideInDirection

    init(presentedViewController: UIViewController, presenting: UIViewController?, direction: SlideInDirection) {
        self.direction = direction
        super.init(presentedViewController: presentedViewController, presenting: presenting)
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.5)
        dimmingView.alpha = 0
        dimmingView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { $0.dimmingTapped($1) }))
    }

    func dimmingTapped(_ recognizer: UITapGestureRecognizer) {
        presentingViewController.dismiss(animated: true)
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let container = containerView else { return .zero }
        let bounds = container.bounds
        switch direction {
        case .left:
            return CGRect(x: 0, y: 0, width: bounds.width * 2 / 3, height: bounds.height)
        case .bottom:
            return CGRect(x: 0, y: bounds.height / 3, width: bounds.width, height: bounds.height * 2 / 3)
        }
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        container.insertSubview(dimmingView, at: 0)
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 1
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
    }

    override func dismissalTransitionWillBegin() {
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 0
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
