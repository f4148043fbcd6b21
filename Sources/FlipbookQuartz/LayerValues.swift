import Foundation
import FlipbookGeometry

/// A layer's plain values in one struct (Flipbook's own): the storage behind CALayer's
/// properties, and what `CALayer.presentedValues(parentTime:)` returns so a renderer can
/// read a whole tree's presented values each frame without a copy of every layer.
/// Subclass properties (CAShapeLayer's, CATextLayer's, ...) are not in it.
///
/// The values animations and the per-frame walk touch are stored inline; the rarely set
/// ones (border and shadow colours, shadow offset, sublayer transform, contents settings,
/// name, actions, corner settings, the repeat and fill timing) live in a shared
/// copy-on-write box, so a copy of the struct, made once per layer per frame by the
/// presentation walk, is about 40 % of the bytes and needs two reference-count
/// operations instead of ten. Layers that never set them share one box.
@preconcurrency @MainActor
public struct LayerValues {
    // BEGIN GENERATED hot-storage (scripts/codegen/layer-properties.tsv; `make generate`)
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var zPosition: CGFloat = 0
    public var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var transform: CATransform3D = CATransform3DIdentity
    public var opacity: Float = 1
    public var isHidden: Bool = false
    public var masksToBounds: Bool = false
    public var cornerRadius: CGFloat = 0
    public var borderWidth: CGFloat = 0
    public var backgroundColor: CGColor? = nil
    public var shadowOpacity: Float = 0
    public var shadowRadius: CGFloat = 3
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    // END GENERATED hot-storage
    /// The rarely set values (copy on write; see the type's note).
    var cold: LayerColdValues = LayerColdValues.defaults

    init() {}

    /// The cold box, copied first when another `LayerValues` shares it.
    @inline(__always)
    mutating func editCold() -> LayerColdValues {
        if !isKnownUniquelyReferenced(&cold) { cold = LayerColdValues(copying: cold) }
        return cold
    }

    // BEGIN GENERATED cold-accessors (scripts/codegen/layer-properties.tsv; `make generate`)
    public var sublayerTransform: CATransform3D {
        get { cold.sublayerTransform }
        set { editCold().sublayerTransform = newValue }
    }
    public var maskedCorners: CACornerMask {
        get { cold.maskedCorners }
        set { editCold().maskedCorners = newValue }
    }
    public var cornerCurve: CALayerCornerCurve {
        get { cold.cornerCurve }
        set { editCold().cornerCurve = newValue }
    }
    public var borderColor: CGColor? {
        get { cold.borderColor }
        set { editCold().borderColor = newValue }
    }
    public var shadowColor: CGColor? {
        get { cold.shadowColor }
        set { editCold().shadowColor = newValue }
    }
    public var shadowOffset: CGSize {
        get { cold.shadowOffset }
        set { editCold().shadowOffset = newValue }
    }
    public var shadowPath: CGPath? {
        get { cold.shadowPath }
        set { editCold().shadowPath = newValue }
    }
    /// Usually a `CGImage`. Stored boxed (`ContentsBox`) so the storage holds no `Any`
    /// inline (a copy then needs plain retains, not value-witness calls).
    public var contents: Any? {
        get { cold.contentsBox?.value }
        set { editCold().contentsBox = newValue.map(ContentsBox.init) }
    }
    var contentsBox: ContentsBox? {
        get { cold.contentsBox }
        set { editCold().contentsBox = newValue }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { cold.contentsGravity }
        set { editCold().contentsGravity = newValue }
    }
    public var contentsScale: CGFloat {
        get { cold.contentsScale }
        set { editCold().contentsScale = newValue }
    }
    public var contentsRect: CGRect {
        get { cold.contentsRect }
        set { editCold().contentsRect = newValue }
    }
    public var contentsCenter: CGRect {
        get { cold.contentsCenter }
        set { editCold().contentsCenter = newValue }
    }
    public var minificationFilter: CALayerContentsFilter {
        get { cold.minificationFilter }
        set { editCold().minificationFilter = newValue }
    }
    public var magnificationFilter: CALayerContentsFilter {
        get { cold.magnificationFilter }
        set { editCold().magnificationFilter = newValue }
    }
    public var minificationFilterBias: Float {
        get { cold.minificationFilterBias }
        set { editCold().minificationFilterBias = newValue }
    }
    public var isDoubleSided: Bool {
        get { cold.isDoubleSided }
        set { editCold().isDoubleSided = newValue }
    }
    public var isOpaque: Bool {
        get { cold.isOpaque }
        set { editCold().isOpaque = newValue }
    }
    public var shouldRasterize: Bool {
        get { cold.shouldRasterize }
        set { editCold().shouldRasterize = newValue }
    }
    public var rasterizationScale: CGFloat {
        get { cold.rasterizationScale }
        set { editCold().rasterizationScale = newValue }
    }
    public var allowsGroupOpacity: Bool {
        get { cold.allowsGroupOpacity }
        set { editCold().allowsGroupOpacity = newValue }
    }
    public var drawsAsynchronously: Bool {
        get { cold.drawsAsynchronously }
        set { editCold().drawsAsynchronously = newValue }
    }
    public var allowsEdgeAntialiasing: Bool {
        get { cold.allowsEdgeAntialiasing }
        set { editCold().allowsEdgeAntialiasing = newValue }
    }
    public var name: String? {
        get { cold.name }
        set { editCold().name = newValue }
    }
    public var actions: [String: CAAction]? {
        get { cold.actions }
        set { editCold().actions = newValue }
    }
    public var needsDisplayOnBoundsChange: Bool {
        get { cold.needsDisplayOnBoundsChange }
        set { editCold().needsDisplayOnBoundsChange = newValue }
    }
    public var repeatCount: Float {
        get { cold.repeatCount }
        set { editCold().repeatCount = newValue }
    }
    public var repeatDuration: CFTimeInterval {
        get { cold.repeatDuration }
        set { editCold().repeatDuration = newValue }
    }
    public var autoreverses: Bool {
        get { cold.autoreverses }
        set { editCold().autoreverses = newValue }
    }
    public var fillMode: CAMediaTimingFillMode {
        get { cold.fillMode }
        set { editCold().fillMode = newValue }
    }
    // END GENERATED cold-accessors
}

