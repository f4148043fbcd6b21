// Compatibility corpus: "a presentation controller with a blurred dimming view and a pan to
// dismiss". Ordinary UIKit code in the style of sheet and half-modal libraries: a custom
// UIPresentationController puts a UIVisualEffectView behind the presented controller and
// animates its effect from nil alongside the transition; the presented view takes the bottom
// half; a pan on it dismisses interactively with a UIPercentDrivenInteractiveTransition.
// Ported with only the import and target-action changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class BlurDimmingPresentationController: UIPresentationController {
    let dimmingView = UIVisualEffectView(effect: nil)

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let container = containerView else { return .zero }
        let b = container.bounds
        return CGRect(x: 0, y: b.height / 2, width: b.width, height: b.height / 2)
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(dimmingView, at: 0)
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.effect = UIBlurEffect(style: .dark)
            return
        }
        coordinator.animate(alongsideTransition: { _ in
            self.dimmingView.effect = UIBlurEffect(style: .dark)
        })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.effect = nil
            return
        }
        coordinator.animate(alongsideTransition: { _ in
            self.dimmingView.effect = nil
        })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

final class SheetSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPresenting: Bool

    init(isPresenting: Bool) {
        self.isPresenting = isPresenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let duration = transitionDuration(using: transitionContext)
        let container = transitionContext.containerView
        if isPresenting {
            guard let toVC = transitionContext.viewController(forKey: .to), let toView = transitionContext.view(forKey: .to) else { return }
            let finalFrame = transitionContext.finalFrame(for: toVC)
            toView.frame = finalFrame.offsetBy(dx: 0, dy: finalFrame.height)
            container.addSubview(toView)
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: {
                toView.frame = finalFrame
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else { return }
            UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
                fromView.frame.origin.y = container.bounds.height
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

final class BlurSheetTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var interactionController: UIPercentDrivenInteractiveTransition?

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
        BlurDimmingPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SheetSlideAnimator(isPresenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SheetSlideAnimator(isPresenting: false)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interactionController
    }
}

final class BlurSheetViewController: UIViewController {
    let sheetTransitioningDelegate = BlurSheetTransitioningDelegate()

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .custom
        transitioningDelegate = sheetTransitioningDelegate
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.layer.cornerRadius = 16
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        let grabber = UIView(frame: CGRect(x: 0, y: 8, width: 40, height: 5))
        grabber.backgroundColor = .systemGray3
        grabber.layer.cornerRadius = 2.5
        grabber.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        view.addSubview(grabber)
        let title = UILabel(frame: CGRect(x: 20, y: 30, width: 300, height: 30))
        title.text = "Now Playing"
        title.font = .boldSystemFont(ofSize: 24)
        view.addSubview(title)
        // iOS: UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) }))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if let grabber = view.subviews.first { grabber.center.x = view.bounds.midX }
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: view)
        let progress = min(max(translation.y / view.bounds.height, 0), 1)
        switch pan.state {
        case .began:
            sheetTransitioningDelegate.interactionController = UIPercentDrivenInteractiveTransition()
            dismiss(animated: true)
        case .changed:
            sheetTransitioningDelegate.interactionController?.update(progress)
        case .ended, .cancelled:
            let velocity = pan.velocity(in: view).y
            if pan.state == .ended && (progress > 0.4 || velocity > 1000) {
                sheetTransitioningDelegate.interactionController?.finish()
            } else {
                sheetTransitioningDelegate.interactionController?.cancel()
            }
            sheetTransitioningDelegate.interactionController = nil
        default:
            break
        }
    }
}

final class ColorWallViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple]
        for k in 0..<14 {
            let tile = UIView(frame: CGRect(x: CGFloat(k % 2) * 200 - 10, y: CGFloat(k / 2) * 124, width: 190, height: 116))
            tile.backgroundColor = colors[k % colors.count]
            tile.layer.cornerRadius = 12
            view.addSubview(tile)
        }
        let title = UILabel(frame: CGRect(x: 24, y: 80, width: 340, height: 50))
        title.text = "Blur Sheet"
        title.font = .boldSystemFont(ofSize: 40)
        title.textColor = .white
        view.addSubview(title)
    }

    func openSheet() {
        present(BlurSheetViewController(), animated: true)
    }
}
