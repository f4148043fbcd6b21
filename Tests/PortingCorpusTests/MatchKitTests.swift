// MatchKit, as `flipbook port` wrote it (Ported/MatchKit), run headless: a library that swizzles
// `CALayer.add(_:forKey:)` to capture what a UIView animation block adds and re-times it on its
// own curve (the shared-element framework's technique), and reads a size back by key `as? NSValue`.
import XCTest
import Flipbook

final class MatchKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheTileGrowsIntoTheHeaderOnTheLibrarysOwnCurveAndBack() throws {
        let grid = MatchGridViewController()
        let app = AppDriver(rootViewController: grid, device: .iPhone15)
        let transition = grid.transition
        app.at(0.1) { grid.openDetail() }
        var frames: [RenderedImage] = []
        var mover: UIView?
        for t in [0.1, 0.16, 0.25, 0.4, 0.8] {
            app.run(until: t)
            frames.append(app.render(scale: 0.35))
            if t == 0.16 { mover = app.window.subviews.last?.subviews.last }
        }
        let detail = try XCTUnwrap(grid.presentedViewController as? MatchDetailViewController)
        XCTAssertEqual(transition.sizes, [CGSize(width: 393, height: 320)],
                       "the size read by key `as? NSValue` is the new model size (the iOS branch)")
        XCTAssertNil(mover?.superview, "the moving tile is gone once the transition ends")
        XCTAssertFalse(grid.tile.isHidden)
        XCTAssertFalse(detail.header.isHidden)
        XCTAssertNil(CALayer.captured, "the capture closed")

        app.at(1.0) { detail.dismiss(animated: true) }
        var midway: CGRect?
        for t in [1.06, 1.15, 1.3, 1.7] {
            app.run(until: t)
            frames.append(app.render(scale: 0.35))
            if t == 1.15, let moving = app.window.subviews.last?.subviews.last {
                midway = moving.layer.presentation()?.frame
                // The animations UIKit added were captured (through the swizzle) and added
                // again under MatchKit's keys, with MatchKit's curve.
                let keys = moving.layer.animationKeys() ?? []
                XCTAssertTrue(keys.contains("match.position") && keys.contains("match.bounds"), "\(keys)")
                XCTAssertFalse(keys.contains("position"), "UIKit's own animation was replaced")
            }
        }
        XCTAssertNil(grid.presentedViewController)
        // Halfway in time through its curve (0.2, 0, 0, 1), at 0.15 s of 0.6 s the tile has come
        // most of the way: the curve's value at t = 0.25 is about 0.74, the default ease-in-out's 0.13.
        let frame = try XCTUnwrap(midway)
        let progress = (393 - frame.width) / (393 - 100)
        XCTAssertGreaterThan(progress, 0.6, "on MatchKit's curve, not UIKit's default")
        XCTAssertLessThan(progress, 0.9)
        Corpus.assertFilmstrip(frames, named: "MatchKitTests/match-present-dismiss")
    }
}
