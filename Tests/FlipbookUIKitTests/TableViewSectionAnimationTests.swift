import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Plain-style section headers pinned while scrolling, and the row animations of batch
/// updates checked on presented values half way (docs/Semantics.md, "Table views").
@Suite(.freshRuntime) @MainActor struct TableViewSectionAnimationTests {
    private func presented(_ view: UIView) -> CALayer { view.layer.presentation() ?? view.layer }

    /// Three sections of ten 44 pt rows with titles: section 0 is 0…468 (header 28), section 1
    /// 468…936. A plain table's header sticks to the top of the visible area until the end of
    /// its section pushes it up; grouped headers scroll with their rows.
    @Test func plainHeadersStickWhileScrolling() {
        let (app, table, model) = makeTableApp([10, 10, 10])
        defer { withExtendedLifetime((app, model)) {} }
        model.titles = [0: "Zero", 1: "One", 2: "Two"]
        table.reloadData()
        table.layoutIfNeeded()
        func headerY(_ s: Int) -> CGFloat? { table.headerView(forSection: s)?.frame.minY }
        #expect(headerY(0) == 0 && headerY(1) == 468)
        table.contentOffset = CGPoint(x: 0, y: 100)
        table.layoutIfNeeded()
        #expect(headerY(0) == 100 && headerY(1) == 468)
        // The header stays above the rows it covers.
        let header = table.headerView(forSection: 0)!
        let row = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        #expect(table.subviews.firstIndex(of: header)! > table.subviews.firstIndex(of: row)!)
        table.contentOffset = CGPoint(x: 0, y: 450)
        table.layoutIfNeeded()
        #expect(headerY(0) == 440 && headerY(1) == 468)  // pushed up by section 1
        table.contentOffset = CGPoint(x: 0, y: 500)
        table.layoutIfNeeded()
        #expect(headerY(0) == nil && headerY(1) == 500)
        // The un-pinned rectangle is what rectForHeader reports.
        #expect(table.rectForHeader(inSection: 1).minY == 468)
        // With a top inset the header pins below it.
        table.contentInset = UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        table.contentOffset = CGPoint(x: 0, y: 600)
        table.layoutIfNeeded()
        #expect(headerY(1) == 630)
    }

    @Test func groupedHeadersScrollWithTheRows() {
        let (app, table, model) = makeTableApp([10, 10], style: .grouped)
        defer { withExtendedLifetime((app, model)) {} }
        model.titles = [0: "Zero", 1: "One"]
        table.reloadData()
        table.layoutIfNeeded()
        let top = table.rectForHeader(inSection: 1).minY
        table.contentOffset = CGPoint(x: 0, y: top - 10)
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 1)?.frame.minY == top)
        table.contentOffset = CGPoint(x: 0, y: top + 10)
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 1)?.frame.minY == top)
    }

    /// Where an inserted row (row 1: final centre (196.5, 66)) is half way through each row
    /// animation: (centre x, centre y, opacity).
    @Test(arguments: [
        (UITableView.RowAnimation.fade, 196.5, 66.0, 0.5),
        (.automatic, 196.5, 66.0, 0.5),
        (.left, 0.0, 66.0, 1.0),
        (.right, 393.0, 66.0, 1.0),
        (.top, 196.5, 44.0, 0.5),
        (.bottom, 196.5, 88.0, 0.5),
        (.none, 196.5, 66.0, 1.0),
    ])
    func insertedRowHalfWay(animation: UITableView.RowAnimation, x: Double, y: Double, opacity: Double) {
        let (app, table, model) = makeTableApp([5])
        defer { withExtendedLifetime((app, model)) {} }
        model.counts = [6]
        var done = false
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(row: 1, section: 0)], with: animation) }) { done = $0 }
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        MediaClock.main.advance(by: 0.15)
        let p = presented(cell)
        #expect(abs(p.position.x - x) < 0.5 && abs(p.position.y - y) < 0.5, "\(animation): \(p.position)")
        #expect(abs(Double(p.opacity) - opacity) < 0.02, "\(animation): \(p.opacity)")
        MediaClock.main.advance(by: 0.2)
        #expect(done)
        #expect(cell.frame == CGRect(x: 0, y: 44, width: 393, height: 44) && cell.alpha == 1)
    }

    /// A deleted row slides out to its side (or fades), then is recycled; the rows below move
    /// up meanwhile.
    @Test func deletedRowLeavesWithItsAnimation() {
        let (app, table, model) = makeTableApp([5])
        defer { withExtendedLifetime((app, model)) {} }
        let leaving = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let below = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        model.recorder.reset()
        model.counts = [4]
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .right)
        MediaClock.main.advance(by: 0.15)
        #expect(abs(presented(leaving).position.x - 393) < 0.5)
        #expect(abs(presented(below).position.y - 88) < 0.5)  // 110 → 66
        #expect(!leaving.isHidden)
        #expect(model.recorder.events.isEmpty)
        MediaClock.main.advance(by: 0.2)
        #expect(leaving.isHidden)
        #expect(model.recorder.events == ["didEndDisplaying 0.1"])
        #expect(below.frame.minY == 44)
    }

    /// Rows pushed out of view by an insertion slide there first and are recycled when the
    /// animation ends; rows pulled into view by a deletion slide in from where they were.
    @Test func rowsLeavingAndEnteringTheViewSlide() {
        let (app, table, model) = makeTableApp([30])
        defer { withExtendedLifetime((app, model)) {} }
        // 852 pt show rows 0…19 (row 19 ends at 880).
        let pushed = table.cellForRow(at: IndexPath(row: 19, section: 0))!  // y 836 → 924
        model.recorder.reset()
        model.counts = [32]
        table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        #expect(table.cellForRow(at: IndexPath(row: 21, section: 0)) == nil)
        MediaClock.main.advance(by: 0.15)
        #expect(!pushed.isHidden)
        #expect(abs(presented(pushed).position.y - 902) < 0.5)  // 858 → 946
        MediaClock.main.advance(by: 0.2)
        #expect(pushed.isHidden)
        #expect(model.recorder.events.contains("didEndDisplaying 0.21"))
        #expect(table.visibleCells.count == 20)
        // Deleting the two rows again pulls rows 20 and 21 back: they start from below.
        model.counts = [30]
        table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        let pulled = table.cellForRow(at: IndexPath(row: 19, section: 0))!  // was row 21 at 924
        MediaClock.main.advance(by: 0.15)
        #expect(abs(presented(pulled).position.y - 902) < 0.5)  // 946 → 858
        MediaClock.main.advance(by: 0.2)
        #expect(pulled.frame.minY == 836)
    }

    /// Rows of an inserted section come in with the section's animation.
    @Test func insertedSectionRowsFadeIn() {
        let (app, table, model) = makeTableApp([3])
        defer { withExtendedLifetime((app, model)) {} }
        model.counts = [3, 2]
        table.insertSections(IndexSet(integer: 1), with: .fade)
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 1))!
        MediaClock.main.advance(by: 0.15)
        #expect(abs(Double(presented(cell).opacity) - 0.5) < 0.02)
        MediaClock.main.advance(by: 0.2)
        #expect(cell.alpha == 1 && table.visibleCells.count == 5)
    }
}
