import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 002's presenting screen: a grid of video covers in a collection view. Tapping a cover
/// presents the player with the seed's zoom from the cell; the player's pan drags it back.
final class AwemeGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout,
    UIViewControllerTransitioningDelegate
{
    let awemes: [Aweme]
    private(set) var collectionView: UICollectionView!
    private let layout = UICollectionViewFlowLayout()

    /// The two animators and the pan interaction (initialised in viewDidLoad, as in the seed).
    private(set) var presentScaleAnimation: PresentScaleAnimation!
    private(set) var dismissScaleAnimation: DismissScaleAnimation!
    private(set) var leftDragInteractiveTransition: DragLeftInteractiveTransition!

    /// The player on screen, if any.
    private(set) weak var player: AwemeListViewController?

    /// Columns and spacing of the grid (Douyin's profile grid: three columns, 1 pt apart).
    static let columns = 3
    static let spacing: CGFloat = 1

    /// The same app on iOS 18's API: the player is zoomed by `preferredTransition = .zoom`
    /// (the `feed-zoom-ios18` scene) instead of the seed's animators and pan.
    let usesZoomTransition: Bool

    init(awemes: [Aweme] = Aweme.feed(), usesZoomTransition: Bool = false) {
        self.awemes = awemes
        self.usesZoomTransition = usesZoomTransition
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.08, alpha: 1)
        layout.minimumLineSpacing = Self.spacing
        layout.minimumInteritemSpacing = Self.spacing
        layout.itemSize = Self.itemSize(forWidth: view.bounds.width)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = view.backgroundColor
        collectionView.alwaysBounceVertical = true
        collectionView.register(AwemeGridCell.self, forCellWithReuseIdentifier: AwemeGridCell.reuseIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)

        // The transition's two animations and the interaction.
        presentScaleAnimation = PresentScaleAnimation()
        dismissScaleAnimation = DismissScaleAnimation()
        leftDragInteractiveTransition = DragLeftInteractiveTransition()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let size = Self.itemSize(forWidth: view.bounds.width)
        if layout.itemSize != size { layout.itemSize = size }
    }

    /// Three columns with 1 pt gaps, covers 4:3 tall.
    static func itemSize(forWidth width: CGFloat) -> CGSize {
        let w = ((width - spacing * CGFloat(columns - 1)) / CGFloat(columns)).rounded(.down)
        return CGSize(width: max(w, 1), height: max((w * 4 / 3).rounded(), 1))
    }

    // MARK: UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { awemes.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: AwemeGridCell.reuseIdentifier, for: indexPath)
        (cell as? AwemeGridCell)?.cover.show(awemes[indexPath.item])
        return cell
    }

    // MARK: UICollectionViewDelegate: the seed's transition call

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        if usesZoomTransition { return presentWithZoom(startIndex: indexPath.item) }
        let awemeVC = AwemeListViewController(awemes: awemes, startIndex: indexPath.item)
        awemeVC.transitioningDelegate = self  // 0

        // 1
        guard let cell = collectionView.cellForItem(at: indexPath) else { return }
        // 2
        let cellFrame = cell.frame
        // 3
        let cellConvertedFrame = collectionView.convert(cellFrame, to: collectionView.superview)

        // Presentation
        presentScaleAnimation.cellConvertFrame = cellConvertedFrame  // 4

        // Dismissal
        dismissScaleAnimation.selectCell = cell  // 5
        dismissScaleAnimation.originCellFrame = cellFrame  // 6
        dismissScaleAnimation.finalCellFrame = cellConvertedFrame  // 7

        awemeVC.modalPresentationStyle = .overCurrentContext  // 8
        modalPresentationStyle = .currentContext  // 9

        leftDragInteractiveTransition.wireToViewController(awemeVC)
        player = awemeVC
        present(awemeVC, animated: true, completion: nil)
    }

    // MARK: iOS 18: one line of API instead of the seed's transition

    /// Presents the player zoomed out of the tapped cover. The source view provider is asked
    /// again when the player is dismissed: it returns the cell of the video the player shows
    /// then, so the player shrinks into the cover it paged to (nil when that cell is off
    /// screen: the player then shrinks and fades to the centre).
    private func presentWithZoom(startIndex: Int) {
        let awemeVC = AwemeListViewController(awemes: awemes, startIndex: startIndex)
        awemeVC.preferredTransition = .zoom { [weak self] context in
            guard let self, let player = context.zoomedViewController as? AwemeListViewController else { return nil }
            self.zoomSourceRequests.append(player.currentIndex)
            return self.collectionView.cellForItem(at: IndexPath(item: player.currentIndex, section: 0))
        }
        player = awemeVC
        present(awemeVC, animated: true, completion: nil)
    }

    /// The items the zoom's source view provider was asked for, in order (for tests).
    private(set) var zoomSourceRequests: [Int] = []

    // MARK: UIViewControllerTransitioningDelegate

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        presentScaleAnimation  // present VC
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        updateDismissTarget()
        return dismissScaleAnimation  // dismiss VC
    }

    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        leftDragInteractiveTransition.isInteracting ? leftDragInteractiveTransition : nil
    }

    /// The player may have paged to another video: the dismissal shrinks into that video's
    /// cell where it is now, or into the centre rect when it is off screen (docs/Divergences.md
    /// "Seed 002": the seed keeps the tapped cell).
    private func updateDismissTarget() {
        guard let player else { return }
        let indexPath = IndexPath(item: player.currentIndex, section: 0)
        if let cell = collectionView.cellForItem(at: indexPath), collectionView.bounds.intersects(cell.frame) {
            let cellFrame = cell.frame
            dismissScaleAnimation.selectCell = cell
            dismissScaleAnimation.originCellFrame = cellFrame
            dismissScaleAnimation.finalCellFrame = collectionView.convert(cellFrame, to: collectionView.superview)
        } else {
            dismissScaleAnimation.selectCell = nil
            dismissScaleAnimation.finalCellFrame = .zero
        }
    }
}
