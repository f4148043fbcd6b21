import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UITableView: geometry, reuse, delegate histories, selection, scrolling to rows, paging and
/// bad input (docs/Semantics.md, "Table views").
@Suite(.freshRuntime) @MainActor struct TableViewTests {
    @Test func geometryFollowsTheHeights() {
        let (app, table, model) = makeTableApp([3, 2])
        defer { withExtendedLifetime((app, model)) {} }
        model.heights = { ip in ip.section == 0 ? 50 + CGFloat(ip.row) * 10 : 44 }
        model.titles = [1: "Second"]
        table.reloadData()
        table.layoutIfNeeded()
        // Section 0: no header (plain, no title), rows 50, 60, 70; section 1: header 28, rows 44, 44.
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 110, width: 393, height: 70))
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 180, width: 393, height: 28))
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 1)) == CGRect(x: 0, y: 252, width: 393, height: 44))
        #expect(table.contentSize == CGSize(width: 393, height: 296))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 109)) == IndexPath(row: 1, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 190)) == nil)  // the header
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 260)) == IndexPath(row: 1, section: 1))
        #expect(table.visibleCells.count == 5)
        #expect(table.indexPathsForVisibleRows == [
            IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0),
            IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1),
        ])
        #expect(table.headerView(forSection: 1) != nil)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 1))?.textLabel?.text == "Row 1.0")
    }

    /// A layout pass leaves a visible cell where the app put it (PreviewTransition opens a row's
    /// cell to full screen, pushes, and on the way back shrinks it from there) until the table
    /// has its own reason to move it: its row's rectangle changes, or the rows are reloaded.
    @Test func layoutLeavesAVisibleCellTheAppMovedUntilItsRowChanges() {
        let (app, table, model) = makeTableApp([20], rowHeight: 100)
        defer { withExtendedLifetime((app, model)) {} }
        let ip = IndexPath(row: 1, section: 0)
        guard let cell = table.cellForRow(at: ip) else { return #expect(Bool(false), "no cell for row 1") }
        let row = table.rectForRow(at: ip)
        let opened = CGRect(x: 0, y: 0, width: row.width, height: 700)
        cell.frame = opened
        table.setNeedsLayout()
        table.layoutIfNeeded()
        #expect(cell.frame == opened)
        table.contentOffset = CGPoint(x: 0, y: 30)  // scrolled, the row still in view
        table.layoutIfNeeded()
        #expect(cell.frame == opened)
        table.frame.size.width = 300  // narrower: every row's rectangle changes
        table.layoutIfNeeded()
        #expect(cell.frame == table.rectForRow(at: ip))
        cell.frame = opened
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.cellForRow(at: ip)?.frame == table.rectForRow(at: ip))
    }

    @Test func groupedDefaults() {
        let (app, table, model) = makeTableApp([2, 2], style: .grouped)
        defer { withExtendedLifetime((app, model)) {} }
        // Grouped: 35 above the first section, 17 below each, 18 above later ones.
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 35)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == CGFloat(158))
        #expect(table.contentSize.height == CGFloat(263))
    }

    /// Scrolling 10 000 rows frame by frame: only the rows in view have cells, a cell is made
    /// only for the first screen plus one, every other row reuses a cell, and each row is
    /// displayed and ended once.
    @Test func reuseWhileScrollingTenThousandRows() {
        let (app, table, model) = makeTableApp([10_000])
        defer { withExtendedLifetime((app, model)) {} }
        model.recordDisplay = false
        model.setsText = false
        let perScreen = Int((852.0 / 44).rounded(.up)) + 1  // 20 rows can meet the bounds
        #expect(table.visibleCells.count == Int((852.0 / 44).rounded(.up)))
        var maxVisible = 0
        var y: CGFloat = 0
        let end = table.contentSize.height - 852
        #expect(end == CGFloat(439_148))
        while y < end {
            y = min(end, y + 431)
            table.contentOffset = CGPoint(x: 0, y: y)
            table.layoutIfNeeded()
            maxVisible = max(maxVisible, table.visibleCells.count)
        }
        #expect(maxVisible <= perScreen)
        #expect(table.createdCellCount <= perScreen + 1)
        #expect(model.cellRequests == 10_000)
        #expect(model.willDisplayCount == 10_000)
        #expect(model.didEndDisplayingCount == 10_000 - table.visibleCells.count)
        #expect(table.subviews.filter { $0 is UITableViewCell && !$0.isHidden }.count == table.visibleCells.count)
        #expect(table.indexPathsForVisibleRows?.last == IndexPath(row: 9999, section: 0))
    }

    @Test func displayHistoryOnScroll() {
        let (app, table, model) = makeTableApp([100])
        defer { withExtendedLifetime((app, model)) {} }
        #expect(model.recorder.events.first == "willDisplay 0.0")
        #expect(model.recorder.events.count == 20)  // rows 0–19 meet 852 pt
        model.recorder.reset()
        table.contentOffset = CGPoint(x: 0, y: 44)
        table.layoutIfNeeded()
        #expect(model.recorder.events == ["didEndDisplaying 0.0", "willDisplay 0.20"])
        let cell = table.cellForRow(at: IndexPath(row: 20, section: 0)) as? CountingCell
        #expect(cell?.reuses == 1)  // the cell of row 0, prepared for reuse
    }

    @Test func separatorsAsIOSDrawsThem() {
        let (app, table, model) = makeTableApp([3, 2])
        defer { withExtendedLifetime((app, model)) {} }
        table.layoutIfNeeded()
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        cell.layoutIfNeeded()
        let sep = cell.separatorLayer
        // One device pixel (1/3 pt at @3x), 16 pt from the left, to the right edge, at the bottom.
        #expect(!sep.isHidden)
        #expect(sep.frame == CGRect(x: 16, y: 44 - 1.0 / 3, width: 393 - 16, height: 1.0 / 3))
        #expect(cell.contentView.frame.height == 44 - 1.0 / 3)
        // None under the last row of a section.
        let last = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        last.layoutIfNeeded()
        #expect(last.separatorLayer.isHidden)
        table.separatorStyle = .none
        table.layoutIfNeeded()
        cell.layoutIfNeeded()
        #expect(cell.separatorLayer.isHidden)
    }

    @Test func scrollToRowPositions() {
        let (app, table, model) = makeTableApp([100])
        defer { withExtendedLifetime((app, model)) {} }
        let ip = IndexPath(row: 50, section: 0)
        table.scrollToRow(at: ip, at: .top, animated: false)
        #expect(table.contentOffset.y == 2200)
        table.scrollToRow(at: ip, at: .middle, animated: false)
        #expect(table.contentOffset.y == CGFloat(1796))
        table.scrollToRow(at: ip, at: .bottom, animated: false)
        #expect(table.contentOffset.y == CGFloat(1392))
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == CGFloat(3548))  // clamped to the end
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .none, animated: true)
        MediaClock.main.runUntilIdle()
        #expect(table.contentOffset.y == 0)
    }

    @Test func tapSelectsWithUIKitsHistory() {
        let (app, table, model) = makeTableApp([10])
        defer { withExtendedLifetime((app, model)) {} }
        model.recorder.reset()
        app.tap(at: CGPoint(x: 100, y: 44 * 2 + 20))
        #expect(model.recorder.events == ["didHighlight 2", "didUnhighlight 2", "willSelect 2", "didSelect 2"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        model.recorder.reset()
        app.tap(at: CGPoint(x: 100, y: 44 * 5 + 20))
        #expect(model.recorder.events == [
            "didHighlight 5", "didUnhighlight 5", "willSelect 5", "willDeselect 2", "didDeselect 2", "didSelect 5",
        ])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
        // willSelect may refuse.
        model.refuseSelection = [IndexPath(row: 7, section: 0)]
        model.recorder.reset()
        app.tap(at: CGPoint(x: 100, y: 44 * 7 + 20))
        #expect(model.recorder.events == ["didHighlight 7", "didUnhighlight 7", "willSelect 7"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
        // A drag scrolls: no selection.
        model.recorder.reset()
        app.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), duration: 0.1)
        #expect(!model.recorder.events.contains { $0.hasPrefix("willSelect") })
        // In code: no delegate calls.
        MediaClock.main.runUntilIdle()
        model.recorder.reset()
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        table.deselectRow(at: IndexPath(row: 1, section: 0), animated: false)
        #expect(model.recorder.events.isEmpty)
    }

    /// The seed's player: a paging table of full-screen rows; a flick up shows the next row
    /// exactly.
    @Test func pagingTableOfFullScreenRows() {
        let (app, table, model) = makeTableApp([5], rowHeight: 852)
        defer { withExtendedLifetime((app, model)) {} }
        table.isPagingEnabled = true
        #expect(table.visibleCells.count == 1)
        app.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 450), duration: 0.1)
        MediaClock.main.runUntilIdle()
        #expect(table.contentOffset.y == 852)
        #expect(table.indexPathsForVisibleRows == [IndexPath(row: 1, section: 0)])
        table.scrollToRow(at: IndexPath(row: 3, section: 0), at: .top, animated: false)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows == [IndexPath(row: 3, section: 0)])
    }

    @Test func badInputIsReported() {
        let (app, table, model) = makeTableApp([5])
        defer { withExtendedLifetime((app, model)) {} }
        let messages = FlipbookDiagnostics.capture {
            _ = table.dequeueReusableCell(withIdentifier: "nope", for: IndexPath(row: 0, section: 0))
            table.scrollToRow(at: IndexPath(row: 9, section: 0), at: .top, animated: false)
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 3)) == .zero)
            table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
            model.heights = { _ in .nan }
            table.reloadData()
        }
        #expect(messages.count == 5, "\(messages.joined(separator: "\n"))")
        #expect(messages[0].contains("unable to dequeue a cell with identifier nope"))
        #expect(table.contentSize.height == CGFloat(220))
        #expect(table.dequeueReusableCell(withIdentifier: "nope") == nil)
        #expect(table.cellForRow(at: IndexPath(row: 9, section: 0)) == nil)
    }
}

/// The seed 002 player's arrangement: a vertical paging table under a pan that drags the
/// player right to dismiss. A sideways drag belongs to the pan; a vertical one scrolls.
@Suite(.freshRuntime) @MainActor struct TableViewNestedPanTests {
    @MainActor final class PanLog {
        var states: [String] = []
        func handle(_ g: UIPanGestureRecognizer) { states.append("\(g.state)") }
    }

    @Test func sidewaysDragGoesToTheOuterPan() {
        let (app, table, model) = makeTableApp([5], rowHeight: 852)
        defer { withExtendedLifetime((app, model)) {} }
        table.isPagingEnabled = true
        let log = PanLog()
        let pan = UIPanGestureRecognizer(target: log, action: { $0.handle($1) })
        table.superview!.addGestureRecognizer(pan)
        app.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 250, y: 410), duration: 0.2)
        #expect(log.states.first == "began" && log.states.last == "ended")
        #expect(table.contentOffset == .zero && !table.isDragging)
        log.states = []
        app.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 205, y: 450), duration: 0.1)
        #expect(log.states.isEmpty)
        MediaClock.main.runUntilIdle()
        #expect(table.contentOffset.y == 852)
    }
}
