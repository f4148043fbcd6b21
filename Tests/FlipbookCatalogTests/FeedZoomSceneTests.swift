import Foundation
import Testing
import TestSupport
@testable import FlipbookCatalog
import Flipbook

/// The `feed-zoom` scene's script as the renderer plays it: the fling scrolls the grid and ends,
/// the tap lands on a resting grid and zooms a cover into the player, and the long drag
/// dismisses the player back into the grid. (A tap while the fling still decelerates only stops
/// the scroll, as on iOS: the script waits for the deceleration to end.)
@MainActor
@Suite(.freshRuntime) struct FeedZoomSceneTests {
    @Test func scriptedTapZoomsACoverAndTheLongDragDismissesIt() throws {
        let scene = FeedZoomScene(size: CGSize(width: 393, height: 852))
        scene.start()
        let grid = scene.grid
        let cv = try #require(grid.collectionView)

        scene.update(elapsed: FeedZoomScene.tapTime - 0.05)
        #expect(cv.isDecelerating == false, "the fling still moves when the cover is tapped")
        #expect(cv.contentOffset.y > 0, "the fling did not scroll the grid")
        #expect(grid.presentedViewController == nil)

        scene.update(elapsed: FeedZoomScene.tapTime + 0.6)
        #expect(scene.tappedIndex != nil)
        #expect(grid.presentedViewController != nil, "the scripted tap did not present the player")

        scene.update(elapsed: FeedZoomScene.shortDrag.start + FeedZoomScene.shortDrag.duration + 0.6)
        #expect(grid.presentedViewController != nil, "the early release dismissed the player")

        scene.update(elapsed: scene.duration)
        #expect(grid.presentedViewController == nil, "the long drag did not dismiss the player")
    }
}
