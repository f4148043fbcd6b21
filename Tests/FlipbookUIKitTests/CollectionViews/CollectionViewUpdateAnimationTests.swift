import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// A numbered data source that also records display events.
@MainActor
final class DisplayRecordingSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var counts: [Int]
    var events: [String] = []
    init(counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        events.append("cellFor \(indexPath.item)")
        return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        events.append("header \(indexPath.section)")
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        events.append("willDisplay \(indexPath.item)")
    }
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        events.append("didEndDisplaying \(indexPath.item)")
    }
}

/// Batch updates animate as UIKit does, on the virtual clock: deleted cells fade out where they
/// were (the layout's final attributes), inserted ones come from the initial attributes, cells
/// pushed out of view move there before they are queued (docs/Semantics.md, "Cells and updates").
@MainActor
@Suite(.freshRuntime) struct CollectionViewUpdateAnimationTests {
    /// 100 × 100 items, three to a line (x 0, 137.5, 275), lines 110 pt apart.
    private func make(
        _ source: DisplayRecordingSource, height: CGFloat = 600, layout: UICollectionViewFlowLayout = UICollectionViewFlowLayout()
    ) -> UICollectionView {
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: height), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.delegate = source
        view.dataSource = source
        view.layoutIfNeeded()
        return view
    }

    private func presented(_ view: UIView) -> CALayer { view.layer.presentation() ?? view.layer }

    /// Deleting item 0: its cell fades to alpha 0 where it was (half way: opacity 0.5), the
    /// others slide one place back (half way between), then the deleted cell is queued and
    /// the next dequeue reuses it.
    @Test func deletedCellFadesOutInPlaceThenIsReused() {
        let source = DisplayRecordingSource(counts: [6])
        let view = make(source)
        let deleted = view.cellForItem(at: IndexPath(item: 0, section: 0))!
        let third = view.cellForItem(at: IndexPath(item: 3, section: 0))!  // (0, 110) → (275, 0)
        source.events = []
        var finished: [Bool] = []
        source.counts = [5]
        view.performBatchUpdates({ view.deleteItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { finished.append($0) })
        #expect(source.events == ["didEndDisplaying 0"])
        #expect(deleted.superview === view && !deleted.isHidden)
        MediaClock.main.advance(by: 0.15)
        let fading = presented(deleted)
        #expect(abs(Double(fading.opacity) - 0.5) < 0.02)
        #expect(fading.position == CGPoint(x: 50, y: 50))
        let moving = presented(third).position
        #expect(abs(moving.x - (50 + 325) / 2) < 1 && abs(moving.y - (160 + 50) / 2) < 1)
        #expect(finished.isEmpty)
        MediaClock.main.advance(by: 0.2)
        #expect(finished == [true])
        #expect(deleted.isHidden)
        #expect(view.visibleCells.count == 5 && !view.visibleCells.contains { $0 === deleted })
        #expect(third.frame.origin == CGPoint(x: 275, y: 0))
        // The queued cell is the one the next insertion gets (alpha back to 1).
        source.counts = [6]
        view.insertItems(at: [IndexPath(item: 5, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 5, section: 0)) === deleted)
        MediaClock.main.advance(by: 0.4)
        #expect(deleted.alpha == 1 && !deleted.isHidden)
    }

    /// A custom layout's initial and final attributes are where appearing cells start and
    /// disappearing ones end; half way the presented values are half way.
    @Test func customInitialAndFinalAttributes() {
        final class SlidingLayout: UICollectionViewFlowLayout {
            var calls: [String] = []
            var inserted: Set<IndexPath> = []
            var deleted: Set<IndexPath> = []
            override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
                super.prepare(forCollectionViewUpdates: updateItems)
                calls.append("prepare(forCollectionViewUpdates:) \(updateItems.count)")
                inserted = Set(updateItems.compactMap { $0.updateAction == .insert ? $0.indexPathAfterUpdate : nil })
                deleted = Set(updateItems.compactMap { $0.updateAction == .delete ? $0.indexPathBeforeUpdate : nil })
            }
            override func finalizeCollectionViewUpdates() {
                super.finalizeCollectionViewUpdates()
                calls.append("finalizeCollectionViewUpdates")
            }
            override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                guard inserted.contains(itemIndexPath), let a = layoutAttributesForItem(at: itemIndexPath) else { return nil }
                calls.append("initial \(itemIndexPath.item)")
                let start = a.copy() as! UICollectionViewLayoutAttributes
                start.center.y += 300
                start.alpha = 0
                return start
            }
            override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                guard deleted.contains(itemIndexPath) else { return nil }
                calls.append("final \(itemIndexPath.item)")
                let end = UICollectionViewLayoutAttributes(forCellWith: itemIndexPath)
                end.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                end.center.x -= 200
                end.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
                return end
            }
        }
        let layout = SlidingLayout()
        let source = DisplayRecordingSource(counts: [3])
        let view = make(source, layout: layout)
        let leaving = view.cellForItem(at: IndexPath(item: 0, section: 0))!
        source.counts = [3]
        view.performBatchUpdates {
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])
            view.insertItems(at: [IndexPath(item: 2, section: 0)])
        }
        #expect(layout.calls.first == "prepare(forCollectionViewUpdates:) 2")
        #expect(layout.calls.last == "finalizeCollectionViewUpdates")
        #expect(layout.calls.contains("final 0") && layout.calls.contains("initial 2"))
        let arriving = view.cellForItem(at: IndexPath(item: 2, section: 0))!
        MediaClock.main.advance(by: 0.15)
        // Appearing: from y 350 to 50, opacity 0 → 1.
        #expect(abs(presented(arriving).position.y - 200) < 1)
        #expect(abs(Double(presented(arriving).opacity) - 0.5) < 0.02)
        // Disappearing: from x 50 to -150, scale 1 → 0.5, opacity stays 1 (the layout's final alpha).
        #expect(abs(presented(leaving).position.x - -50) < 1)
        #expect(abs(presented(leaving).transform.m11 - 0.75) < 0.01)
        MediaClock.main.advance(by: 0.2)
        #expect(leaving.isHidden)
        #expect(arriving.frame.origin == CGPoint(x: 275, y: 0) && arriving.alpha == 1)
    }

    /// Section headers keep their views through a batch update and move with it (half way
    /// half way); a deleted section's header leaves and the next one takes its place.
    @Test func headersMoveWithTheUpdate() {
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        let source = DisplayRecordingSource(counts: [3, 3])
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "header")
        view.delegate = source
        view.dataSource = source
        view.layoutIfNeeded()
        let kind = UICollectionView.elementKindSectionHeader
        let second = view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1))!
        #expect(second.frame.minY == 140)
        source.events = []
        source.counts = [6, 3]
        view.insertItems(at: (3..<6).map { IndexPath(item: $0, section: 0) })
        #expect(!source.events.contains { $0.hasPrefix("header") })
        #expect(view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1)) === second)
        MediaClock.main.advance(by: 0.15)
        #expect(abs(presented(second).position.y - 215) < 1)  // centre 160 → 270
        MediaClock.main.advance(by: 0.2)
        #expect(second.frame.minY == 250)
        // Deleting section 0: section 1's header becomes section 0's, moving to the top.
        source.counts = [3]
        view.deleteSections(IndexSet(integer: 0))
        #expect(view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0)) === second)
        MediaClock.main.advance(by: 0.35)
        #expect(second.frame.minY == 0)
        #expect(view.visibleSupplementaryViews(ofKind: kind).count == 1)
    }

    /// Cells pushed out of view by an insertion move to their new places with the update
    /// (still shown half way), and only then are queued. They end displaying (under their new
    /// index paths) when the update starts.
    @Test func cellsPushedOutOfViewMoveThereThenLeave() {
        let source = DisplayRecordingSource(counts: [6])
        let view = make(source, height: 215)  // two lines: items 0–5
        let pushed = view.cellForItem(at: IndexPath(item: 3, section: 0))!  // (0, 110) → item 6 at (0, 220)
        source.events = []
        source.counts = [9]
        view.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
        #expect(source.events == [
            "didEndDisplaying 6", "didEndDisplaying 7", "didEndDisplaying 8",
            "cellFor 0", "willDisplay 0", "cellFor 1", "willDisplay 1", "cellFor 2", "willDisplay 2",
        ])
        #expect(view.cellForItem(at: IndexPath(item: 6, section: 0)) == nil)
        MediaClock.main.advance(by: 0.15)
        #expect(!pushed.isHidden)
        #expect(abs(presented(pushed).position.y - 215) < 1)  // half way from 160 to 270
        MediaClock.main.advance(by: 0.2)
        #expect(pushed.isHidden)
        #expect(view.visibleCells.count == 6)
        // Scrolling down shows item 6 again from the queue (no new cell).
        view.contentOffset = CGPoint(x: 0, y: 110)
        view.layoutIfNeeded()
        #expect(view.cellForItem(at: IndexPath(item: 6, section: 0)) != nil)
        #expect(view.subviews.filter { $0 is UICollectionViewCell }.count == 9)
    }
}
