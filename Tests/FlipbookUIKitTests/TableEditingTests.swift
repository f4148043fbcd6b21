import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Editing state passes from a table view controller to its table and from the table to its
/// cells, as UIKit passes it; margins are overridable, as UIKit declares them.
@Suite(.freshRuntime) @MainActor struct TableEditingTests {
    @Test func theTableTellsItsVisibleCellsAndEachCellItShowsLater() throws {
        let (app, table, model) = makeTableApp([40])
        _ = app
        _ = model
        let shown = table.visibleCells
        #expect(!shown.isEmpty && shown.allSatisfy { !$0.isEditing })
        table.setEditing(true, animated: true)
        #expect(table.isEditing)
        #expect(table.visibleCells.allSatisfy { $0.isEditing })
        // A cell scrolled in later is told too.
        table.contentOffset = CGPoint(x: 0, y: 44 * 30)
        table.layoutIfNeeded()
        #expect(!table.visibleCells.isEmpty && table.visibleCells.allSatisfy { $0.isEditing })
        table.isEditing = false
        #expect(table.visibleCells.allSatisfy { !$0.isEditing })
    }

    final class EditingController: UITableViewController {}

    @Test func aTableViewControllerEditsItsTable() {
        let controller = EditingController(style: .plain)
        controller.loadViewIfNeeded()
        controller.setEditing(true, animated: false)
        #expect(controller.isEditing && controller.tableView.isEditing)
        controller.isEditing = false
        #expect(!controller.tableView.isEditing)
    }

    /// A cell that widens its margins, as a swipe-to-reveal cell does.
    final class WideMarginView: UIView {
        override var layoutMargins: UIEdgeInsets {
            get { UIEdgeInsets(top: 2, left: 30, bottom: 2, right: 30) }
            set {}
        }
    }

    @Test func anOverriddenMarginIsWhatTheMarginsGuideFollows() {
        let view = WideMarginView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            child.topAnchor.constraint(equalTo: view.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
        ])
        view.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 30, y: 0, width: 140, height: 10))
        #expect(view.directionalLayoutMargins.leading == 30)
    }
}
