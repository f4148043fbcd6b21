import Foundation
import Testing
import TestSupport
@testable import FlipbookCatalog
import Flipbook

@MainActor
@Suite(.cleanClock) struct ZZFeedPerfProbe {
    @Test func probe() {
        let scene = FeedZoomScene(size: CGSize(width: 393, height: 852))
        scene.start()
        let t0 = Date()
        for i in 1...20 { scene.update(elapsed: Double(i) / 30) }
        let t1 = Date()
        print("PROBE grid 20 frames: \(t1.timeIntervalSince(t0)) s; subviews of cv: \(scene.grid.collectionView.subviews.count)")
        for i in 1...30 { scene.update(elapsed: 2.3 + Double(i) / 30) }
        print("PROBE zoom 30 frames: \(Date().timeIntervalSince(t1)) s")
    }
}
