import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UICollectionView {
    /// Forgets the counts and every cell and asks the data source again at the next layout
    /// (cells go back to the reuse queue; the selection is cleared).
    public func reloadData() {
        cachedCounts = nil
        for path in visibleCellsByIndexPath.keys.sorted() {
            guard let cell = visibleCellsByIndexPath.removeValue(forKey: path) else { continue }
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
            enqueue(cell, kind: "cell")
        }
        for key in visibleSupplementaryViews.keys.sorted() {
            guard let view = visibleSupplementaryViews.removeValue(forKey: key) else { continue }
            collectionDelegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
            enqueue(view, kind: key.kind)
        }
        selectedIndexPaths = []
        highlightedIndexPath = nil
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// Inserts items (animated; inside `performBatchUpdates` they join its update).
    public func insertItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(action: .insert, before: nil, after: $0) })
    }

    /// Deletes items (animated; inside `performBatchUpdates` they join its update).
    public func deleteItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(action: .delete, before: $0, after: nil) })
    }

    /// Replaces the cells of items with fresh ones from the data source.
    public func reloadItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(action: .reload, before: $0, after: $0) })
    }

    /// Moves one item (animated).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record([UICollectionViewUpdateItem(action: .move, before: indexPath, after: newIndexPath)])
    }

    /// Inserts whole sections.
    public func insertSections(_ sections: IndexSet) {
        record(sections.map { UICollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(index: $0)) })
    }

    /// Deletes whole sections.
    public func deleteSections(_ sections: IndexSet) {
        record(sections.map { UICollectionViewUpdateItem(action: .delete, before: IndexPath(index: $0), after: nil) })
    }

    /// Reloads whole sections.
    public func reloadSections(_ sections: IndexSet) {
        record(sections.map { UICollectionViewUpdateItem(action: .reload, before: IndexPath(index: $0), after: IndexPath(index: $0)) })
    }

    /// `performBatchUpdates(_:completion:)` with an Optional `updates` (nil: no changes).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatchUpdates({ updates?() }, completion: completion)
    }

    /// Runs `updates` (inserts, deletes, moves, reloads) as one change, animated as UIKit
    /// does: surviving items move to their new places, inserted ones appear from the layout's
    /// initial attributes (a fade in place by default), deleted ones disappear to its final
    /// ones. Counts that do not add up are reported with UIKit's "Invalid update" message and
    /// the collection view reloads instead.
    ///
    /// UIKit's `updates` is a nullable `NS_NOESCAPE` block, which Swift imports as an Optional
    /// closure that does not escape, so code passes it a closure that calls another non-escaping
    /// one. Swift source cannot declare that, so a non-Optional, non-escaping form takes
    /// closures and the Optional one takes `nil` or an Optional.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let oldCounts = counts
        if batchNesting == 0 { pendingUpdates = [] }
        batchNesting += 1
        updates()
        batchNesting -= 1
        guard batchNesting == 0 else {
            if let completion { batchCompletions.append(completion) }
            return
        }
        let items = pendingUpdates
        pendingUpdates = []
        commit(items, oldCounts: oldCounts, completion: completion)
    }

    private func record(_ items: [UICollectionViewUpdateItem]) {
        if batchNesting > 0 {
            pendingUpdates.append(contentsOf: items)
        } else {
            let oldCounts = counts
            commit(items, oldCounts: oldCounts, completion: nil)
        }
    }

    private func commit(_ items: [UICollectionViewUpdateItem], oldCounts: [Int], completion: ((Bool) -> Void)?) {
        let completions = batchCompletions + (completion.map { [$0] } ?? [])
        batchCompletions = []
        let finishAll: (Bool) -> Void = { finished in for c in completions { c(finished) } }
        let newCounts = askDataSourceForCounts()
        let plan: BatchUpdatePlan
        switch BatchUpdatePlan.make(BatchUpdate(items), oldCounts: oldCounts, newCounts: newCounts, vocabulary: .collection) {
        case .failure(let refusal):
            FlipbookDiagnostics.report("Invalid update: \(refusal.message); reloading the collection view instead.")
            reloadData()
            layoutIfNeeded()
            _ = ownClock.schedule(after: 0) { finishAll(false) }
            return
        case .success(let p):
            plan = p
        }
        // Frames before the update, for the items that survive it.
        prepareLayoutIfNeeded()
        let margin = CGSize(width: bounds.width, height: bounds.height)
        let nearby = bounds.insetBy(dx: -margin.width, dy: -margin.height)
        var survivingFrames: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for attributes in collectionViewLayout.layoutAttributesForElements(in: nearby) ?? []
        where attributes.representedElementCategory == .cell {
            if let newPath = plan.oldToNew[attributes.indexPath], !plan.reloaded.contains(attributes.indexPath) {
                survivingFrames[newPath] = attributes
            }
        }
        // Re-key the visible cells; deleted and reloaded ones leave.
        var leaving: [(cell: UICollectionViewCell, oldPath: IndexPath)] = []
        var rekeyed: [IndexPath: UICollectionViewCell] = [:]
        for (oldPath, cell) in visibleCellsByIndexPath {
            if let newPath = plan.oldToNew[oldPath], !plan.reloaded.contains(oldPath) {
                rekeyed[newPath] = cell
            } else {
                leaving.append((cell, oldPath))
            }
        }
        leaving.sort { $0.oldPath < $1.oldPath }
        visibleCellsByIndexPath = rekeyed
        selectedIndexPaths = selectedIndexPaths.compactMap { plan.oldToNew[$0] }
        // Supplementary views of sections that stay keep their views and move with the update
        // (re-keyed by their new section); those of deleted or reloaded sections leave.
        var rekeyedSupplementary: [SupplementaryKey: UICollectionReusableView] = [:]
        for key in visibleSupplementaryViews.keys.sorted() {
            guard let view = visibleSupplementaryViews.removeValue(forKey: key) else { continue }
            let sectionLevel = key.kind == Self.elementKindSectionHeader || key.kind == Self.elementKindSectionFooter
            if key.indexPath.count == 2, sectionLevel, let newSection = plan.sectionMap[key.indexPath.section] {
                var path = key.indexPath
                path[0] = newSection
                rekeyedSupplementary[SupplementaryKey(kind: key.kind, indexPath: path)] = view
                continue
            }
            if !sectionLevel, let newPath = plan.oldToNew[key.indexPath], !plan.reloaded.contains(key.indexPath) {
                rekeyedSupplementary[SupplementaryKey(kind: key.kind, indexPath: newPath)] = view
                continue
            }
            collectionDelegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
            enqueue(view, kind: key.kind)
        }
        visibleSupplementaryViews = rekeyedSupplementary
        cachedCounts = newCounts
        let layout = collectionViewLayout
        layout.invalidateLayout()
        layout.prepare(forCollectionViewUpdates: items)
        let start = UpdateAnimationStart(survivingFrames: survivingFrames, inserted: plan.inserted, collectionView: self)
        var finalAttributes: [UICollectionViewLayoutAttributes] = []
        for (cell, oldPath) in leaving {
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: oldPath)
            let final: UICollectionViewLayoutAttributes
            if let given = layout.finalLayoutAttributesForDisappearingItem(at: oldPath) {
                final = given
            } else {
                final = (cell.appliedAttributes?.copy() as? UICollectionViewLayoutAttributes)
                    ?? UICollectionViewLayoutAttributes(forCellWith: oldPath)
                if cell.appliedAttributes == nil { final.frame = cell.frame }
                final.alpha = 0
            }
            finalAttributes.append(final)
            disappearingViews.append(cell)
        }
        let departing = DepartingCells()
        UIView.animate(withDuration: Self.updateAnimationDuration, animations: {
            self.departingDuringUpdate = []
            self.updateVisibleElements(animatingFrom: start)
            departing.cells = self.departingDuringUpdate
            self.departingDuringUpdate = []
            for (index, (cell, _)) in leaving.enumerated() {
                self.applyGeometry(finalAttributes[index], to: cell)
            }
        }, completion: { finished in
            for cell in leaving.map(\.cell) + departing.cells {
                self.disappearingViews.removeAll { $0 === cell }
                cell.alpha = 1
                self.enqueue(cell, kind: "cell")
            }
            finishAll(finished)
        })
        layout.finalizeCollectionViewUpdates()
    }
}

/// The surviving cells a batch update moves out of view (filled while its animations are set up).
@preconcurrency @MainActor
final class DepartingCells {
    var cells: [UICollectionViewCell] = []
}

extension BatchUpdate {
    /// The changes `items` ask for (an index path of one index names a section).
    init(_ items: [UICollectionViewUpdateItem]) {
        self.init()
        for item in items {
            switch item.updateAction {
            case .insert:
                guard let p = item.indexPathAfterUpdate else { continue }
                if p.count == 1 { insertedSections.insert(p[0]) } else { insertedItems.append(p) }
            case .delete:
                guard let p = item.indexPathBeforeUpdate else { continue }
                if p.count == 1 { deletedSections.insert(p[0]) } else { deletedItems.append(p) }
            case .reload:
                guard let p = item.indexPathBeforeUpdate else { continue }
                if p.count == 1 { reloadedSections.insert(p[0]) } else { reloadedItems.append(p) }
            case .move:
                guard let a = item.indexPathBeforeUpdate, let b = item.indexPathAfterUpdate else { continue }
                movedItems.append((a, b))
            case .none:
                continue
            }
        }
    }
}
