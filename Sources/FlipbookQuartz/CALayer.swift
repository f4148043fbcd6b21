import Foundation
import FlipbookGeometry

/// A node of the layer tree, Core Animation's `CALayer`.
///
/// The model layer holds the values the app set; `presentation()` gives a copy
/// showing running animations at the current media time (see
/// `CALayer+Presentation.swift`). Main-actor isolated: the whole tree is driven by
/// `MediaClock.main`.
///
/// Coordinates: points; `position` is where `anchorPoint` (unit coordinates of
/// `bounds`) sits in the superlayer's bounds space.
///
/// Changing an animatable property asks `action(forKey:)` for an action and runs it
/// (implicit animation, see `CALayer+Actions.swift`).
@preconcurrency @MainActor
open class CALayer: NSObject, AssociatedObjectsHost {
    /// The stored values behind the properties below. Exclusivity is not checked at run
    /// time (the presentation walk reads it for every layer every frame); every access is
    /// a short read or write that never overlaps another.
    /// (No default value: each designated initializer sets it once, so a presentation copy
    /// does not build default values only to overwrite them.)
    @exclusivity(unchecked) var state: LayerValues

    /// The layer's rectangle in its superlayer's coordinates: the bounding box of `bounds`
    /// mapped through anchor point, `transform` and `position` (perspective included).
    /// Setting it sets `position` (from `anchorPoint`) and `bounds.size` as if the transform
    /// were the identity (Apple calls `frame` undefined under a transform; see
    /// docs/Divergences.md, "Layer frames under a transform").
    /// Declared in the class (not an extension) so subclasses can override it, as on iOS.
    open var frame: CGRect {
        get {
            if CATransform3DIsIdentity(transform) {
                // Exact without a matrix: the bounds' origin does not move the frame.
                let b = bounds
                return CGRect(
                    x: position.x - anchorPoint.x * b.width, y: position.y - anchorPoint.y * b.height,
                    width: b.width, height: b.height)
            }
            return mapToSuperlayerPlane(includeSuperSublayerTransform: false).boundingBox(of: bounds)
        }
        set {
            guard accepts(newValue, "frame", old: frame) else { return }
            let r = newValue.standardized
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            bounds.size = r.size
        }
    }

