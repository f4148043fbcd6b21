#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Slides the presented screen up from the bottom and back down: an iOS-style animator.
final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) {
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let view = transitionContext.view(forKey: presenting ? .to : .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let below = CGAffineTransform(translationX: 0, y: container.bounds.height)
        if presenting {
            container.addSubview(view)
            if let to = transitionContext.viewController(forKey: .to) { view.frame = transitionContext.finalFrame(for: to) }
            view.transform = below
        }
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseOut],
            animations: { view.transform = self.presenting ? .identity : below },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}

/// Hands UIKit the slide animator both ways.
final class SlideTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { SlideAnimator(presenting: true) }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlideAnimator(presenting: false)
    }
}

/// A list-like screen with a button that presents the sheet with the slide.
public final class InboxViewController: UIViewController {
    let slide = SlideTransitioningDelegate()
    public let composeButton = UIButton(type: .system)

    override public func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
        composeButton.setTitle("Compose", for: .normal)
        composeButton.setTitleColor(.white, for: .normal)
        composeButton.frame = CGRect(x: 20, y: 120, width: 160, height: 44)
        composeButton.addAction(UIAction { [weak self] _ in self?.compose() }, for: .touchUpInside)
        view.addSubview(composeButton)
    }

    public func compose() {
        let sheet = ComposeViewController()
        sheet.modalPresentationStyle = .fullScreen
        sheet.transitioningDelegate = slide
        present(sheet, animated: true)
    }
}

/// The presented screen, with a Send button that dismisses it.
public final class ComposeViewController: UIViewController {
    public let sendButton = UIButton(type: .system)

    override public func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemYellow
        sendButton.setTitle("Send", for: .normal)
        sendButton.frame = CGRect(x: 20, y: 80, width: 100, height: 44)
        sendButton.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(sendButton)
    }
}
