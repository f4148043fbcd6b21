//
//  SwipeInteractionController.swift
//  CardKit
//

import UIKit

/// Dismisses the card as the finger pulls it down.
final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
    @IBInspectable var completionThreshold: CGFloat = 0.35
    private weak var controller: UIViewController?

    func attach(to controller: UIViewController) {
        self.controller = controller
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        controller.view.addGestureRecognizer(pan)
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let view = pan.view else { return }
        let progress = min(max(pan.translation(in: view).y / view.bounds.height, 0), 1)
        switch pan.state {
        case .began:
            controller?.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            if progress > completionThreshold || pan.velocity(in: view).y > 800 {
                #if os(iOS)
                UIImpactFeedbackGenerator(style: .light).impactOccurred()
                #endif
                finish()
            } else {
                cancel()
            }
        default:
            cancel()
        }
    }
}
