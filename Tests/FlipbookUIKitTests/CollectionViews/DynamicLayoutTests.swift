import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// An action-sheet style layout: its cells drop under gravity onto a floor, the animator's
/// items being the layout's attributes (`UIDynamicAnimator(collectionViewLayout:)`).
@MainActor final class DroppingFlowLayout: UICollectionViewFlowLayout {
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    var floorY: CGFloat = 400
    var prepares = 0

    override func prepare() {
        super.prepare()
        prepares += 1
        guard animator.behaviors.isEmpty, collectionView != nil else { return }
        let size = collectionViewContentSize
        let items = (super.layoutAttributesForElements(in: CGRect(origin: .zero, size: size)) ?? [])
            .compactMap { $0.copy() as? UICollectionViewLayoutAttributes }
        guard !items.isEmpty else { return }
        animator.addBehavior(UIGravityBehavior(items: items))
        let collision = UICollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: floorY), to: CGPoint(x: 1000, y: floorY))
        animator.addBehavior(collision)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath)
    }
}

@Suite(.freshRuntime) @MainActor struct DynamicLayoutTests {
    @Test func aFlowLayoutsCellsFallThroughTheAnimator() {
        let source = NumberedDataSource(counts: [3])
        let layout = DroppingFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 40)
        layout.minimumLineSpacing = 10
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        root.view.addSubview(view)
        view.layoutIfNeeded()
        #expect(layout.animator.referenceView == nil)
        let first = IndexPath(item: 0, section: 0)
        guard let attributes = layout.animator.layoutAttributesForCell(at: first) else {
            Issue.record("the animator holds the first cell's attributes")
            return
        }
        #expect(attributes.center.y == 20)
        #expect(layout.animator.items(in: view.bounds).count == 3)
        #expect(layout.animator.layoutAttributesForCell(at: IndexPath(item: 7, section: 0)) == nil)
        #expect(layout.animator.layoutAttributesForSupplementaryView(ofKind: "header", at: first) == nil)
        let cell = { view.cellForItem(at: first) }
        #expect(cell()?.center.y == 20)
        let preparesBefore = layout.prepares
        app.advance(by: 0.3)
        // Each step invalidates the layout: the collection view asks it again and moves the cell.
        #expect(layout.prepares > preparesBefore)
        let falling = attributes.center.y
        #expect(falling > 60)
        #expect(abs((cell()?.center.y ?? 0) - falling) < 0.001)
        app.advance(by: 3)
        // The bottom cell rests on the floor at y = 400; the others lie on it.
        let bottom = layout.animator.layoutAttributesForCell(at: IndexPath(item: 2, section: 0))!
        #expect(abs(bottom.frame.maxY - 400) < 1.5)
        #expect(abs((view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.maxY ?? 0) - bottom.frame.maxY) < 0.001)
        #expect(!layout.animator.isRunning)
    }

    @Test func translatedReferenceBoundsAreTheLayoutsContent() {
        let source = NumberedDataSource(counts: [1])
        let layout = DroppingFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 40)
        layout.floorY = 10_000
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        root.view.addSubview(view)
        view.layoutIfNeeded()
        let content = layout.collectionViewContentSize
        let collision = UICollisionBehavior(items: layout.animator.items(in: CGRect(origin: .zero, size: content)))
        collision.translatesReferenceBoundsIntoBoundary = true
        layout.animator.addBehavior(collision)
        app.advance(by: 2)
        let attributes = layout.animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0))!
        // The content is as tall as the one row: the cell stays inside it.
        #expect(abs(attributes.frame.maxY - content.height) < 1.5)
    }
}
