import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// `visibleCells` and `indexPathsForVisibleRows` bring the rows up to date when a layout is
/// pending, as UIKit's do: a menu animator that animates a freshly presented table's visible
/// cells finds them in `animateTransition(using:)`, before the first layout pass.
@Suite(.freshRuntime) @MainActor struct TableViewVisibleCellsTests {
    @Test func cellsExistBeforeTheFirstLayoutPass() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let model = TableModel([20])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 300), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.contentInsetAdjustmentBehavior = .never
        table.rowHeight = 50
        table.dataSource = model
        table.delegate = model
        defer { withExtendedLifetime((app, model)) {} }
        root.view.addSubview(table)
        // No layout pass yet: the table answers with the six rows its bounds show.
        let cells = table.visibleCells
        #expect(cells.count == 6)
        #expect(table.indexPathsForVisibleRows == (0..<6).map { IndexPath(row: $0, section: 0) })
        #expect(cells.first?.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        // Something done to them now (an animator rotating them) is done to the cells shown.
        cells[2].alpha = 0.5
        app.advanceFrames(1)
        #expect(table.visibleCells.map(ObjectIdentifier.init) == cells.map(ObjectIdentifier.init))
        #expect(table.visibleCells[2].alpha == 0.5)
        #expect(model.cellRequests == 6)
    }

    /// A data source that asks for the visible cells while the table asks it for a cell gets
    /// the cells as they stand, without tiling again inside the tiling.
    @Test func askingFromCellForRowDoesNotRecurse() {
        final class Asking: NSObject, UITableViewDataSource {
            var seen: [Int] = []
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                seen.append(tableView.visibleCells.count)
                return tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
        }
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let ds = Asking()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 120), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.contentInsetAdjustmentBehavior = .never
        table.rowHeight = 40
        table.dataSource = ds
        defer { withExtendedLifetime((app, ds)) {} }
        root.view.addSubview(table)
        #expect(table.visibleCells.count == 3)
        #expect(ds.seen == [0, 1, 2])
    }
}