    // BEGIN GENERATED properties (scripts/codegen/layer-properties.tsv; `make generate`)
    open var bounds: CGRect {
        get { state.bounds }
        set {
            guard accepts(newValue, "bounds", old: state.bounds) else { return }
            let old = state.bounds
            keyValueObservers?.willChange("bounds")
            state.bounds = newValue
            if !isPresentationCopy { propertyDidChange("bounds", old) }
            keyValueObservers?.didChange("bounds")
        }
    }
    open var position: CGPoint {
        get { state.position }
        set {
            guard accepts(newValue, "position", old: state.position) else { return }
            let old = state.position
            keyValueObservers?.willChange("position")
            state.position = newValue
            if !isPresentationCopy { propertyDidChange("position", old) }
            keyValueObservers?.didChange("position")
        }
    }
    open var zPosition: CGFloat {
        get { state.zPosition }
        set {
            guard accepts(newValue, "zPosition", old: state.zPosition) else { return }
            let old = state.zPosition
            keyValueObservers?.willChange("zPosition")
            state.zPosition = newValue
            if !isPresentationCopy { propertyDidChange("zPosition", old) }
            keyValueObservers?.didChange("zPosition")
        }
    }
    open var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set {
            guard accepts(newValue, "anchorPoint", old: state.anchorPoint) else { return }
            let old = state.anchorPoint
            keyValueObservers?.willChange("anchorPoint")
            state.anchorPoint = newValue
            if !isPresentationCopy { propertyDidChange("anchorPoint", old) }
            keyValueObservers?.didChange("anchorPoint")
        }
    }
    open var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set {
            guard accepts(newValue, "anchorPointZ", old: state.anchorPointZ) else { return }
            let old = state.anchorPointZ
            keyValueObservers?.willChange("anchorPointZ")
            state.anchorPointZ = newValue
            if !isPresentationCopy { propertyDidChange("anchorPointZ", old) }
            keyValueObservers?.didChange("anchorPointZ")
        }
    }
    open var transform: CATransform3D {
        get { state.transform }
        set {
            guard accepts(newValue, "transform", old: state.transform) else { return }
            let old = state.transform
            keyValueObservers?.willChange("transform")
            state.transform = newValue
            if !isPresentationCopy { propertyDidChange("transform", old) }
            keyValueObservers?.didChange("transform")
        }
    }
    open var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set {
            guard accepts(newValue, "sublayerTransform", old: state.sublayerTransform) else { return }
            let old = state.sublayerTransform
            keyValueObservers?.willChange("sublayerTransform")
            state.sublayerTransform = newValue
            if !isPresentationCopy { propertyDidChange("sublayerTransform", old) }
            keyValueObservers?.didChange("sublayerTransform")
        }
    }
    open var opacity: Float {
        get { state.opacity }
        set {
            guard accepts(newValue, "opacity", old: state.opacity) else { return }
            let old = state.opacity
            keyValueObservers?.willChange("opacity")
            state.opacity = newValue
            if !isPresentationCopy { propertyDidChange("opacity", old) }
            keyValueObservers?.didChange("opacity")
        }
    }
    open var isHidden: Bool {
        get { state.isHidden }
        set {
            let old = state.isHidden
            keyValueObservers?.willChange("hidden")
            state.isHidden = newValue
            if !isPresentationCopy { propertyDidChange("hidden", old) }
            keyValueObservers?.didChange("hidden")
        }
    }
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set {
            let old = state.masksToBounds
            keyValueObservers?.willChange("masksToBounds")
            state.masksToBounds = newValue
            if !isPresentationCopy { propertyDidChange("masksToBounds", old) }
            keyValueObservers?.didChange("masksToBounds")
        }
    }
    open var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set {
            guard accepts(newValue, "cornerRadius", old: state.cornerRadius) else { return }
            let old = state.cornerRadius
            keyValueObservers?.willChange("cornerRadius")
            state.cornerRadius = newValue
            if !isPresentationCopy { propertyDidChange("cornerRadius", old) }
            keyValueObservers?.didChange("cornerRadius")
        }
    }
    open var maskedCorners: CACornerMask { get { state.maskedCorners } set { state.maskedCorners = newValue } }
    open var cornerCurve: CALayerCornerCurve { get { state.cornerCurve } set { state.cornerCurve = newValue } }
    open var borderWidth: CGFloat {
        get { state.borderWidth }
        set {
            guard accepts(newValue, "borderWidth", old: state.borderWidth) else { return }
            let old = state.borderWidth
            keyValueObservers?.willChange("borderWidth")
            state.borderWidth = newValue
            if !isPresentationCopy { propertyDidChange("borderWidth", old) }
            keyValueObservers?.didChange("borderWidth")
        }
    }
    open var borderColor: CGColor? {
        get { state.borderColor }
        set {
            let old = state.borderColor
            keyValueObservers?.willChange("borderColor")
            state.borderColor = newValue
            if !isPresentationCopy { propertyDidChange("borderColor", old) }
            keyValueObservers?.didChange("borderColor")
        }
    }
    open var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set {
            let old = state.backgroundColor
            keyValueObservers?.willChange("backgroundColor")
            state.backgroundColor = newValue
            if !isPresentationCopy { propertyDidChange("backgroundColor", old) }
            keyValueObservers?.didChange("backgroundColor")
        }
    }
    open var shadowColor: CGColor? {
        get { state.shadowColor }
        set {
            let old = state.shadowColor
            keyValueObservers?.willChange("shadowColor")
            state.shadowColor = newValue
            if !isPresentationCopy { propertyDidChange("shadowColor", old) }
            keyValueObservers?.didChange("shadowColor")
        }
    }
    open var shadowOpacity: Float {
        get { state.shadowOpacity }
        set {
            guard accepts(newValue, "shadowOpacity", old: state.shadowOpacity) else { return }
            let old = state.shadowOpacity
            keyValueObservers?.willChange("shadowOpacity")
            state.shadowOpacity = newValue
            if !isPresentationCopy { propertyDidChange("shadowOpacity", old) }
            keyValueObservers?.didChange("shadowOpacity")
        }
    }
    open var shadowOffset: CGSize {
        get { state.shadowOffset }
        set {
            guard accepts(newValue, "shadowOffset", old: state.shadowOffset) else { return }
            let old = state.shadowOffset
            keyValueObservers?.willChange("shadowOffset")
            state.shadowOffset = newValue
            if !isPresentationCopy { propertyDidChange("shadowOffset", old) }
            keyValueObservers?.didChange("shadowOffset")
        }
    }
    open var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set {
            guard accepts(newValue, "shadowRadius", old: state.shadowRadius) else { return }
            let old = state.shadowRadius
            keyValueObservers?.willChange("shadowRadius")
            state.shadowRadius = newValue
            if !isPresentationCopy { propertyDidChange("shadowRadius", old) }
            keyValueObservers?.didChange("shadowRadius")
        }
    }
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set {
            let old = state.shadowPath
            keyValueObservers?.willChange("shadowPath")
            state.shadowPath = newValue
            if !isPresentationCopy { propertyDidChange("shadowPath", old) }
            keyValueObservers?.didChange("shadowPath")
        }
    }
    /// Usually a `CGImage`; anything else is ignored by the renderer.
    open var contents: Any? {
        get { state.contents }
        set {
            let old = state.contents
            keyValueObservers?.willChange("contents")
            state.contents = newValue
            if !isPresentationCopy { propertyDidChange("contents", old) }
            keyValueObservers?.didChange("contents")
        }
    }
    open var contentsGravity: CALayerContentsGravity { get { state.contentsGravity } set { state.contentsGravity = newValue } }
    open var contentsScale: CGFloat {
        get { state.contentsScale }
        set {
            guard accepts(newValue, "contentsScale", old: state.contentsScale) else { return }
            state.contentsScale = newValue
        }
    }
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set {
            guard accepts(newValue, "contentsRect", old: state.contentsRect) else { return }
            let old = state.contentsRect
            keyValueObservers?.willChange("contentsRect")
            state.contentsRect = newValue
            if !isPresentationCopy { propertyDidChange("contentsRect", old) }
            keyValueObservers?.didChange("contentsRect")
        }
    }
    /// The part of `contents` (unit coordinates of the image) that stretches when the image is
    /// resized; the edges outside it stretch in one direction and the corners keep their size
    /// (nine-part stretching).
    open var contentsCenter: CGRect {
        get { state.contentsCenter }
        set {
            guard accepts(newValue, "contentsCenter", old: state.contentsCenter) else { return }
            let old = state.contentsCenter
            keyValueObservers?.willChange("contentsCenter")
            state.contentsCenter = newValue
            if !isPresentationCopy { propertyDidChange("contentsCenter", old) }
            keyValueObservers?.didChange("contentsCenter")
        }
    }
    /// The filter used when the contents are drawn smaller than their pixels (stored; the renderer
    /// always samples bilinearly).
    open var minificationFilter: CALayerContentsFilter { get { state.minificationFilter } set { state.minificationFilter = newValue } }
    /// The filter used when the contents are drawn larger than their pixels (stored; the renderer
    /// always samples bilinearly).
    open var magnificationFilter: CALayerContentsFilter { get { state.magnificationFilter } set { state.magnificationFilter = newValue } }
    /// The bias of the minification filter's level of detail (stored; no mipmaps).
    open var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set {
            guard accepts(newValue, "minificationFilterBias", old: state.minificationFilterBias) else { return }
            state.minificationFilterBias = newValue
        }
    }
    open var isDoubleSided: Bool { get { state.isDoubleSided } set { state.isDoubleSided = newValue } }
    open var isOpaque: Bool { get { state.isOpaque } set { state.isOpaque = newValue } }
    /// When true, the layer and its sublayers are drawn once into a bitmap at `rasterizationScale`
    /// and that bitmap is composited (kept until the subtree changes).
    open var shouldRasterize: Bool { get { state.shouldRasterize } set { state.shouldRasterize = newValue } }
    /// Pixels per point of the `shouldRasterize` bitmap (1 by default, as on iOS: set it to the
    /// screen's scale for a sharp bitmap).
    open var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set {
            guard accepts(newValue, "rasterizationScale", old: state.rasterizationScale) else { return }
            let old = state.rasterizationScale
            keyValueObservers?.willChange("rasterizationScale")
            state.rasterizationScale = newValue
            if !isPresentationCopy { propertyDidChange("rasterizationScale", old) }
            keyValueObservers?.didChange("rasterizationScale")
        }
    }
    /// True (iOS 7 and later's default): a translucent layer with sublayers is composited as one
    /// group, then faded. False: its opacity multiplies into each sublayer separately.
    open var allowsGroupOpacity: Bool { get { state.allowsGroupOpacity } set { state.allowsGroupOpacity = newValue } }
    /// Whether `draw(in:)` runs on a background thread (stored; Flipbook draws on the main thread
    /// either way).
    open var drawsAsynchronously: Bool { get { state.drawsAsynchronously } set { state.drawsAsynchronously = newValue } }
    /// Whether the edges of a transformed layer are antialiased (stored; the compositor antialiases
    /// every edge).
    open var allowsEdgeAntialiasing: Bool { get { state.allowsEdgeAntialiasing } set { state.allowsEdgeAntialiasing = newValue } }
    open var name: String? { get { state.name } set { state.name = newValue } }
    /// Extra actions by key, searched after the delegate (`action(forKey:)`).
    open var actions: [String: CAAction]? { get { state.actions } set { state.actions = newValue } }
    /// When true, `setNeedsDisplay()` is called whenever `bounds` changes size.
    open var needsDisplayOnBoundsChange: Bool { get { state.needsDisplayOnBoundsChange } set { state.needsDisplayOnBoundsChange = newValue } }
    /// When the layer's local time starts, in its superlayer's time (seconds).
    open var beginTime: CFTimeInterval {
        get { state.beginTime }
        set {
            guard accepts(newValue, "beginTime", old: state.beginTime) else { return }
            state.beginTime = newValue
        }
    }
    /// The length of one iteration of the layer's timeline, in seconds. 0 (the default): infinite,
    /// the layer's time is unbounded. Positive: the layer's local time is limited like an
    /// animation's by `repeatCount`, `repeatDuration`, `autoreverses`, `fillMode` (see
    /// `localTime(fromParentTime:)`).
    open var duration: CFTimeInterval {
        get { state.duration }
        set {
            guard accepts(newValue, "duration", old: state.duration, if: !newValue.isNaN) else { return }
            state.duration = newValue
        }
    }
    /// How fast local time runs relative to the superlayer's (0 pauses the subtree).
    open var speed: Float {
        get { state.speed }
        set {
            guard accepts(newValue, "speed", old: state.speed) else { return }
            state.speed = newValue
        }
    }
    /// Added to local time after scaling, in seconds: how paused layers are scrubbed.
    open var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set {
            guard accepts(newValue, "timeOffset", old: state.timeOffset) else { return }
            state.timeOffset = newValue
        }
    }
    /// `.infinity` repeats for ever; NaN is refused.
    open var repeatCount: Float {
        get { state.repeatCount }
        set {
            guard accepts(newValue, "repeatCount", old: state.repeatCount, if: !newValue.isNaN) else { return }
            state.repeatCount = newValue
        }
    }
    open var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set {
            guard accepts(newValue, "repeatDuration", old: state.repeatDuration, if: !newValue.isNaN) else { return }
            state.repeatDuration = newValue
        }
    }
    open var autoreverses: Bool { get { state.autoreverses } set { state.autoreverses = newValue } }
    open var fillMode: CAMediaTimingFillMode { get { state.fillMode } set { state.fillMode = newValue } }
    // END GENERATED properties
    @exclusivity(unchecked) open var mask: CALayer?
    // The tree and delegate references below are read and written in short, never
    // overlapping accesses (a presentation copy sets several per layer per frame), so
    // exclusivity is not checked at run time.
    @exclusivity(unchecked) public weak var delegate: CALayerDelegate?

    // MARK: Tree
    @exclusivity(unchecked) public internal(set) weak var superlayer: CALayer?
    /// The sublayers, back to front; nil when there are none, as on iOS.
    ///
    /// Setting it keeps the tree consistent, as Core Animation's setter does: layers no
    /// longer listed lose their `superlayer`; listed layers leave their old superlayer and
    /// get this one. A layer listed twice is kept once, and this layer or an ancestor (a
    /// cycle) is left out; both are reported. An empty array reads back as nil.
    open var sublayers: [CALayer]? {
        get { storedSublayers }
        set { setSublayers(newValue) }
    }
    /// The storage behind `sublayers`: the tree methods (`CALayer+Tree.swift`) and the
    /// presentation copies write it directly.
    @exclusivity(unchecked) final var storedSublayers: [CALayer]?

    // MARK: Engine state
    /// Animations by insertion order (model layers only).
    var animationEntries: [AnimationEntry] = [] {
        didSet {
            cachedPresentationPlan = nil
            hasAnimations = !animationEntries.isEmpty
            animationEventsSettled = false
        }
    }
    /// Set by the engine when every animation of the layer has started and is endless (or
    /// has stopped): no start or stop can be due, so the frame's event pass skips the layer.
    @exclusivity(unchecked) final var animationEventsSettled = false
    /// `!animationEntries.isEmpty`, kept in the layer itself so the per-frame walk of a
    /// layer without animations does not touch the entries' storage.
    @exclusivity(unchecked) final var hasAnimations = false
    /// `animationEntries` compiled for the presentation walk (see `preparePresentationPlan`);
    /// its owner. The walk reads the copies below, which need no reference counting.
    @exclusivity(unchecked) final var cachedPresentationPlan: PresentationPlan? {
        didSet {
            planIsReady = cachedPresentationPlan != nil
            planIsDirect = cachedPresentationPlan?.isDirect ?? false
            planBase = cachedPresentationPlan?.storage?.base
            planCount = cachedPresentationPlan?.storage?.count ?? 0
        }
    }
    @exclusivity(unchecked) final var planIsReady = false
    @exclusivity(unchecked) final var planIsDirect = false
    /// The compiled records (owned by `cachedPresentationPlan`).
    @exclusivity(unchecked) final var planBase: UnsafeMutablePointer<CompiledAnimation>?
    @exclusivity(unchecked) final var planCount = 0
    /// Set on presentation copies: they never run actions or take animations.
    @exclusivity(unchecked) var isPresentationCopy = false
    /// For a root layer that a window hosts, the runtime the window was made in (weak: the
    /// runtime keeps animated layers through its engine). See `owningRuntime`.
    package weak var hostRuntime: AppRuntime? {
        didSet { if hostRuntime != nil, !hasBeenCommitted { hostRuntime?.clock.engine.noteInserted(self) } }
    }
    /// Whether a transaction has committed this layer in a window's tree. Until then property
    /// changes of a layer without a delegate run no action: Core Animation does not animate a
    /// layer implicitly before it has reached the render server (docs/Semantics.md, "Implicit
    /// animations of new layers").
    @exclusivity(unchecked) final var hasBeenCommitted = false
    /// The sublayers and values this layer had at its runtime's last commit, where they have
    /// changed since (CALayer+CommittedState.swift); nil when nothing changed.
    final var committedState: CommittedLayerState?
    /// Key-value observations of this model layer (KeyValueObserving.swift); nil until the first.
    package var keyValueObservers: KeyValueObservers?
    /// Associated objects (AssociatedObjects.swift), released with the layer.
    nonisolated(unsafe) package var associatedObjectTable: AssociatedObjectTable?
    /// For a presentation copy, the model it shows.
    /// The model layer of a presentation copy. Weak: the model keeps its last copy for reuse
    /// (`reusablePresentation`), and a strong reference back would be a cycle.
    @exclusivity(unchecked) weak var modelLayer: CALayer?
    /// A plain layer's last presentation copy (Flipbook's own cache, derived state only): the
    /// next `presentation()` refills it instead of allocating when nothing else holds it any
    /// more, so a renderer that drops each frame's tree reuses the same objects frame after
    /// frame. A copy somebody still holds is never changed.
    @exclusivity(unchecked) final var reusablePresentation: CALayer?
    var needsDisplayFlag = false
    var needsLayoutFlag = false
    /// Set by a view on its backing layer: a tree whose root is such a layer (a view in no
    /// window) is not laid out at commit; its pending layout waits until the tree reaches a
    /// host (`hostRuntime`), as Core Animation commits only trees in a window
    /// (docs/Semantics.md, "Layout of views in no window"). Plain layers lay out at commit.
    package var layoutWaitsForHost = false
    /// Each corner's share of `cornerRadius` (top left, top right, bottom left, bottom right),
    /// set by UIKit's corner configurations when their corners differ; nil for one radius. A
    /// presentation copy answers its model's, so the corners scale with an animated radius.
    package var cornerRadiusShares: [Double]? {
        get { isPresentationCopy ? modelLayer?.cornerRadiusSharesStorage : cornerRadiusSharesStorage }
        set { cornerRadiusSharesStorage = newValue }
    }
    private var cornerRadiusSharesStorage: [Double]?
    /// Values stored by key-value coding under keys that are not properties (custom keys);
    /// copied into presentation copies, where animations write them.
    var extraValues: [String: Any] = [:]
    /// On a presentation copy: an animation wrote a key the class's `needsDisplay(forKey:)`
    /// names, so the copy is redrawn once the animations are applied.
    @exclusivity(unchecked) final var animatedDisplayPending = false
    /// On a model layer: one of its presentation copies is drawing itself (see
    /// `redrawAnimatedContentIfNeeded`).
    final var isDrawingPresentation = false
    /// The recording of the last `draw(in:)` (Flipbook's backing store), for the renderer.
    public internal(set) var drawnContent: CGContext?

    // MARK: Overridable behaviour (implementations live in the CALayer+*.swift files)

    /// The keys whose changes animate implicitly; subclasses add their animatable keys.
    class var implicitlyAnimatedKeys: Set<String> { CALayer.baseImplicitlyAnimatedKeys }

    /// The action for a property change, searched as Core Animation does: the delegate's
    /// `action(for:forKey:)`, then `actions[event]`, then `defaultAction(forKey:)`.
    /// An `NSNull` found on the way ends the search and is returned (it runs as nothing).
    open func action(forKey event: String) -> CAAction? { searchAction(forKey: event) }

    /// The default action for `event`: for an animatable property, a `CABasicAnimation`
    /// of that key over `CATransaction.animationDuration()` (0.25 s unless set) with
    /// `CATransaction.animationTimingFunction()` (Core Animation's `.default` curve when
    /// nil); nil for anything else.
    open class func defaultAction(forKey event: String) -> CAAction? {
        basicDefaultAction(forKey: event, animatable: implicitlyAnimatedKeys)
    }

    /// The default value of a property (Apple's class method); nil. A subclass's answer is the
    /// value of a custom key never set (built-in properties keep their declared defaults).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether changing `key` redraws the layer (Apple's class method); false. When a subclass
    /// answers true, setting the key marks the layer for display and an animation of it redraws
    /// the presentation copy with the animated value (docs/Semantics.md, "Custom layer keys").
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Redraws the content: the delegate's `display(_:)` when there is a delegate (its
    /// default draws through `draw(in:)`), else `draw(in:)` into a new recording context.
    open func display() { performDisplay() }

    /// Draws the layer's content; the default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { performDraw(in: ctx) }

    /// Positions the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() { performLayoutSublayers() }

    /// The preferred size of the layer (Apple's default: its bounds size).
    open func preferredFrameSize() -> CGSize { bounds.size }

    /// Whether `p` (in this layer's coordinates) is inside `bounds`.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The farthest descendant (or this layer) containing `p`, given in the superlayer's
    /// coordinates; hidden layers are skipped and `masksToBounds` clips. Sublayers are
    /// tried front to back (higher `zPosition` first, then later siblings).
    open func hitTest(_ p: CGPoint) -> CALayer? { performHitTest(p) }

    /// A subclass property as the engine sees it (override in subclasses with animatable keys);
    /// nil for a key no subclass declares (a custom key, read from the key-value storage).
    func customAnimatableValue(forKey key: String) -> AnimatableValue? { nil }
    /// Writes a subclass property; false when the wrong kind. A key no subclass declares is a
    /// custom key, stored in the key-value storage (`CALayer+CustomKeys.swift`).
    func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        setStoredCustomAnimatableValue(value, forKey: key)
    }

    /// Creates a layer with default values.
    public override init() {
        state = LayerValues()
        super.init()
    }

    /// Creates a copy of `layer` (its properties and custom keys' values, not its sublayers
    /// or animations), as Core Animation does for presentation layers. Subclasses override this to copy
    /// their own properties, calling `super.init(layer:)` first.
    public init(layer: Any) {
        guard let other = layer as? CALayer else {
            state = LayerValues()
            super.init()
            FlipbookDiagnostics.report(
                "CALayer.init(layer:) expects a CALayer (got \(type(of: layer))); created a default layer.",
                once: "CALayer.init(layer:)")
            return
        }
        state = other.state
        super.init()
        delegate = other.delegate
        extraValues = other.extraValues
    }

    /// A layer with default values: there is no archive to decode layers from here
    /// (docs/Divergences.md, "Class roots and initializers").
    public required init?(coder: NSCoder) {
        state = LayerValues()
        super.init()
    }

    /// A new layer of the receiver's dynamic class, through its `init()`: how a view makes
    /// its `layerClass` (Core Animation does this through the Objective-C runtime). Inherited by
    /// every subclass that overrides all of CALayer's designated initializers or none of them,
    /// as Swift's rules for convenience initializers say (docs/Porting.md, "Layer subclasses").
    public required convenience init(_flipbookNew: Void) { self.init() }

    /// A copy of `layer` of the receiver's dynamic class, through its `init(layer:)`: how
    /// presentation copies are made for subclasses (see `init(_flipbookNew:)`).
    public required convenience init(_flipbookCopyOf layer: CALayer) { self.init(layer: layer) }

}
