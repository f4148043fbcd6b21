import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A layout that pages its own way (a card stack, a carousel): when a drag is released, the
/// collection view asks it where to rest, with the release velocity, and decelerates there
/// (docs/Semantics.md, "A collection view's layout chooses where a drag comes to rest").
@Suite(.freshRuntime) @MainActor struct LayoutReleaseTargetTests {
    /// Rests only on multiples of 250 pt, one step in the fling's direction.
    final class StepLayout: UICollectionViewFlowLayout {
        var asked: [(proposed: CGPoint, velocity: CGPoint)] = []
        override func targetContentOffset(
            forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
        ) -> CGPoint {
            asked.append((proposedContentOffset, velocity))
            let y = collectionView?.contentOffset.y ?? 0
            let step: CGFloat = 250
            let page = velocity.y > 0 ? (y / step).rounded(.up) : velocity.y < 0 ? (y / step).rounded(.down) : (y / step).rounded()
            return CGPoint(x: proposedContentOffset.x, y: page * step)
        }
    }

    final class ReleaseLog: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
        var targets: [CGPoint] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            targets.append(targetContentOffset.pointee)
        }
    }

    @Test func aReleasedDragRestsWhereTheLayoutSays() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let layout = StepLayout()
        layout.itemSize = CGSize(width: 300, height: 100)
        let log = ReleaseLog()
        let view = UICollectionView(frame: root.view.bounds, collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = log
        view.delegate = log
        root.view.addSubview(view)
        app.advanceFrames(2)
        // 120 pt up in 0.2 s: 600 pt/s, well short of a page on its own.
        app.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 480), duration: 0.2)
        #expect(layout.asked.count == 1)
        if let a = layout.asked.first {
            // Points per millisecond, the unit the delegate's release velocity uses.
            #expect(abs(a.velocity.y - 0.6) < 0.05)
            #expect(a.velocity.x == 0)
        }
        #expect(log.targets == [CGPoint(x: 0, y: 250)])
        app.advance(by: 2)
        #expect(abs(view.contentOffset.y - 250) < 0.5)
        #expect(!view.isDecelerating)
    }
}
