import Foundation
import FlipbookGeometry

/// A layer that draws its sublayers `instanceCount` times, Core Animation's
/// `CAReplicatorLayer` (a model: FlipbookRender draws the instances; see docs/Semantics.md,
/// "Replicator layers").
///
/// Instance k (0 ≤ k < instanceCount) is the sublayer tree
/// - transformed by `instanceTransform` applied k times, about the centre of this layer's bounds;
/// - with its colours multiplied by `instanceColor` plus k × the red/green/blue/alpha offsets
///   (each component clamped to 0…1);
/// - with its animations k × `instanceDelay` seconds later (instance k shows, at time t, what
///   instance 0 shows at t − k × instanceDelay).
///
/// `instanceTransform`, `instanceColor`, the four offsets and `instanceDelay` animate.
@preconcurrency @MainActor
open class CAReplicatorLayer: CALayer {
    /// The largest number of instances drawn; more is reported once and capped.
    public static let maximumDrawnInstances = 4096

    /// How many copies of the sublayers are drawn (1 by default: the sublayers alone). Negative
    /// counts are reported once and draw nothing.
    open var instanceCount: Int {
        get { _instanceCount }
        set {
            _instanceCount = newValue
            if instanceCount < 0 {
                FlipbookDiagnostics.report(
                    "CAReplicatorLayer instanceCount \(instanceCount) is negative; no instance is drawn.",
                    once: "CAReplicatorLayer.instanceCount.negative")
            } else if instanceCount > Self.maximumDrawnInstances {
                FlipbookDiagnostics.report(
                    "CAReplicatorLayer instanceCount \(instanceCount) is more than Flipbook draws; "
                        + "only the first \(Self.maximumDrawnInstances) instances are drawn.",
                    once: "CAReplicatorLayer.instanceCount.huge")
            }
        }
    }
    private var _instanceCount: Int = 1
    /// Whether the instances keep their depth in 3D like a `CATransformLayer` (false: flattened
    /// into this layer's plane). When true, the instances are drawn back to front by the depth of
    /// their centres (see docs/Divergences.md).
    open var preservesDepth = false
    /// The time, in seconds, by which each instance's animations lag the previous instance's.
    open var instanceDelay: CFTimeInterval {
        get { _instanceDelay }
        set {
            let oldValue = _instanceDelay
            _instanceDelay = newValue
            if !checkedDidSet(instanceDelay, "instanceDelay", old: oldValue) { _instanceDelay = oldValue }
        }
    }
    private var _instanceDelay: CFTimeInterval = 0
    /// The transform applied to instance k − 1 to give instance k, about the centre of the bounds.
    open var instanceTransform: CATransform3D {
        get { _instanceTransform }
        set {
            let oldValue = _instanceTransform
            _instanceTransform = newValue
            if !checkedDidSet(instanceTransform, "instanceTransform", old: oldValue) { _instanceTransform = oldValue }
        }
    }
    private var _instanceTransform: CATransform3D = CATransform3DIdentity
    /// The colour the first instance's colours are multiplied by (white: unchanged; nil reads as white).
    open var instanceColor: CGColor? {
        get { _instanceColor }
        set {
            let oldValue = _instanceColor
            _instanceColor = newValue
            if !isPresentationCopy { propertyDidChange("instanceColor", oldValue) }
        }
    }
    private var _instanceColor: CGColor? = CGColor.white
    open var instanceRedOffset: Float {
        get { _instanceRedOffset }
        set {
            let oldValue = _instanceRedOffset
            _instanceRedOffset = newValue
            if !checkedDidSet(instanceRedOffset, "instanceRedOffset", old: oldValue) { _instanceRedOffset = oldValue }
        }
    }
    private var _instanceRedOffset: Float = 0
    open var instanceGreenOffset: Float {
        get { _instanceGreenOffset }
        set {
            let oldValue = _instanceGreenOffset
            _instanceGreenOffset = newValue
            if !checkedDidSet(instanceGreenOffset, "instanceGreenOffset", old: oldValue) { _instanceGreenOffset = oldValue }
        }
    }
    private var _instanceGreenOffset: Float = 0
    open var instanceBlueOffset: Float {
        get { _instanceBlueOffset }
        set {
            let oldValue = _instanceBlueOffset
            _instanceBlueOffset = newValue
            if !checkedDidSet(instanceBlueOffset, "instanceBlueOffset", old: oldValue) { _instanceBlueOffset = oldValue }
        }
    }
    private var _instanceBlueOffset: Float = 0
    open var instanceAlphaOffset: Float {
        get { _instanceAlphaOffset }
        set {
            let oldValue = _instanceAlphaOffset
            _instanceAlphaOffset = newValue
            if !checkedDidSet(instanceAlphaOffset, "instanceAlphaOffset", old: oldValue) { _instanceAlphaOffset = oldValue }
        }
    }
    private var _instanceAlphaOffset: Float = 0

