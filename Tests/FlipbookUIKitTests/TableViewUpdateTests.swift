import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Batch updates: results, animations and the "Invalid update" path.
@Suite(.freshRuntime) @MainActor struct TableViewUpdateTests {
    private func labels(_ table: UITableView) -> [String] {
        table.visibleCells.map { $0.textLabel?.text ?? "?" }
    }

    @Test func insertAndDeleteInOneBatch() {
        let (app, table, model) = makeTableApp([5])
        defer { withExtendedLifetime((app, model)) {} }
        let cell3 = table.cellForRow(at: IndexPath(row: 3, section: 0))
        var done: [Bool] = []
        model.counts = [6]
        table.performBatchUpdates({
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            table.insertRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
        }, completion: { done.append($0) })
        // Old row 3 is new row 3 (row 0 deleted, row 1 inserted before it): same cell, moving
        // there.
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === cell3)
        #expect(table.contentSize.height == CGFloat(264))
        #expect(table.numberOfRows(inSection: 0) == 6)
        #expect(done.isEmpty)
        let inserted = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        #expect(inserted.layer.presentation()!.opacity < 0.01)  // fading in
        MediaClock.main.advance(by: 0.15)
        #expect(inserted.layer.presentation()!.opacity > 0.1 && inserted.layer.presentation()!.opacity < 0.9)
        MediaClock.main.advance(by: 0.2)
        #expect(done == [true])
        #expect(inserted.alpha == 1)
        #expect(table.visibleCells.count == 6)
        // The cells stay on their rows: old 1, 2 → new 0, 2; old 3 → 3; old 4 → 5.
        #expect(labels(table) == ["Row 0.1", "Row 0.1", "Row 0.2", "Row 0.3", "Row 0.4", "Row 0.4"])
        #expect(table.subviews.filter { $0 is UITableViewCell && !$0.isHidden }.count == 6)
    }

    @Test func reloadRowsGivesANewCell() {
        let (app, table, model) = makeTableApp([3])
        defer { withExtendedLifetime((app, model)) {} }
        let before = table.cellForRow(at: IndexPath(row: 1, section: 0))
        let requests = model.cellRequests
        table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        #expect(model.cellRequests == requests + 1)
        MediaClock.main.runUntilIdle()
        #expect(table.visibleCells.count == 3)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) !== before)  // the old cell is still on screen while the new one is dequeued
    }

    @Test func selectionFollowsTheRows() {
        let (app, table, model) = makeTableApp([5])
        defer { withExtendedLifetime((app, model)) {} }
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        model.counts = [4]
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        MediaClock.main.runUntilIdle()
    }

    @Test func invalidUpdateIsReportedAndReloads() {
        let (app, table, model) = makeTableApp([5])
        defer { withExtendedLifetime((app, model)) {} }
        model.counts = [7]
        var done: [Bool] = []
        let messages = FlipbookDiagnostics.capture {
            table.performBatchUpdates({
                table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            }, completion: { done.append($0) })
        }
        #expect(messages == [
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (7) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        ])
        #expect(done == [false])
        #expect(table.numberOfRows(inSection: 0) == 7)
        #expect(table.visibleCells.count == 7)
        // Out-of-range paths too.
        let more = FlipbookDiagnostics.capture {
            table.deleteRows(at: [IndexPath(row: 20, section: 0)], with: .fade)
        }
        #expect(more.count == 1 && more[0].hasPrefix("Invalid update: attempt to delete row 20"))
        #expect(table.visibleCells.count == 7)
    }
}
