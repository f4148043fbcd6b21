//
//  ToastSwipe.swift
//  GateKit
//

#if canImport(UIKit) || canImport(Flipbook)
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Swiping a badge toward its edge sends it away early.
final class ToastSwipe: NSObject {
    private let onDismiss: () -> Void
    private let sign: CGFloat
    private(set) var pan: UIPanGestureRecognizer!

    init(view: UIView, sign: CGFloat, onDismiss: @escaping () -> Void) {
        self.onDismiss = onDismiss
        self.sign = sign
        super.init()
        pan = UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) })
        view.addGestureRecognizer(pan)
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let view = pan.view else { return }
        let along = pan.translation(in: view.superview).y * sign
        switch pan.state {
        case .changed:
            view.transform = CGAffineTransform(translationX: 0, y: max(0, along) * sign)
        case .ended, .cancelled:
            if along > 30 {
                onDismiss()
            } else {
                UIView.animate(withDuration: 0.2) { view.transform = .identity }
            }
        default:
            break
        }
    }
}
#endif
