import Foundation
import Testing
import TestSupport
@testable import FlipbookCatalog
import Flipbook

/// Seed 002's transcription checked step by step against the seed: the presented frame at
/// fixed times of the zoom, the scale and centre at fixed pan translations, the 0.2 threshold.
@MainActor
@Suite(.cleanClock) struct FeedZoomFlowTests {
    func makeGrid() -> (AppDriver, AwemeGridViewController) {
        let grid = AwemeGridViewController()
        let driver = AppDriver(rootViewController: grid, device: .iPhone15)
        driver.window.layoutIfNeeded()
        return (driver, grid)
    }

    @Test func gridLaysOutThreeColumnsOfCovers() {
        let (_, grid) = makeGrid()
        let cv = grid.collectionView!
        // 393 wide: 130-pt covers, 173 tall, gaps of 1.5 (spare shared by two gaps).
        #expect(AwemeGridViewController.itemSize(forWidth: 393) == CGSize(width: 130, height: 173))
        #expect(cv.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 131.5, y: 174, width: 130, height: 173))
        #expect(cv.visibleCells.count == 15)  // 852 / 174 → 5 lines of 3
    }
}
