import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A scrolling view of items placed by a layout object, UIKit's `UICollectionView`.
///
/// The collection view asks its `dataSource` for counts and cells, its `collectionViewLayout`
/// for where they go, and keeps views only for the elements that meet its bounds: cells that
/// scroll out are hidden and queued by reuse identifier, and `dequeueReusableCell` hands them
/// out again, so however long the content, only the visible items plus a few spares exist
/// (docs/Semantics.md, "Collection views"). Bad input (cells not from dequeue, index paths out
/// of range, batch updates whose counts do not add up, layouts returning NaN or negative sizes)
/// is reported through `FlipbookDiagnostics` and leaves a usable view.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    // MARK: Types

    /// The scrolling axis of a flow layout, UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// What a set of layout attributes describes, UIKit's `UICollectionView.ElementCategory`.
    public enum ElementCategory: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// Where `scrollToItem(at:at:animated:)` puts the item, UIKit's
    /// `UICollectionView.ScrollPosition`.
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of a section header in a flow layout.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer in a flow layout.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    // MARK: State

    struct SupplementaryKey: Hashable, Comparable {
        var kind: String
        var indexPath: IndexPath
        static func < (a: Self, b: Self) -> Bool { (a.kind, a.indexPath) < (b.kind, b.indexPath) }
    }

    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    /// Hidden views waiting for reuse, by "cell/<id>" or "<kind>/<id>".
    var reusePool: [String: [UICollectionReusableView]] = [:]
    var visibleCellsByIndexPath: [IndexPath: UICollectionViewCell] = [:]
    var visibleSupplementaryViews: [SupplementaryKey: UICollectionReusableView] = [:]
    /// The item counts per section, cached from the data source until the next reload.
    var cachedCounts: [Int]?
    var selectedIndexPaths: [IndexPath] = []
    var highlightedIndexPath: IndexPath?
    /// The bounds size the layout was last prepared for.
    var preparedBoundsSize: CGSize?
    /// The bounds size the layout was last asked about by `bounds`' setter, so the layout pass
    /// does not ask about the same new size twice.
    var askedBoundsSize: CGSize?
    /// Set while the layout answers `shouldInvalidateLayout(forBoundsChange:)` (a layout that
    /// scrolls from there is not asked again).
    var isAskingLayoutAboutBounds = false
    var isUpdating = false
    var batchNesting = 0
    var pendingUpdates: [UICollectionViewUpdateItem] = []
    var batchCompletions: [(Bool) -> Void] = []
    /// Cells animating out of a batch update, kept until their animation ends.
    var disappearingViews: [UICollectionReusableView] = []
    /// Surviving cells that a batch update moves out of view, queued when its animation ends.
    var departingDuringUpdate: [UICollectionViewCell] = []
    /// The decoration views on screen, by kind and index path.
    var visibleDecorationViews: [SupplementaryKey: UICollectionReusableView] = [:]

    // MARK: Creating

    /// Creates a collection view that places its items with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        _collectionViewLayout = layout
        super.init(frame: frame)
        installLayout(layout)
    }

    public required init?(coder: NSCoder) {
        _collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        installLayout(collectionViewLayout)
    }

    /// The object that places the items; setting it lays everything out again.
    open var collectionViewLayout: UICollectionViewLayout {
        get { _collectionViewLayout }
        set {
            let oldValue = _collectionViewLayout
            _collectionViewLayout = newValue
            guard oldValue !== collectionViewLayout else { return }
            if oldValue.owningCollectionView === self { oldValue.owningCollectionView = nil }
            installLayout(collectionViewLayout)
        }
    }
    private var _collectionViewLayout: UICollectionViewLayout

    /// Changes the layout; with `animated`, the items move to their new places.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    /// Changes the layout and calls `completion` when the change is done.
    open func setCollectionViewLayout(
        _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        let apply = {
            self.collectionViewLayout = layout
            self.updateVisibleElements(animatingFrom: nil)
        }
        if animated {
            UIView.animate(withDuration: Self.updateAnimationDuration, animations: apply) { completion?($0) }
        } else {
            apply()
            completion?(true)
        }
    }

    private func installLayout(_ layout: UICollectionViewLayout) {
        if let other = layout.owningCollectionView, other !== self {
            FlipbookDiagnostics.report(
                "UICollectionView: the layout \(type(of: layout)) is already installed on another collection view; it now serves this one.",
                once: "UICollectionView.sharedLayout")
            other.collectionViewLayout = UICollectionViewFlowLayout()
        }
        layout.owningCollectionView = self
        layout.invalidateLayout()
        setNeedsLayout()
    }

    /// The object that supplies the items; setting it reloads everything.
    open var dataSource: UICollectionViewDataSource? {
        get { _dataSource }
        set {
            _dataSource = newValue
            reloadData()
        }
    }
    private weak var _dataSource: UICollectionViewDataSource?

    /// The collection view's delegate (`UIScrollView.delegate`, seen as a
    /// `UICollectionViewDelegate`, or the first on a delegate proxy's forwarding chain;
    /// docs/Divergences.md "Collection views").
    var collectionDelegate: UICollectionViewDelegate? {
        DelegateForwardingChain.resolve(delegate, as: UICollectionViewDelegate.self)
    }

    /// A view behind all the items, filling the collection view.
    open var backgroundView: UIView? {
        get { _backgroundView }
        set {
            let oldValue = _backgroundView
            _backgroundView = newValue
            oldValue?.removeFromSuperview()
            if let backgroundView {
                insertSubview(backgroundView, at: 0)
                backgroundView.layer.zPosition = -1000
                backgroundView.frame = bounds
            }
        }
    }
    private var _backgroundView: UIView?

    /// Whether the user can select items (true by default).
    open var allowsSelection = true
    /// Whether several items can be selected at once (false by default).
    open var allowsMultipleSelection = false
    /// Whether the collection view prefetches cells (kept; Flipbook has no prefetching).
    open var isPrefetchingEnabled = true
    /// Whether items can be reordered (kept).
    open var reorderingCadence: Int = 0

    // MARK: Registering and dequeuing

    /// Registers `cellClass` to be made for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass.map {
            UIScrollView.cellClass($0, subclassing: UICollectionViewCell.self, or:
                "UICollectionView: \($0) is not a UICollectionViewCell subclass; cells for '\(identifier)' will be plain UICollectionViewCells.",
                once: "UICollectionView.registerBadCell.\(identifier)")
        }
    }

    /// Registers `viewClass` to be made for supplementary views of `elementKind` with `identifier`.
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        let type = viewClass as? UICollectionReusableView.Type
        if viewClass != nil && type == nil {
            FlipbookDiagnostics.report(
                "UICollectionView: \(viewClass!) is not a UICollectionReusableView subclass; supplementary views '\(identifier)' will be plain UICollectionReusableViews.",
                once: "UICollectionView.registerBadSupplementary.\(identifier)")
        }
        supplementaryClassesByName["\(elementKind)/\(identifier)"] = viewClass == nil ? nil : (type ?? UICollectionReusableView.self)
    }

    var supplementaryClassesByName: [String: UICollectionReusableView.Type] = [:]

    /// A cell for `indexPath`: a queued one with `identifier` (after its `prepareForReuse()`)
    /// or a new one of the registered class, already sized by the layout.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        checkIndexPath(indexPath, in: "dequeueReusableCell(withReuseIdentifier:for:)")
        let attributes = validAttributes(forItemAt: indexPath)
        let cell = dequeue(
            poolKey: "cell/\(identifier)", registered: cellClasses[identifier], kind: "cell", shownKind: "UICollectionElementKindCell",
            identifier: identifier, indexPath: indexPath, frame: attributes?.frame ?? .zero,
            once: "UICollectionView.unregisteredCell.\(identifier)"
        ) { UICollectionViewCell(frame: .zero) }
        cell.isSelected = selectedIndexPaths.contains(indexPath)
        cell.isHighlighted = false
        // Placed outside any running animation (a batch update's): the collection view then
        // animates it from its start attributes, not from where a new or queued cell was. As
        // in UIKit, the attributes are applied here, so `collectionView(_:cellForItemAt:)` sees
        // the cell where it goes, and not again when it is shown unless they changed.
        if let attributes {
            UIView.performWithoutAnimation { self.apply(attributes, to: cell) }
        }
        return cell
    }

    /// A supplementary view of `elementKind` for `indexPath`, queued or new.
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        let attributes = collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
            .flatMap { $0.hasValidGeometry ? $0 : nil }
        let view = dequeue(
            poolKey: "\(elementKind)/\(identifier)", registered: supplementaryClassesByName["\(elementKind)/\(identifier)"],
            kind: elementKind, shownKind: elementKind, identifier: identifier, indexPath: indexPath, frame: attributes?.frame ?? .zero,
            once: "UICollectionView.unregisteredSupplementary.\(elementKind).\(identifier)"
        ) { UICollectionReusableView(frame: .zero) }
        if let attributes {
            UIView.performWithoutAnimation { self.apply(attributes, to: view) }
        }
        return view
    }

    /// A queued view from `poolKey`'s pool (after its `prepareForReuse()`), else a new one of the
    /// `registered` class made with `frame` (the layout's frame for it, as UIKit passes to
    /// `init(frame:)`: cells that build their subviews from `bounds` there rely on it), else
    /// (UIKit's complaint, once per `once` key) `unregistered()`; marked as dequeued with
    /// `identifier` for `kind` at `indexPath`.
    private func dequeue<View: UICollectionReusableView>(
        poolKey: String, registered: View.Type?, kind: String, shownKind: String, identifier: String,
        indexPath: IndexPath, frame: CGRect, once: String, unregistered: () -> View
    ) -> View {
        let view: View
        if let reused = takeFromPool(poolKey) as? View {
            view = reused
            view.prepareForReuse()
        } else if let type = registered {
            // Made outside any running animation (a batch update's), as its attributes are applied.
            var made: View?
            UIView.performWithoutAnimation { made = type.init(registeredFrame: frame) }
            view = made!
        } else {
            FlipbookDiagnostics.report(
                "could not dequeue a view of kind: \(shownKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
                once: once)
            view = unregistered()
        }
        view.reuseIdentifier = identifier
        view.cameFromDequeue = true
        view.dequeuedKind = kind
        view.dequeuedIndexPath = indexPath
        return view
    }

    private func takeFromPool(_ key: String) -> UICollectionReusableView? {
        guard var pool = reusePool[key], !pool.isEmpty else { return nil }
        let view = pool.removeLast()
        reusePool[key] = pool
        return view
    }

    func enqueue(_ view: UICollectionReusableView, kind: String) {
        view.isHidden = true
        view.layer.removeAllAnimations()
        guard let identifier = view.reuseIdentifier else {
            view.removeFromSuperview()
            return
        }
        reusePool["\(kind)/\(identifier)", default: []].append(view)
    }

    // MARK: Counts

    /// The number of sections (asks the data source once per reload).
    open var numberOfSections: Int { counts.count }

    /// The number of items in `section` (0, reported, for a section out of range).
    open func numberOfItems(inSection section: Int) -> Int {
        let counts = self.counts
        guard counts.indices.contains(section) else {
            FlipbookDiagnostics.report(
                "UICollectionView.numberOfItems(inSection:): section \(section) is out of range (\(counts.count) sections).",
                once: "UICollectionView.numberOfItems.range")
            return 0
        }
        return counts[section]
    }

    var counts: [Int] {
        if let cachedCounts { return cachedCounts }
        let counts = askDataSourceForCounts()
        cachedCounts = counts
        return counts
    }

    func askDataSourceForCounts() -> [Int] {
        guard let dataSource else { return [] }
        var sections = dataSource.numberOfSections(in: self)
        if sections < 0 {
            FlipbookDiagnostics.report(
                "UICollectionView: numberOfSections(in:) returned \(sections); using 0.", once: "UICollectionView.negativeSections")
            sections = 0
        }
        return (0..<sections).map { section in
            let n = dataSource.collectionView(self, numberOfItemsInSection: section)
            if n < 0 {
                FlipbookDiagnostics.report(
                    "UICollectionView: collectionView(_:numberOfItemsInSection:) returned \(n) for section \(section); using 0.",
                    once: "UICollectionView.negativeItems")
                return 0
            }
            return n
        }
    }

    /// Whether `indexPath` names an existing item.
    func isValid(_ indexPath: IndexPath) -> Bool {
        guard indexPath.count == 2 else { return false }
        let counts = self.counts
        return counts.indices.contains(indexPath.section) && indexPath.item >= 0 && indexPath.item < counts[indexPath.section]
    }

    /// Reports `indexPath` when it names no item; returns whether it is valid.
    @discardableResult
    func checkIndexPath(_ indexPath: IndexPath, in api: String) -> Bool {
        if isValid(indexPath) { return true }
        FlipbookDiagnostics.report(
            "UICollectionView.\(api): index path \(Self.describe(indexPath)) is out of range (\(numberOfSections) sections).",
            once: "UICollectionView.range.\(api)")
        return false
    }

    static func describe(_ indexPath: IndexPath) -> String {
        indexPath.count == 2 ? "{\(indexPath.section), \(indexPath.item)}" : "\(indexPath)"
    }

    // MARK: Reading the layout

    /// The layout's attributes for the item at `indexPath` (nil, reported, when out of range).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard checkIndexPath(indexPath, in: "layoutAttributesForItem(at:)") else { return nil }
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes for the supplementary view of `kind` at `indexPath`.
    open func layoutAttributesForSupplementaryElement(
        ofKind kind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Attributes for `indexPath` that are safe to apply (finite, non-negative), else nil.
    func validAttributes(forItemAt indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard isValid(indexPath) else { return nil }
        prepareLayoutIfNeeded()
        guard let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return nil }
        return checkedGeometry(attributes) ? attributes : nil
    }

    /// Reports attributes with NaN or negative geometry; returns whether they are usable.
    func checkedGeometry(_ attributes: UICollectionViewLayoutAttributes) -> Bool {
        if attributes.hasValidGeometry { return true }
        FlipbookDiagnostics.report(
            "UICollectionView: the layout \(type(of: collectionViewLayout)) returned attributes with a non-finite or negative geometry (center \(attributes.center), size \(attributes.size)) for \(attributes.representedElementKind ?? "the item") at \(Self.describe(attributes.indexPath)); the element is hidden.",
            once: "UICollectionView.badAttributes")
        return false
    }

    // MARK: Finding items

    /// The visible cell for the item at `indexPath`, or nil when it is not on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeededForQuery()
        return visibleCellsByIndexPath[indexPath]
    }

    /// The index path of the visible `cell`, or nil.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        layoutIfNeededForQuery()
        return visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    /// The item whose frame contains `point` (in the collection view's bounds coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else {
            FlipbookDiagnostics.report(
                "UICollectionView.indexPathForItem(at:): ignored non-finite point \(point).", once: "UICollectionView.badPoint")
            return nil
        }
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.hasValidGeometry && $0.frame.contains(point)
                && isValid($0.indexPath)
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The cells on screen, in index-path order.
    open var visibleCells: [UICollectionViewCell] {
        layoutIfNeededForQuery()
        return visibleCellsByIndexPath.keys.sorted().compactMap { visibleCellsByIndexPath[$0] }
    }

    /// The index paths of the items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeededForQuery()
        return visibleCellsByIndexPath.keys.sorted()
    }

    /// The supplementary view of `elementKind` on screen at `indexPath`, or nil.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeededForQuery()
        return visibleSupplementaryViews[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }

    /// The supplementary views of `elementKind` on screen.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        layoutIfNeededForQuery()
        return visibleSupplementaryViews.keys.filter { $0.kind == elementKind }.sorted().compactMap { visibleSupplementaryViews[$0] }
    }

    /// The index paths of the supplementary views of `elementKind` on screen.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        layoutIfNeededForQuery()
        return visibleSupplementaryViews.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    // MARK: Scrolling to items

    /// Scrolls so the item at `indexPath` sits at `scrollPosition` (clamped to the content).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard checkIndexPath(indexPath, in: "scrollToItem(at:at:animated:)"),
            let frame = validAttributes(forItemAt: indexPath)?.frame
        else { return }
        setContentOffset(contentOffset(showing: frame, at: scrollPosition), animated: animated)
    }

    /// The content offset that shows `frame` at `position`, clamped to the scrollable range.
    func contentOffset(showing frame: CGRect, at position: ScrollPosition) -> CGPoint {
        let insets = adjustedContentInset
        let size = bounds.size
        var offset = contentOffset
        if position.contains(.top) { offset.y = frame.minY - insets.top }
        if position.contains(.centeredVertically) { offset.y = frame.midY - (size.height - insets.top - insets.bottom) / 2 - insets.top }
        if position.contains(.bottom) { offset.y = frame.maxY - size.height + insets.bottom }
        if position.contains(.left) { offset.x = frame.minX - insets.left }
        if position.contains(.centeredHorizontally) { offset.x = frame.midX - (size.width - insets.left - insets.right) / 2 - insets.left }
        if position.contains(.right) { offset.x = frame.maxX - size.width + insets.right }
        if position.isEmpty {
            // No position: the least movement that makes the frame visible.
            let visible = bounds.inset(by: insets)
            if frame.minY < visible.minY { offset.y -= visible.minY - frame.minY }
            else if frame.maxY > visible.maxY { offset.y += min(frame.maxY - visible.maxY, frame.minY - visible.minY) }
            if frame.minX < visible.minX { offset.x -= visible.minX - frame.minX }
            else if frame.maxX > visible.maxX { offset.x += min(frame.maxX - visible.maxX, frame.minX - visible.minX) }
        }
        let maxX = max(contentSize.width - size.width + insets.right, -insets.left)
        let maxY = max(contentSize.height - size.height + insets.bottom, -insets.top)
        offset.x = min(max(offset.x, -insets.left), maxX)
        offset.y = min(max(offset.y, -insets.top), maxY)
        return offset
    }

    // MARK: Overrides (kept in the class body: Swift cannot override from extensions)

    /// Scrolling moves the bounds: the layout is asked about the change first (while `bounds`
    /// still answers the old rectangle), and the visible items are brought up to date at the
    /// next layout.
    open override var bounds: CGRect {
        willSet { askLayoutAboutBoundsChange(to: newValue) }
        didSet { if bounds != oldValue { setNeedsLayout() } }
    }

    /// The layout's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`, as
    /// UIKit asks it when a drag ends without paging (docs/Semantics.md, "Where a fling stops").
    override func releaseTarget(proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        guard !isPagingEnabled else { return proposed }
        let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        guard target.x.isFinite, target.y.isFinite else {
            FlipbookDiagnostics.report(
                "\(type(of: collectionViewLayout)).targetContentOffset(forProposedContentOffset:withScrollingVelocity:) returned "
                    + "\(target); the collection view stops at \(proposed) instead.",
                once: "UICollectionViewLayout.targetContentOffset")
            return proposed
        }
        return target
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        updateVisibleElements(animatingFrom: nil)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { collectionTouchesBegan(touches, with: event) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { collectionTouchesEnded(touches, with: event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        collectionTouchesCancelled(touches, with: event)
    }

    /// The duration of batch-update animations.
    static let updateAnimationDuration: TimeInterval = 0.3
}
