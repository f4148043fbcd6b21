// Compatibility corpus: "a navigation zoom with snapshots". Ordinary UIKit code in the style
// of photo-grid libraries: the navigation controller's delegate returns an animator that
// snapshots the tapped thumbnail, hides the real views, and springs the snapshot to the detail
// view's photo frame on push (and back into the thumbnail on pop). Ported with only the import
// and target-action changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class PhotoGridViewController: UIViewController, UINavigationControllerDelegate {
    static let palette: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue]
    private(set) var tiles: [UIView] = []
    private(set) var selectedTile: UIView?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photos"
        view.backgroundColor = .systemBackground
        for (i, color) in Self.palette.enumerated() {
            let tile = UIView()
            tile.backgroundColor = color
            tile.layer.cornerRadius = 8
            tile.clipsToBounds = true
            tile.tag = i
            let badge = UILabel()
            badge.text = "\(i + 1)"
            badge.font = .boldSystemFont(ofSize: 28)
            badge.textColor = .white
            badge.sizeToFit()
            badge.frame.origin = CGPoint(x: 10, y: 6)
            tile.addSubview(badge)
            // iOS: UITapGestureRecognizer(target: self, action: #selector(tileTapped(_:)))
            tile.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { $0.tileTapped($1) }))
            view.addSubview(tile)
            tiles.append(tile)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let inset = view.safeAreaInsets
        let spacing: CGFloat = 12
        let side = (view.bounds.width - spacing * 3) / 2
        for (i, tile) in tiles.enumerated() {
            tile.frame = CGRect(
                x: spacing + CGFloat(i % 2) * (side + spacing),
                y: inset.top + spacing + CGFloat(i / 2) * (side + spacing),
                width: side, height: side)
        }
    }

    func tileTapped(_ tap: UITapGestureRecognizer) {
        guard let tile = tap.view else { return }
        selectedTile = tile
        navigationController?.delegate = self
        navigationController?.pushViewController(PhotoDetailViewController(color: tile.backgroundColor ?? .gray, number: tile.tag + 1), animated: true)
    }

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        guard let tile = selectedTile else { return nil }
        switch operation {
        case .push: return ZoomAnimator(isPush: true, thumbnail: tile)
        case .pop: return ZoomAnimator(isPush: false, thumbnail: tile)
        default: return nil
        }
    }
}

final class PhotoDetailViewController: UIViewController {
    let photoView = UIView()
    let caption = UILabel()
    private let color: UIColor
    private let number: Int

    init(color: UIColor, number: Int) {
        self.color = color
        self.number = number
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photo \(number)"
        view.backgroundColor = .systemBackground
        photoView.backgroundColor = color
        view.addSubview(photoView)
        caption.text = "Photo number \(number), zoomed from the grid"
        caption.font = .systemFont(ofSize: 17)
        caption.textColor = .secondaryLabel
        caption.numberOfLines = 0
        view.addSubview(caption)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top = view.safeAreaInsets.top
        photoView.frame = CGRect(x: 0, y: top, width: view.bounds.width, height: view.bounds.width)
        caption.frame = CGRect(x: 20, y: photoView.frame.maxY + 16, width: view.bounds.width - 40, height: 60)
    }
}

final class ZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPush: Bool
    let thumbnail: UIView

    init(isPush: Bool, thumbnail: UIView) {
        self.isPush = isPush
        self.thumbnail = thumbnail
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.45 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to),
              let detail = (isPush ? toVC : fromVC) as? PhotoDetailViewController
        else {
            transitionContext.completeTransition(false)
            return
        }
        toView.frame = transitionContext.finalFrame(for: toVC)
        if isPush {
            container.addSubview(toView)
        } else if let fromView = transitionContext.view(forKey: .from) {
            container.insertSubview(toView, belowSubview: fromView)
        }
        toView.layoutIfNeeded()
        let detailView = isPush ? toView : transitionContext.view(forKey: .from)!

        let source: UIView = isPush ? thumbnail : detail.photoView
        guard let snapshot = source.snapshotView(afterScreenUpdates: false) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let thumbnailFrame = container.convert(thumbnail.bounds, from: thumbnail)
        let photoFrame = container.convert(detail.photoView.bounds, from: detail.photoView)
        snapshot.frame = isPush ? thumbnailFrame : photoFrame
        snapshot.layer.cornerRadius = isPush ? 8 : 0
        snapshot.clipsToBounds = true
        container.addSubview(snapshot)
        thumbnail.isHidden = true
        detail.photoView.isHidden = true
        if isPush { detailView.alpha = 0 }

        let duration = transitionDuration(using: transitionContext)
        UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, options: [.curveEaseInOut], animations: {
            snapshot.frame = self.isPush ? photoFrame : thumbnailFrame
            snapshot.layer.cornerRadius = self.isPush ? 0 : 8
            detailView.alpha = self.isPush ? 1 : 0
        }, completion: { _ in
            self.thumbnail.isHidden = false
            detail.photoView.isHidden = false
            detailView.alpha = 1
            snapshot.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
