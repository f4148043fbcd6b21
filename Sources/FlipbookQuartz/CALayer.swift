import Foundation
import FlipbookGeometry

/// Which corners `cornerRadius` rounds, Core Animation's `CACornerMask`.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// The shape of rounded corners, Core Animation's `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How `contents` fits the bounds, Core Animation's `CALayerContentsGravity`.
public struct CALayerContentsGravity: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// A node of the layer tree, Core Animation's `CALayer`.
///
/// The model layer holds the values the app set; `presentation()` gives a copy
/// showing running animations at the current media time (see
/// `CALayer+Presentation.swift`). Main-actor isolated: the whole tree is driven by
/// `MediaClock.main`.
///
/// Coordinates: points; `position` is where `anchorPoint` (unit coordinates of
/// `bounds`) sits in the superlayer's bounds space.
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
@MainActor
open class CALayer {
    // MARK: Geometry
    open var bounds: CGRect = .zero { didSet { if !isPresentationCopy { propertyDidChange("bounds", oldValue) } } }
    open var position: CGPoint = .zero { didSet { if !isPresentationCopy { propertyDidChange("position", oldValue) } } }
    open var zPosition: CGFloat = 0 { didSet { if !isPresentationCopy { propertyDidChange("zPosition", oldValue) } } }
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { if !isPresentationCopy { propertyDidChange("anchorPoint", oldValue) } } }
    open var anchorPointZ: CGFloat = 0 { didSet { if !isPresentationCopy { propertyDidChange("anchorPointZ", oldValue) } } }
    open var transform: CATransform3D = CATransform3DIdentity { didSet { if !isPresentationCopy { propertyDidChange("transform", oldValue) } } }
    open var sublayerTransform: CATransform3D = CATransform3DIdentity {
        didSet { if !isPresentationCopy { propertyDidChange("sublayerTransform", oldValue) } }
    }

    // MARK: Appearance
    open var opacity: Float = 1 { didSet { if !isPresentationCopy { propertyDidChange("opacity", oldValue) } } }
    open var isHidden = false { didSet { if !isPresentationCopy { propertyDidChange("hidden", oldValue) } } }
    open var masksToBounds = false { didSet { if !isPresentationCopy { propertyDidChange("masksToBounds", oldValue) } } }
    open var cornerRadius: CGFloat = 0 { didSet { if !isPresentationCopy { propertyDidChange("cornerRadius", oldValue) } } }
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    open var cornerCurve: CALayerCornerCurve = .circular
    open var borderWidth: CGFloat = 0 { didSet { if !isPresentationCopy { propertyDidChange("borderWidth", oldValue) } } }
    open var borderColor: CGColor? = CGColor.black { didSet { if !isPresentationCopy { propertyDidChange("borderColor", oldValue) } } }
    open var backgroundColor: CGColor? { didSet { if !isPresentationCopy { propertyDidChange("backgroundColor", oldValue) } } }
    open var shadowColor: CGColor? = CGColor.black { didSet { if !isPresentationCopy { propertyDidChange("shadowColor", oldValue) } } }
    open var shadowOpacity: Float = 0 { didSet { if !isPresentationCopy { propertyDidChange("shadowOpacity", oldValue) } } }
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { if !isPresentationCopy { propertyDidChange("shadowOffset", oldValue) } } }
    open var shadowRadius: CGFloat = 3 { didSet { if !isPresentationCopy { propertyDidChange("shadowRadius", oldValue) } } }
    open var shadowPath: CGPath? { didSet { if !isPresentationCopy { propertyDidChange("shadowPath", oldValue) } } }
    /// Usually a `CGImage`; anything else is ignored by the renderer.
    open var contents: Any? { didSet { if !isPresentationCopy { propertyDidChange("contents", oldValue) } } }
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if !isPresentationCopy { propertyDidChange("contentsRect", oldValue) } }
    }
    open var mask: CALayer?
    open var isDoubleSided = true
    open var isOpaque = false
    open var name: String?
    public weak var delegate: CALayerDelegate?
    /// Extra actions by key, searched after the delegate (`action(forKey:)`).
    open var actions: [String: CAAction]?
    /// When true, `setNeedsDisplay()` is called whenever `bounds` changes size.
    open var needsDisplayOnBoundsChange = false

    // MARK: Timing (CAMediaTiming)
    /// When the layer's local time starts, in its superlayer's time (seconds).
    open var beginTime: CFTimeInterval = 0
    /// Stored for API parity; a layer's own duration does not limit its time (see Divergences).
    open var duration: CFTimeInterval = 0
    /// How fast local time runs relative to the superlayer's (0 pauses the subtree).
    open var speed: Float = 1
    /// Added to local time after scaling, in seconds: how paused layers are scrubbed.
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Tree
    public internal(set) weak var superlayer: CALayer?
    /// The sublayers, back to front; nil when there are none, as on iOS.
    open var sublayers: [CALayer]?

    // MARK: Engine state
    /// Animations by insertion order (model layers only).
    var animationEntries: [AnimationEntry] = []
    /// Set on presentation copies: they never run actions or take animations.
    var isPresentationCopy = false
    /// For a presentation copy, the model it shows.
    var modelLayer: CALayer?
    var needsDisplayFlag = false
    var needsLayoutFlag = false
    /// Values stored by key-value coding under keys that are not properties.
    var extraValues: [String: Any] = [:]
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

    /// The default value of a property (Apple's class method); nil (the declared defaults apply).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether changing `key` redraws the layer (Apple's class method); false.
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

    /// A subclass property as the engine sees it (override in subclasses with animatable keys).
    func customAnimatableValue(forKey key: String) -> AnimatableValue? { nil }
    /// Writes a subclass property; false when unknown or the wrong kind.
    func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool { false }

    /// Creates a layer with default values (`layerClass.init()` works through this).
    public required init() {}

    /// Creates a copy of `layer` (its properties, not its sublayers or animations),
    /// as Core Animation does for presentation layers. Subclasses override this to copy
    /// their own properties, calling `super.init(layer:)` first.
    public required init(layer: Any) {
        guard let other = layer as? CALayer else {
            FlipbookDiagnostics.report(
                "CALayer.init(layer:) expects a CALayer (got \(type(of: layer))); created a default layer.",
                once: "CALayer.init(layer:)")
            return
        }
        bounds = other.bounds
        position = other.position
        zPosition = other.zPosition
        anchorPoint = other.anchorPoint
        anchorPointZ = other.anchorPointZ
        transform = other.transform
        sublayerTransform = other.sublayerTransform
        opacity = other.opacity
        isHidden = other.isHidden
        masksToBounds = other.masksToBounds
        cornerRadius = other.cornerRadius
        maskedCorners = other.maskedCorners
        cornerCurve = other.cornerCurve
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        backgroundColor = other.backgroundColor
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        contents = other.contents
        contentsGravity = other.contentsGravity
        contentsScale = other.contentsScale
        contentsRect = other.contentsRect
        isDoubleSided = other.isDoubleSided
        isOpaque = other.isOpaque
        name = other.name
        delegate = other.delegate
        actions = other.actions
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
    }
}
