//
//  SheetPresentationController+Layout.swift
//  SheetKit
//
//  Layout and the presentation's life cycle, kept apart from the class as many libraries do.
//

import UIKit

extension SheetPresentationController {

    override public var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        let bounds = containerView.bounds
        var height = (bounds.height * heightFraction).rounded()
        if let sizing = presentedViewController as? SheetSizing,
           let wanted = sizing.sheetHeight?(inContainerOfHeight: bounds.height) {
            height = min(max(wanted, 0), bounds.height)
        }
        return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    override public func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let containerView = containerView else { return }
        dimmingView.frame = containerView.bounds
        containerView.insertSubview(dimmingView, at: 0)

        presentedView?.layer.cornerRadius = cornerRadius
        presentedView?.layer.masksToBounds = true

        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in
                self.dimmingView.alpha = 1
            }, completion: nil)
        } else {
            dimmingView.alpha = 1
        }
    }

    override public func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if !completed {
            dimmingView.removeFromSuperview()
        }
    }

    override public func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in
                self.dimmingView.alpha = 0
            }, completion: nil)
        } else {
            dimmingView.alpha = 0
        }
    }

    override public func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed {
            dimmingView.removeFromSuperview()
        }
    }

    override public func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        dimmingView.frame = containerView?.bounds ?? .zero
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
