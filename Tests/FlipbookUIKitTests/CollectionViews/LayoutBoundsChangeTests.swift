import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// A flow layout that writes down what the collection view tells it about bounds changes.
@MainActor final class BoundsLoggingLayout: UICollectionViewFlowLayout {
    /// (the proposed bounds, the collection view's bounds while it was asked)
    var asked: [(proposed: CGRect, current: CGRect)] = []
    var accept = false
    var contextsMade = 0
    var prepares = 0

    override func prepare() {
        super.prepare()
        prepares += 1
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        asked.append((newBounds, collectionView?.bounds ?? .null))
        return accept || super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        contextsMade += 1
        return super.invalidationContext(forBoundsChange: newBounds)
    }
}

/// A layout whose cells hang from springs at their grid places and are dragged only part of the
/// way when the list scrolls, so they lag behind it and catch up (UIKit Dynamics on a layout).
@MainActor final class LaggingSpringLayout: UICollectionViewFlowLayout {
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    /// How much of a scroll the items follow at once (the rest is left to their springs).
    var follow: CGFloat = 0.4

    override func prepare() {
        super.prepare()
        guard animator.behaviors.isEmpty, collectionView != nil else { return }
        let all = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionViewContentSize)) ?? []
        for attributes in all {
            guard let item = attributes.copy() as? UICollectionViewLayoutAttributes else { continue }
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = 0.7
            spring.frequency = 1.5
            animator.addBehavior(spring)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        // The collection view still has its old bounds: the difference is this scroll step.
        let dy = newBounds.origin.y - view.bounds.origin.y
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            guard let item = spring.items.first else { continue }
            item.center.y += dy * follow
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }

    /// The spring's anchor: where the item sits when at rest.
    func restingCenter(_ indexPath: IndexPath) -> CGPoint? {
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            if let item = spring.items.first as? UICollectionViewLayoutAttributes, item.indexPath == indexPath {
                return spring.anchorPoint
            }
        }
        return nil
    }
}

@Suite(.freshRuntime) @MainActor struct LayoutBoundsChangeTests {
    private func makeView(_ layout: UICollectionViewFlowLayout, items: Int, source: NumberedDataSource) -> UICollectionView {
        layout.itemSize = CGSize(width: 300, height: 60)
        layout.minimumLineSpacing = 10
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        return view
    }

    @Test func theLayoutIsAskedAboutEveryScrollBeforeTheBoundsMove() {
        let source = NumberedDataSource(counts: [40])
        let layout = BoundsLoggingLayout()
        let root = UIViewController()
        _ = AppDriver(rootViewController: root)
        let view = makeView(layout, items: 40, source: source)
        root.view.addSubview(view)
        view.layoutIfNeeded()
        layout.asked = []
        view.contentOffset = CGPoint(x: 0, y: 100)
        #expect(layout.asked.count == 1)
        #expect(layout.asked.first?.proposed.origin.y == 100)
        // Asked before the change: the collection view still answered the old bounds.
        #expect(layout.asked.first?.current.origin.y == 0)
        // The flow layout keeps its pass for a scroll.
        view.layoutIfNeeded()
        let preparesAfterScroll = layout.prepares
        #expect(layout.contextsMade == 0)
        // A layout that accepts is invalidated with the bounds-change context and prepared again.
        layout.accept = true
        view.contentOffset = CGPoint(x: 0, y: 150)
        #expect(layout.asked.last?.current.origin.y == 100)
        #expect(layout.contextsMade == 1)
        view.layoutIfNeeded()
        #expect(layout.prepares == preparesAfterScroll + 1)
        // Setting the same bounds again is not a change.
        let count = layout.asked.count
        view.contentOffset = CGPoint(x: 0, y: 150)
        #expect(layout.asked.count == count)
    }

    @Test func springLoadedCellsLagBehindAScrollAndSettleOnTheirPlaces() {
        let source = NumberedDataSource(counts: [40])
        let layout = LaggingSpringLayout()
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let view = makeView(layout, items: 40, source: source)
        root.view.addSubview(view)
        view.layoutIfNeeded()
        app.advance(by: 0.5)
        let probe = IndexPath(item: 4, section: 0)
        guard let rest = layout.restingCenter(probe) else {
            Issue.record("the layout hangs the item from a spring")
            return
        }
        // Scroll by 120 pt in steps, as a drag does.
        for step in 1...6 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 20)
            app.advanceFrames(1)
        }
        let lagging = view.cellForItem(at: probe)?.center.y ?? rest.y
        // The cell has not followed the whole scroll: pushed down the content by part of each
        // step, it is still visibly below its resting place (it trails on screen).
        #expect(lagging - rest.y > 20)
        app.advance(by: 3)
        let settled = view.cellForItem(at: probe)?.center.y ?? .nan
        #expect(abs(settled - rest.y) < 1)
        #expect(!layout.animator.isRunning)
    }
}
