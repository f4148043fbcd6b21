// Compatibility corpus: "a cube transition with CATransformLayer". A gallery presents a detail
// screen by turning a cube: snapshots of both screens sit on two faces of a CATransformLayer,
// the container's stage gives perspective with m34, and a CABasicAnimation turns the cube 90°
// about y; dismissal turns it back the other way. The style of popular cube-transition
// libraries and tutorials. Ported with only the import changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class CubeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.8 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let fromView = fromVC.view!
        let toView = toVC.view!
        toView.frame = transitionContext.finalFrame(for: toVC)
        if presenting {
            container.addSubview(toView)
        } else {
            container.insertSubview(toView, belowSubview: fromView)
        }
        guard let fromSnapshot = fromView.snapshotView(afterScreenUpdates: false),
              let toSnapshot = toView.snapshotView(afterScreenUpdates: true) else {
            transitionContext.completeTransition(true)
            return
        }

        // The stage: black behind the cube, perspective for everything on it.
        let stage = UIView(frame: container.bounds)
        stage.backgroundColor = .black
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 1000
        stage.layer.sublayerTransform = perspective
        container.addSubview(stage)

        let width = container.bounds.width
        let cube = CATransformLayer()
        cube.frame = stage.bounds
        stage.layer.addSublayer(cube)

        // The current screen is the front face; the next one waits on the right face when
        // presenting, on the left when going back.
        let side: CGFloat = presenting ? 1 : -1
        fromSnapshot.layer.frame = cube.bounds
        fromSnapshot.layer.transform = CATransform3DMakeTranslation(0, 0, width / 2)
        toSnapshot.layer.frame = cube.bounds
        toSnapshot.layer.transform = CATransform3DRotate(
            CATransform3DMakeTranslation(side * width / 2, 0, 0), side * .pi / 2, 0, 1, 0)
        for face in [fromSnapshot.layer, toSnapshot.layer] {
            face.isDoubleSided = false
            cube.addSublayer(face)
        }

        // The cube's centre is pushed back so the front face starts in the screen's plane.
        let pushedBack = CATransform3DMakeTranslation(0, 0, -width / 2)
        let turned = CATransform3DConcat(CATransform3DMakeRotation(-side * .pi / 2, 0, 1, 0), pushedBack)
        fromView.isHidden = true
        toView.isHidden = true

        CATransaction.begin()
        CATransaction.setCompletionBlock {
            stage.removeFromSuperview()
            fromView.isHidden = false
            toView.isHidden = false
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = NSValue(caTransform3D: pushedBack)
        spin.toValue = NSValue(caTransform3D: turned)
        spin.duration = transitionDuration(using: transitionContext)
        spin.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        cube.add(spin, forKey: "spin")
        cube.transform = turned
        CATransaction.commit()
    }
}

final class CubeTransitionDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        CubeAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CubeAnimator(presenting: false)
    }
}

final class CubeGalleryViewController: UIViewController {
    let cubeDelegate = CubeTransitionDelegate()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue]
        for (i, color) in colors.enumerated() {
            let tile = UIView(frame: CGRect(x: 16 + CGFloat(i % 2) * 184, y: 120 + CGFloat(i / 2) * 200, width: 177, height: 184))
            tile.backgroundColor = color
            tile.layer.cornerRadius = 16
            view.addSubview(tile)
        }
    }

    func openDetail() {
        let detail = CubeDetailViewController()
        detail.modalPresentationStyle = .fullScreen
        detail.transitioningDelegate = cubeDelegate
        present(detail, animated: true)
    }
}

final class CubeDetailViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
        let card = UIView(frame: CGRect(x: 40, y: 200, width: 313, height: 400))
        card.backgroundColor = .white
        card.layer.cornerRadius = 24
        view.addSubview(card)
        let stripe = UIView(frame: CGRect(x: 40, y: 640, width: 313, height: 60))
        stripe.backgroundColor = .systemPink
        stripe.layer.cornerRadius = 12
        view.addSubview(stripe)
    }

    func close() {
        dismiss(animated: true)
    }
}
