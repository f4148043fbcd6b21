// Compatibility corpus: "a circular reveal with a CAShapeLayer mask animated by
// CABasicAnimation". A list screen with a round floating "+" button presents a compose screen
// that grows out of the button as a circle covering the screen, and shrinks back into it on
// dismissal, in the style of popular circular-reveal / bubble transition libraries: a custom
// UIViewControllerAnimatedTransitioning masks the moving view with a CAShapeLayer and animates
// the mask's "path" between two circles, finishing the transition in the animation delegate's
// animationDidStop(_:finished:). Ported with only the import and the target-action rule of
// docs/Porting.md changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class RevealListViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let composeButton = UIButton(type: .custom)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        for i in 0..<6 {
            let row = UIView(frame: CGRect(x: 16, y: 100 + CGFloat(i) * 80, width: 361, height: 64))
            row.backgroundColor = .secondarySystemBackground
            row.layer.cornerRadius = 12
            view.addSubview(row)
        }
        composeButton.frame = CGRect(x: 303, y: 730, width: 60, height: 60)
        composeButton.backgroundColor = .systemPink
        composeButton.layer.cornerRadius = 30
        composeButton.setImage(UIImage(systemName: "plus"), for: .normal)
        composeButton.tintColor = .white
        // UIKit: composeButton.addTarget(self, action: #selector(compose), for: .touchUpInside)
        composeButton.addTarget(self, action: { $0.compose() }, for: .touchUpInside)
        view.addSubview(composeButton)
    }

    func compose() {
        let editor = RevealComposeViewController()
        editor.modalPresentationStyle = .fullScreen
        editor.transitioningDelegate = self
        present(editor, animated: true)
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        CircularRevealAnimator(origin: composeButton.center, startRadius: composeButton.bounds.width / 2, presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CircularRevealAnimator(origin: composeButton.center, startRadius: composeButton.bounds.width / 2, presenting: false)
    }
}

final class RevealComposeViewController: UIViewController {
    let closeButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemPink
        let card = UIView(frame: CGRect(x: 24, y: 140, width: 345, height: 220))
        card.backgroundColor = .white
        card.layer.cornerRadius = 16
        view.addSubview(card)
        closeButton.frame = CGRect(x: 16, y: 60, width: 44, height: 44)
        closeButton.setImage(UIImage(systemName: "xmark"), for: .normal)
        closeButton.tintColor = .white
        // UIKit: closeButton.addTarget(self, action: #selector(close), for: .touchUpInside)
        closeButton.addTarget(self, action: { $0.close() }, for: .touchUpInside)
        view.addSubview(closeButton)
    }

    func close() {
        dismiss(animated: true)
    }
}

final class CircularRevealAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
    let origin: CGPoint
    let startRadius: CGFloat
    let presenting: Bool
    private weak var transitionContext: UIViewControllerContextTransitioning?

    init(origin: CGPoint, startRadius: CGFloat, presenting: Bool) {
        self.origin = origin
        self.startRadius = startRadius
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        self.transitionContext = transitionContext
        let container = transitionContext.containerView
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to)
        else { return }
        let movingView: UIView
        if presenting {
            guard let toView = transitionContext.view(forKey: .to) else { return }
            toView.frame = transitionContext.finalFrame(for: toVC)
            container.addSubview(toView)
            movingView = toView
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else { return }
            if let toView = transitionContext.view(forKey: .to) {
                toView.frame = transitionContext.finalFrame(for: toVC)
                container.insertSubview(toView, belowSubview: fromView)
            }
            movingView = fromView
        }
        _ = fromVC

        // The circle that covers the whole screen: its radius reaches the farthest corner.
        let bounds = container.bounds
        let dx = max(origin.x, bounds.width - origin.x), dy = max(origin.y, bounds.height - origin.y)
        let endRadius = (dx * dx + dy * dy).squareRoot()
        let small = UIBezierPath(ovalIn: CGRect(x: origin.x - startRadius, y: origin.y - startRadius, width: startRadius * 2, height: startRadius * 2))
        let large = UIBezierPath(ovalIn: CGRect(x: origin.x - endRadius, y: origin.y - endRadius, width: endRadius * 2, height: endRadius * 2))

        let mask = CAShapeLayer()
        mask.path = presenting ? large.cgPath : small.cgPath
        movingView.layer.mask = mask

        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = presenting ? small.cgPath : large.cgPath
        animation.toValue = presenting ? large.cgPath : small.cgPath
        animation.duration = transitionDuration(using: transitionContext)
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.delegate = self
        mask.add(animation, forKey: "reveal")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let transitionContext else { return }
        transitionContext.view(forKey: .to)?.layer.mask = nil
        transitionContext.view(forKey: .from)?.layer.mask = nil
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
}
