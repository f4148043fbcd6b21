import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A view a collection view reuses, UIKit's `UICollectionReusableView`: the base of cells and
/// supplementary views (headers, footers).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?
    /// The index path the view was last dequeued for (nil for a view not made by dequeue).
    var dequeuedIndexPath: IndexPath?
    /// Whether the view came from `dequeue…` (checked when a data source returns it).
    var cameFromDequeue = false
    /// The kind the view was last dequeued as ("cell" or a supplementary kind).
    var dequeuedKind: String?
    /// The attributes last applied.
    var appliedAttributes: UICollectionViewLayoutAttributes?

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How a collection view makes a registered class (Flipbook's; Swift has no dynamic
    /// initialiser lookup otherwise): calls `init(frame:)`, so a subclass's override runs.
    /// Subclasses inherit it whenever they override or inherit UIKit's initialisers
    /// (docs/Divergences.md "Collection views").
    public required convenience init(registeredFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// Resets the view before it is handed out again by `dequeue…`; subclasses call super.
    open func prepareForReuse() {}

    /// Applies the layout's custom attributes (the collection view has already set the frame,
    /// transform, alpha, z-order and hidden state).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// Called before the view's layout changes to `newLayout`.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    /// Called after the view's layout changed.
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// Lets a self-sizing view change its size (the layout's `estimatedItemSize`); the
    /// default returns the attributes unchanged.
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes { layoutAttributes }
}
