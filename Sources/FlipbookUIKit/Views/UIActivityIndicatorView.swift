import Foundation
import FlipbookQuartz

/// A view that shows that a task is in progress, UIKit's `UIActivityIndicatorView`.
///
/// Drawn as the iOS 13+ spinner: eight rounded spokes around the centre, the leading one in
/// the full colour and each one behind it fainter, on a layer of the style's size centred in the
/// bounds. While animating, a repeating discrete `CAKeyframeAnimation` on that layer's
/// `transform.rotation.z` turns it clockwise one spoke (45°) at a time, a turn a second, on the
/// media clock: renders at a given time are deterministic. The view is hidden while stopped
/// when `hidesWhenStopped` (the default), as on iOS. See docs/Divergences.md for the measured
/// and chosen geometry.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The visual style, UIKit's `UIActivityIndicatorView.Style` (Apple's raw values).
    public enum Style: Int, Sendable {
        /// The default style (20 × 20 points), iOS 13.
        case medium = 100
        /// The large style (37 × 37 points), iOS 13.
        case large = 101
        /// A large white indicator (37 × 37 points).
        @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use UIActivityIndicatorViewStyleLarge instead.")
        case whiteLarge = 0
        /// A white indicator (20 × 20 points).
        @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use UIActivityIndicatorViewStyleMedium instead.")
        case white = 1
        /// A grey indicator (20 × 20 points).
        @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use UIActivityIndicatorViewStyleMedium instead.")
        case gray = 2
    }

    /// The number of spokes of the iOS 13+ spinner.
    static let spokeCount = 8
    /// Seconds per turn.
    static let period: CFTimeInterval = 1
    /// The key of the rotation animation on the spinner layer.
    static let animationKey = "flipbook.activityIndicator.rotation"

    /// The layer that carries the spokes and turns.
    let spinnerLayer = CALayer()
    private var spokeLayers: [CALayer] = []
    private var _style: Style
    private var _color: UIColor?
    private var animating = false
    private var _hidesWhenStopped = true

    /// An indicator of `style`, sized to it (20 × 20 or 37 × 37 points), stopped and hidden.
    public init(style: UIActivityIndicatorView.Style) {
        _style = style
        super.init(frame: CGRect(origin: .zero, size: Self.size(of: style)))
        setUp()
    }

    /// A `.medium` indicator with `frame` (the spinner is drawn at its size, centred), stopped
    /// and hidden.
    public override init(frame: CGRect) {
        _style = .medium
        super.init(frame: frame)
        setUp()
    }

    /// Interface Builder's initialiser: a `.medium` indicator (Flipbook has no archives).
    public required init(coder: NSCoder) {
        _style = .medium
        super.init(frame: .zero)
        setUp()
    }

    private func setUp() {
        layer.addSublayer(spinnerLayer)
        rebuildSpokes()
        isHidden = _hidesWhenStopped
    }

    // MARK: Appearance

    /// The basic appearance (default `.medium`). Changing it changes the intrinsic size (the
    /// frame stays), the spokes, and the colour unless one was set.
    open var style: UIActivityIndicatorView.Style {
        get { _style }
        set {
            guard newValue != _style else { return }
            _style = newValue
            rebuildSpokes()
            invalidateIntrinsicContentSize()
        }
    }

    /// The spokes' colour. Reads as the style's colour until one is set; setting nil goes back
    /// to it (UIKit's `null_resettable`).
    open var color: UIColor! {
        get { _color ?? Self.defaultColor(for: _style) }
        set {
            _color = newValue
            applySpokeColors()
        }
    }

    /// The size the style draws at.
    open override var intrinsicContentSize: CGSize { Self.size(of: _style) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size(of: _style) }

    // MARK: Animating

    /// Whether the view is hidden while not animating (default true). Changing it while
    /// stopped hides or shows the view at once.
    open var hidesWhenStopped: Bool {
        get { _hidesWhenStopped }
        set {
            _hidesWhenStopped = newValue
            if !animating { isHidden = newValue }
        }
    }

    /// Whether the spinner is turning.
    open var isAnimating: Bool { animating }

    /// Shows the view (when `hidesWhenStopped`) and starts turning the spinner. Calling it
    /// while animating does nothing.
    open func startAnimating() {
        if _hidesWhenStopped { isHidden = false }
        guard !animating else { return }
        animating = true
        addRotation()
    }

    /// Stops the spinner (it rests with the leading spoke at the top) and hides the view when
    /// `hidesWhenStopped`.
    open func stopAnimating() {
        if animating {
            animating = false
            spinnerLayer.removeAnimation(forKey: Self.animationKey)
        }
        if _hidesWhenStopped { isHidden = true }
    }

    private func addRotation() {
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        let n = Self.spokeCount
        turn.values = (0..<n).map { NSNumber(value: 2 * Double.pi * Double($0) / Double(n)) }
        turn.calculationMode = .discrete
        turn.duration = Self.period
        turn.repeatCount = .infinity
        turn.isRemovedOnCompletion = false
        spinnerLayer.add(turn, forKey: Self.animationKey)
    }

    // MARK: Drawing

    /// Points of the style's square.
    static func size(of style: Style) -> CGSize {
        switch style {
        case .large, .whiteLarge: return CGSize(width: 37, height: 37)
        default: return CGSize(width: 20, height: 20)
        }
    }

    /// The colour a style draws in when none is set: the system's secondary label colour for
    /// `.medium`/`.large` (dynamic: darker in light mode, lighter in dark), white for `.white`
    /// and `.whiteLarge`, grey for `.gray`.
    static func defaultColor(for style: Style) -> UIColor {
        switch style {
        case .white, .whiteLarge: return .white
        case .gray: return .gray
        default: return .secondaryLabel
        }
    }

    /// The opacity of the spoke `k` places behind the leading one.
    static func spokeOpacity(_ k: Int) -> Float { 1 - 0.1 * Float(k) }

    private func rebuildSpokes() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for s in spokeLayers { s.removeFromSuperlayer() }
        spokeLayers = []
        let side = Self.size(of: _style).width
        let width = side * 0.125
        let length = side * 0.28
        let radius = side / 2 - length / 2          // centre of a spoke, from the middle
        spinnerLayer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        let n = Self.spokeCount
        for i in 0..<n {
            // Spoke i points at angle i·45° clockwise from 12 o'clock; the leading spoke is at
            // 12 o'clock and the ones behind it (counter-clockwise) fade.
            let angle = 2 * CGFloat.pi * CGFloat(i) / CGFloat(n)
            let spoke = CALayer()
            spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            spoke.cornerRadius = width / 2
            spoke.position = CGPoint(x: side / 2 + radius * sin(angle), y: side / 2 - radius * cos(angle))
            spoke.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            spoke.opacity = Self.spokeOpacity((n - i) % n)
            spinnerLayer.addSublayer(spoke)
            spokeLayers.append(spoke)
        }
        placeSpinner()
        applySpokeColors()
    }

    /// Colours the spokes in `color`, resolved for the view's traits.
    func applySpokeColors() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let resolved = color.resolvedColor(with: traitCollection).cgColor
        for s in spokeLayers { s.backgroundColor = resolved }
    }

    private func placeSpinner() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        spinnerLayer.position = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    override func boundsSizeDidChange() { placeSpinner() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeSpinner()
    }
}
