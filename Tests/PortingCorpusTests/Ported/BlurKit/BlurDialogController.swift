//
//  BlurDialogController.swift
//  BlurKit
//
//  A dialog presented over a blurred snapshot of the screen below it: the blur deepens as the
//  card springs in, and clears as it fades out.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

open class BlurDialogController: UIViewController {
    public let card = UIView()
    public let titleLabel = UILabel()
    public let closeButton = UIButton(type: .system)
    private let presenter = BlurDialogPresenter()

    public init(title: String) {
        super.init(nibName: nil, bundle: nil)
        titleLabel.text = title
        modalPresentationStyle = .custom
        transitioningDelegate = presenter
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// The blur the dialog sits on, in points of radius.
    open var blurRadius: CGFloat {
        get { return presenter.blurRadius }
        set { presenter.blurRadius = newValue }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .clear
        card.backgroundColor = .white
        card.layer.cornerRadius = 14
        card.frame = CGRect(x: 0, y: 0, width: 280, height: 170)
        view.addSubview(card)
        titleLabel.font = UIFont.boldSystemFont(ofSize: 20)
        titleLabel.textAlignment = .center
        titleLabel.frame = CGRect(x: 16, y: 30, width: 248, height: 30)
        card.addSubview(titleLabel)
        closeButton.setTitle("Close", for: .normal)
        closeButton.frame = CGRect(x: 90, y: 110, width: 100, height: 40)
        closeButton.addTarget(self, action: { $0.close() }, for: .touchUpInside)
        card.addSubview(closeButton)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        card.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    func close() {
        dismiss(animated: true, completion: nil)
    }
}

final class BlurDialogPresenter: NSObject, UIViewControllerTransitioningDelegate {
    var blurRadius: CGFloat = 10
    var duration: TimeInterval = 0.5

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return BlurDialogAnimator(presenting: true, radius: blurRadius, duration: duration)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return BlurDialogAnimator(presenting: false, radius: blurRadius, duration: duration)
    }
}

final class BlurDialogAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    static let blurTag = 0xB1A
    let presenting: Bool
    let radius: CGFloat
    let duration: TimeInterval

    init(presenting: Bool, radius: CGFloat, duration: TimeInterval) {
        self.presenting = presenting
        self.radius = radius
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        if presenting {
            guard let from = transitionContext.viewController(forKey: .from),
                  let toController = transitionContext.viewController(forKey: .to),
                  let to = transitionContext.view(forKey: .to) else { return }
            let blur = BlurSnapshotView(target: from.view)
            blur.frame = container.bounds
            blur.tag = BlurDialogAnimator.blurTag
            container.addSubview(blur)
            to.frame = transitionContext.finalFrame(for: toController)
            to.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
            to.alpha = 0
            container.addSubview(to)
            blur.animateBlur(to: radius, duration: duration)
            UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 0.75, initialSpringVelocity: 0,
                           options: [], animations: {
                to.transform = .identity
                to.alpha = 1
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            guard let from = transitionContext.view(forKey: .from) else { return }
            let blur = container.viewWithTag(BlurDialogAnimator.blurTag) as? BlurSnapshotView
            blur?.animateBlur(to: 0, duration: duration)
            UIView.animate(withDuration: duration, animations: {
                from.alpha = 0
                from.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
            }, completion: { _ in
                blur?.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}
