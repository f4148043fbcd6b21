import Flipbook

// An "explode" transition as public animator libraries write it (issue 37 C2): the screen being
// left is snapshotted once, cut into 20 pt tiles with `resizableSnapshotView(from:afterScreen
// Updates:withCapInsets:)` (about 860 on an iPhone 15), and every tile falls, turns and fades
// on its own, while the new screen waits underneath. Registered for this benchmark only
// (`make bench-scenes SCENE=explode`): the aim is an export at ≥ 2x real time in release and a
// peak memory under 500 MB, which snapshot sharing (`SnapshotMemo`) makes possible.

/// The animator: presentation and dismissal both explode the screen that goes away.
final class ExplodeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let tileSize: CGFloat = 20
    let duration: TimeInterval = 1.2

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to),
            let toController = context.viewController(forKey: .to)
        else {
            context.completeTransition(false)
            return
        }
        let container = context.containerView
        toView.frame = context.finalFrame(for: toController)
        container.insertSubview(toView, belowSubview: fromView)
        guard let picture = fromView.snapshotView(afterScreenUpdates: false) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        var tiles: [UIView] = []
        let size = fromView.bounds.size
        guard size.width > 0, size.height > 0 else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        var y: CGFloat = 0
        while y < size.height {
            var x: CGFloat = 0
            while x < size.width {
                let rect = CGRect(x: x, y: y, width: min(tileSize, size.width - x), height: min(tileSize, size.height - y))
                if let tile = picture.resizableSnapshotView(from: rect, afterScreenUpdates: false, withCapInsets: .zero) {
                    tile.frame = rect.offsetBy(dx: fromView.frame.minX, dy: fromView.frame.minY)
                    container.addSubview(tile)
                    tiles.append(tile)
                }
                x += tileSize
            }
            y += tileSize
        }
        fromView.isHidden = true
        // A fixed pseudo-random sequence, so every run and every machine draws the same frames.
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> CGFloat {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return CGFloat(seed >> 40) / CGFloat(1 << 24)
        }
        var running = tiles.count
        for tile in tiles {
            let delay = TimeInterval(next()) * duration * 0.4
            let drop = size.height * (0.4 + next() * 0.8)
            let drift = (next() - 0.5) * 120
            let turn = (next() - 0.5) * .pi
            UIView.animate(withDuration: duration * 0.6, delay: delay, options: [.curveEaseIn]) {
                tile.transform = CGAffineTransform(translationX: drift, y: drop).rotated(by: turn).scaledBy(x: 0.6, y: 0.6)
                tile.alpha = 0
            } completion: { _ in
                tile.removeFromSuperview()
                running -= 1
                if running == 0 {
                    fromView.isHidden = false
                    context.completeTransition(!context.transitionWasCancelled)
                }
            }
        }
    }
}

/// A screen with a header and rows, so the tiles carry real content.
final class ExplodeListViewController: UIViewController {
    let tint: UIColor
    let titleText: String

    init(tint: UIColor, title: String) {
        self.tint = tint
        self.titleText = title
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let header = UILabel(frame: CGRect(x: 20, y: 70, width: 340, height: 44))
        header.text = titleText
        header.font = .boldSystemFont(ofSize: 30)
        view.addSubview(header)
        for i in 0..<12 {
            let row = UIView(frame: CGRect(x: 16, y: 130 + CGFloat(i) * 56, width: 361, height: 48))
            row.backgroundColor = tint.withAlphaComponent(0.15 + 0.06 * CGFloat(i % 5))
            row.layer.cornerRadius = 12
            let label = UILabel(frame: row.bounds.insetBy(dx: 14, dy: 8))
            label.text = "Row \(i + 1)"
            row.addSubview(label)
            view.addSubview(row)
        }
    }
}

final class ExplodeDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { ExplodeAnimator() }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        ExplodeAnimator()
    }
}

/// Present at 0.3 s (the list explodes onto the detail), dismiss at 2.0 s (the detail explodes).
final class ExplodeScene: AppScene {
    static let name = "explode"
    static let summary = "Benchmark only: a screen cut into ~860 resizable snapshot tiles that fall away, both ways"
    let duration: CFTimeInterval = 3.6
    let driver: AppDriver
    let list = ExplodeListViewController(tint: .systemIndigo, title: "Inbox")
    let delegate = ExplodeDelegate()

    init(size: CGSize) {
        driver = AppDriver(rootViewController: list, device: .fitting(size))
    }

    func script(_ s: SceneScript) {
        s.at(0.3) { [self] in
            let detail = ExplodeListViewController(tint: .systemOrange, title: "Detail")
            detail.modalPresentationStyle = .fullScreen
            detail.transitioningDelegate = delegate
            list.present(detail, animated: true)
        }
        s.at(2.0) { [self] in list.presentedViewController?.dismiss(animated: true) }
    }
}