/// The rarely set part of `LayerValues`, shared between copies until one of them writes.
/// `defaults` is never written (a `LayerValues` holding it always sees a second owner).
@preconcurrency @MainActor
final class LayerColdValues {
    static let defaults = LayerColdValues()

    // BEGIN GENERATED cold-storage (scripts/codegen/layer-properties.tsv; `make generate`)
    var sublayerTransform: CATransform3D = CATransform3DIdentity
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve: CALayerCornerCurve = .circular
    var borderColor: CGColor? = CGColor.black
    var shadowColor: CGColor? = CGColor.black
    var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    var shadowPath: CGPath? = nil
    var contentsBox: ContentsBox? = nil
    var contentsGravity: CALayerContentsGravity = .resize
    var contentsScale: CGFloat = 1
    var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var minificationFilterBias: Float = 0
    var isDoubleSided: Bool = true
    var isOpaque: Bool = false
    var shouldRasterize: Bool = false
    var rasterizationScale: CGFloat = 1
    var allowsGroupOpacity: Bool = true
    var drawsAsynchronously: Bool = false
    var allowsEdgeAntialiasing: Bool = false
    var name: String? = nil
    var actions: [String: CAAction]? = nil
    var needsDisplayOnBoundsChange: Bool = false
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses: Bool = false
    var fillMode: CAMediaTimingFillMode = .removed
    // END GENERATED cold-storage

    init() {}

    init(copying o: LayerColdValues) {
        // BEGIN GENERATED cold-copy (scripts/codegen/layer-properties.tsv; `make generate`)
        sublayerTransform = o.sublayerTransform
        maskedCorners = o.maskedCorners
        cornerCurve = o.cornerCurve
        borderColor = o.borderColor
        shadowColor = o.shadowColor
        shadowOffset = o.shadowOffset
        shadowPath = o.shadowPath
        contentsBox = o.contentsBox
        contentsGravity = o.contentsGravity
        contentsScale = o.contentsScale
        contentsRect = o.contentsRect
        contentsCenter = o.contentsCenter
        minificationFilter = o.minificationFilter
        magnificationFilter = o.magnificationFilter
        minificationFilterBias = o.minificationFilterBias
        isDoubleSided = o.isDoubleSided
        isOpaque = o.isOpaque
        shouldRasterize = o.shouldRasterize
        rasterizationScale = o.rasterizationScale
        allowsGroupOpacity = o.allowsGroupOpacity
        drawsAsynchronously = o.drawsAsynchronously
        allowsEdgeAntialiasing = o.allowsEdgeAntialiasing
        name = o.name
        actions = o.actions
        needsDisplayOnBoundsChange = o.needsDisplayOnBoundsChange
        repeatCount = o.repeatCount
        repeatDuration = o.repeatDuration
        autoreverses = o.autoreverses
        fillMode = o.fillMode
        // END GENERATED cold-copy
    }
}

/// An immutable box for `LayerValues.contents`.
// @unchecked: `value` is a `let` holding a CGImage (Sendable) or an app object that only the
// main actor reads; Any cannot state that.
final class ContentsBox: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}
