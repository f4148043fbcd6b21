// SheetKit, as `flipbook port` wrote it (Ported/SheetKit), run headless: a bottom sheet whose
// scroll view, pulled down past its top, drags the sheet away through key-value observing of
// `contentOffset` and a `UIPercentDrivenInteractiveTransition` subclass.
import XCTest
import Flipbook

final class SheetKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testPullingTheListDownPastItsTopDismissesTheSheet() throws {
        let host = SheetHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        app.at(0.1) { app.tap(host.openButton) }
        var frames: [RenderedImage] = []
        for t in [0.05, 0.3, 0.7] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        let list = try XCTUnwrap(host.presentedViewController as? SheetListViewController)
        let sheet = try XCTUnwrap(list.presentationController as? SheetPresentationController)
        XCTAssertEqual(list.view.frame, CGRect(x: 0, y: 256, width: 393, height: 596))
        XCTAssertEqual(sheet.dimmingView.alpha, 1)
        XCTAssertEqual(list.scrollView.contentOffset.y, -list.scrollView.adjustedContentInset.top)

        // A 300 pt pull down the list, which is already at its top.
        let interaction = host.sheetDelegate.dismissInteraction
        app.at(1.0) { app.drag(from: CGPoint(x: 196, y: 420), to: CGPoint(x: 196, y: 720), duration: 0.4) }
        app.run(until: 1.25)
        frames.append(app.render(scale: 0.5))
        XCTAssertTrue(interaction.isInteracting)
        XCTAssertEqual(interaction.events, ["began"])
        let pulled = list.view.layer.presentation()?.frame.minY ?? 0
        XCTAssertGreaterThan(pulled, 256 + 100, "the sheet follows the finger")
        XCTAssertLessThan(pulled, 256 + 260)
        XCTAssertEqual(list.scrollView.contentOffset.y, -list.scrollView.adjustedContentInset.top,
                       "the content stays pinned to its top while the sheet moves")
        for t in [1.5, 2.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertEqual(interaction.events, ["began", "finished"])
        XCTAssertFalse(interaction.isInteracting)
        XCTAssertNil(host.presentedViewController)
        XCTAssertNil(sheet.dimmingView.superview)
        Corpus.assertFilmstrip(frames, named: "SheetKitTests/sheet-present-pull-dismiss")
    }

    func testAShortPullPutsTheSheetBack() throws {
        let host = SheetHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        host.openSheet()
        app.run(until: 0.6)
        let list = try XCTUnwrap(host.presentedViewController as? SheetListViewController)
        let interaction = host.sheetDelegate.dismissInteraction
        // 60 pt in half a second: neither far nor fast enough.
        app.at(0.8) { app.drag(from: CGPoint(x: 196, y: 420), to: CGPoint(x: 196, y: 480), duration: 0.5) }
        app.run(until: 2.5)
        XCTAssertEqual(interaction.events, ["began", "cancelled"])
        XCTAssertTrue(host.presentedViewController === list)
        XCTAssertEqual(list.view.frame, CGRect(x: 0, y: 256, width: 393, height: 596))
        XCTAssertEqual(list.view.layer.presentation()?.frame.minY, 256)
    }

    func testTappingTheDimmingViewDismissesTheSheet() throws {
        let host = SheetHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        host.openSheet()
        app.run(until: 0.6)
        let sheet = try XCTUnwrap(host.presentedViewController?.presentationController as? SheetPresentationController)
        var taps = 0
        sheet.onDimmingTap = { taps += 1 }
        // The dimming view's tap recognizer (`#selector(dimmingTapped)` before porting).
        app.at(0.8) { app.tap(at: CGPoint(x: 196, y: 120)) }
        app.run(until: 1.5)
        XCTAssertEqual(taps, 1)
        XCTAssertNil(host.presentedViewController)
        XCTAssertEqual(host.sheetDelegate.dismissInteraction.events, [], "not an interactive dismissal")
    }

    /// `SheetSizing`'s requirements are `@objc optional` methods returning a value. A screen
    /// written as for iOS, outside the ported library (`-> CGFloat`, `-> Bool`), implements them:
    /// its height and its answer about the dimming tap are used. One that does not gets the
    /// library's fallbacks, as on iOS (docs/Porting.md, "Optional requirements that return a value").
    func testAScreenWrittenForIOSChoosesItsSheetHeight() throws {
        let host = SheetHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        let sheet = FixedHeightSheetController()
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = host.sheetDelegate
        app.at(0.1) { host.present(sheet, animated: true, completion: nil) }
        app.run(until: 0.8)
        XCTAssertEqual(sheet.view.frame, CGRect(x: 0, y: 452, width: 393, height: 400))
        // Its `sheetDismissesOnDimmingTap()` says no.
        app.at(1.0) { app.tap(at: CGPoint(x: 196, y: 120)) }
        app.run(until: 1.8)
        XCTAssertTrue(host.presentedViewController === sheet)
        XCTAssertEqual(sheet.dimmingTapQuestions, 1)
    }
}

/// Written as an app written for iOS would be: the requirements' own types, no port.
final class FixedHeightSheetController: SheetListViewController, SheetSizing {
    private(set) var dimmingTapQuestions = 0
    func sheetHeight(inContainerOfHeight containerHeight: CGFloat) -> CGFloat { 400 }
    func sheetDismissesOnDimmingTap() -> Bool {
        dimmingTapQuestions += 1
        return false
    }
}
