import Foundation
import FlipbookGeometry

/// A layer that shows what lies behind it, blurred and re-saturated: Flipbook's counterpart of
/// Core Animation's private backdrop layer, the bottom of every `UIVisualEffectView`.
///
/// The renderer composites everything drawn before this layer (what is behind it in the
/// frame), blurs that region with a Gaussian of standard deviation `blurRadius` points and
/// scales its saturation by `saturation`, then draws the result inside the layer's shape
/// (bounds and corner radius, clipped like any layer) before the layer's own background and
/// sublayers. `blurRadius` 0 and `saturation` 1 show the backdrop unchanged. Both animate
/// (implicitly, explicitly and inside UIView animation blocks). See docs/Semantics.md,
/// "Visual effects", for the renderer's rules.
@preconcurrency @MainActor
open class BackdropLayer: CALayer {
    /// The Gaussian's standard deviation in points (negative values draw as 0).
    open var blurRadius: CGFloat {
        get { _blurRadius }
        set {
            let oldValue = _blurRadius
            _blurRadius = newValue
            if !checkedDidSet(blurRadius, "blurRadius", old: oldValue) { _blurRadius = oldValue }
        }
    }
    private var _blurRadius: CGFloat = 0
    /// The saturation factor (1: unchanged, 0: grey, above 1: more vivid; negative draws as 0).
    open var saturation: CGFloat {
        get { _saturation }
        set {
            let oldValue = _saturation
            _saturation = newValue
            if !checkedDidSet(saturation, "saturation", old: oldValue) { _saturation = oldValue }
        }
    }
    private var _saturation: CGFloat = 1

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let b = layer as? BackdropLayer else { return }
        _blurRadius = b.blurRadius
        _saturation = b.saturation
    }

    /// The keys of this layer's own animatable properties.
    public static let backdropKeys: Set<String> = ["blurRadius", "saturation"]

    override class var implicitlyAnimatedKeys: Set<String> {
        CALayer.baseImplicitlyAnimatedKeys.union(backdropKeys)
    }

    override func customAnimatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "blurRadius": return .number(Double(blurRadius))
        case "saturation": return .number(Double(saturation))
        default: return super.customAnimatableValue(forKey: key)
        }
    }

    override func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case ("blurRadius", .number(let n)): blurRadius = CGFloat(n)
        case ("saturation", .number(let n)): saturation = CGFloat(n)
        default: return super.setCustomAnimatableValue(value, forKey: key)
        }
        return true
    }
}
