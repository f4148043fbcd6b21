import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// The golden filmstrip of seed 002's `feed-zoom` scene (iPhone 15, scale 1), in
/// `__Snapshots__/FeedZoom/`: the scene's own script (fling, tap, page swipe, short drag, long
/// drag) played by the renderer's path, one frame at each of `times`.
@MainActor
@Suite(.freshRuntime) struct FeedZoomFilmstripTests {
    /// Seconds after the scene's start:
    /// - 0.6: the grid moving up under the fling; 4.1: at rest, scrolled;
    /// - 4.27: the tapped cover growing, half way through the zoom's spring; 4.9: the player, full screen;
    /// - 5.3: the swipe paging the player to the next video;
    /// - 6.38: the short drag (12 %): the player shrunk and moved under the mask;
    /// - 6.47: released early, springing back;
    /// - 7.3: the long drag (45 %); 7.41: the cell's snapshot shrinking into the cell; 8.2: back on the grid.
    static let times: [CFTimeInterval] = [0.6, 4.1, 4.27, 4.9, 5.3, 6.38, 6.47, 7.3, 7.41, 8.2]

    @Test func feedZoomFilmstrip() throws {
        let scene = FeedZoomScene(size: CGSize(width: 393, height: 852))
        scene.start()
        let start = scene.driver.time
        let frames = scene.driver.renderFrames(at: Self.times.map { start + $0 }, scale: 1)
        let strip = try #require(Filmstrip.join(frames))
        Filmstrip.assert(strip, named: "FeedZoom/feed-zoom")
    }
}
