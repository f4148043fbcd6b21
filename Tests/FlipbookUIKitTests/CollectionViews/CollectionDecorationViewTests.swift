import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// A background card behind a section (a common use of decoration views).
@MainActor
final class SectionBackgroundView: UICollectionReusableView {
    nonisolated(unsafe) static var made = 0
    override init(frame: CGRect) {
        SectionBackgroundView.made += 1
        super.init(frame: frame)
        backgroundColor = .systemGray5
    }
    required init?(coder: NSCoder) { nil }
}

/// A flow layout that puts a decoration view behind each section's items.
@MainActor
final class CardLayout: UICollectionViewFlowLayout {
    static let kind = "section-background"
    var registers = true

    override func prepare() {
        super.prepare()
        if registers { register(SectionBackgroundView.self, forDecorationViewOfKind: Self.kind) }
    }

    private func sectionFrame(_ section: Int) -> CGRect? {
        guard let cv = collectionView, section < cv.numberOfSections else { return nil }
        let n = cv.numberOfItems(inSection: section)
        guard n > 0, let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
            let last = layoutAttributesForItem(at: IndexPath(item: n - 1, section: section))
        else { return nil }
        return CGRect(x: 0, y: first.frame.minY, width: cv.bounds.width, height: last.frame.maxY - first.frame.minY)
            .insetBy(dx: 0, dy: -5)
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard elementKind == Self.kind, let frame = sectionFrame(indexPath.section) else { return nil }
        let a = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        a.frame = frame
        a.zIndex = -1
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var all = super.layoutAttributesForElements(in: rect) ?? []
        for s in 0..<(collectionView?.numberOfSections ?? 0) {
            if let a = layoutAttributesForDecorationView(ofKind: Self.kind, at: IndexPath(item: 0, section: s)),
                a.frame.intersects(rect)
            {
                all.append(a)
            }
        }
        return all
    }
}

/// Decoration views: made from the class registered with the layout, placed by the layout's
/// attributes behind the cells, queued and reused when they scroll away.
@MainActor
@Suite(.freshRuntime) struct CollectionDecorationViewTests {
    private func make(_ layout: CardLayout, counts: [Int]) -> (UICollectionView, NumberedDataSource) {
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 20, left: 0, bottom: 20, right: 0)
        let source = NumberedDataSource(counts: counts)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 400), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.layoutIfNeeded()
        return (view, source)
    }

    private func decorations(_ view: UICollectionView) -> [SectionBackgroundView] {
        view.subviews.compactMap { $0 as? SectionBackgroundView }.filter { !$0.isHidden }
    }

    @Test func decorationViewsAreShownBehindTheCellsAndReused() {
        SectionBackgroundView.made = 0
        let (view, source) = make(CardLayout(), counts: [6, 6, 6, 6])
        // Section 0: items on lines y 20 and 130 → card y 15…235; section 1 starts at 250 + 20.
        let shown = decorations(view)
        #expect(shown.count == 2)
        #expect(shown.map(\.frame).contains(CGRect(x: 0, y: 15, width: 375, height: 220)))
        #expect(shown.map(\.frame).contains(CGRect(x: 0, y: 265, width: 375, height: 220)))
        #expect(shown.allSatisfy { $0.layer.zPosition == -1 })
        // Behind the cells in the subview order too.
        let firstCell = view.subviews.firstIndex { $0 is UICollectionViewCell && !$0.isHidden }!
        #expect(shown.allSatisfy { view.subviews.firstIndex(of: $0)! < firstCell })
        // Scrolling to the end queues the first cards and reuses them for the later sections.
        view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - 400)
        view.layoutIfNeeded()
        let later = decorations(view)
        #expect(later.count == 2)
        #expect(later.map(\.frame.minY).sorted() == [515, 765])
        #expect(SectionBackgroundView.made == 2)
        withExtendedLifetime(source) {}
    }

    @Test func anUnregisteredDecorationKindIsReported() {
        let layout = CardLayout()
        layout.registers = false
        var made: (UICollectionView, NumberedDataSource)?
        let messages = FlipbookDiagnostics.capture { made = make(layout, counts: [3]) }
        #expect(messages.contains { $0.contains("decoration view of kind section-background") })
        #expect(decorations(made!.0).isEmpty)
        #expect(made!.0.visibleCells.count == 3)
    }
}
