import Foundation
import FlipbookQuartz

/// A view that draws a visual effect over what lies behind it, UIKit's `UIVisualEffectView`.
///
/// Built as UIKit builds it: a backdrop view (its layer a `BackdropLayer`: the renderer blurs
/// and re-saturates what is behind it), a tint view (the style's tint colour), and
/// `contentView`, where subviews go. A `UIBlurEffect` resolves its numbers (`BlurMaterial`)
/// for the view's user interface style, again when the traits change. Setting `effect` inside
/// an animation block (or a property animator, or a transition coordinator's alongside
/// animation) animates the blur radius, saturation and tint, so `nil` → blur fades the blur in,
/// as presentation controllers do for dimming. A `UIVibrancyEffect` draws its content view at
/// the style's opacity (docs/Divergences.md).
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    // Made in this order (the parts, then the content view), before any initialiser's body.
    let backdropView = VisualEffectBackdropView(frame: .zero)
    let tintView = UIView(frame: .zero)
    /// Holds `contentView`; carries the vibrancy opacity.
    let contentHost = UIView(frame: .zero)
    /// Where subviews go (UIKit reports subviews added to the effect view itself).
    public let contentView = UIView(frame: .zero)
    private var addingParts = false

    /// The effect drawn (nil: none). Animatable.
    open var effect: UIVisualEffect? {
        get { _effect }
        set {
            _effect = newValue
            applyEffect()
        }
    }
    private var _effect: UIVisualEffect?

    /// An effect view showing `effect`.
    public init(effect: UIVisualEffect?) {
        self._effect = effect
        super.init(frame: .zero)
        installParts()
    }

    /// An effect view without an effect (`UIVisualEffectView()` and `init(frame:)`).
    public override init(frame: CGRect) {
        _effect = nil
        super.init(frame: frame)
        installParts()
    }

    /// Interface Builder's initialiser: an effect view without an effect.
    public required init?(coder: NSCoder) {
        _effect = nil
        super.init(coder: coder)
        installParts()
    }

    private func installParts() {
        addingParts = true
        for part in [backdropView, tintView, contentHost] {
            part.frame = bounds
            part.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(part)
        }
        contentView.frame = contentHost.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentHost.addSubview(contentView)
        addingParts = false
        UIView.performWithoutAnimation { applyEffect() }
    }

    /// The backdrop layer (Flipbook's): for reading the blur on screen.
    public var backdropLayer: BackdropLayer { backdropView.backdropLayer }

    /// What the current effect draws with under the view's traits (`.none` for nil or vibrancy).
    public var currentMaterial: BlurMaterial {
        (effect as? UIBlurEffect)?.material(for: traitCollection) ?? .none
    }

    /// The numbers last put on the parts.
    private var appliedMaterial: BlurMaterial?

    /// Puts the numbers again, without animation, when the traits now resolve the effect
    /// differently (the view entered a hierarchy with other traits, or they changed).
    func refreshForTraits() {
        guard appliedMaterial != nil, currentMaterial != appliedMaterial else { return }
        UIView.performWithoutAnimation { applyEffect() }
    }

    /// Puts the effect's numbers on the parts (animated inside an animation block).
    func applyEffect() {
        let m = currentMaterial
        appliedMaterial = m
        backdropView.backdropLayer.blurRadius = m.radius
        backdropView.backdropLayer.saturation = m.saturation
        tintView.backgroundColor = m.tintAlpha > 0 ? UIColor(white: m.tintWhite, alpha: m.tintAlpha) : nil
        contentHost.alpha = (effect as? UIVibrancyEffect)?.contentOpacity ?? 1
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        for part in [backdropView, tintView, contentHost] where part.frame != bounds { part.frame = bounds }
        if contentView.frame != contentHost.bounds { contentView.frame = contentHost.bounds }
    }

    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        guard !addingParts, subview !== backdropView, subview !== tintView, subview !== contentHost else { return }
        FlipbookDiagnostics.report(
            "\(self) has been asked to add a subview (\(type(of: subview))) directly. Do not add subviews directly to the visual effect view itself, instead add them to the contentView.",
            once: "UIVisualEffectView.addSubview.\(ObjectIdentifier(self))")
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        refreshForTraits()
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        refreshForTraits()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        refreshForTraits()
    }
}

/// The effect view's backdrop: a view whose layer is a `BackdropLayer`.
@preconcurrency @MainActor
final class VisualEffectBackdropView: UIView {
    override class var layerClass: AnyClass { BackdropLayer.self }
    var backdropLayer: BackdropLayer { layer as! BackdropLayer }
}
