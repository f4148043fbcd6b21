import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// A data source of numbered items with a fixed count per section, recording what it is asked.
@MainActor
final class NumberedDataSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var insets: [Int: UIEdgeInsets] = [:]
    var headerHeight: CGFloat = 0
    var events: [String] = []
    var useDequeue = true
    var cellsMade = 0

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellsMade += 1
        guard useDequeue else { return UICollectionViewCell(frame: .zero) }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        cell.tag = indexPath.section * 100_000 + indexPath.item
        return cell
    }
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize { sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize }
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets { insets[section] ?? (collectionViewLayout as! UICollectionViewFlowLayout).sectionInset }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldHighlight \(indexPath.item)"); return true
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        events.append("didHighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        events.append("didUnhighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldSelect \(indexPath.item)"); return true
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("didDeselect \(indexPath.item)")
    }
}

@MainActor
enum CollectionTestSupport {
    /// A collection view of `size` with a flow layout configured by `configure`, fed by `source`.
    static func make(
        size: CGSize = CGSize(width: 375, height: 600), source: NumberedDataSource,
        configure: (UICollectionViewFlowLayout) -> Void = { _ in }
    ) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        configure(layout)
        let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.delegate = source
        view.dataSource = source
        view.layoutIfNeeded()
        return view
    }

    static func frames(_ view: UICollectionView, section: Int = 0) -> [CGRect] {
        (0..<view.numberOfItems(inSection: section)).map {
            view.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame ?? .null
        }
    }

    static func cellCount(_ view: UICollectionView) -> Int { view.subviews.filter { $0 is UICollectionViewCell }.count }
}
