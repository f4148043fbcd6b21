// Transition code in the shape public iOS libraries have it, compiled in the Swift 5 language
// mode as such libraries are: NSObject animators and delegates that call UIKit from
// nonisolated methods, conformances declared in extensions, views held in stored properties,
// NSObject equality, a CALayer subclass copying its own property in init(layer:), a gesture
// recognizer subclass calling its designated init, and a display link with a target.
// Only the import differs from the iOS source (docs/Porting.md).
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A fade-and-grow animator: an NSObject whose conformance is declared in an extension, so
/// its stored properties (a bubble view made at init) are not main-actor isolated.
final class BubbleAnimator: NSObject {
    var bubble = UIView()
    var duration: TimeInterval = 0.4
    var presenting = true
    var origin = CGPoint(x: 196, y: 700)
    /// Filled by the animator's calls, in order.
    var log: [String] = []

    func makeBubble(in container: UIView, diameter: CGFloat) {
        bubble = UIView(frame: CGRect(x: 0, y: 0, width: diameter, height: diameter))
        bubble.layer.cornerRadius = diameter / 2
        bubble.center = origin
        bubble.backgroundColor = UIColor(red: 0.9, green: 0.3, blue: 0.4, alpha: 1)
        container.addSubview(bubble)
    }
}

extension BubbleAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        log.append("duration")
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log.append("animate")
        let container = transitionContext.containerView
        if presenting {
            guard let toView = transitionContext.view(forKey: .to) else { return }
            let size = container.bounds.size
            let diameter = (size.width * size.width + size.height * size.height).squareRoot() * 2
            makeBubble(in: container, diameter: diameter)
            bubble.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
            toView.alpha = 0
            container.addSubview(toView)
            UIView.animate(withDuration: duration, animations: {
                self.bubble.transform = .identity
                toView.alpha = 1
            }, completion: { finished in
                self.log.append("completed \(finished)")
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else { return }
            UIView.animate(withDuration: duration, animations: {
                fromView.alpha = 0
                self.bubble.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
            }, completion: { _ in
                fromView.removeFromSuperview()
                self.bubble.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

/// The transitioning delegate, another NSObject with its conformance in an extension.
final class BubbleTransitionCoordinator: NSObject {
    let animator = BubbleAnimator()
}

extension BubbleTransitionCoordinator: UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        animator.presenting = true
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        animator.presenting = false
        return animator
    }
}

/// A helper with free functions calling UIKit, as libraries' `Utilities.swift` files have.
enum TransitionUtilities {
    static func snapshot(of view: UIView) -> UIView? {
        view.snapshotView(afterScreenUpdates: false)
    }

    static func isSameView(_ a: UIView, _ b: UIView) -> Bool { a == b && a.isEqual(b) }
}

/// A layer with a property of its own, copied into presentation layers by init(layer:).
final class ProgressLayer: CALayer {
    var progress: CGFloat = 0

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer { progress = other.progress }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class ProgressView: UIView {
    override class var layerClass: AnyClass { ProgressLayer.self }
}

/// A pan that only begins vertically, calling UIKit's designated initializer.
final class VerticalPanGestureRecognizer: UIPanGestureRecognizer {
    private(set) var direction = "vertical"

    init(direction: String) {
        self.direction = direction
        super.init(target: nil, action: nil)
    }

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }
}

/// Counts frames with a display link that holds its target, as on iOS.
final class FrameCounter: NSObject {
    var frames = 0
    var link: CADisplayLink?

    func start() {
        link = CADisplayLink(target: self, selector: { $0.step($1) })
        link?.add(to: .main, forMode: .common)
    }

    func step(_ link: CADisplayLink) { frames += 1 }

    func stop() {
        link?.invalidate()
        link = nil
    }
}

final class BubbleHostViewController: UIViewController {
    let coordinator = BubbleTransitionCoordinator()

    func presentDetail() {
        let detail = UIViewController()
        detail.view.backgroundColor = .systemTeal
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = coordinator
        present(detail, animated: true)
    }
}
