import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// An application activity that counts its calls and finishes when told.
@MainActor
private final class CountingActivity: UIActivity {
    var calls: [String] = []
    var accepts = true
    var controller: UIViewController?
    override class var activityCategory: UIActivity.Category { .share }
    override var activityType: UIActivity.ActivityType? { UIActivity.ActivityType("com.example.count") }
    override var activityTitle: String? { "Count" }
    override func canPerform(withActivityItems activityItems: [Any]) -> Bool { accepts }
    override func prepare(withActivityItems activityItems: [Any]) { calls.append("prepare \(activityItems.count)") }
    override var activityViewController: UIViewController? { controller }
    override func perform() {
        calls.append("perform")
        activityDidFinish(true)
    }
}

/// A completion handler's calls, as text.
@MainActor
private final class Completions {
    var calls: [String] = []
    func handler(_ type: UIActivity.ActivityType?, _ completed: Bool, _ items: [Any]?, _ error: (any Error)?) {
        calls.append("\(type?.rawValue ?? "nil") \(completed) \(items == nil) \(error == nil)")
    }
}

/// UIActivityViewController and UIActivity: the share sheet offered, cancelled, dismissed and
/// finishing an application activity; nothing is shared.
@Suite(.freshRuntime) @MainActor struct ActivityViewControllerTests {
    func tile(_ sheet: UIActivityViewController, _ title: String) -> ActivityTile? {
        sheet.tiles.first { $0.entry.title == title }
    }

    @Test func typesAndDefaultsAreUIKits() {
        #expect(UIActivity.ActivityType.postToFacebook.rawValue == "com.apple.UIKit.activity.PostToFacebook")
        #expect(UIActivity.ActivityType.airDrop.rawValue == "com.apple.UIKit.activity.AirDrop")
        #expect(UIActivity.ActivityType.copyToPasteboard == UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.CopyToPasteboard"))
        #expect([UIActivity.Category.action, .share].map(\.rawValue) == [0, 1])
        #expect(UIActivity.activityCategory == .action && CountingActivity.activityCategory == .share)
        let plain = UIActivity()
        #expect(plain.activityType == nil && plain.activityTitle == nil && plain.activityImage == nil)
        #expect(!plain.canPerform(withActivityItems: ["x"]) && plain.activityViewController == nil)
        let reports = FlipbookDiagnostics.capture { plain.activityDidFinish(true) }
        #expect(reports.count == 1)                             // no sheet runs it
    }

