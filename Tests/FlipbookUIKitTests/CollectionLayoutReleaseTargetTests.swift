import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A horizontal flow layout that stops a fling on a multiple of 100 pt, and records what it
/// was asked, as carousel layouts do.
@MainActor
private final class SnappingLayout: UICollectionViewFlowLayout {
    var asked: [(proposed: CGPoint, velocity: CGPoint)] = []
    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        asked.append((proposedContentOffset, velocity))
        return CGPoint(x: (proposedContentOffset.x / 100).rounded() * 100, y: proposedContentOffset.y)
    }
}

@MainActor
private final class Colors: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        cell.backgroundColor = indexPath.item % 2 == 0 ? .systemRed : .systemBlue
        return cell
    }
}

/// UIKit asks a collection view's layout where a fling stops
/// (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`) when a drag ends,
/// and the delegate's `scrollViewWillEndDragging` sees the layout's answer (docs/Semantics.md,
/// "Where a fling stops").
@Suite(.freshRuntime) @MainActor struct CollectionLayoutReleaseTargetTests {
    private func makeCarousel(paging: Bool = false) -> (AppDriver, UICollectionView, SnappingLayout, ScrollRecordingDelegate, Colors) {
        let layout = SnappingLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 90, height: 200)
        layout.minimumLineSpacing = 10
        let vc = UIViewController()
        let app = AppDriver(rootViewController: vc)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 200, width: 393, height: 200), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Colors()
        cv.dataSource = source
        cv.isPagingEnabled = paging
        let delegate = ScrollRecordingDelegate()
        cv.delegate = delegate
        vc.view.addSubview(cv)
        app.advanceFrames(1)
        return (app, cv, layout, delegate, source)
    }

    @Test func aFlingStopsWhereTheLayoutSays() {
        let (app, cv, layout, delegate, source) = makeCarousel()
        defer { withExtendedLifetime((app, source)) {} }
        app.drag(from: CGPoint(x: 320, y: 300), to: CGPoint(x: 180, y: 300), duration: 0.1)
        #expect(layout.asked.count == 1)
        let asked = layout.asked[0]
        // The proposal is where the deceleration would end; the velocity is the delegate's,
        // in points per millisecond, the content moving right.
        #expect(asked.velocity.x > 0.3 && asked.velocity.x < 10)
        #expect(abs(asked.velocity.x - delegate.lastVelocity.x) < 1e-9)
        #expect(delegate.lastTarget.x == (asked.proposed.x / 100).rounded() * 100)
        app.advance(by: 8)
        #expect(cv.contentOffset.x == delegate.lastTarget.x)
        #expect(cv.contentOffset.x.truncatingRemainder(dividingBy: 100) == 0)
    }

    @Test func pagingDoesNotAskTheLayout() {
        let (app, cv, layout, _, source) = makeCarousel(paging: true)
        defer { withExtendedLifetime((app, source)) {} }
        app.drag(from: CGPoint(x: 320, y: 300), to: CGPoint(x: 180, y: 300), duration: 0.1)
        app.advance(by: 3)
        #expect(layout.asked.isEmpty)
        #expect(cv.contentOffset.x == 393)
    }
}