    /// On a presentation copy with a non-zero `instanceDelay`: the presentation sublayers of
    /// instances 1… (index k − 1 for instance k), each made at this layer's local time minus
    /// k × instanceDelay. Empty otherwise (every instance shows `sublayers`).
    package internal(set) var delayedInstanceSublayers: [[CALayer]] = []

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let r = layer as? CAReplicatorLayer else { return }
        _instanceCount = r.instanceCount
        preservesDepth = r.preservesDepth
        _instanceDelay = r.instanceDelay
        _instanceTransform = r.instanceTransform
        _instanceColor = r.instanceColor
        _instanceRedOffset = r.instanceRedOffset
        _instanceGreenOffset = r.instanceGreenOffset
        _instanceBlueOffset = r.instanceBlueOffset
        _instanceAlphaOffset = r.instanceAlphaOffset
    }

    /// The number of instances drawn: `instanceCount` clamped to 0…`maximumDrawnInstances`.
    package var drawnInstanceCount: Int { min(max(instanceCount, 0), Self.maximumDrawnInstances) }

    /// Instance k's colour multiplier (straight red, green, blue, alpha, each 0…1).
    package func instanceMultiplier(_ k: Int) -> SIMD4<Double> {
        var base = SIMD4<Double>(1, 1, 1, 1)
        if let c = instanceColor?.components, c.count >= 4 {
            base = SIMD4(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        }
        let offset = SIMD4(Double(instanceRedOffset), Double(instanceGreenOffset), Double(instanceBlueOffset), Double(instanceAlphaOffset))
        let v = base + offset * Double(k)
        return SIMD4(min(max(v.x, 0), 1), min(max(v.y, 0), 1), min(max(v.z, 0), 1), min(max(v.w, 0), 1))
    }

    /// The sublayers instance k shows (a presentation copy's delayed trees, else `sublayers`).
    package func instanceSublayers(_ k: Int) -> [CALayer] {
        if k > 0, k - 1 < delayedInstanceSublayers.count { return delayedInstanceSublayers[k - 1] }
        return sublayers ?? []
    }

    /// Builds the delayed instances' presentation trees on `copy` (called by `makePresentation`).
    func presentDelayedInstances(on copy: CAReplicatorLayer, localTime local: CFTimeInterval) {
        let delay = copy.instanceDelay
        let count = copy.drawnInstanceCount
        guard delay != 0, delay.isFinite, count > 1, let subs = sublayers, !subs.isEmpty else { return }
        copy.delayedInstanceSublayers = (1..<count).map { k in
            subs.map { $0.makePresentation(parentTime: local - Double(k) * delay) }
        }
    }

    override class var implicitlyAnimatedKeys: Set<String> {
        CALayer.baseImplicitlyAnimatedKeys.union([
            "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
            "instanceBlueOffset", "instanceAlphaOffset",
        ])
    }

    override func customAnimatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "instanceDelay": return .number(instanceDelay)
        case "instanceTransform": return .transform(instanceTransform)
        case "instanceColor": return .color(instanceColor)
        case "instanceRedOffset": return .number(Double(instanceRedOffset))
        case "instanceGreenOffset": return .number(Double(instanceGreenOffset))
        case "instanceBlueOffset": return .number(Double(instanceBlueOffset))
        case "instanceAlphaOffset": return .number(Double(instanceAlphaOffset))
        case "instanceCount": return .number(Double(instanceCount))
        default: return super.customAnimatableValue(forKey: key)
        }
    }

    override func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case ("instanceDelay", .number(let v)): instanceDelay = v
        case ("instanceTransform", .transform(let t)): instanceTransform = t
        case ("instanceColor", .color(let c)): instanceColor = c
        case ("instanceRedOffset", .number(let v)): instanceRedOffset = Float(v)
        case ("instanceGreenOffset", .number(let v)): instanceGreenOffset = Float(v)
        case ("instanceBlueOffset", .number(let v)): instanceBlueOffset = Float(v)
        case ("instanceAlphaOffset", .number(let v)): instanceAlphaOffset = Float(v)
        case ("instanceCount", .number(let v)) where v.isFinite: instanceCount = Int(v.rounded(.down))
        default: return super.setCustomAnimatableValue(value, forKey: key)
        }
        return true
    }
}
