import Foundation

/// A bar showing how far a task has got, UIKit's `UIProgressView`, drawn as iOS 14 and later
/// draw it: a rounded grey track across the bounds and, from its leading end, a rounded bar
/// `progress` of the way along in `progressTintColor` (default the tint colour). The `.bar`
/// style is square-ended.
///
/// Sizes (docs/Divergences.md, "UIProgressView"): the intrinsic height is 4 points (`.default`)
/// or 2.5 points (`.bar`), with no intrinsic width. `progress` is clamped to 0…1;
/// `setProgress(_:animated:)` animates the bar over 0.25 s. An `observedProgress` gives
/// `progress` its `fractionCompleted` (read whenever `progress` is read or the view lays out).
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// The progress view's style, UIKit's `UIProgressView.Style` (Apple's raw values).
    public enum Style: Int, Sendable {
        /// The standard progress view.
        case `default` = 0
        /// The style for a toolbar.
        case bar = 1
    }

    /// How long `setProgress(_:animated: true)` takes, in seconds.
    static let animationDuration: TimeInterval = 0.25

    private let track = UIImageView(image: nil)
    private let bar = UIImageView(image: nil)
    private var _progress: Float = 0

    /// The style (default `.default`).
    open var progressViewStyle: Style = .default {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// How far along, 0…1 (default 0; values outside are clamped, NaN is reported and ignored).
    /// With an `observedProgress`, its `fractionCompleted`.
    open var progress: Float {
        get {
            if let observedProgress { return Self.clamped(Float(observedProgress.fractionCompleted)) }
            return _progress
        }
        set { setProgress(newValue, animated: false) }
    }

    /// The bar's colour (nil: the tint colour).
    open var progressTintColor: UIColor? {
        get { _progressTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.progressViewProgressTintColor), { (v: UIProgressView) in v.progressTintColor = newValue })
            _progressTintColor = newValue
            applyColors()
        }
    }
    private var _progressTintColor: UIColor?

    /// The track's colour (nil: translucent grey).
    open var trackTintColor: UIColor? {
        get { _trackTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.progressViewTrackTintColor), { (v: UIProgressView) in v.trackTintColor = newValue })
            _trackTintColor = newValue
            applyColors()
        }
    }
    private var _trackTintColor: UIColor?

    /// An image stretched along the bar instead of the colour.
    open var progressImage: UIImage? {
        didSet { applyColors() }
    }
    /// An image stretched along the track instead of the colour.
    open var trackImage: UIImage? {
        didSet { applyColors() }
    }

    /// A `Progress` whose `fractionCompleted` the view shows (nil: `progress` is set directly).
    open var observedProgress: Progress? {
        didSet { setNeedsLayout() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// A progress view of `style`, sized to its intrinsic height.
    public convenience init(progressViewStyle style: UIProgressView.Style) {
        self.init(frame: .zero)
        progressViewStyle = style
        frame.size.height = intrinsicContentSize.height
        setNeedsLayout()
    }

    private func setUp() {
        for v in [track, bar] {
            v.isUserInteractionEnabled = false
            v.clipsToBounds = true
            addSubview(v)
        }
        applyColors()
    }

    private static func clamped(_ value: Float) -> Float { min(max(value, 0), 1) }

    /// Sets `progress` (clamped to 0…1); `animated` moves the bar over 0.25 s.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard !progress.isNaN else {
            FlipbookDiagnostics.report("UIProgressView.progress: ignored NaN.")
            return
        }
        _progress = Self.clamped(progress)
        if animated {
            UIView.animate(withDuration: Self.animationDuration, delay: 0, options: [.beginFromCurrentState]) {
                self.layoutBar()
            }
        } else {
            setNeedsLayout()
        }
    }

    private var barHeight: CGFloat { progressViewStyle == .bar ? 2.5 : 4 }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: barHeight) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }

    private func applyColors() {
        track.image = trackImage
        bar.image = progressImage
        track.backgroundColor =
            trackImage != nil ? nil : (trackTintColor ?? UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2))
        bar.backgroundColor = progressImage != nil ? nil : (progressTintColor ?? tintColor)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutBar()
    }

    private func layoutBar() {
        let radius = progressViewStyle == .bar ? 0 : min(bounds.height, bounds.width) / 2
        track.frame = bounds
        track.layer.cornerRadius = radius
        let width = bounds.width * CGFloat(progress)
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        bar.frame = CGRect(x: rightToLeft ? bounds.maxX - width : bounds.minX, y: bounds.minY, width: width, height: bounds.height)
        bar.layer.cornerRadius = radius
    }
}
