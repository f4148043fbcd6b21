import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// UICollectionViewFlowLayout's frames and content sizes against closed forms
/// (docs/Semantics.md, "Flow layout").
@MainActor
@Suite(.freshRuntime) struct FlowLayoutPlacementTests {
    typealias S = CollectionTestSupport

    /// 375 wide, insets 20/15, 100-pt items, spacing 10: 345 available, 3 per line, the spare
    /// 45 shared by two gaps (22.5); the last line of a uniform section keeps the grid.
    @Test func verticalGridWithInsetsAndAPartialLastLine() {
        let source = NumberedDataSource(counts: [7])
        let view = S.make(source: source) {
            $0.itemSize = CGSize(width: 100, height: 100)
            $0.sectionInset = UIEdgeInsets(top: 20, left: 15, bottom: 20, right: 15)
        }
        let frames = S.frames(view)
        let xs: [CGFloat] = [15, 137.5, 260]
        for (i, frame) in frames.enumerated() {
            let expected = CGRect(x: xs[i % 3], y: 20 + CGFloat(i / 3) * 110, width: 100, height: 100)
            #expect(frame == expected, "item \(i)")
        }
        // 20 + 3 lines of 100 + 2 gaps of 10 + 20.
        #expect(view.collectionViewLayout.collectionViewContentSize == CGSize(width: 375, height: 360))
        #expect(view.contentSize == CGSize(width: 375, height: 360))
    }

