import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Where and how one element of a collection view is shown, UIKit's
/// `UICollectionViewLayoutAttributes`: a layout produces these, the collection view applies
/// them to its cells and supplementary views.
///
/// `frame` is derived from `center` and `size` (setting it sets both), as in UIKit; `bounds`
/// is the size at the origin. Subclasses that add properties override `copy(with:)` and
/// `isEqual(_:)`, as on iOS.
///
/// Main-actor isolated as in the iOS SDK (imported `@preconcurrency`, so Swift 5 code may use
/// it anywhere). `copy(with:)` is isolated too, so a subclass's override reads its properties
/// freely; `isEqual(_:)` and `description` override `NSObject`'s nonisolated members and read
/// the attributes on the main actor only: called from another thread they report it through
/// `FlipbookDiagnostics` and answer without reading them (identity, the class and address),
/// never trapping (docs/Divergences.md, "Layout attributes off the main actor").
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying, UIDynamicItem {
    /// Whether a property was set since a layout that caches its attributes (the flow layout)
    /// stored these: a caller that changed them without copying them first (UIKit's "modifying
    /// attributes returned by UICollectionViewFlowLayout without copying them") made them unfit
    /// to hand out again. Set by every stored property's `didSet`; cleared by the layout.
    /// Declared first, so it shares the object's first cache line with its reference count.
    final var changedSinceCached = false

    /// The element's frame in the collection view's content coordinates.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    /// The element's centre.
    open var center: CGPoint {
        get { _center }
        set {
            _center = newValue
            changedSinceCached = true
        }
    }
    private var _center: CGPoint = .zero
    /// The element's size.
    open var size: CGSize {
        get { _size }
        set {
            _size = newValue
            changedSinceCached = true
        }
    }
    private var _size: CGSize = .zero
    /// The element's bounds (its size, at the origin).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    /// The element's 3D transform (identity by default).
    open var transform3D: CATransform3D {
        get { _transform3D }
        set {
            _transform3D = newValue
            changedSinceCached = true
        }
    }
    private var _transform3D: CATransform3D = CATransform3DIdentity
    /// The element's affine transform: the 2D part of `transform3D`.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The element's opacity (1 by default).
    open var alpha: CGFloat {
        get { _alpha }
        set {
            _alpha = newValue
            changedSinceCached = true
        }
    }
    private var _alpha: CGFloat = 1
    /// The element's stacking order: higher values are drawn above lower ones (0 by default).
    open var zIndex: Int {
        get { _zIndex }
        set {
            _zIndex = newValue
            changedSinceCached = true
        }
    }
    private var _zIndex: Int = 0
    /// Whether the element is hidden (false by default).
    open var isHidden: Bool {
        get { _isHidden }
        set {
            _isHidden = newValue
            changedSinceCached = true
        }
    }
    private var _isHidden: Bool = false
    /// The element's index path.
    open var indexPath: IndexPath {
        get { _indexPath }
        set {
            _indexPath = newValue
            changedSinceCached = true
        }
    }
    private var _indexPath: IndexPath = IndexPath(item: 0, section: 0)
    /// Whether the attributes describe a cell, a supplementary view or a decoration view.
    open private(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
    /// The kind of supplementary or decoration view; nil for cells.
    open private(set) var representedElementKind: String?

    public required override init() { super.init() }

    /// Attributes for the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        return copy
    }

    nonisolated open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        guard MainQueue.isCurrent else {
            Self.reportOffMain("isEqual(_:)")
            return other === self
        }
        // The main queue is the main actor's executor: checked just above, not assumed.
        return MainActor.assumeIsolated { isEqualOnMain(other) }
    }

    private func isEqualOnMain(_ other: UICollectionViewLayoutAttributes) -> Bool {
        center == other.center && size == other.size && CATransform3DEqualToTransform(transform3D, other.transform3D)
            && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden
            && indexPath == other.indexPath && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
    }

    nonisolated open override var description: String {
        guard MainQueue.isCurrent else {
            Self.reportOffMain("description")
            return "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())>"
        }
        return MainActor.assumeIsolated { descriptionOnMain }
    }

    /// Reports a nonisolated member called off the main actor, once per member.
    private nonisolated static func reportOffMain(_ member: String) {
        FlipbookDiagnostics.reportFromAnyContext(
            "UICollectionViewLayoutAttributes.\(member) called off the main actor: UIKit objects are used on the main "
                + "thread; answered without reading the attributes.",
            once: "UICollectionViewLayoutAttributes.\(member).offMain")
    }

    private var descriptionOnMain: String {
        let kind = representedElementKind.map { " kind: \($0);" } ?? ""
        return "<UICollectionViewLayoutAttributes; index path: (\(indexPath.section)-\(indexPath.item));\(kind) frame = \(frame)>"
    }

    /// Whether the attributes hold only finite values and a non-negative size (what the
    /// collection view checks before applying them; docs/Divergences.md "Collection views").
    var hasValidGeometry: Bool {
        center.x.isFinite && center.y.isFinite && size.width.isFinite && size.height.isFinite
            && size.width >= 0 && size.height >= 0 && alpha.isFinite
    }
}

extension UICollectionViewLayoutAttributes {
    /// New attributes of `type` for the cell at `indexPath`: what UIKit's own layouts make, an
    /// instance of the layout's `layoutAttributesClass`, so a subclass that adds properties and
    /// copies its attributes as that class (`$0.copy() as? MyAttributes`) gets them.
    static func make(_ type: UICollectionViewLayoutAttributes.Type, cellAt indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let a = type.init()
        a.indexPath = indexPath
        return a
    }

    /// The same for a supplementary view of `kind`.
    static func make(
        _ type: UICollectionViewLayoutAttributes.Type, supplementaryOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes {
        let a = type.init()
        a.indexPath = indexPath
        a.representedElementCategory = .supplementaryView
        a.representedElementKind = kind
        return a
    }
}
