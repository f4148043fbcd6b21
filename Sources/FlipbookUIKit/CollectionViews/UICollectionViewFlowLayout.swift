import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The line-based grid layout, UIKit's `UICollectionViewFlowLayout`.
///
/// Items fill each line along the cross axis (left to right for vertical scrolling, top to
/// bottom for horizontal); a full line shares its spare space equally between its gaps, so
/// `minimumInteritemSpacing` is a minimum; a line holding one item centres it; the last line
/// of a section keeps the spacing of a full line when every item has the same size and
/// `minimumInteritemSpacing` otherwise; items of different sizes are centred on their line;
/// lines are `minimumLineSpacing` apart; section insets surround the lines; headers and
/// footers span the cross axis (docs/Semantics.md, "Flow layout"). The
/// `UICollectionViewDelegateFlowLayout` methods override the properties per section or item.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size of every item unless the delegate gives one (50 × 50 by default).
    open var itemSize: CGSize {
        get { _itemSize }
        set {
            _itemSize = newValue
            invalidateLayout()
        }
    }
    private var _itemSize: CGSize = CGSize(width: 50, height: 50)
    /// A non-zero value turns on self-sizing: items start at this size and take the size their
    /// cell's `preferredLayoutAttributesFitting(_:)` returns once displayed.
    open var estimatedItemSize: CGSize {
        get { _estimatedItemSize }
        set {
            _estimatedItemSize = newValue
            invalidateLayout()
        }
    }
    private var _estimatedItemSize: CGSize = .zero
    /// The smallest distance between lines (10 by default).
    open var minimumLineSpacing: CGFloat {
        get { _minimumLineSpacing }
        set {
            _minimumLineSpacing = newValue
            invalidateLayout()
        }
    }
    private var _minimumLineSpacing: CGFloat = 10
    /// The smallest distance between items of a line (10 by default).
    open var minimumInteritemSpacing: CGFloat {
        get { _minimumInteritemSpacing }
        set {
            _minimumInteritemSpacing = newValue
            invalidateLayout()
        }
    }
    private var _minimumInteritemSpacing: CGFloat = 10
    /// The margins around each section's items.
    open var sectionInset: UIEdgeInsets {
        get { _sectionInset }
        set {
            _sectionInset = newValue
            invalidateLayout()
        }
    }
    private var _sectionInset: UIEdgeInsets = .zero
    /// The scrolling axis (vertical by default).
    open var scrollDirection: UICollectionView.ScrollDirection {
        get { _scrollDirection }
        set {
            _scrollDirection = newValue
            invalidateLayout()
        }
    }
    private var _scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The size of each section's header: only its height counts when scrolling vertically,
    /// its width when scrolling horizontally; zero means no header.
    open var headerReferenceSize: CGSize {
        get { _headerReferenceSize }
        set {
            _headerReferenceSize = newValue
            invalidateLayout()
        }
    }
    private var _headerReferenceSize: CGSize = .zero
    /// The size of each section's footer, as `headerReferenceSize`.
    open var footerReferenceSize: CGSize {
        get { _footerReferenceSize }
        set {
            _footerReferenceSize = newValue
            invalidateLayout()
        }
    }
    private var _footerReferenceSize: CGSize = .zero
    /// Whether headers stay pinned to the top while their section scrolls (kept; not drawn pinned).
    open var sectionHeadersPinToVisibleBounds = false
    /// Whether footers stay pinned (kept; not drawn pinned).
    open var sectionFootersPinToVisibleBounds = false
    /// How section insets are measured (kept; Flipbook measures from the content inset).
    open var sectionInsetReference: SectionInsetReference {
        get { _sectionInsetReference }
        set {
            _sectionInsetReference = newValue
            invalidateLayout()
        }
    }
    private var _sectionInsetReference: SectionInsetReference = .fromContentInset

    /// The reference the section insets are measured from, UIKit's
    /// `UICollectionViewFlowLayout.SectionInsetReference`.
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// The value of `estimatedItemSize` that asks for self-sizing with no estimate.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // MARK: Prepared state

    /// The frames of the last pass, with the attributes handed out for them (see `prepare()`).
    private(set) var solvedSections: [FlowLayoutSolver.Section] = []
    private var contentSize: CGSize = .zero
    /// The collection view's bounds size at the last `prepare()`.
    private var preparedSize: CGSize?
    /// What the last pass was worked out for: the layout's invalidation count and the
    /// collection view (with `preparedSize`).
    private var preparedInvalidation: Int?
    private weak var preparedCollectionView: UICollectionView?
    /// Sizes reported by self-sizing cells, by index path.
    var selfSizedItemSizes: [IndexPath: CGSize] = [:]
    /// Index paths inserted/deleted by the batch update in progress.
    private var insertedIndexPaths: Set<IndexPath> = []
    private var deletedIndexPaths: Set<IndexPath> = []

    open override var collectionViewContentSize: CGSize { contentSize }

    /// Works out every item's frame: once per invalidation, as UIKit's flow layout does (a
    /// second call with nothing invalidated in between keeps the last pass; the delegate is
    /// not asked again). The attributes of an item are made when first asked for and handed
    /// out again while its frame stays the same and nobody changed them (UIKit's flow layout
    /// also returns its cached attributes; callers copy before modifying).
    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            solvedSections = []
            contentSize = .zero
            preparedInvalidation = nil
            return
        }
        let bounds = collectionView.bounds.size
        if preparedInvalidation == invalidationCount, preparedCollectionView === collectionView, preparedSize == bounds {
            return
        }
        preparedInvalidation = invalidationCount
        preparedCollectionView = collectionView
        preparedSize = bounds
        let insets = collectionView.adjustedContentInset
        let available = CGSize(
            width: bounds.width - insets.left - insets.right, height: bounds.height - insets.top - insets.bottom)
        let delegate = DelegateForwardingChain.resolve(
            collectionView.delegate, as: UICollectionViewDelegateFlowLayout.self)
        let sectionCount = collectionView.numberOfSections
        var inputs: [FlowLayoutSolver.SectionInput] = []
        inputs.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            var input = FlowLayoutSolver.SectionInput(
                itemCount: collectionView.numberOfItems(inSection: section), inset: sectionInset,
                lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
                headerSize: headerReferenceSize, footerSize: footerReferenceSize)
            if let delegate {
                input.inset = delegate.collectionView(collectionView, layout: self, insetForSectionAt: section)
                input.lineSpacing = delegate.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
                input.interitemSpacing = delegate.collectionView(
                    collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                input.headerSize = delegate.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                input.footerSize = delegate.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
            }
            input.inset = Self.validated(input.inset, what: "section inset", section: section)
            input.lineSpacing = Self.validated(input.lineSpacing, what: "minimum line spacing", section: section)
            input.interitemSpacing = Self.validated(input.interitemSpacing, what: "minimum interitem spacing", section: section)
            input.headerSize = Self.validated(input.headerSize, what: "header reference size", at: IndexPath(item: 0, section: section))
            input.footerSize = Self.validated(input.footerSize, what: "footer reference size", at: IndexPath(item: 0, section: section))
            inputs.append(input)
        }
        let selfSizing = estimatedItemSize != .zero
        let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
        let fixedSize = Self.validated(itemSize, what: "item size", at: IndexPath(item: 0, section: 0))
        let sizes: FlowLayoutSolver.ItemSizes
        if selfSizing {
            let measured = selfSizedItemSizes
            if measured.isEmpty, estimate.width.isFinite, estimate.height.isFinite, estimate.width >= 0, estimate.height >= 0 {
                sizes = .uniform(estimate)
            } else {
                sizes = .perItem { section, item in measured[IndexPath(item: item, section: section)] ?? estimate }
            }
        } else if let delegate {
            sizes = .perItem { section, item in
                let path = IndexPath(item: item, section: section)
                return Self.validated(
                    delegate.collectionView(collectionView, layout: self, sizeForItemAt: path), what: "item size", at: path)
            }
        } else {
            sizes = .uniform(fixedSize)
        }
        var problem: FlowLayoutSolver.Problem?
        let solver = FlowLayoutSolver(isVertical: scrollDirection == .vertical, available: available)
        // Solved in place (moved out so the arrays are not copied on write).
        var sections = solvedSections
        solvedSections = []
        contentSize = solver.solve(sections: inputs, sizes: sizes, into: &sections, problem: &problem)
        solvedSections = sections
        if case .itemTooLarge(let path) = problem {
            let axis = scrollDirection == .vertical ? "width" : "height"
            let sides = scrollDirection == .vertical ? "left and right" : "top and bottom"
            FlipbookDiagnostics.report(
                "The behavior of the UICollectionViewFlowLayout is not defined because: the item \(axis) must be less than the \(axis) of the UICollectionView minus the section insets \(sides) values, minus the content insets \(sides) values (first at item \(path.item) of section \(path.section)).",
                once: "UICollectionViewFlowLayout.itemTooLarge")
        }
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        prepareIfNeeded()
        let vertical = scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX
        let hi = vertical ? rect.maxY : rect.maxX
        // The lines of each section that reach into [lo, hi] on the main axis (sorted along it:
        // binary search for the first that reaches `lo`), to size the result once.
        var candidates: [(section: Int, lines: Range<Int>)] = []
        var itemCount = 0
        for (sectionIndex, section) in solvedSections.enumerated() {
            if section.mainMax < lo || section.mainMin > hi { continue }
            let lines = section.lines
            var low = 0
            var high = lines.count
            while low < high {
                let mid = (low + high) / 2
                if lines[mid].mainMax < lo { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < lines.count, lines[end].mainMin <= hi { end += 1 }
            candidates.append((sectionIndex, low..<end))
            if end > low { itemCount += lines[end - 1].items.upperBound - lines[low].items.lowerBound }
        }
        // A frame of positive size inside `rect` certainly meets it; others ask `intersects`.
        let plainRect = rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite
            && rect.size.height.isFinite && rect.size.width >= 0 && rect.size.height >= 0
        let minX = rect.origin.x, maxX = rect.origin.x + rect.size.width
        let minY = rect.origin.y, maxY = rect.origin.y + rect.size.height
        // Written straight into the result's storage: at most the candidate lines' items and
        // each candidate section's header and footer.
        var mismatch: String?
        let result = [UICollectionViewLayoutAttributes](unsafeUninitializedCapacity: itemCount + 2 * candidates.count) {
            result, count in
            func add(_ a: UICollectionViewLayoutAttributes) {
                (result.baseAddress! + count).initialize(to: a)
                count += 1
            }
            for (sectionIndex, lineRange) in candidates {
                if let header = solvedSections[sectionIndex].headerFrame, header.intersects(rect) {
                    add(attributes(kind: UICollectionView.elementKindSectionHeader, section: sectionIndex, frame: header))
                }
                if !lineRange.isEmpty {
                    // The cache is moved out while it is filled, so it is not copied on write.
                    var cache = solvedSections[sectionIndex].itemAttributes
                    solvedSections[sectionIndex].itemAttributes = []
                    let section = solvedSections[sectionIndex]
                    section.lines.withUnsafeBufferPointer { lines in
                        section.itemFrames.withUnsafeBufferPointer { frames in
                            cache.withUnsafeMutableBufferPointer { cache in
                                for lineIndex in lineRange {
                                    for item in lines[lineIndex].items {
                                        let f = frames[item]
                                        let inside = plainRect && f.size.width > 0 && f.size.height > 0 && f.origin.x >= minX
                                            && f.origin.x + f.size.width <= maxX && f.origin.y >= minY
                                            && f.origin.y + f.size.height <= maxY
                                        guard inside || f.intersects(rect) else { continue }
                                        if let cached = cache[item], !cached.changedSinceCached {
                                            add(cached)
                                        } else {
                                            let made = makeAttributes(
                                                replacing: cache[item], item: item, section: sectionIndex, frame: f,
                                                mismatch: &mismatch)
                                            cache[item] = made
                                            add(made)
                                        }
                                    }
                                }
                            }
                        }
                    }
                    solvedSections[sectionIndex].itemAttributes = cache
                }
                if let footer = solvedSections[sectionIndex].footerFrame, footer.intersects(rect) {
                    add(attributes(kind: UICollectionView.elementKindSectionFooter, section: sectionIndex, frame: footer))
                }
            }
        }
        if let mismatch { Self.reportMismatch(mismatch) }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard indexPath.count == 2, solvedSections.indices.contains(indexPath.section),
            solvedSections[indexPath.section].itemFrames.indices.contains(indexPath.item)
        else { return nil }
        let (section, item) = (indexPath.section, indexPath.item)
        var mismatch: String?
        let frame = solvedSections[section].itemFrames[item]
        guard solvedSections[section].itemAttributes.indices.contains(item) else {
            // Asked from inside a query of this layout (its cache is out): uncached attributes.
            return makeAttributes(replacing: nil, item: item, section: section, frame: frame, mismatch: &mismatch)
        }
        if let cached = solvedSections[section].itemAttributes[item], !cached.changedSinceCached { return cached }
        let made = makeAttributes(
            replacing: solvedSections[section].itemAttributes[item], item: item, section: section, frame: frame,
            mismatch: &mismatch)
        solvedSections[section].itemAttributes[item] = made
        if let mismatch { Self.reportMismatch(mismatch) }
        return made
    }

    /// New attributes for `item` at `frame`, in place of `old` (missing, or changed by a caller:
    /// when its frame no longer matches, `mismatch` gets the message UIKit logs, to be reported
    /// once the cache is back in place).
    @inline(never)
    private func makeAttributes(
        replacing old: UICollectionViewLayoutAttributes?, item: Int, section: Int, frame: CGRect, mismatch: inout String?
    ) -> UICollectionViewLayoutAttributes {
        let path = IndexPath(item: item, section: section)
        let a = UICollectionViewLayoutAttributes.make(attributesType, cellAt: path)
        a.frame = frame
        if mismatch == nil, let old, old.center != a.center || old.size != a.size {
            mismatch = "UICollectionViewFlowLayout has cached frame mismatch for index path \(UICollectionView.describe(path)) - cached value: \(old.frame); expected value: \(a.frame). This is likely occurring because the flow layout subclass \(type(of: self)) is modifying attributes returned by UICollectionViewFlowLayout without copying them; Flipbook makes new ones."
        }
        a.changedSinceCached = false
        return a
    }

    private static func reportMismatch(_ message: String) {
        FlipbookDiagnostics.report(message, once: "UICollectionViewFlowLayout.cachedFrameMismatch")
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard solvedSections.indices.contains(indexPath.section) else { return nil }
        let section = solvedSections[indexPath.section]
        let frame: CGRect?
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: frame = section.headerFrame
        case UICollectionView.elementKindSectionFooter: frame = section.footerFrame
        default: frame = nil
        }
        return frame.map { attributes(kind: elementKind, section: indexPath.section, frame: $0) }
    }

    /// A flow layout needs a new pass when the collection view's size changes, not when it scrolls.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard collectionView != nil else { return false }
        return newBounds.size != preparedSize
    }

    open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        insertedIndexPaths = []
        deletedIndexPaths = []
        for update in updateItems {
            switch update.updateAction {
            case .insert: if let p = update.indexPathAfterUpdate { insertedIndexPaths.insert(p) }
            case .delete: if let p = update.indexPathBeforeUpdate { deletedIndexPaths.insert(p) }
            default: break
            }
        }
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        insertedIndexPaths = []
        deletedIndexPaths = []
    }

    /// An inserted item fades in where it will be (alpha 0 → 1), as UIKit's flow layout does.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard insertedIndexPaths.contains(itemIndexPath),
            let a = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
        else { return nil }
        a.alpha = 0
        return a
    }

    /// A deleted item fades out where it was (its attributes from before the update, alpha 0);
    /// nil lets the collection view use the item's old frame.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    private func attributes(kind: String, section: Int, frame: CGRect) -> UICollectionViewLayoutAttributes {
        let a = UICollectionViewLayoutAttributes.make(
            attributesType, supplementaryOfKind: kind, at: IndexPath(item: 0, section: section))
        a.frame = frame
        a.zIndex = 10
        return a
    }

    // MARK: Validation of what delegates return

    static func validated(_ size: CGSize, what: String, at path: IndexPath) -> CGSize {
        if size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 { return size }
        FlipbookDiagnostics.report(
            "UICollectionViewFlowLayout: the \(what) \(size) at item \(path.item) of section \(path.section) is negative or not finite; using zero for the bad dimension.",
            once: "UICollectionViewFlowLayout.badSize.\(what)")
        return CGSize(
            width: size.width.isFinite && size.width >= 0 ? size.width : 0,
            height: size.height.isFinite && size.height >= 0 ? size.height : 0)
    }

    static func validated(_ value: CGFloat, what: String, section: Int) -> CGFloat {
        if value.isFinite { return value }
        FlipbookDiagnostics.report(
            "UICollectionViewFlowLayout: the \(what) \(value) of section \(section) is not finite; using 0.",
            once: "UICollectionViewFlowLayout.badValue.\(what)")
        return 0
    }

    static func validated(_ inset: UIEdgeInsets, what: String, section: Int) -> UIEdgeInsets {
        if inset.top.isFinite, inset.left.isFinite, inset.bottom.isFinite, inset.right.isFinite { return inset }
        FlipbookDiagnostics.report(
            "UICollectionViewFlowLayout: the \(what) \(inset) of section \(section) is not finite; using 0 for the bad edges.",
            once: "UICollectionViewFlowLayout.badInset")
        func f(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return UIEdgeInsets(top: f(inset.top), left: f(inset.left), bottom: f(inset.bottom), right: f(inset.right))
    }
}
