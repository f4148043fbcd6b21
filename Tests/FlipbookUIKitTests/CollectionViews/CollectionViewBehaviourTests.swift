import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// UICollectionView's cells, reuse, queries, batch updates, selection and bad input
/// (docs/Semantics.md, "Collection views").
@MainActor
@Suite(.freshRuntime) struct CollectionViewBehaviourTests {
    typealias S = CollectionTestSupport

    /// Scrolling a 10 000-item feed from top to bottom keeps only the visible cells plus a few
    /// queued ones; each visible item has its own cell, showing its own item.
    @Test func aLongFeedReusesCells() {
        let source = NumberedDataSource(counts: [10_000])
        let view = S.make(size: CGSize(width: 375, height: 812), source: source) {
            $0.itemSize = CGSize(width: 120, height: 160)
        }
        // 812 tall / 170 per line: at most 6 lines of 3 visible.
        var maxCells = 0
        var offset: CGFloat = 0
        while offset < view.contentSize.height - 812 {
            view.contentOffset = CGPoint(x: 0, y: offset)
            view.layoutIfNeeded()
            maxCells = max(maxCells, S.cellCount(view))
            let visible = view.indexPathsForVisibleItems
            let ok = visible.allSatisfy { view.cellForItem(at: $0)?.tag == $0.item && view.cellForItem(at: $0)?.isHidden == false }
            if !ok { Issue.record("wrong cell at offset \(offset)"); break }
            offset += 237  // not a multiple of the line height
        }
        #expect(maxCells <= 18 + 6, "cells: \(maxCells)")
        #expect(source.cellsMade > 5_000)  // every item was configured on its way past
        #expect(view.visibleCells.count == view.indexPathsForVisibleItems.count)
    }

