// SegueKit, as `flipbook port` wrote it (Ported/SegueKit): a `UIStoryboardSegue` subclass whose
// `perform()` presents with the library's animator, made and performed by code (Flipbook has no
// storyboards), with `prepare(for:sender:)` called on the way.
import XCTest
import Flipbook

final class SegueKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testACustomSeguePresentsWithItsCrossfade() throws {
        let host = SegueHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        app.at(0.1) { app.tap(host.openButton) }
        var frames: [RenderedImage] = []
        var middle: Float = -1
        for t in [0.4, 0.9] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 0.4 { middle = host.presentedViewController?.view.layer.presentation()?.opacity ?? -1 }
        }
        XCTAssertEqual(host.prepared, ["crossfade"])
        let detail = try XCTUnwrap(host.presentedViewController)
        XCTAssertGreaterThan(middle, 0.1, "fading in at 0.4 s")
        XCTAssertLessThan(middle, 0.9)
        XCTAssertTrue(detail.transitioningDelegate is CrossfadeSegue)
        app.at(1.0) { detail.dismiss(animated: true) }
        for t in [1.25, 1.8] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertNil(host.presentedViewController)
        Corpus.assertFilmstrip(frames, named: "SegueKitTests/crossfade-segue")
    }
}
