import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// NSDiffableDataSourceSnapshot's reading and editing, and UICollectionViewDiffableDataSource
/// applying snapshots as animated batch updates.
@MainActor
@Suite(.freshRuntime) struct DiffableDataSourceTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    @Test func snapshotEditing() {
        var s = Snapshot()
        s.appendSections(["a", "b"])
        s.appendItems([1, 2, 3], toSection: "a")
        s.appendItems([10, 11])  // the last section
        #expect(s.numberOfSections == 2 && s.numberOfItems == 5)
        #expect(s.itemIdentifiers(inSection: "b") == [10, 11])
        s.insertItems([0], beforeItem: 1)
        s.insertItems([4], afterItem: 3)
        #expect(s.itemIdentifiers(inSection: "a") == [0, 1, 2, 3, 4])
        s.moveItem(0, afterItem: 4)
        s.moveItem(11, beforeItem: 10)
        #expect(s.itemIdentifiers(inSection: "a") == [1, 2, 3, 4, 0])
        #expect(s.itemIdentifiers(inSection: "b") == [11, 10])
        s.deleteItems([2, 10])
        #expect(s.itemIdentifiers == [1, 3, 4, 0, 11])
        #expect(s.indexOfItem(4) == 2 && s.indexOfItem(11) == 4)  // indexes in the whole snapshot
        #expect(s.sectionIdentifier(containingItem: 11) == "b")
        #expect(s.numberOfItems(inSection: "a") == 4)
        s.insertSections(["z"], beforeSection: "a")
        s.moveSection("b", beforeSection: "z")
        #expect(s.sectionIdentifiers == ["b", "z", "a"])
        #expect(s.indexOfSection("a") == 2)
        s.reloadItems([3])
        s.reconfigureItems([4])
        #expect(s.reloadedItemIdentifiers == [3] && s.reconfiguredItemIdentifiers == [4])
        s.deleteSections(["a"])
        #expect(s.itemIdentifiers == [11] && s.sectionIdentifier(containingItem: 1) == nil)
        s.deleteAllItems()
        #expect(s.numberOfItems == 0 && s.numberOfSections == 0)
    }

    /// Snapshot misuse is reported (the snapshot is a value type usable off the main actor, so
    /// its reports may arrive on the main actor's next turn) and leaves the snapshot as it was.
    @Test func snapshotMisuseIsReported() async {
        var messages: [String] = []
        let token = FlipbookDiagnostics.addObserver { report in
            if report.message.hasPrefix("NSDiffableDataSourceSnapshot") { messages.append(report.message) }
        }
        defer { FlipbookDiagnostics.removeObserver(token) }
        var s = Snapshot()
        s.appendItems([1])
        s.appendSections(["a"])
        s.appendItems([1, 2])
        s.appendItems([2, 3])
        #expect(s.itemIdentifiers == [1, 2, 3])
        s.deleteItems([9])
        s.insertItems([5], afterItem: 42)
        s.appendItems([6], toSection: "nope")
        #expect(s.itemIdentifiers == [1, 2, 3])
        for _ in 0..<50 where messages.count < 5 { await Task.yield() }
        #expect(messages.count == 5, "\(messages)")
        #expect(messages.first?.contains("no sections") == true)
    }

    private func make() -> (UICollectionView, UICollectionViewDiffableDataSource<String, Int>) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, item in
            cell.tag = item
        }
        let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) { cv, path, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        return (view, source)
    }

    private func tags(_ view: UICollectionView) -> [Int] { view.visibleCells.map(\.tag) }

    /// Applying a snapshot with animated differences: the moved and kept items keep their
    /// cells and slide, the new one fades in, the deleted one fades out; the completion runs
    /// once, when the 0.3 s animation ends.
    @Test func applyAnimatesTheDifferences() {
        let (view, source) = make()
        var s = Snapshot()
        s.appendSections(["main"])
        s.appendItems([1, 2, 3, 4, 5])
        source.apply(s, animatingDifferences: false)
        #expect(tags(view) == [1, 2, 3, 4, 5])
        let cellOf4 = view.cellForItem(at: IndexPath(item: 3, section: 0))!
        let cellOf2 = view.cellForItem(at: IndexPath(item: 1, section: 0))!
        var completions = 0
        var next = s
        next.deleteItems([2])
        next.moveItem(4, beforeItem: 1)
        next.appendItems([6])
        source.apply(next, animatingDifferences: true) { completions += 1 }
        #expect(source.snapshot().itemIdentifiers == [4, 1, 3, 5, 6])
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === cellOf4)
        #expect(source.itemIdentifier(for: IndexPath(item: 4, section: 0)) == 6)
        #expect(source.indexPath(for: 3) == IndexPath(item: 2, section: 0))
        let newcomer = view.cellForItem(at: IndexPath(item: 4, section: 0))!
        MediaClock.main.advance(by: 0.15)
        #expect(abs(Double((newcomer.layer.presentation() ?? newcomer.layer).opacity) - 0.5) < 0.02)
        #expect(abs(Double((cellOf2.layer.presentation() ?? cellOf2.layer).opacity) - 0.5) < 0.02)
        #expect(completions == 0)
        MediaClock.main.advance(by: 0.2)
        #expect(completions == 1)
        #expect(tags(view) == [4, 1, 3, 5, 6])
        #expect(cellOf4.frame.origin == .zero)
        #expect(cellOf2.isHidden)
    }

    /// Reloading items gives them a fresh configuration; `applySnapshotUsingReloadData` and
    /// changed sections reload without animation.
    @Test func reloadsAndSectionChanges() {
        let (view, source) = make()
        var s = Snapshot()
        s.appendSections(["a"])
        s.appendItems([1, 2, 3])
        source.applySnapshotUsingReloadData(s)
        #expect(tags(view) == [1, 2, 3])
        var two = s
        two.appendSections(["b"])
        two.appendItems([7, 8], toSection: "b")
        var done = false
        source.apply(two, animatingDifferences: true) { done = true }
        #expect(done)  // section changes reload at once
        #expect(view.numberOfSections == 2 && view.numberOfItems(inSection: 1) == 2)
        #expect(source.sectionIdentifier(for: 1) == "b" && source.index(for: "b") == 1)
        #expect(source.sectionIdentifier(for: 5) == nil)
        #expect(tags(view) == [1, 2, 3, 7, 8])
    }

    /// A header provider returning nil, then a cell dequeued as a header: both reported, the
    /// collection view keeps showing its items and an (empty or given) header.
    @Test func badSupplementaryViewsAreReported() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) { cv, path, _ in
            cv.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
        }
        var s = Snapshot()
        s.appendSections(["a"])
        s.appendItems([1, 2, 3])
        let missing = FlipbookDiagnostics.capture {
            source.apply(s, animatingDifferences: false)
            view.layoutIfNeeded()
        }
        #expect(missing.contains { $0.contains("asked for a supplementary view of kind UICollectionElementKindSectionHeader") })
        #expect(view.visibleCells.count == 3)
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 0, y: 0, width: 375, height: 40))
        source.supplementaryViewProvider = { cv, _, path in cv.dequeueReusableCell(withReuseIdentifier: "cell", for: path) }
        let wrong = FlipbookDiagnostics.capture {
            source.applySnapshotUsingReloadData(s)
            view.layoutIfNeeded()
        }
        #expect(wrong.contains { $0.contains("was dequeued as a view of kind cell") })
        #expect(view.visibleCells.count == 3)
        #expect(view.visibleCells.allSatisfy { $0.frame.minY == 40 })
    }

    @Test func aCellProviderReturningNilIsReported() {
        let layout = UICollectionViewFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in nil }
        var s = Snapshot()
        s.appendSections(["a"])
        s.appendItems([1, 2])
        let messages = FlipbookDiagnostics.capture {
            source.apply(s, animatingDifferences: false)
            view.layoutIfNeeded()
        }
        #expect(messages.contains { $0.contains("cell provider returned nil") })
        #expect(view.visibleCells.count == 2)
    }
}