    @Test func queriesMapPointsCellsAndPaths() {
        let source = NumberedDataSource(counts: [30])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 100, height: 100) }
        // 3 per line, gap 37.5.
        #expect(view.indexPathForItem(at: CGPoint(x: 150, y: 150)) == IndexPath(item: 4, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 120, y: 50)) == nil)  // in a gap
        let cell = view.cellForItem(at: IndexPath(item: 4, section: 0))
        #expect(cell != nil)
        #expect(view.indexPath(for: cell!) == IndexPath(item: 4, section: 0))
        #expect(cell?.frame == CGRect(x: 137.5, y: 110, width: 100, height: 100))
        #expect(view.cellForItem(at: IndexPath(item: 29, section: 0)) == nil)  // off screen
        #expect(view.indexPathsForVisibleItems.count == 18)  // 6 lines of 3 meet 600 pt
    }

    @Test func scrollToItemPositions() {
        let source = NumberedDataSource(counts: [300])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 100, height: 100) }
        let path = IndexPath(item: 30, section: 0)  // line 10: y 1100
        view.scrollToItem(at: path, at: .top, animated: false)
        #expect(view.contentOffset.y == 1100)
        view.scrollToItem(at: path, at: .centeredVertically, animated: false)
        #expect(abs(view.contentOffset.y - 850) < 1e-9, "\(view.contentOffset.y - 850)")
        view.scrollToItem(at: path, at: .bottom, animated: false)
        #expect(abs(view.contentOffset.y - 600) < 1e-9)
        view.scrollToItem(at: IndexPath(item: 299, section: 0), at: .top, animated: false)
        #expect(view.contentOffset.y == view.contentSize.height - 600)  // clamped
        view.layoutIfNeeded()
        #expect(view.cellForItem(at: IndexPath(item: 299, section: 0)) != nil)
    }

    @Test func batchUpdatesInsertDeleteAndMove() {
        let source = NumberedDataSource(counts: [6])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 100, height: 100) }
        let cell2 = view.cellForItem(at: IndexPath(item: 2, section: 0))
        var finished: Bool?
        source.counts = [7]
        view.performBatchUpdates({
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])
            view.insertItems(at: [IndexPath(item: 3, section: 0), IndexPath(item: 4, section: 0)])
        }, completion: { finished = $0 })
        // Old item 2 is now item 1, and its cell moves there, animated.
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === cell2)
        #expect(cell2?.layer.animationKeys()?.isEmpty == false)
        MediaClock.main.advance(by: 0.5)
        #expect(finished == true)
        #expect(cell2?.frame.minX == 137.5)
        #expect(view.visibleCells.count == 7)
        #expect(view.visibleCells.allSatisfy { $0.alpha == 1 })
        // A move.
        let first = view.cellForItem(at: IndexPath(item: 0, section: 0))
        view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 5, section: 0))
        MediaClock.main.advance(by: 0.5)
        #expect(view.cellForItem(at: IndexPath(item: 5, section: 0)) === first)
        #expect(first?.frame.origin == CGPoint(x: 275, y: 110))
    }

    @Test func anInvalidUpdateIsReportedAndReloads() {
        let source = NumberedDataSource(counts: [6])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 100, height: 100) }
        source.counts = [9]
        var finished: Bool?
        let messages = FlipbookDiagnostics.capture {
            view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { finished = $0 })
        }
        #expect(messages.contains { $0.hasPrefix("Invalid update: invalid number of items in section 0.") })
        MediaClock.main.advanceFrames(2)
        #expect(finished == false)
        #expect(view.numberOfItems(inSection: 0) == 9)
        #expect(view.visibleCells.count == 9)
        // Deleting an item that does not exist.
        source.counts = [8]
        let more = FlipbookDiagnostics.capture { view.deleteItems(at: [IndexPath(item: 40, section: 0)]) }
        #expect(more.contains { $0.hasPrefix("Invalid update: attempt to delete item 40") })
        #expect(view.visibleCells.count == 8)
    }

    @Test func reloadItemsGivesAFreshCell() {
        let source = NumberedDataSource(counts: [3])
        let view = S.make(source: source)
        let before = source.cellsMade
        view.reloadItems(at: [IndexPath(item: 1, section: 0)])
        MediaClock.main.advance(by: 0.5)
        #expect(source.cellsMade == before + 1)
        #expect(view.visibleCells.count == 3)
    }

    @Test func badInputIsReportedAndTheViewStaysUsable() {
        let source = NumberedDataSource(counts: [5])
        source.useDequeue = false
        var view: UICollectionView?
        let messages = FlipbookDiagnostics.capture { view = S.make(source: source) }
        #expect(messages.contains { $0.contains("does not have a reuseIdentifier") })
        #expect(view!.visibleCells.count == 5)
        let range = FlipbookDiagnostics.capture {
            _ = view!.layoutAttributesForItem(at: IndexPath(item: 99, section: 0))
            view!.scrollToItem(at: IndexPath(item: 0, section: 7), at: .top, animated: false)
            view!.selectItem(at: IndexPath(item: 9, section: 0), animated: false, scrollPosition: [])
            _ = view!.numberOfItems(inSection: 4)
        }
        #expect(range.count == 4)
        #expect(view!.indexPathsForSelectedItems == nil)
    }

    /// A custom layout returning NaN and negative sizes: reported, the bad cells hidden, the
    /// content size zeroed on the bad axis.
    @Test func aLayoutReturningNaNIsReported() {
        final class BrokenLayout: UICollectionViewLayout {
            override var collectionViewContentSize: CGSize { CGSize(width: CGFloat.nan, height: 500) }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                (0..<3).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            }
            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                a.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 50, width: 50, height: 40)
                if indexPath.item == 1 { a.size = CGSize(width: -10, height: CGFloat.nan) }
                return a
            }
        }
        let source = NumberedDataSource(counts: [3])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: BrokenLayout())
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let messages = FlipbookDiagnostics.capture {
            view.dataSource = source
            view.layoutIfNeeded()
        }
        #expect(messages.contains { $0.contains("collectionViewContentSize") })
        #expect(messages.contains { $0.contains("non-finite or negative geometry") })
        #expect(view.contentSize == CGSize(width: 0, height: 500))
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 50, height: 40))
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isHidden == true)
    }

    /// A tap: highlight on touch down, then shouldSelect, unhighlight, select, in UIKit's order.
    @Test func tapSelectsInUIKitsOrder() {
        let source = NumberedDataSource(counts: [6])
        let controller = UIViewController()
        let driver = AppDriver(rootViewController: controller)
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 100, height: 100) }
        controller.view.addSubview(view)
        view.layoutIfNeeded()
        driver.tap(view.cellForItem(at: IndexPath(item: 1, section: 0))!)
        driver.advanceFrames(2)
        #expect(source.events == ["shouldHighlight 1", "didHighlight 1", "shouldSelect 1", "didUnhighlight 1", "didSelect 1"])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
        source.events = []
        driver.tap(view.cellForItem(at: IndexPath(item: 4, section: 0))!)
        driver.advanceFrames(2)
        #expect(source.events.suffix(2) == ["didDeselect 1", "didSelect 4"])
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == false)
    }

    @Test func cellBackgroundViewsFollowSelection() {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        let background = UIView()
        let selected = UIView()
        cell.backgroundView = background
        cell.selectedBackgroundView = selected
        cell.layoutIfNeeded()
        #expect(cell.subviews.map { ObjectIdentifier($0) } == [background, selected, cell.contentView].map { ObjectIdentifier($0) })
        #expect(selected.isHidden)
        cell.isHighlighted = true
        #expect(!selected.isHidden)
        cell.isHighlighted = false
        cell.isSelected = true
        #expect(!selected.isHidden)
        #expect(selected.frame == cell.bounds && cell.contentView.frame == cell.bounds)
    }
}
