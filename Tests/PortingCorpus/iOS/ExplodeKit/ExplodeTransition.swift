//
//  ExplodeTransition.swift
//  ExplodeKit
//
//  The screen that goes away breaks into square pieces that scatter and fade; the new screen
//  is underneath. Each piece is a resizable snapshot of the old screen, hundreds of them.
//

import UIKit

@objcMembers
public class ExplodeTransition: NSObject, UIViewControllerAnimatedTransitioning {
    public var duration: TimeInterval = 0.9
    public var pieceSize: CGFloat = 24
    /// How many pieces the last transition cut.
    public private(set) var pieceCount = 0

    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        toView.frame = transitionContext.finalFrame(for: toVC)
        container.insertSubview(toView, at: 0)

        var pieces: [UIView] = []
        let bounds = fromView.bounds
        for row in 0..<Int(ceil(bounds.height / pieceSize)) {
            for column in 0..<Int(ceil(bounds.width / pieceSize)) {
                let region = CGRect(x: CGFloat(column) * pieceSize, y: CGFloat(row) * pieceSize,
                                    width: pieceSize, height: pieceSize).intersection(bounds)
                guard let piece = fromView.resizableSnapshotView(from: region, afterScreenUpdates: false,
                                                                  withCapInsets: .zero) else { continue }
                piece.frame = region
                container.addSubview(piece)
                pieces.append(piece)
            }
        }
        pieceCount = pieces.count
        fromView.removeFromSuperview()

        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: {
            for piece in pieces {
                let dx = piece.center.x - center.x
                let dy = piece.center.y - center.y
                piece.center = CGPoint(x: piece.center.x + dx * 0.8, y: piece.center.y + dy * 0.8)
                piece.transform = CGAffineTransform(rotationAngle: (dx - dy) / 400).scaledBy(x: 0.3, y: 0.3)
                piece.alpha = 0
            }
        }, completion: { _ in
            pieces.forEach { $0.removeFromSuperview() }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

public class ExplodeNavigationDelegate: NSObject, UINavigationControllerDelegate {
    public let transition = ExplodeTransition()

    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController,
                                     to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return transition
    }
}
