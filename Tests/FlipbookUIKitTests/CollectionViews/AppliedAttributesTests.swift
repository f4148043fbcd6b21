import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// Layout attributes reach a view when they change, not at every layout pass (docs/Semantics.md,
/// "Attributes are applied when they change"): what a carousel does to its cells from
/// `cellForItemAt` and `scrollViewDidScroll` survives scrolling, as on iOS.
@Suite(.freshRuntime) @MainActor struct AppliedAttributesTests {
    /// Turns each cell about its leading edge, as cube-scroll libraries do, and records what
    /// `cellForItemAt` saw.
    final class Cube: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
        var framesSeen: [CGRect] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.tag = indexPath.item
            framesSeen.append(cell.frame)
            turn(cell)
            return cell
        }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            (scrollView as? UICollectionView)?.visibleCells.forEach(turn)
        }
        /// Anchor on the leading edge with the frame kept, then a quarter of a turn about y.
        func turn(_ cell: UICollectionViewCell) {
            if cell.layer.anchorPoint.x != 0 {
                let width = cell.bounds.width
                cell.layer.anchorPoint = CGPoint(x: 0, y: 0.5)
                cell.layer.position.x -= width / 2
            }
            var t = CATransform3DIdentity
            t.m34 = -1 / 500
            cell.layer.transform = CATransform3DRotate(t, .pi / 8, 0, 1, 0)
        }
    }

    func make(_ source: Cube) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 300, height: 200)
        layout.minimumLineSpacing = 0
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        view.layoutIfNeeded()
        return view
    }

    @Test func aCellTurnedInCellForItemAndWhileScrollingKeepsItsAnchorAndTransform() {
        let source = Cube()
        let view = make(source)
        #expect(source.framesSeen.first == CGRect(x: 0, y: 0, width: 300, height: 200), "dequeue applied the attributes")
        for x in stride(from: CGFloat(0), through: 300, by: 50) {
            view.contentOffset = CGPoint(x: x, y: 0)
            view.layoutIfNeeded()
            for cell in view.visibleCells {
                let item = CGFloat(cell.tag)
                #expect(cell.layer.anchorPoint == CGPoint(x: 0, y: 0.5))
                #expect(cell.layer.position == CGPoint(x: item * 300, y: 100), "the leading edge stays where the layout put it")
                #expect(abs(cell.layer.transform.m11 - cos(.pi / 8)) < 1e-9, "the turn survives the layout pass")
            }
        }
    }

    @Test func changedAttributesAreAppliedAgain() {
        let source = Cube()
        let view = make(source)
        let first = view.cellForItem(at: IndexPath(item: 0, section: 0))!
        #expect(first.layer.transform.m11 != 1)
        (view.collectionViewLayout as! UICollectionViewFlowLayout).itemSize = CGSize(width: 300, height: 150)
        view.layoutIfNeeded()
        #expect(first.bounds.size == CGSize(width: 300, height: 150))
        #expect(CATransform3DIsIdentity(first.layer.transform), "new attributes bring their own transform")
    }

    /// A new cell is made with the frame the layout gives it (PSTCollectionView, written to
    /// behave as UIKit's, does the same): a carousel cell that builds its card from `bounds` in
    /// `init(frame:)` gets a card of the item's size, not 0 × 0.
    @Test func aNewCellIsMadeWithItsLayoutFrame() {
        final class CardCell: UICollectionViewCell {
            static var framesMadeWith: [CGRect] = []
            let card: UIView
            override init(frame: CGRect) {
                card = UIView(frame: CGRect(origin: .zero, size: frame.size).insetBy(dx: 10, dy: 10))
                super.init(frame: frame)
                Self.framesMadeWith.append(frame)
                contentView.addSubview(card)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        final class Source: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath)
            }
        }
        CardCell.framesMadeWith = []
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 80)
        layout.minimumInteritemSpacing = 10
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
        let source = Source()
        collection.dataSource = source
        collection.register(CardCell.self, forCellWithReuseIdentifier: "card")
        collection.layoutIfNeeded()
        #expect(CardCell.framesMadeWith == [CGRect(x: 0, y: 0, width: 120, height: 80), CGRect(x: 180, y: 0, width: 120, height: 80)])
        let cards = collection.visibleCells.compactMap { ($0 as? CardCell)?.card.frame }
        #expect(cards == [CGRect(x: 10, y: 10, width: 100, height: 60), CGRect(x: 10, y: 10, width: 100, height: 60)])
        _ = source
    }
}
