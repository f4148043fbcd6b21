import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UIAlertController and UIAlertAction: presented as a card or a bottom sheet over a dimming
/// view; a tapped row dismisses the alert, then runs its handler.
@Suite(.freshRuntime) @MainActor struct AlertControllerTests {
    func row(_ alert: UIAlertController, _ title: String) -> AlertActionRow? {
        alert.rows.first { $0.action.title == title }
    }

    @Test func enumsAndStoredStateAreUIKits() {
        #expect([UIAlertController.Style.actionSheet, .alert].map(\.rawValue) == [0, 1])
        #expect([UIAlertAction.Style.default, .cancel, .destructive].map(\.rawValue) == [0, 1, 2])
        let alert = UIAlertController(title: "Delete photo?", message: "It cannot be undone.", preferredStyle: .alert)
        #expect(alert.title == "Delete photo?" && alert.message == "It cannot be undone.")
        #expect(alert.preferredStyle == .alert && alert.actions.isEmpty && alert.preferredAction == nil)
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel)
        #expect(delete.isEnabled && delete.style == .destructive && delete.title == "Delete")
        alert.addAction(delete)
        alert.addAction(cancel)
        #expect(alert.actions.map { $0 === delete || $0 === cancel } == [true, true])
        #expect(alert.actions.first === delete)
        alert.preferredAction = delete
        #expect(alert.preferredAction === delete)
        var reports = FlipbookDiagnostics.capture { alert.addAction(UIAlertAction(title: "Other cancel", style: .cancel)) }
        #expect(reports.count == 1 && alert.actions.count == 2)
        reports = FlipbookDiagnostics.capture { alert.preferredAction = UIAlertAction(title: "Stranger", style: .default) }
        #expect(reports.count == 1 && alert.preferredAction === delete)
    }

    @Test func tappedAlertRowDismissesThenRunsItsHandler() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        var history: [String] = []
        let alert = UIAlertController(title: "Save?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Save", style: .default) { action in
            history.append("handler \(action.title ?? "") presented: \(root.presentedViewController != nil)")
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in history.append("cancel") })
        root.present(alert, animated: true)
        app.advance(by: 1)
        #expect(root.presentedViewController === alert)
        // Two actions side by side, cancel on the left, in a 270-point card in the middle.
        let save = try #require(row(alert, "Save")), cancel = try #require(row(alert, "Cancel"))
        let saveFrame = save.convert(save.bounds, to: nil), cancelFrame = cancel.convert(cancel.bounds, to: nil)
        #expect(cancelFrame.maxX <= saveFrame.minX + 0.5 && abs(cancelFrame.minY - saveFrame.minY) < 0.01)
        #expect(abs(cancelFrame.minX - (393 - 270) / 2) < 0.01 && saveFrame.height == 44)
        app.tap(at: CGPoint(x: 20, y: 20))                   // outside an alert: nothing
        app.advance(by: 1)
        #expect(root.presentedViewController === alert && history.isEmpty)
        app.tap(save)
        app.advanceFrames(2)
        #expect(history.isEmpty)                             // not before the dismissal ends
        app.advance(by: 1)
        #expect(history == ["handler Save presented: false"])
        #expect(root.presentedViewController == nil && alert.view.window == nil)
    }

    @Test func actionSheetSitsAtTheBottomAndOutsideTapsCancel() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        var history: [String] = []
        let sheet = UIAlertController(title: nil, message: "Share photo", preferredStyle: .actionSheet)
        let disabled = UIAlertAction(title: "Print", style: .default) { _ in history.append("print") }
        disabled.isEnabled = false
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in history.append("cancel") })
        sheet.addAction(UIAlertAction(title: "Copy", style: .default) { _ in history.append("copy") })
        sheet.addAction(disabled)
        root.present(sheet, animated: true)
        app.advance(by: 1)
        #expect(sheet.rows.map { $0.action.title ?? "" } == ["Copy", "Print", "Cancel"])
        let cancel = try #require(row(sheet, "Cancel")), copy = try #require(row(sheet, "Copy"))
        let cancelFrame = cancel.convert(cancel.bounds, to: nil)
        #expect(abs(cancelFrame.maxY - (852 - 34)) < 0.01 && cancelFrame.width == 393 - 16)
        #expect(copy.convert(copy.bounds, to: nil).maxY < cancelFrame.minY - 8)
        app.tap(try #require(row(sheet, "Print")))           // disabled: nothing
        app.advance(by: 1)
        #expect(history.isEmpty && root.presentedViewController === sheet)
        app.tap(at: CGPoint(x: 200, y: 100))                 // outside: the cancel action
        app.advance(by: 1)
        #expect(history == ["cancel"] && root.presentedViewController == nil)
    }
}