    /// A partial last line of a section whose items differ keeps the minimum spacing, left
    /// aligned; full lines are justified; items are centred on their line's height.
    @Test func nonUniformItemsJustifyFullLinesAndLeftAlignTheLast() {
        let source = NumberedDataSource(counts: [4])
        source.sizes = [
            IndexPath(item: 0, section: 0): CGSize(width: 100, height: 40),
            IndexPath(item: 1, section: 0): CGSize(width: 150, height: 60),
            IndexPath(item: 2, section: 0): CGSize(width: 80, height: 30),
            IndexPath(item: 3, section: 0): CGSize(width: 120, height: 50),
        ]
        let view = S.make(source: source) { $0.sectionInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 15) }
        let f = S.frames(view)
        // Line 1: 100 + 150 = 250 of 345, one gap of 95; line height 60.
        #expect(f[0] == CGRect(x: 15, y: 10, width: 100, height: 40))
        #expect(f[1] == CGRect(x: 210, y: 0, width: 150, height: 60))
        // Line 2 (last) at 60 + 10: minimum spacing 10, height 50.
        #expect(f[2] == CGRect(x: 15, y: 80, width: 80, height: 30))
        #expect(f[3] == CGRect(x: 105, y: 70, width: 120, height: 50))
        #expect(view.contentSize == CGSize(width: 375, height: 120))
    }

    /// An item that fills more than half the line sits alone and is centred.
    @Test func aLoneItemIsCentred() {
        let source = NumberedDataSource(counts: [2])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 200, height: 80) }
        let f = S.frames(view)
        #expect(f[0] == CGRect(x: 87.5, y: 0, width: 200, height: 80))
        #expect(f[1] == CGRect(x: 87.5, y: 90, width: 200, height: 80))
        #expect(view.contentSize.height == 170)
    }

    /// Headers and footers span the width; the next section starts after the footer.
    @Test func headersAndFootersInTwoSections() {
        let source = NumberedDataSource(counts: [2, 3])
        let view = S.make(source: source) {
            $0.itemSize = CGSize(width: 100, height: 100)
            $0.headerReferenceSize = CGSize(width: 999, height: 50)
            $0.footerReferenceSize = CGSize(width: 1, height: 30)
            $0.sectionInset = UIEdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        }
        let layout = view.collectionViewLayout
        let header0 = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        let footer0 = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        let header1 = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header0?.frame == CGRect(x: 0, y: 0, width: 375, height: 50))
        #expect(header0?.representedElementCategory == .supplementaryView)
        // Section 0: header 50, inset 5, one line of 100, inset 5, footer 30 → 190.
        #expect(footer0?.frame == CGRect(x: 0, y: 160, width: 375, height: 30))
        #expect(header1?.frame == CGRect(x: 0, y: 190, width: 375, height: 50))
        #expect(S.frames(view, section: 1)[0].minY == 245)
        #expect(view.contentSize == CGSize(width: 375, height: 380))
    }

    /// Horizontal scrolling: columns filled top to bottom, 200 tall: 3 items of 50 with two
    /// gaps of 25; columns 20 apart; the header is a column as tall as the view.
    @Test func horizontalColumns() {
        let source = NumberedDataSource(counts: [7])
        let view = S.make(size: CGSize(width: 300, height: 200), source: source) {
            $0.scrollDirection = .horizontal
            $0.itemSize = CGSize(width: 80, height: 50)
            $0.minimumLineSpacing = 20
            $0.headerReferenceSize = CGSize(width: 40, height: 999)
        }
        let f = S.frames(view)
        for (i, frame) in f.enumerated() {
            #expect(frame == CGRect(x: 40 + CGFloat(i / 3) * 100, y: CGFloat(i % 3) * 75, width: 80, height: 50), "item \(i)")
        }
        let header = view.collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 40, height: 200))
        #expect(view.contentSize == CGSize(width: 40 + 3 * 80 + 2 * 20, height: 200))
    }

    /// The rect query returns exactly the elements that meet the rect, for 10 000 items.
    @Test func elementsInRectForALongFeed() {
        let source = NumberedDataSource(counts: [10_000])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 115, height: 160) }
        // 3 per line (gap (375 − 345)/2 = 15); lines 170 apart.
        let rect = CGRect(x: 0, y: 170 * 1000 + 5, width: 375, height: 600)
        let found = view.collectionViewLayout.layoutAttributesForElements(in: rect) ?? []
        let expected = (0..<10_000).filter {
            CGRect(x: CGFloat($0 % 3) * 130, y: CGFloat($0 / 3) * 170, width: 115, height: 160).intersects(rect)
        }
        #expect(found.map(\.indexPath.item) == expected)
        #expect(abs(view.contentSize.height - (3334 * 160 + 3333 * 10)) < 1e-6)
    }

    /// Changing a property re-lays out; so does a new bounds size, but scrolling does not.
    @Test func invalidationOnPropertyAndSizeChanges() {
        let source = NumberedDataSource(counts: [4])
        let view = S.make(source: source) { $0.itemSize = CGSize(width: 100, height: 100) }
        let layout = view.collectionViewLayout as! UICollectionViewFlowLayout
        layout.itemSize = CGSize(width: 50, height: 50)
        view.layoutIfNeeded()
        #expect(S.frames(view)[1].width == 50)
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 40, width: 375, height: 600)))
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 300, height: 600)))
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 600)
        view.layoutIfNeeded()
        #expect(view.contentSize.width == 200)
    }

    /// NaN and negative sizes from the delegate and too-wide items are reported; the layout
    /// stays finite.
    @Test func badSizesAreReported() {
        let source = NumberedDataSource(counts: [3])
        source.sizes = [
            IndexPath(item: 0, section: 0): CGSize(width: CGFloat.nan, height: 40),
            IndexPath(item: 1, section: 0): CGSize(width: -5, height: 40),
            IndexPath(item: 2, section: 0): CGSize(width: 500, height: 40),
        ]
        var view: UICollectionView?
        let messages = FlipbookDiagnostics.capture { view = S.make(source: source) }
        #expect(messages.contains { $0.contains("negative or not finite") })
        #expect(messages.contains { $0.contains("The behavior of the UICollectionViewFlowLayout is not defined") })
        let frames = S.frames(view!)
        #expect(frames.allSatisfy { $0.minX.isFinite && $0.width >= 0 })
        #expect(frames[0].width == 0)
    }
}
