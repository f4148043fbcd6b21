import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 002's pan-to-dismiss: a pan on the player moves and shrinks it with the finger under a
/// white mask layer; released under 20 % of the screen width it eases back (cancel), otherwise
/// the player is dismissed with `DismissScaleAnimation`.
///
/// As in the seed, the percent-driven superclass's `update`, `cancel` and `finish` are
/// overridden to only log, and `isInteracting` is false again before `dismiss` runs, so the
/// dismissal itself is not interactive: the pan drives the view directly.
final class DragLeftInteractiveTransition: UIPercentDrivenInteractiveTransition {
    /// Whether a drag back is in progress (the interaction is running).
    var isInteracting = false

    private var presentingVC: UIViewController?
    private var viewControllerCenter: CGPoint = .zero
    private var transitionMaskLayerStorage: CALayer?

    /// What the seed's NSLog calls print; silent by default (tests and renders read `log`).
    var logHandler: (String) -> Void = { _ in }
    private(set) var log: [String] = []

    private func nsLog(_ message: String) {
        log.append(message)
        logHandler(message)
    }

    // MARK: override methods

    override var completionSpeed: CGFloat {
        get { 1 - percentComplete }
        set {}
    }

    override func update(_ percentComplete: CGFloat) {
        nsLog(String(format: "%.2f", percentComplete))
    }

    override func cancel() {
        nsLog("转场取消")
    }

    override func finish() {
        nsLog("转场完成")
    }

    var transitionMaskLayer: CALayer {
        if transitionMaskLayerStorage == nil {
            transitionMaskLayerStorage = CALayer()
        }
        return transitionMaskLayerStorage!
    }

    // MARK: private methods

    private func prepareGestureRecognizer(in view: UIView) {
        let gesture = UIPanGestureRecognizer(target: self, action: { $0.handleGesture($1) })
        view.addGestureRecognizer(gesture)
    }

    // MARK: event response

    func handleGesture(_ gestureRecognizer: UIPanGestureRecognizer) {
        let vcView = gestureRecognizer.view!
        let translation = gestureRecognizer.translation(in: vcView.superview)
        if !isInteracting && (translation.x < 0 || translation.y < 0 || translation.x < translation.y) {
            return
        }
        switch gestureRecognizer.state {
        case .began:
            // Ignore a drag that starts moving leftwards (the seed's fix).
            let vel = gestureRecognizer.velocity(in: gestureRecognizer.view)
            if !isInteracting && vel.x < 0 {
                isInteracting = false
                return
            }
            transitionMaskLayer.frame = vcView.frame
            transitionMaskLayer.isOpaque = false
            transitionMaskLayer.opacity = 1
            transitionMaskLayer.backgroundColor = UIColor.white.cgColor  // must have a colour, not clear
            transitionMaskLayer.setNeedsDisplay()
            transitionMaskLayer.displayIfNeeded()
            transitionMaskLayer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            transitionMaskLayer.position = CGPoint(x: vcView.frame.size.width / 2.0, y: vcView.frame.size.height / 2.0)
            vcView.layer.mask = transitionMaskLayer
            vcView.layer.masksToBounds = true

            isInteracting = true
        case .changed:
            var progress = translation.x / UIScreen.main.bounds.size.width
            progress = CGFloat(fminf(fmaxf(Float(progress), 0.0), 1.0))

            let ratio = 1.0 - progress * 0.5
            presentingVC?.view.center = CGPoint(
                x: viewControllerCenter.x + translation.x * ratio, y: viewControllerCenter.y + translation.y * ratio)
            presentingVC?.view.transform = CGAffineTransform(scaleX: ratio, y: ratio)
            update(progress)
        case .cancelled, .ended:
            var progress = translation.x / UIScreen.main.bounds.size.width
            progress = CGFloat(fminf(fmaxf(Float(progress), 0.0), 1.0))
            if progress < 0.2 {
                UIView.animate(
                    withDuration: TimeInterval(progress), delay: 0, options: .curveEaseOut,
                    animations: {
                        let w = UIScreen.main.bounds.size.width
                        let h = UIScreen.main.bounds.size.height
                        self.presentingVC?.view.center = CGPoint(x: w / 2, y: h / 2)
                        self.presentingVC?.view.transform = CGAffineTransform(scaleX: 1.0, y: 1.0)
                    },
                    completion: { _ in
                        self.isInteracting = false
                        self.cancel()
                    })
            } else {
                isInteracting = false
                finish()
                presentingVC?.dismiss(animated: true, completion: nil)
            }
            // Remove the mask.
            transitionMaskLayer.removeFromSuperlayer()
            transitionMaskLayerStorage = nil
        default:
            break
        }
    }

    // MARK: public methods

    /// Attaches the pan to `viewController`'s view and remembers its centre.
    func wireToViewController(_ viewController: UIViewController) {
        presentingVC = viewController
        viewControllerCenter = viewController.view.center
        prepareGestureRecognizer(in: viewController.view)
    }
}
