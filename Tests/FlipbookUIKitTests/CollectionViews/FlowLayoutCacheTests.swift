import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// A data source with no delegate: the flow layout sizes every item with `itemSize`.
@MainActor
private final class CountSource: NSObject, UICollectionViewDataSource {
    var counts: [Int]
    init(counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// A flow delegate that counts the sizes it is asked for.
@MainActor
private final class CountingDelegate: NSObject, UICollectionViewDelegateFlowLayout {
    var sizeRequests = 0
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizeRequests += 1
        return CGSize(width: 100, height: 100)
    }
}

/// The flow layout's cache (docs/Renderer.md, "Flow layout's cache"): one pass per
/// invalidation, attributes handed out again while their frame stays the same and nobody
/// changed them, and the one-size path giving the per-item path's frames bit for bit.
@MainActor
@Suite(.freshRuntime) struct FlowLayoutCacheTests {
    private func make(counts: [Int], configure: (UICollectionViewFlowLayout) -> Void = { _ in }) -> (
        UICollectionView, UICollectionViewFlowLayout, CountSource
    ) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        configure(layout)
        let source = CountSource(counts: counts)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.layoutIfNeeded()
        return (view, layout, source)
    }

    private func bits(_ r: CGRect) -> [UInt64] {
        [r.origin.x.native.bitPattern, r.origin.y.native.bitPattern, r.size.width.native.bitPattern, r.size.height.native.bitPattern]
    }

