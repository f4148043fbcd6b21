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
    var isEmpty: Bool {
        insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
            && insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty
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
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginBatch()
        updates?()
        endBatch(completion: completion)
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
        let newSectionCount = max(0, ds.numberOfSections(in: self))
        let expectedSections = oldCounts.count + u.insertedSections.count - u.deletedSections.count
        guard newSectionCount == expectedSections else {
            return invalid(
                "invalid number of sections. The number of sections contained in the table view after the update (\(newSectionCount)) must be equal to the number of sections contained in the table view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(u.insertedSections.count) inserted, \(u.deletedSections.count) deleted).",
                completions: completions)
        }
        let newCounts = (0..<newSectionCount).map { max(0, ds.tableView(self, numberOfRowsInSection: $0)) }
        // Section maps: surviving old sections in order onto the new sections not inserted.
        let survivingOld = (0..<oldCounts.count).filter { !u.deletedSections.contains($0) }
        let survivingNew = (0..<newSectionCount).filter { !u.insertedSections.contains($0) }
        guard survivingOld.count == survivingNew.count else {
            return invalid("section indexes out of range.", completions: completions)
        }
        var sectionMap: [Int: Int] = [:]
        for (o, n) in zip(survivingOld, survivingNew) { sectionMap[o] = n }

        // Check the paths and the counts of every surviving section.
        for ip in u.deletedRows + u.reloadedRows + u.movedRows.map(\.from) {
            guard ip.count == 2, oldCounts.indices.contains(ip.section), ip.row >= 0, ip.row < oldCounts[ip.section]
            else {
                let rows = ip.count == 2 && oldCounts.indices.contains(ip.section) ? oldCounts[ip.section] : 0
                return invalid(
                    "attempt to delete row \(ip.count == 2 ? ip.row : -1) from section \(ip.count >= 1 ? ip.section : -1) which only contains \(rows) rows before the update",
                    completions: completions)
            }
        }
        for ip in u.insertedRows + u.movedRows.map(\.to) {
            guard ip.count == 2, newCounts.indices.contains(ip.section), ip.row >= 0, ip.row < newCounts[ip.section]
            else {
                let rows = ip.count == 2 && newCounts.indices.contains(ip.section) ? newCounts[ip.section] : 0
                return invalid(
                    "attempt to insert row \(ip.count == 2 ? ip.row : -1) into section \(ip.count >= 1 ? ip.section : -1), but there are only \(rows) rows in section \(ip.count >= 1 ? ip.section : -1) after the update",
                    completions: completions)
            }
        }
        for (o, n) in sectionMap where !u.reloadedSections.contains(o) {
            let deleted = u.deletedRows.filter { $0.section == o }.count
            let inserted = u.insertedRows.filter { $0.section == n }.count
            let movedOut = u.movedRows.filter { $0.from.section == o && $0.to.section != n }.count
            let movedIn = u.movedRows.filter { $0.to.section == n && $0.from.section != o }.count
            guard newCounts[n] == oldCounts[o] - deleted + inserted + movedIn - movedOut else {
                return invalid(
                    "invalid number of rows in section \(n). The number of rows contained in an existing section after the update (\(newCounts[n])) must be equal to the number of rows contained in that section before the update (\(oldCounts[o])), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).",
                    completions: completions)
            }
        }

        // Old path → new path for rows that stay (moves explicit; the rest keep their order).
        let deleted = Set(u.deletedRows)
        let movedFrom = Set(u.movedRows.map(\.from))
        let movedTo = Set(u.movedRows.map(\.to))
        let inserted = Set(u.insertedRows)
        var rowMap: [IndexPath: IndexPath] = [:]
        for (from, to) in u.movedRows { rowMap[from] = to }
        for (o, n) in sectionMap where !u.reloadedSections.contains(o) {
            let oldRows = (0..<oldCounts[o]).map { IndexPath(row: $0, section: o) }
                .filter { !deleted.contains($0) && !movedFrom.contains($0) }
            let newRows = (0..<newCounts[n]).map { IndexPath(row: $0, section: n) }
                .filter { !inserted.contains($0) && !movedTo.contains($0) }
            for (a, b) in zip(oldRows, newRows) { rowMap[a] = b }
        }
        // A reloaded row keeps its place but gets a new cell.
        var reloadedNew = Set<IndexPath>()
        for r in u.reloadedRows {
            if let n = rowMap[r] {
                reloadedNew.insert(n)
                rowMap[r] = nil
            }
        }

        // Rebuild the geometry with the new counts; remap visible cells and the selection.
        let oldVisible = visible
        let oldSections = sections
        let oldInset: CGFloat = style == .insetGrouped ? (bounds.width >= 414 ? 20 : 16) : 0
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
        let reloadedNewSections = Set(u.reloadedSections.compactMap { sectionMap[$0] })
        for ip in wanted where visible[ip] == nil {
            let arriving = inserted.contains(ip) || reloadedNew.contains(ip) || u.insertedSections.contains(ip.section)
                || reloadedNewSections.contains(ip.section)
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
        for (ip, cell) in visible { place(cell, at: ip) }
        setNeedsLayout()
    }
}
