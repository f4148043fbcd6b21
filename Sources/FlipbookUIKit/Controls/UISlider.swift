import Foundation

/// A control that picks a value from a continuous range by dragging a thumb, UIKit's `UISlider`.
///
/// Drawn simply, as iOS lays it out: a 4-point track across the bounds (the part left of the
/// thumb in `minimumTrackTintColor`, default the tint colour; the rest in
/// `maximumTrackTintColor`, default light grey), and a 28-point round thumb
/// (`thumbTintColor`, default white, with a hairline border). A drag that starts on the thumb
/// (or within 10 points of it) moves the value with the finger, sending `.valueChanged` as it
/// moves (`isContinuous`, the default) or once when it lifts; touching the track elsewhere does
/// nothing, as since iOS 7.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The thumb's diameter, in points.
    static let thumbSize: CGFloat = 28
    /// The track's thickness, in points.
    static let trackHeight: CGFloat = 4

    private let minimumTrack = UIView(frame: .zero)
    private let maximumTrack = UIView(frame: .zero)
    private let thumb = UIView(frame: .zero)
    /// Where the finger was relative to the thumb's centre when the drag began.
    private var grabOffset: CGFloat = 0
    private var valueAtTrackingStart: Float = 0

    private var storedValue: Float = 0

    /// The value (default 0), kept within `minimumValue…maximumValue`. Setting it does not send
    /// actions, as in UIKit.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The smallest value (default 0).
    open var minimumValue: Float {
        get { _minimumValue }
        set {
            let oldValue = _minimumValue
            _minimumValue = newValue
            rangeDidChange(old: oldValue, isMinimum: true)
        }
    }
    private var _minimumValue: Float = 0
    /// The largest value (default 1).
    open var maximumValue: Float {
        get { _maximumValue }
        set {
            let oldValue = _maximumValue
            _maximumValue = newValue
            rangeDidChange(old: oldValue, isMinimum: false)
        }
    }
    private var _maximumValue: Float = 1
    /// Whether `.valueChanged` is sent while the thumb moves (true) or once at the end (false).
    open var isContinuous = true
    /// The colour of the track left of the thumb (nil: the tint colour).
    open var minimumTrackTintColor: UIColor? {
        get { _minimumTrackTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.sliderMinimumTrackTintColor), { (slider: UISlider) in slider.minimumTrackTintColor = newValue })
            _minimumTrackTintColor = newValue
            applyColors()
        }
    }
    private var _minimumTrackTintColor: UIColor?
    /// The colour of the track right of the thumb (nil: light grey).
    open var maximumTrackTintColor: UIColor? {
        get { _maximumTrackTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.sliderMaximumTrackTintColor), { (slider: UISlider) in slider.maximumTrackTintColor = newValue })
            _maximumTrackTintColor = newValue
            applyColors()
        }
    }
    private var _maximumTrackTintColor: UIColor?
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? {
        get { _thumbTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.sliderThumbTintColor), { (slider: UISlider) in slider.thumbTintColor = newValue })
            _thumbTintColor = newValue
            applyColors()
        }
    }
    private var _thumbTintColor: UIColor?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for v in [minimumTrack, maximumTrack, thumb] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        minimumTrack.layer.cornerRadius = Self.trackHeight / 2
        maximumTrack.layer.cornerRadius = Self.trackHeight / 2
        thumb.layer.cornerRadius = Self.thumbSize / 2
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.12).cgColor
        thumb.layer.shadowOpacity = 0.15
        thumb.layer.shadowRadius = 3
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        applyColors()
    }

    /// Sets the value (clamped to the range); `animated` moves the thumb over 0.2 s.
    open func setValue(_ value: Float, animated: Bool) {
        guard value.isFinite else {
            FlipbookDiagnostics.report("UISlider.value: ignored non-finite value \(value).")
            return
        }
        storedValue = min(max(value, minimumValue), max(minimumValue, maximumValue))
        if animated {
            UIView.animate(withDuration: 0.2) { self.layoutTrack() }
        } else {
            setNeedsLayout()
        }
    }

    private func rangeDidChange(old: Float, isMinimum: Bool) {
        let new = isMinimum ? minimumValue : maximumValue
        guard new.isFinite else {
            FlipbookDiagnostics.report("UISlider.\(isMinimum ? "minimumValue" : "maximumValue"): ignored non-finite value \(new).")
            if isMinimum { minimumValue = old } else { maximumValue = old }
            return
        }
        // UIKit keeps the range ordered by moving the other end.
        if isMinimum, maximumValue < minimumValue { maximumValue = minimumValue }
        if !isMinimum, minimumValue > maximumValue { minimumValue = maximumValue }
        storedValue = min(max(storedValue, minimumValue), maximumValue)
        setNeedsLayout()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }

    private func applyColors() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? UIColor(white: 0.87, alpha: 1)
        thumb.backgroundColor = thumbTintColor ?? .white
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: 31) }

    // MARK: Geometry

    /// The thumb's centre x for `value`.
    private func thumbCenterX(for value: Float) -> CGFloat {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let start = bounds.minX + Self.thumbSize / 2, travel = max(0, bounds.width - Self.thumbSize)
        return start + fraction * travel
    }

    /// The value for a thumb centre at `x`.
    private func value(forThumbCenterX x: CGFloat) -> Float {
        let travel = bounds.width - Self.thumbSize
        guard travel > 0 else { return minimumValue }
        let fraction = min(max((x - bounds.minX - Self.thumbSize / 2) / travel, 0), 1)
        return minimumValue + Float(fraction) * (maximumValue - minimumValue)
    }

    /// The thumb's rectangle now, in the slider's bounds.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let x = thumbCenterX(for: value)
        return CGRect(x: x - Self.thumbSize / 2, y: bounds.midY - Self.thumbSize / 2, width: Self.thumbSize, height: Self.thumbSize)
    }

    /// The track's rectangle in `bounds`.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width, height: Self.trackHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTrack()
    }

    private func layoutTrack() {
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(0, thumbFrame.midX - track.minX), height: track.height)
        maximumTrack.frame = CGRect(x: thumbFrame.midX, y: track.minY, width: max(0, track.maxX - thumbFrame.midX), height: track.height)
        thumb.frame = thumbFrame
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        guard thumbFrame.insetBy(dx: -10, dy: -10).contains(p) else { return false }
        grabOffset = p.x - thumbFrame.midX
        valueAtTrackingStart = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let newValue = value(forThumbCenterX: touch.location(in: self).x - grabOffset)
        if newValue != storedValue {
            storedValue = newValue
            layoutTrack()
            if isContinuous { sendActions(for: .valueChanged) }
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous, storedValue != valueAtTrackingStart { sendActions(for: .valueChanged) }
    }
}
