import Foundation
import FlipbookQuartz

/// The changes of one batch, as UIKit reads them: deletions and reloads in the old index
/// space, insertions in the new one.
struct TableUpdate {
    var insertedRows: [IndexPath] = []
    var deletedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var insertAnimation: UITableView.RowAnimation = .automatic
    var deleteAnimation: UITableView.RowAnimation = .automatic
    /// The changes, for the planner (`BatchUpdatePlan`).
    var batch: BatchUpdate {
        BatchUpdate(
            insertedSections: insertedSections, deletedSections: deletedSections, reloadedSections: reloadedSections,
            insertedItems: insertedRows, deletedItems: deletedRows, reloadedItems: reloadedRows, movedItems: movedRows)
    }
}

/// Batch updates (docs/Semantics.md, "Table views"): the counts are checked as UIKit checks
/// them ("Invalid update", then a reload instead of UIKit's exception), rows keep their cells
/// and slide to their new places, inserted rows come in and deleted rows go out with their row
/// animation, all over `rowAnimationDuration`.
extension UITableView {
    /// How long row animations take (docs/Divergences.md).
    static let rowAnimationDuration: TimeInterval = 0.3

    /// Runs `updates` (inserts, deletes, reloads, moves) as one animated change; `completion`
    /// runs when the animations end (false when the batch was invalid and reloaded).
    /// The closure does not escape, as UIKit's `NS_NOESCAPE` block (see UICollectionView's).
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        beginBatch()
        updates()
        endBatch(completion: completion)
    }

    /// `performBatchUpdates(_:completion:)` with an Optional `updates` (nil: no changes).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatchUpdates({ updates?() }, completion: completion)
    }

    /// Starts a batch (`endUpdates()` applies it); they nest.
    public func beginUpdates() { beginBatch() }
    /// Applies the batch started by `beginUpdates()`.
    public func endUpdates() { endBatch(completion: nil) }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.insertedRows += indexPaths; $0.insertAnimation = animation }
    }
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.deletedRows += indexPaths; $0.deleteAnimation = animation }
    }
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.reloadedRows += indexPaths; $0.insertAnimation = animation; $0.deleteAnimation = animation }
    }
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedRows.append((indexPath, newIndexPath)) }
    }
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.insertedSections.formUnion(sections); $0.insertAnimation = animation }
    }
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.deletedSections.formUnion(sections); $0.deleteAnimation = animation }
    }
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.reloadedSections.formUnion(sections); $0.insertAnimation = animation; $0.deleteAnimation = animation }
    }
    /// Asks the data source for the visible cells of `indexPaths` again, without animation.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        for ip in indexPaths {
            guard let old = visible[ip] else { continue }
            visible[ip] = nil
            recycle(old, at: ip)
            showNewCell(at: ip, animation: nil)
        }
    }

    private func record(_ change: (inout TableUpdate) -> Void) {
        beginBatch()
        change(&pendingUpdate!)
        endBatch(completion: nil)
    }

    private func beginBatch() {
        if updateDepth == 0 { pendingUpdate = TableUpdate() }
        updateDepth += 1
    }

    private func endBatch(completion: ((Bool) -> Void)?) {
        updateDepth -= 1
        guard updateDepth == 0, let update = pendingUpdate else {
            if let completion { batchCompletions.append(completion) }
            return
        }
        pendingUpdate = nil
        var completions = batchCompletions
        batchCompletions = []
        if let completion { completions.append(completion) }
        apply(update, completions: completions)
    }

    // MARK: Applying

    private func invalid(_ message: String, completions: [(Bool) -> Void]) {
        FlipbookDiagnostics.report("Invalid update: \(message)")
        reloadData()
        layoutIfNeeded()
        for c in completions { c(false) }
    }

    private func apply(_ u: TableUpdate, completions: [(Bool) -> Void]) {
        // Nothing loaded yet: the data source's state is simply the new state.
        if needsReload || dataSource == nil {
            reloadData()
            for c in completions { c(true) }
            return
        }
        guard let ds = dataSource else { return }
        let oldCounts = sections.map(\.count)
        let newCounts = (0..<max(0, ds.numberOfSections(in: self))).map { max(0, ds.tableView(self, numberOfRowsInSection: $0)) }
        let plan: BatchUpdatePlan
        switch BatchUpdatePlan.make(u.batch, oldCounts: oldCounts, newCounts: newCounts, vocabulary: .table) {
        case .failure(let refusal): return invalid(refusal.message + ".", completions: completions)
        case .success(let made): plan = made
        }
        // Old path → new path for rows that keep their cells (a reloaded row gets a new one).
        let rowMap = plan.oldToNew.filter { !plan.reloaded.contains($0.key) }

        // Rebuild the geometry with the new counts; remap visible cells and the selection.
        let oldVisible = visible
        let oldSections = sections
        let oldInset = sectionInset
        buildSections(counts: newCounts)
        selectedRows = selectedRows.compactMap { rowMap[$0] }
        visible = [:]
        var leaving: [(IndexPath, UITableViewCell)] = []
        for (ip, cell) in oldVisible {
            if let n = rowMap[ip] { visible[n] = cell } else { leaving.append((ip, cell)) }
        }
        let animateIn = u.insertAnimation
        let animateOut = u.deleteAnimation
        let wanted = indexPaths(in: bounds)
        // Rows that stay but whose new place is out of view slide there, then are recycled.
        let wantedSet = Set(wanted)
        var departing: [(IndexPath, UITableViewCell)] = []
        for ip in visible.keys.sorted() where !wantedSet.contains(ip) {
            if let cell = visible.removeValue(forKey: ip) { departing.append((ip, cell)) }
        }
        // Rows that stay and come into view start from where they were.
        var newToOld: [IndexPath: IndexPath] = [:]
        for (o, n) in rowMap { newToOld[n] = o }
        for ip in wanted where visible[ip] == nil {
            let arriving = plan.inserted.contains(ip) || plan.reloadedNew.contains(ip)
            let animated = arriving && animateIn != .none
            guard let c = showNewCell(at: ip, animation: animated ? animateIn : nil) else { continue }
            if !animated, let old = newToOld[ip], old.count == 2, oldSections.indices.contains(old.section) {
                let sec = oldSections[old.section]
                if sec.rowTops.indices.contains(old.row + 1) {
                    let y = sec.rowsTop + sec.rowTops[old.row]
                    let h = sec.rowTops[old.row + 1] - sec.rowTops[old.row]
                    UIView.performWithoutAnimation {
                        c.frame = CGRect(x: oldInset, y: y, width: max(0, bounds.width - 2 * oldInset), height: h)
                    }
                }
            }
        }
        for (_, cell) in leaving + departing { leavingCells.append(cell) }
        let finalFrames = (visible.map { ($0.key, $0.value) } + departing).compactMap { ip, cell in
            rowRect(ip).map { (cell, $0) }
        }
        UIView.animate(withDuration: Self.rowAnimationDuration, animations: {
            for (cell, frame) in finalFrames {
                cell.frame = frame
                cell.alpha = 1
            }
            for (_, cell) in leaving { self.applyStart(of: animateOut, to: cell, inserting: false) }
        }, completion: { finished in
            for (ip, cell) in leaving + departing {
                self.leavingCells.removeAll { $0 === cell }
                // A departing row may have been scrolled back into view and shown again.
                if self.visible.values.contains(where: { $0 === cell }) { continue }
                self.recycle(cell, at: ip)
            }
            self.setNeedsLayout()
            self.layoutIfNeeded()
            for c in completions { c(finished) }
        })
        for (ip, cell) in visible { place(cell, at: ip, force: true) }
        setNeedsLayout()
    }
}
