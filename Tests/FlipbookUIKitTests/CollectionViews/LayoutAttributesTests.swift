import Foundation
import Testing
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// `UICollectionViewLayoutAttributes` as the SDK declares it: main-actor isolated, `NSCopying`
/// with an isolated `copy(with:)` that subclasses override, and a `UIDynamicItem`.
@MainActor
struct LayoutAttributesTests {
    /// A subclass as iOS code writes one: an extra property carried by its copy and its equality.
    final class TiltAttributes: UICollectionViewLayoutAttributes {
        var tilt: CGFloat = 0

        override func copy(with zone: NSZone? = nil) -> Any {
            let copy = super.copy(with: zone) as! TiltAttributes
            copy.tilt = tilt
            return copy
        }

        override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? TiltAttributes else { return false }
            return MainActor.assumeIsolated { other.tilt == tilt } && super.isEqual(object)
        }
    }

    @Test func copiesKeepTheSubclassAndItsProperties() {
        let a = TiltAttributes(forCellWith: IndexPath(item: 3, section: 1))
        a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        a.tilt = 0.25
        let b = a.copy() as! TiltAttributes
        #expect(b.tilt == 0.25 && b.frame == a.frame && b.indexPath == IndexPath(item: 3, section: 1))
        #expect(a.isEqual(b))
        b.tilt = 0.5
        #expect(!a.isEqual(b))
        #expect(a.description.contains("index path: (1-3)"))
    }

    /// A flow layout subclass that declares its own `layoutAttributesClass` gets instances of
    /// it from `super`, for cells and headers, as from UIKit's flow layout: layouts that copy
    /// them as that class (`$0.copy() as? TiltAttributes`) would otherwise show no cells.
    final class TiltLayout: UICollectionViewFlowLayout {
        override class var layoutAttributesClass: AnyClass { TiltAttributes.self }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            super.layoutAttributesForElements(in: rect)?.compactMap { $0.copy() as? TiltAttributes }
        }
    }

    @Test func theFlowLayoutMakesItsAttributesAsTheDeclaredClass() {
        let layout = TiltLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let source = NumberedDataSource(counts: [6])
        collection.dataSource = source
        collection.layoutIfNeeded()
        #expect(layout.layoutAttributesForElements(in: collection.bounds)?.count == 6)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) is TiltAttributes)
        #expect(collection.visibleCells.count == 6)
        // Headers too (asked of the layout alone: this data source makes no header views).
        layout.headerReferenceSize = CGSize(width: 320, height: 40)
        layout.invalidateLayout()
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header is TiltAttributes)
        #expect(header?.representedElementKind == UICollectionView.elementKindSectionHeader)
    }

    /// A dynamic item: the animator moves `center` and reads `bounds` and `transform`.
    @Test func attributesAreDynamicItems() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let item: any UIDynamicItem = a
        item.center = CGPoint(x: 50, y: 60)
        #expect(a.frame == CGRect(x: 30, y: 40, width: 40, height: 40))
        #expect(item.bounds == CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(item.collisionBoundsType == .rectangle)
    }

    /// `description` and `isEqual(_:)` are nonisolated (NSObject's): called from another
    /// thread they report it and answer without reading the attributes, instead of trapping.
    @Test func offTheMainActorDescriptionAndEqualityReportInsteadOfTrapping() async {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 4, section: 2))
        let b = a.copy() as! UICollectionViewLayoutAttributes
        #expect(a.isEqual(b))
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        let (description, equalToCopy, equalToItself, equalToOther) = await Task.detached {
            (a.description, a.isEqual(b), a.isEqual(a), a.isEqual("not attributes"))
        }.value
        #expect(description.hasPrefix("<UICollectionViewLayoutAttributes: 0x"))
        #expect(!description.contains("index path"))
        #expect(!equalToCopy && equalToItself && !equalToOther)
        // Reported from the other thread, told to observers on the main actor's next turns.
        for _ in 0..<200 where reports.count < 2 { await Task.yield() }
        #expect(reports.contains { $0.contains("UICollectionViewLayoutAttributes.description called off the main actor") })
        #expect(reports.contains { $0.contains("UICollectionViewLayoutAttributes.isEqual(_:) called off the main actor") })
        // On the main actor nothing is reported and the attributes are read.
        #expect(a.description.contains("index path: (2-4)"))
    }
}
