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

    /// Runs `updates` (inserts, deletes, moves, reloads) as one change, animated as UIKit
    /// does: surviving items move to their new places, inserted ones appear from the layout's
    /// initial attributes (a fade in place by default), deleted ones disappear to its final
    /// ones. Counts that do not add up are reported with UIKit's "Invalid update" message and
    /// the collection view reloads instead.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let oldCounts = counts
        if batchNesting == 0 { pendingUpdates = [] }
        batchNesting += 1
        updates?()
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
        let plan: BatchPlan
        switch BatchPlan.make(items: items, oldCounts: oldCounts, newCounts: newCounts) {
        case .failure(let message):
            FlipbookDiagnostics.report("Invalid update: \(message); reloading the collection view instead.")
            reloadData()
            layoutIfNeeded()
            _ = MediaClock.main.schedule(after: 0) { finishAll(false) }
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
        layout.prepare(forCollectionViewUpdates: plan.updateItems(items))
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

/// The old-to-new index mapping of one batch update, checked against the data source's counts.
@preconcurrency @MainActor
struct BatchPlan {
    var oldToNew: [IndexPath: IndexPath] = [:]
    var inserted: Set<IndexPath> = []
    var deleted: Set<IndexPath> = []
    var reloaded: Set<IndexPath> = []
    /// Old section → new section, for the sections that stay and are not reloaded.
    var sectionMap: [Int: Int] = [:]

    enum Outcome {
        case success(BatchPlan)
        case failure(String)
    }

    @preconcurrency @MainActor
    func updateItems(_ items: [UICollectionViewUpdateItem]) -> [UICollectionViewUpdateItem] { items }

    static func make(items: [UICollectionViewUpdateItem], oldCounts: [Int], newCounts: [Int]) -> Outcome {
        var plan = BatchPlan()
        var deletedSections = Set<Int>()
        var insertedSections = Set<Int>()
        var reloadedSections = Set<Int>()
        var deletes: [Int: Set<Int>] = [:]  // old section -> items
        var inserts: [Int: Set<Int>] = [:]  // new section -> items
        var moves: [(IndexPath, IndexPath)] = []
        func describe(_ p: IndexPath) -> String { UICollectionViewBatchDescription.describe(p) }
        for item in items {
            switch item.updateAction {
            case .insert:
                guard let p = item.indexPathAfterUpdate else { continue }
                if p.count == 1 { insertedSections.insert(p[0]) } else { inserts[p.section, default: []].insert(p.item) }
            case .delete:
                guard let p = item.indexPathBeforeUpdate else { continue }
                if p.count == 1 { deletedSections.insert(p[0]) } else { deletes[p.section, default: []].insert(p.item) }
            case .reload:
                guard let p = item.indexPathBeforeUpdate else { continue }
                if p.count == 1 { reloadedSections.insert(p[0]) } else {
                    guard oldCounts.indices.contains(p.section), p.item >= 0, p.item < oldCounts[p.section] else {
                        return .failure("attempt to reload item \(describe(p)), which does not exist")
                    }
                    plan.reloaded.insert(p)
                }
            case .move:
                guard let a = item.indexPathBeforeUpdate, let b = item.indexPathAfterUpdate else { continue }
                moves.append((a, b))
            case .none:
                continue
            }
        }
        // Sections: old section -> new section.
        for s in deletedSections where !oldCounts.indices.contains(s) {
            return .failure("attempt to delete section \(s), but there are only \(oldCounts.count) sections before the update")
        }
        let expectedSections = oldCounts.count - deletedSections.count + insertedSections.count
        guard expectedSections == newCounts.count else {
            return .failure(
                "invalid number of sections. The number of sections contained in the collection view after the update (\(newCounts.count)) must be equal to the number of sections contained in the collection view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)")
        }
        for s in insertedSections where !newCounts.indices.contains(s) {
            return .failure("attempt to insert section \(s), but there are only \(newCounts.count) sections after the update")
        }
        var newSectionOfOld: [Int: Int] = [:]
        var newIndex = 0
        for old in 0..<oldCounts.count where !deletedSections.contains(old) {
            while insertedSections.contains(newIndex) { newIndex += 1 }
            newSectionOfOld[old] = newIndex
            newIndex += 1
        }
        // Validate item paths.
        for (s, set) in deletes {
            for i in set where !(oldCounts.indices.contains(s) && i >= 0 && i < oldCounts[s]) {
                return .failure("attempt to delete item \(i) from section \(s) which only contains \(oldCounts.indices.contains(s) ? oldCounts[s] : 0) items before the update")
            }
        }
        for (s, set) in inserts {
            for i in set where !(newCounts.indices.contains(s) && i >= 0 && i < newCounts[s]) {
                return .failure("attempt to insert item \(i) into section \(s), but there are only \(newCounts.indices.contains(s) ? newCounts[s] : 0) items in section \(s) after the update")
            }
        }
        var movedFrom = Set<IndexPath>()
        var movedTo: [IndexPath: IndexPath] = [:]
        for (a, b) in moves {
            guard oldCounts.indices.contains(a.section), a.item >= 0, a.item < oldCounts[a.section] else {
                return .failure("attempt to move index path \(describe(a)), which does not exist before the update")
            }
            guard newCounts.indices.contains(b.section), b.item >= 0, b.item < newCounts[b.section] else {
                return .failure("attempt to move index path \(describe(a)) to index path \(describe(b)), which does not exist after the update")
            }
            guard !movedFrom.contains(a), movedTo[b] == nil, deletes[a.section]?.contains(a.item) != true else {
                return .failure("attempt to perform a move of index path \(describe(a)) more than once or together with a delete")
            }
            movedFrom.insert(a)
            movedTo[b] = a
        }
        // Per new section: fill slots.
        for newSection in 0..<newCounts.count {
            let oldSection = newSectionOfOld.first { $0.value == newSection }?.key
            if insertedSections.contains(newSection) || oldSection == nil {
                for i in 0..<newCounts[newSection] { plan.inserted.insert(IndexPath(item: i, section: newSection)) }
                continue
            }
            let old = oldSection!
            let reloadAll = reloadedSections.contains(old)
            var survivors: [Int] = []
            for i in 0..<oldCounts[old] where deletes[old]?.contains(i) != true && !movedFrom.contains(IndexPath(item: i, section: old)) {
                survivors.append(i)
            }
            let insertedHere = inserts[newSection] ?? []
            let movedIn = movedTo.filter { $0.key.section == newSection }
            let movedOut = moves.filter { $0.0.section == old }.count
            let expected = survivors.count + insertedHere.count + movedIn.count
            guard expected == newCounts[newSection] else {
                let deleted = deletes[old]?.count ?? 0
                return .failure(
                    "invalid number of items in section \(newSection). The number of items contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of items contained in that section before the update (\(oldCounts[old])), plus or minus the number of items inserted or deleted from that section (\(insertedHere.count) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn.count) moved in, \(movedOut) moved out)")
            }
            var next = 0
            for i in 0..<newCounts[newSection] {
                let path = IndexPath(item: i, section: newSection)
                if insertedHere.contains(i) {
                    plan.inserted.insert(path)
                } else if let from = movedTo[path] {
                    plan.oldToNew[from] = path
                } else {
                    let oldPath = IndexPath(item: survivors[next], section: old)
                    next += 1
                    plan.oldToNew[oldPath] = path
                    if reloadAll { plan.reloaded.insert(oldPath) }
                }
            }
        }
        for (s, set) in deletes { for i in set { plan.deleted.insert(IndexPath(item: i, section: s)) } }
        for (old, new) in newSectionOfOld where !reloadedSections.contains(old) { plan.sectionMap[old] = new }
        return .success(plan)
    }
}

enum UICollectionViewBatchDescription {
    static func describe(_ p: IndexPath) -> String {
        p.count == 2 ? "{\(p.section), \(p.item)}" : "\(p)"
    }
}
