//
//  CardPresentationController.swift
//  CardKit
//

import UIKit

final class CardPresentationController: UIPresentationController {
    let dimmingView = DimmingView()
    private var displayLink: CADisplayLink?
    private(set) var keyboardHeight: CGFloat = 0

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        dimmingView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(dimmingTapped)))
        container.insertSubview(dimmingView, at: 0)
        displayLink = CADisplayLink(target: self, selector: #selector(step))
        displayLink?.add(to: .main, forMode: .common)
        NotificationCenter.default.addObserver(
            self, selector: #selector(keyboardWillChange(_:)),
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

    @objc private func dimmingTapped() {
        presentedViewController.dismiss(animated: true)
    }

    @objc func keyboardWillChange(_ note: Notification) {
        let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
        keyboardHeight = max(0, (containerView?.bounds.maxY ?? 0) - frame.minY)
        containerView?.setNeedsLayout()
    }
}