    /// Every item sized alike, solved with the one-size path and with the per-item path (as
    /// when a delegate returns the same size): the same frames, lines, content size and
    /// problem, bit for bit; and a section solved over the storage of an earlier, different
    /// pass ends up as a fresh solve does.
    @Test func oneSizeAndPerItemPathsAgreeBitForBit() {
        let sizes = [
            CGSize(width: 100, height: 100), CGSize(width: 130, height: 173), CGSize(width: 0.1, height: 7.3),
            CGSize(width: 0, height: 20), CGSize(width: 400, height: 50), CGSize(width: 187.5, height: -0.0),
            CGSize(width: 1.0 / 3.0, height: 1e-9),
        ]
        let widths: [CGFloat] = [375, 393, 100.3, 0]
        let spacings: [CGFloat] = [10, 1, 0, -3, 0.7]
        let counts = [1, 2, 3, 7, 100]
        var checked = 0
        for vertical in [true, false] {
            for width in widths {
                for size in sizes {
                    for spacing in spacings {
                        let inputs = counts.map {
                            FlowLayoutSolver.SectionInput(
                                itemCount: $0, inset: UIEdgeInsets(top: 3, left: 15, bottom: 4, right: 12.5), lineSpacing: spacing + 1,
                                interitemSpacing: spacing, headerSize: CGSize(width: 5, height: 20), footerSize: .zero)
                        } + [
                            FlowLayoutSolver.SectionInput(
                                itemCount: 0, inset: .zero, lineSpacing: 0, interitemSpacing: 0, headerSize: .zero,
                                footerSize: CGSize(width: 8, height: 8))
                        ]
                        let solver = FlowLayoutSolver(isVertical: vertical, available: CGSize(width: width, height: width * 1.7))
                        var uniform: [FlowLayoutSolver.Section] = []
                        var uniformProblem: FlowLayoutSolver.Problem?
                        let uniformSize = solver.solve(sections: inputs, sizes: .uniform(size), into: &uniform, problem: &uniformProblem)
                        var perItem: [FlowLayoutSolver.Section] = []
                        var perItemProblem: FlowLayoutSolver.Problem?
                        let perItemSize = solver.solve(
                            sections: inputs, sizes: .perItem { _, _ in size }, into: &perItem, problem: &perItemProblem)
                        // Over storage of another pass (other counts and size).
                        var reused: [FlowLayoutSolver.Section] = []
                        var ignored: FlowLayoutSolver.Problem?
                        let other = inputs.reversed().map { input in
                            var input = input
                            input.itemCount = (input.itemCount * 7 + 3) % 11
                            return input
                        }
                        _ = solver.solve(
                            sections: Array(other), sizes: .uniform(CGSize(width: 50, height: 60)), into: &reused, problem: &ignored)
                        var reusedProblem: FlowLayoutSolver.Problem?
                        let reusedSize = solver.solve(sections: inputs, sizes: .uniform(size), into: &reused, problem: &reusedProblem)
                        let context = "vertical \(vertical) width \(width) size \(size) spacing \(spacing)"
                        #expect(bits(CGRect(origin: .zero, size: uniformSize)) == bits(CGRect(origin: .zero, size: perItemSize)), "\(context)")
                        #expect(bits(CGRect(origin: .zero, size: reusedSize)) == bits(CGRect(origin: .zero, size: perItemSize)), "\(context)")
                        #expect(uniformProblem == perItemProblem && reusedProblem == perItemProblem, "\(context)")
                        for (s, expected) in perItem.enumerated() {
                            for got in [uniform[s], reused[s]] {
                                #expect(got.itemFrames.map(bits) == expected.itemFrames.map(bits), "\(context) section \(s)")
                                #expect(got.lines.map(\.items) == expected.lines.map(\.items), "\(context) section \(s)")
                                #expect(
                                    got.lines.map { bits(CGRect(x: $0.mainMin, y: $0.mainMax, width: 0, height: 0)) }
                                        == expected.lines.map { bits(CGRect(x: $0.mainMin, y: $0.mainMax, width: 0, height: 0)) },
                                    "\(context) section \(s)")
                                #expect(got.headerFrame == expected.headerFrame && got.footerFrame == expected.footerFrame)
                                #expect(got.mainMin == expected.mainMin && got.mainMax == expected.mainMax)
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * widths.count * sizes.count * spacings.count * (counts.count + 1))
    }

    /// The same attributes object answers every query while the item's frame stays the
    /// same, across invalidations too; a new frame gets a new object and the one handed out
    /// before keeps its values.
    @Test func attributesAreHandedOutAgainUntilTheirFrameChanges() {
        let (view, layout, _) = make(counts: [30])
        let path = IndexPath(item: 4, section: 0)
        let first = layout.layoutAttributesForItem(at: path)!
        let inRect = layout.layoutAttributesForElements(in: view.bounds)!.first { $0.indexPath == path }
        #expect(inRect === first)
        #expect(view.layoutAttributesForItem(at: path) === first)
        layout.invalidateLayout()
        view.layoutIfNeeded()
        #expect(layout.layoutAttributesForItem(at: path) === first)
        layout.itemSize = CGSize(width: 80, height: 80)
        view.layoutIfNeeded()
        let moved = layout.layoutAttributesForItem(at: path)!
        #expect(moved !== first)
        // 375 - 4 × 80 = 55 spare: 4 a line, gaps of 55 / 3; item 4 starts the second line.
        #expect(moved.frame == CGRect(x: 0, y: 90, width: 80, height: 80))
        #expect(first.frame == CGRect(x: 137.5, y: 110, width: 100, height: 100))
        #expect(first.indexPath == path && first.alpha == 1)
    }

    /// Attributes a caller changed without copying them are not handed out again: the next
    /// query gets new ones with the layout's values, and a changed frame is reported with
    /// UIKit's "cached frame mismatch" message.
    @Test func attributesChangedByACallerAreReplaced() {
        let (view, layout, _) = make(counts: [10])
        let path = IndexPath(item: 1, section: 0)
        let original = layout.layoutAttributesForItem(at: path)!
        let frame = original.frame
        original.frame.origin.x += 5
        var again: UICollectionViewLayoutAttributes?
        let messages = FlipbookDiagnostics.capture {
            again = layout.layoutAttributesForElements(in: view.bounds)?.first { $0.indexPath == path }
        }
        #expect(again !== original)
        #expect(again?.frame == frame)
        #expect(messages.contains { $0.contains("cached frame mismatch") && $0.contains("without copying them") })
        // Only the alpha changed: replaced without a report.
        again?.alpha = 0.5
        var third: UICollectionViewLayoutAttributes?
        let quiet = FlipbookDiagnostics.capture { third = layout.layoutAttributesForItem(at: path) }
        #expect(third !== again && third?.alpha == 1 && third?.frame == frame)
        #expect(quiet.isEmpty)
        // A copy is free to change.
        let copy = third!.copy() as! UICollectionViewLayoutAttributes
        copy.alpha = 0
        #expect(layout.layoutAttributesForItem(at: path) === third)
    }

    /// An inserted item's initial attributes are a copy at alpha 0; the layout's own stay at 1.
    @Test func initialAttributesOfAnInsertedItemAreACopy() {
        let (_, layout, _) = make(counts: [5])
        let path = IndexPath(item: 2, section: 0)
        let final = layout.layoutAttributesForItem(at: path)!
        layout.prepare(forCollectionViewUpdates: [UICollectionViewUpdateItem(action: .insert, before: nil, after: path)])
        let initial = layout.initialLayoutAttributesForAppearingItem(at: path)
        #expect(initial !== final && initial?.alpha == 0 && initial?.frame == final.frame)
        #expect(final.alpha == 1)
        #expect(layout.layoutAttributesForItem(at: path) === final)
        layout.finalizeCollectionViewUpdates()
    }

    /// `prepare()` works the layout out once per invalidation: called again with nothing
    /// invalidated it does not ask the delegate again; after `invalidateLayout()` it does.
    @Test func prepareRunsOncePerInvalidation() {
        let layout = UICollectionViewFlowLayout()
        let source = CountSource(counts: [6])
        let delegate = CountingDelegate()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = delegate
        view.layoutIfNeeded()
        #expect(delegate.sizeRequests == 6)
        layout.prepare()
        _ = layout.layoutAttributesForElements(in: view.bounds)
        #expect(delegate.sizeRequests == 6)
        layout.invalidateLayout()
        layout.prepare()
        #expect(delegate.sizeRequests == 12)
        // The query after the explicit prepare does not prepare again.
        _ = layout.layoutAttributesForElements(in: view.bounds)
        view.layoutIfNeeded()
        #expect(delegate.sizeRequests == 12)
        // A new bounds size is a new pass.
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 600)
        view.layoutIfNeeded()
        #expect(delegate.sizeRequests == 18)
        #expect(view.contentSize.width == 300)
    }

    /// Fewer items after a reload: the cache shrinks with the section and the remaining items
    /// keep their attributes; more items get new ones.
    @Test func itemCountChangesResizeTheCache() {
        let (view, layout, source) = make(counts: [9])
        let kept = layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!
        source.counts = [3]
        view.reloadData()
        view.layoutIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) === kept)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)) == nil)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: 10_000))?.count == 3)
        source.counts = [5, 2]
        view.reloadData()
        view.layoutIfNeeded()
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: 10_000)) ?? []
        #expect(all.map { [$0.indexPath.section, $0.indexPath.item] } == [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 0], [1, 1]])
        #expect(all[5].frame == CGRect(x: 0, y: 210, width: 100, height: 100))
    }
}
