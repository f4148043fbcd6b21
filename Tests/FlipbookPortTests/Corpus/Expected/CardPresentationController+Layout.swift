//
//  CardPresentationController+Layout.swift
//  CardKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

// MARK: - Layout

extension CardPresentationController {
    /// Keeps the dimming in step with the card's position.
    func step(_ link: CADisplayLink) {
        guard let card = presentedView?.layer.presentation(), let container = containerView else { return }
        dimmingView.alpha = 1 - card.frame.minY / container.bounds.height
    }
}
