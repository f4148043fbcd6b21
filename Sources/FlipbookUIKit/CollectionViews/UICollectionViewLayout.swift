import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Decides where a collection view's elements go, UIKit's `UICollectionViewLayout`.
///
/// A custom layout subclasses this and overrides `prepare()`, `collectionViewContentSize`,
/// `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`, as on iOS. The
/// collection view calls `prepare()` once per layout pass after `invalidateLayout()`, asks for
/// the elements in its visible rectangle on every bounds change, and asks
/// `shouldInvalidateLayout(forBoundsChange:)` whether a bounds change needs a new pass.
/// During batch updates it calls `prepare(forCollectionViewUpdates:)`, then the
/// initial/final attributes of appearing and disappearing elements, then
/// `finalizeCollectionViewUpdates()` (docs/Semantics.md, "Collection views").
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    weak var owningCollectionView: UICollectionView?
    /// Whether `prepare()` must run before the next query (set by `invalidateLayout()` and by
    /// the collection view when a bounds change needs a new pass).
    var needsPrepare = true {
        didSet { if needsPrepare { invalidationCount &+= 1 } }
    }
    /// How many times the layout was invalidated: a layout that caches what `prepare()` works
    /// out (the flow layout) redoes it only when this moved since it last did, as UIKit's does.
    private(set) var invalidationCount = 0

    public override init() { super.init() }

    /// UIKit's `NSCoding` initialiser, which layout subclasses written for iOS implement and
    /// call (`required init?(coder:) { super.init(coder: coder) }`). Flipbook has no archives:
    /// the layout starts as `init()` leaves it.
    public required init?(coder: NSCoder) { super.init() }

    /// The collection view this layout is installed on.
    open var collectionView: UICollectionView? { owningCollectionView }

    /// The class of the attributes this layout creates (`UICollectionViewLayoutAttributes`).
    /// Flipbook's flow layout makes its attributes as instances of it, as UIKit's does.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// `layoutAttributesClass` as an attributes class; a class that is none is reported once
    /// and `UICollectionViewLayoutAttributes` is used (UIKit fails on it).
    final var attributesType: UICollectionViewLayoutAttributes.Type {
        let declared: AnyClass = type(of: self).layoutAttributesClass
        if let type = declared as? UICollectionViewLayoutAttributes.Type { return type }
        FlipbookDiagnostics.report(
            "\(type(of: self)).layoutAttributesClass is \(declared), not a UICollectionViewLayoutAttributes subclass; "
                + "the layout makes UICollectionViewLayoutAttributes instead.",
            once: "UICollectionViewLayout.layoutAttributesClass.\(String(reflecting: type(of: self)))")
        return UICollectionViewLayoutAttributes.self
    }

    /// The class of invalidation contexts this layout uses.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// Computes what the layout needs before it is queried; subclasses call super.
    open func prepare() {}

    /// The size of all the content (the scroll view's `contentSize`).
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame meets `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath`.
    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout
    /// pass (false: scrolling keeps the layout).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for a bounds change that `shouldInvalidateLayout(forBoundsChange:)` accepted.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = UICollectionViewLayoutInvalidationContext()
        return context
    }

    /// Marks the layout as needing `prepare()` before the next query, and the collection view
    /// as needing layout.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Invalidates with a context (Flipbook recomputes the whole layout either way).
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        invalidateLayout()
    }

    /// Called before the animated changes of a batch update, with what changed.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called after the batch update's animations were set up.
    open func finalizeCollectionViewUpdates() {}

    /// Called before the layout's bounds change animation.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    /// Called after the bounds change animation was set up.
    open func finalizeAnimatedBoundsChange() {}

    /// Where an item inserted by a batch update starts its animation; nil lets the collection
    /// view use its final attributes with alpha 0 (a fade in place).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where an item deleted by a batch update ends its animation; nil lets the collection
    /// view fade it out where it was.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where an appearing supplementary view starts its animation (nil: fade in place).
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a disappearing supplementary view ends its animation (nil: fade in place).
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// The content offset to stop at when scrolling would stop at `proposedContentOffset`.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// The content offset to stop at after a fling released with `velocity`.
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint { proposedContentOffset }

    /// Registers a class for decoration views of `elementKind` (kept; Flipbook's collection
    /// view shows decoration views its layout returns).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass as? UICollectionReusableView.Type
    }

    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    /// Runs `prepare()` when the layout was invalidated.
    func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }
}

/// What changed in a layout invalidation, UIKit's `UICollectionViewLayoutInvalidationContext`.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
    public override init() { super.init() }
    /// Whether the data source's counts must be asked again.
    open private(set) var invalidateEverything = false
    /// Whether the data source counts changed.
    open private(set) var invalidateDataSourceCounts = false
    /// The change of content size to apply.
    open var contentSizeAdjustment: CGSize = .zero
    /// The change of content offset to apply.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// The items whose layout changed.
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?

    /// Marks `indexPaths` as changed.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
}

/// One change of a batch update, UIKit's `UICollectionViewUpdateItem`.
// @unchecked: an open class can conform no other way; its properties are set once in `init`
// and only read afterwards (`private(set)`), so sharing it is safe.
open class UICollectionViewUpdateItem: NSObject, @unchecked Sendable {
    /// The kind of change.
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }
    /// The element's index path before the update (nil for an insertion).
    open private(set) var indexPathBeforeUpdate: IndexPath?
    /// The element's index path after the update (nil for a deletion).
    open private(set) var indexPathAfterUpdate: IndexPath?
    /// The kind of change.
    open private(set) var updateAction: Action

    init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        super.init()
    }

    open override var description: String {
        "<UICollectionViewUpdateItem: \(updateAction) \(indexPathBeforeUpdate.map { "\($0)" } ?? "nil") -> \(indexPathAfterUpdate.map { "\($0)" } ?? "nil")>"
    }
}