    @Test func theSheetOffersSystemAndApplicationActivities() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let counting = CountingActivity(), refusing = CountingActivity()
        refusing.accepts = false
        let url = try #require(URL(string: "https://example.com/a"))
        let sheet = UIActivityViewController(activityItems: [url, "Look"], applicationActivities: [counting, refusing])
        sheet.excludedActivityTypes = [.mail, .print]
        #expect(sheet.popoverPresentationController == nil)
        root.present(sheet, animated: true)
        app.advance(by: 1)
        #expect(root.presentedViewController === sheet && sheet.view.window != nil)
        #expect(sheet.popoverPresentationController == nil)     // a page sheet on a phone
        #expect(sheet.tiles.map(\.entry.title) == ["AirDrop", "Messages", "Count", "Copy", "Add to Reading List"])
        let airDrop = try #require(tile(sheet, "AirDrop"))
        #expect(airDrop.convert(airDrop.bounds, to: nil).width == 76 && airDrop.label.text == "AirDrop")
        #expect(sheet.cancelButton.window != nil)
    }

    @Test func cancelDismissesAndReportsNothingChosen() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let log = Completions()
        let sheet = UIActivityViewController(activityItems: ["Hello"], applicationActivities: nil)
        sheet.completionWithItemsHandler = { log.handler($0, $1, $2, $3) }
        root.present(sheet, animated: true)
        app.advance(by: 1)
        app.tap(sheet.cancelButton)
        app.advanceFrames(2)
        #expect(log.calls.isEmpty)                              // not before the sheet has gone
        app.advance(by: 1)
        #expect(root.presentedViewController == nil)
        #expect(log.calls == ["nil false true true"])
    }

    @Test func anyDismissalReportsOnce() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let log = Completions()
        let sheet = UIActivityViewController(activityItems: ["Hello"], applicationActivities: nil)
        sheet.completionWithItemsHandler = { log.handler($0, $1, $2, $3) }
        root.present(sheet, animated: true)
        app.advance(by: 1)
        root.dismiss(animated: true)
        app.advance(by: 1)
        #expect(log.calls == ["nil false true true"])
        root.present(sheet, animated: false)                    // shown again: reports again
        app.advance(by: 1)
        root.dismiss(animated: false)
        app.advance(by: 1)
        #expect(log.calls.count == 2)
    }

    @Test func aSystemActivitySharesNothing() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let log = Completions()
        let sheet = UIActivityViewController(activityItems: [UIImage()], applicationActivities: nil)
        sheet.completionWithItemsHandler = { log.handler($0, $1, $2, $3) }
        root.present(sheet, animated: true)
        app.advance(by: 1)
        #expect(sheet.tiles.map(\.entry.title).contains("Save Image"))
        app.tap(try #require(tile(sheet, "Copy")))
        app.advance(by: 1)
        #expect(root.presentedViewController == nil)
        #expect(log.calls == ["com.apple.UIKit.activity.CopyToPasteboard false true true"])
    }

    @Test func anApplicationActivityRunsAndFinishes() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let log = Completions()
        let counting = CountingActivity()
        let sheet = UIActivityViewController(activityItems: ["a", "b"], applicationActivities: [counting])
        sheet.completionWithItemsHandler = { log.handler($0, $1, $2, $3) }
        root.present(sheet, animated: true)
        app.advance(by: 1)
        app.tap(try #require(tile(sheet, "Count")))
        app.advance(by: 1)
        #expect(counting.calls == ["prepare 2", "perform"])
        #expect(root.presentedViewController == nil)
        #expect(log.calls == ["com.example.count true true true"])
    }

    @Test func anActivityControllerIsPresentedUntilTheActivityFinishes() throws {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let log = Completions()
        let counting = CountingActivity()
        let composer = UIViewController()
        counting.controller = composer
        let sheet = UIActivityViewController(activityItems: ["a"], applicationActivities: [counting])
        sheet.completionWithItemsHandler = { log.handler($0, $1, $2, $3) }
        root.present(sheet, animated: true)
        app.advance(by: 1)
        app.tap(try #require(tile(sheet, "Count")))
        app.advance(by: 1)
        #expect(root.presentedViewController === composer && counting.calls == ["prepare 1"])
        #expect(log.calls.isEmpty)
        counting.activityDidFinish(false)
        app.advance(by: 1)
        #expect(root.presentedViewController == nil)
        #expect(log.calls == ["com.example.count false true true"])
    }

    @Test func aPopoverStyleHasAPopoverController() {
        let sheet = UIActivityViewController(activityItems: [], applicationActivities: nil)
        #expect(sheet.modalPresentationStyle != .popover && sheet.popoverPresentationController == nil)
        sheet.modalPresentationStyle = .popover
        #expect(sheet.popoverPresentationController != nil)
    }

    @Test func onAnIPadTheSheetIsAPopoverFromItsSource() throws {
        let root = UIViewController()
        let button = UIView(frame: CGRect(x: 600, y: 100, width: 44, height: 44))
        root.view.addSubview(button)
        let app = AppDriver(rootViewController: root, device: .iPad)
        let sheet = UIActivityViewController(activityItems: ["Hello"], applicationActivities: nil)
        #expect(sheet.modalPresentationStyle == .popover)
        let popover = try #require(sheet.popoverPresentationController)
        popover.sourceView = button
        popover.sourceRect = button.bounds
        root.present(sheet, animated: true)
        app.advance(by: 1)
        #expect(root.presentedViewController === sheet)
        #expect(sheet.view.convert(sheet.view.bounds, to: nil).minY >= 144)   // below the button
    }
}
