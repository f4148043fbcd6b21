import Foundation

/// Selection and highlight (docs/Semantics.md, "Table views"). A touch on a cell highlights
/// it (`shouldHighlightRowAt`, `didHighlightRowAt`); lifting inside selects it:
/// `didUnhighlightRowAt`, `willSelectRowAt` (which may redirect or refuse), the previous
/// selection's `willDeselectRowAt`/`didDeselectRowAt` (single selection), then
/// `didSelectRowAt`. A drag that scrolls cancels the touch: the highlight goes without a
/// selection. `selectRow`/`deselectRow` in code call no delegate method, as in UIKit.
extension UITableView {
    /// The first selected row, or nil.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.sorted().first }
    /// The selected rows (nil when none).
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted() }

    /// Selects `indexPath` (nil deselects all) and scrolls it to `scrollPosition`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadIfNeeded()
        guard let indexPath else {
            for ip in selectedRows { deselectRow(at: ip, animated: animated) }
            return
        }
        guard isValid(indexPath) else { return reportOutOfRange(indexPath, "selectRow(at:animated:scrollPosition:)") }
        guard allowsSelection || allowsMultipleSelection else { return }
        if !allowsMultipleSelection {
            for ip in selectedRows where ip != indexPath { deselectRow(at: ip, animated: animated) }
        }
        if !selectedRows.contains(indexPath) { selectedRows.append(indexPath) }
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects `indexPath`.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedRows.removeAll { $0 == indexPath }
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    // MARK: Touches from cells

    func cellTouchBegan(_ cell: UITableViewCell) {
        guard allowsSelection, let ip = indexPath(for: cell) else { return }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: ip) ?? true else { return }
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: ip)
    }

    func cellTouchEnded(_ cell: UITableViewCell, inside: Bool) {
        guard let ip = indexPath(for: cell) else {
            cell.setHighlighted(false, animated: false)
            return
        }
        if cell.highlightedFlag {
            cell.setHighlighted(false, animated: false)
            tableDelegate?.tableView(self, didUnhighlightRowAt: ip)
        } else if !inside {
            return
        }
        guard inside, allowsSelection else { return }
        selectFromTouch(ip)
    }

    private func selectFromTouch(_ tapped: IndexPath) {
        let d = tableDelegate
        if allowsMultipleSelection, selectedRows.contains(tapped) {
            guard let ip = d.map({ $0.tableView(self, willDeselectRowAt: tapped) }) ?? tapped else { return }
            deselectRow(at: ip, animated: false)
            d?.tableView(self, didDeselectRowAt: ip)
            return
        }
        guard let target = d.map({ $0.tableView(self, willSelectRowAt: tapped) }) ?? tapped else { return }
        guard isValid(target) else { return reportOutOfRange(target, "willSelectRowAt result") }
        if !allowsMultipleSelection {
            for old in selectedRows where old != target {
                guard let ip = d.map({ $0.tableView(self, willDeselectRowAt: old) }) ?? old else { continue }
                deselectRow(at: ip, animated: false)
                d?.tableView(self, didDeselectRowAt: ip)
            }
        }
        if !selectedRows.contains(target) { selectedRows.append(target) }
        visible[target]?.setSelected(true, animated: false)
        d?.tableView(self, didSelectRowAt: target)
    }
}
