//
//  CardPresentationController.swift
//  CardKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class CardPresentationController: UIPresentationController {
    let dimmingView = DimmingView()
    private var displayLink: CADisplayLink?
    private(set) var keyboardHeight: CGFloat = 0

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        dimmingView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { $0.dimmingTapped() }))
        container.insertSubview(dimmingView, at: 0)
        displayLink = CADisplayLink(target: self, selector: { $0.step($1) })
        displayLink?.add(to: .main, forMode: .common)
        NotificationCenter.default.addObserver(
            self, selector: { $0.keyboardWillChange($1) },
            name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 1
        })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        guard completed else { return }
        displayLink?.invalidate()
        NotificationCenter.default.removeObserver(self)
    }

    private func dimmingTapped() {
        presentedViewController.dismiss(animated: true)
    }

    func keyboardWillChange(_ note: Notification) {
        let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
        keyboardHeight = max(0, (containerView?.bounds.maxY ?? 0) - frame.minY)
        containerView?.setNeedsLayout()
    }

    /// The card covers the lower part of the screen, above the keyboard.
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        let height = bounds.height * 0.66
        return CGRect(x: 0, y: bounds.maxY - height - keyboardHeight, width: bounds.width, height: height)
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        dimmingView.frame = containerView?.bounds ?? .zero
        presentedView?.frame = frameOfPresentedViewInContainerView
        presentedView?.layer.cornerRadius = 16
    }
}
