// SlideKit, as `flipbook port` wrote it (Ported/SlideKit): a `.custom` presentation whose one
// animator builds the dismissal from `finalFrame(for:)` of the presented controller, the
// frame it has (docs/Semantics.md, "Frames in the context"). The panel must slide both ways.
import XCTest
import Flipbook

final class SlideKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testThePanelSlidesInAndOutByItsEdge() throws {
        let host = SlideInHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        app.at(0.1) { app.tap(host.menuButton) }
        var frames: [RenderedImage] = []
        var presentingX: CGFloat = 0
        for t in [0.35, 0.8] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 0.35 { presentingX = host.presentedViewController?.view.layer.presentation()?.frame.minX ?? 0 }
        }
        let menu = try XCTUnwrap(host.presentedViewController)
        XCTAssertEqual(menu.view.frame, CGRect(x: 0, y: 0, width: 262, height: 852))
        XCTAssertLessThan(presentingX, 0, "coming in from the left at 0.35 s")
        XCTAssertGreaterThan(presentingX, -262)

        // The dimming view's tap dismisses: the panel leaves by the left edge, at full size.
        app.at(1.0) { app.tap(at: CGPoint(x: 330, y: 400)) }
        var leaving = CGRect.zero
        for t in [1.25, 1.7] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 1.25 { leaving = menu.view.layer.presentation()?.frame ?? .zero }
        }
        XCTAssertEqual(leaving.size, CGSize(width: 262, height: 852), "finalFrame(for: presented) is its frame, not .zero")
        XCTAssertLessThan(leaving.minX, 0)
        XCTAssertGreaterThan(leaving.minX, -262)
        XCTAssertNil(host.presentedViewController)
        Corpus.assertFilmstrip(frames, named: "SlideKitTests/slide-in-out")
    }
}
