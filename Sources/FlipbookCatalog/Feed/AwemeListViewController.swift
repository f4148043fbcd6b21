import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The full-screen player of seed 002 ("AwemeListViewController", the previous article's
/// up/down-swipe feed): a vertically paging list of full-screen videos, opened at the tapped
/// one. (The seed's list is a UITableView; this one is a one-column paging collection view
/// until Flipbook's table view lands: docs/Divergences.md "Seed 002".)
final class AwemeListViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    let awemes: [Aweme]
    /// The video shown when the player opens.
    let startIndex: Int
    private(set) var listView: UICollectionView!
    private let listLayout = UICollectionViewFlowLayout()

    init(awemes: [Aweme], startIndex: Int) {
        self.awemes = awemes
        self.startIndex = startIndex
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    /// The video on screen now (the page the list rests on).
    var currentIndex: Int {
        guard let listView, listView.bounds.height > 0 else { return startIndex }
        let page = Int((listView.contentOffset.y / listView.bounds.height).rounded())
        return min(max(page, 0), awemes.count - 1)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        listLayout.minimumLineSpacing = 0
        listLayout.minimumInteritemSpacing = 0
        listLayout.itemSize = view.bounds.size
        listView = UICollectionView(frame: view.bounds, collectionViewLayout: listLayout)
        listView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        listView.backgroundColor = .black
        listView.isPagingEnabled = true
        listView.showsVerticalScrollIndicator = false
        listView.register(AwemePlayerCell.self, forCellWithReuseIdentifier: AwemePlayerCell.reuseIdentifier)
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(listView)
        listView.layoutIfNeeded()
        listView.scrollToItem(at: IndexPath(item: startIndex, section: 0), at: .top, animated: false)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard view.bounds.height > 0, listLayout.itemSize != view.bounds.size else { return }
        let index = currentIndex
        listLayout.itemSize = view.bounds.size
        listView.layoutIfNeeded()
        listView.scrollToItem(at: IndexPath(item: index, section: 0), at: .top, animated: false)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { awemes.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: AwemePlayerCell.reuseIdentifier, for: indexPath)
        (cell as? AwemePlayerCell)?.show(awemes[indexPath.item])
        return cell
    }
}

/// One full-screen video of the player.
final class AwemePlayerCell: UICollectionViewCell {
    static let reuseIdentifier = "AwemePlayerCell"
    let cover = AwemeCoverView(frame: .zero)
    private let progress = UIView()

    required init(frame: CGRect) {
        super.init(frame: frame)
        cover.isLarge = true
        contentView.addSubview(cover)
        progress.backgroundColor = UIColor(white: 1, alpha: 0.8)
        contentView.addSubview(progress)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    func show(_ aweme: Aweme) {
        cover.show(aweme)
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        cover.frame = contentView.bounds
        let b = contentView.bounds
        progress.frame = CGRect(x: 0, y: b.height - 3, width: b.width * 0.35, height: 3)
    }
}
