//
//  CardPresentationController+Layout.swift
//  CardKit
//

import UIKit

// MARK: - Layout

extension CardPresentationController {
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

    /// Keeps the dimming in step with the card's position.
    @objc func step(_ link: CADisplayLink) {
        guard let card = presentedView?.layer.presentation(), let container = containerView else { return }
        dimmingView.alpha = 1 - card.frame.minY / container.bounds.height
    }
}
