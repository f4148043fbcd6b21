import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// Seed 002 on iOS 18's API (`feed-zoom-ios18`): the scene's script as the renderer plays it,
/// and its golden filmstrip (iPhone 15, scale 1) in `__Snapshots__/FeedZoomIOS18/`.
@MainActor
@Suite(.freshRuntime) struct FeedZoomIOS18Tests {
    /// The tap zooms the cover in (the provider asked once); the player pages to the next video;
    /// the short drag is cancelled; the long drag dismisses into the cover of the video shown
    /// then (the provider asked again at the dismissal's start and at the release, each time
    /// for the current item).
    @Test func providerFollowsThePlayerAfterPaging() throws {
        let scene = FeedZoomIOS18Scene(size: CGSize(width: 393, height: 852))
        scene.start()
        let grid = scene.grid
        let cv = try #require(grid.collectionView)

        scene.update(elapsed: FeedZoomIOS18Scene.tapTime - 0.05)
        #expect(cv.contentOffset.y > 0, "the fling did not scroll the grid")
        #expect(!cv.isDecelerating)

        scene.update(elapsed: FeedZoomIOS18Scene.pageSwipe.start - 0.01)
        let tapped = try #require(scene.tappedIndex)
        let player = try #require(grid.presentedViewController as? AwemeListViewController)
        #expect(player.preferredTransition != nil && player.transitioningDelegate == nil)
        #expect(grid.zoomSourceRequests == [tapped])
        #expect(player.view.transform == .identity && player.view.frame == scene.driver.window.bounds)

        scene.update(elapsed: FeedZoomIOS18Scene.shortDrag.start - 0.01)
        #expect(player.currentIndex == tapped + 1)

        scene.update(elapsed: FeedZoomIOS18Scene.longDrag.start - 0.01)
        #expect(grid.presentedViewController === player, "the short drag dismissed the player")
        #expect(grid.zoomSourceRequests == [tapped, tapped + 1], "the short drag began a dismissal (asked once)")
        #expect(cv.cellForItem(at: IndexPath(item: tapped + 1, section: 0))?.isHidden == false)

        scene.update(elapsed: FeedZoomIOS18Scene.longDrag.start + FeedZoomIOS18Scene.longDrag.duration + 0.05)
        #expect(grid.zoomSourceRequests == [tapped, tapped + 1, tapped + 1, tapped + 1])
        // The cover the player shrinks into is hidden while it does.
        #expect(cv.cellForItem(at: IndexPath(item: tapped + 1, section: 0))?.isHidden == true)

        scene.update(elapsed: scene.duration)
        #expect(grid.presentedViewController == nil, "the long drag did not dismiss the player")
        #expect(cv.visibleCells.allSatisfy { !$0.isHidden })
    }

    /// Seconds after the scene's start:
    /// - 0.6: the grid moving up under the fling; 4.1: at rest, scrolled;
    /// - 4.3 and 4.45: the tapped cover zooming into the player (clipped, rounded, dimming behind);
    /// - 5.0: the player full screen; 5.45: paging to the next video;
    /// - 6.65: the short drag: the player following the finger, shrunk and rounded; 6.95: springing back;
    /// - 8.0: the long drag; 8.25: released, zooming into the next video's cover; 9.1: back on the grid.
    static let times: [CFTimeInterval] = [0.6, 4.1, 4.3, 4.45, 5.0, 5.45, 6.65, 6.95, 8.0, 8.25, 9.1]

    @Test func feedZoomIOS18Filmstrip() throws {
        let scene = FeedZoomIOS18Scene(size: CGSize(width: 393, height: 852))
        scene.start()
        let start = scene.driver.time
        let frames = scene.driver.renderFrames(at: Self.times.map { start + $0 }, scale: 1)
        let strip = try #require(Filmstrip.join(frames))
        Filmstrip.assert(strip, named: "FeedZoomIOS18/feed-zoom-ios18")
    }
}
