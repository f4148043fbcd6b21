//
//  SheetPresentationController.swift
//  SheetKit
//
//  A bottom sheet: the presented screen takes the lower part of the container over a
//  dimming view that dismisses the sheet when tapped.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public final class SheetPresentationController: UIPresentationController {

    /// How much of the container's height the sheet covers.
    public var heightFraction: CGFloat = 0.7

    /// Radius of the sheet's top corners.
    public var cornerRadius: CGFloat = 16

    /// Called when the dimming view is tapped, before the sheet is dismissed.
    public var onDimmingTap: (() -> Void)?

    let dimmingView: UIView = {
        let view = UIView()
        view.backgroundColor = UIColor(white: 0, alpha: 0.45)
        view.alpha = 0
        return view
    }()

    override public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        let tap = UITapGestureRecognizer(target: self, action: { $0.dimmingTapped() })
        dimmingView.addGestureRecognizer(tap)
    }

    private func dimmingTapped() {
        guard (presentedViewController as? SheetSizing)?.sheetDismissesOnDimmingTap() ?? true else { return }
        onDimmingTap?()
        presentedViewController.dismiss(animated: true, completion: nil)
    }

    override public var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        let bounds = containerView.bounds
        var height = (bounds.height * heightFraction).rounded()
        if let sizing = presentedViewController as? SheetSizing,
           let wanted = PortedOptionalRequirement.answer({ sizing.sheetHeight(inContainerOfHeight: bounds.height) }) {
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
