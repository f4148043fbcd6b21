import Foundation
import FlipbookQuartz

/// A data source driven by snapshots, UIKit's `UICollectionViewDiffableDataSource`: give it
/// a cell provider, `apply` snapshots, and it makes the collection view's inserts, deletes
/// and moves for you (animated when `animatingDifferences`).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource
{
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// Makes supplementary views (headers, footers).
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Becomes `collectionView`'s data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Makes `snapshot` current. With `animatingDifferences`, the collection view animates the
    /// deletions, insertions and moves between the old and new snapshots (one batch update);
    /// without it, the collection view reloads.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        guard let collectionView else {
            current = snapshot
            completion?()
            return
        }
        let old = current
        guard animatingDifferences, collectionView.window != nil || collectionView.cachedCounts != nil,
            old.sectionIdentifiers == snapshot.sectionIdentifiers
        else {
            current = snapshot
            collectionView.reloadData()
            collectionView.layoutIfNeeded()
            completion?()
            return
        }
        // Item differences within the same sections: deletes (old paths), inserts (new paths),
        // and moves for items whose relative order changed.
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        var reloads: [IndexPath] = []
        for (section, sectionID) in old.sectionIdentifiers.enumerated() {
            let before = old.itemIdentifiers(inSection: sectionID)
            let after = snapshot.itemIdentifiers(inSection: sectionID)
            let diff = after.difference(from: before).inferringMoves()
            for change in diff {
                switch change {
                case .remove(let offset, _, let move):
                    if let move {
                        moves.append((IndexPath(item: offset, section: section), IndexPath(item: move, section: section)))
                    } else {
                        deletes.append(IndexPath(item: offset, section: section))
                    }
                case .insert(let offset, _, let move):
                    if move == nil { inserts.append(IndexPath(item: offset, section: section)) }
                }
            }
        }
        // Items that moved between sections.
        for id in snapshot.itemIdentifiers {
            guard let from = old.indexPath(of: id), let to = snapshot.indexPath(of: id), from.section != to.section else { continue }
            deletes.append(from)
            inserts.append(to)
        }
        for id in snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers {
            if let path = old.indexPath(of: id), snapshot.indexPath(of: id) != nil { reloads.append(path) }
        }
        current = snapshot
        collectionView.performBatchUpdates({
            collectionView.deleteItems(at: deletes)
            collectionView.insertItems(at: inserts)
            for (a, b) in moves { collectionView.moveItem(at: a, to: b) }
            if !reloads.isEmpty { collectionView.reloadItems(at: reloads) }
        }, completion: { _ in completion?() })
        current = current.clearingReloads()
    }

    /// Makes `snapshot` current by reloading the collection view (no animation).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil
    ) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    /// The item at `indexPath`, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// The index path of `itemIdentifier`, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The section at `index`, or nil.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// The index of `identifier`, or nil.
    open func index(for identifier: SectionIdentifierType) -> Int? { current.indexOfSection(identifier) }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.counts.indices.contains(section) ? current.counts[section] : 0
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            FlipbookDiagnostics.report(
                "UICollectionViewDiffableDataSource: the cell provider returned nil for item at \(UICollectionView.describe(indexPath)); showing a blank cell.",
                once: "UICollectionViewDiffableDataSource.nilCell")
            let blank = UICollectionViewCell(frame: .zero)
            blank.cameFromDequeue = true
            return blank
        }
        return cell
    }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        return collectionView.missingSupplementaryView(kind: kind, at: indexPath)
    }
}

extension NSDiffableDataSourceSnapshot {
    func clearingReloads() -> Self {
        var copy = self
        copy.clearReloads()
        return copy
    }
}
