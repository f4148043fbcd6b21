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
///
/// Images replace the drawn parts, per control state as UIKit keeps them (a state without its
/// own image uses the `.normal` one; the slider is highlighted while the thumb is dragged): the
/// thumb image at its own size, centred on the track; the track images stretched over the two
/// parts of the track, which is as tall as the taller of them; `minimumValueImage` and
/// `maximumValueImage` at their own sizes at the two ends, the track between them. An image
/// makes the slider ignore the matching tint colour. Every part is placed through the
/// overridable rectangles (`trackRect(forBounds:)`, `thumbRect(forBounds:trackRect:value:)`,
/// `minimumValueImageRect(forBounds:)`, `maximumValueImageRect(forBounds:)`), so a subclass that
/// overrides one moves what is drawn and where a drag lands.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The thumb's diameter, in points.
    static let thumbSize: CGFloat = 28
    /// The track's thickness, in points.
    static let trackHeight: CGFloat = 4
    /// The room between a value image and the track's end, in points.
    static let valueImageSpacing: CGFloat = 8
    /// The slider's standard height, in points.
    static let standardHeight: CGFloat = 31

    private let minimumTrack = UIImageView(frame: .zero)
    private let maximumTrack = UIImageView(frame: .zero)
    private let thumb = UIImageView(frame: .zero)
    private let minimumValueImageView = UIImageView(frame: .zero)
    private let maximumValueImageView = UIImageView(frame: .zero)
    /// The images set per control state, keyed by the state's raw value.
    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]
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

    /// The image drawn at the minimum end, left of the track (nil, the default: none, and the
    /// track starts at the leading edge).
    open var minimumValueImage: UIImage? {
        didSet { imagesDidChange() }
    }
    /// The image drawn at the maximum end, right of the track (nil, the default: none).
    open var maximumValueImage: UIImage? {
        didSet { imagesDidChange() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for v in [minimumValueImageView, maximumValueImageView, minimumTrack, maximumTrack, thumb] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        minimumValueImageView.isHidden = true
        maximumValueImageView.isHidden = true
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.12).cgColor
        thumb.layer.shadowRadius = 3
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        applyColors()
    }

    // MARK: Images

    private func image(in table: [UInt: UIImage], for state: State) -> UIImage? {
        table[state.rawValue] ?? table[State.normal.rawValue]
    }

    /// Sets the thumb image used in `state` (nil removes it; a state without an image uses the
    /// `.normal` one, and without any the drawn round thumb is used).
    open func setThumbImage(_ image: UIImage?, for state: State) {
        noteAppearanceSet(
            AppearanceKey(.sliderThumbImage, axis: state.rawValue), { (slider: UISlider) in slider.setThumbImage(image, for: state) })
        thumbImages[state.rawValue] = image
        imagesDidChange()
    }

    /// Sets the image stretched over the track left of the thumb in `state`.
    open func setMinimumTrackImage(_ image: UIImage?, for state: State) {
        noteAppearanceSet(
            AppearanceKey(.sliderMinimumTrackImage, axis: state.rawValue),
            { (slider: UISlider) in slider.setMinimumTrackImage(image, for: state) })
        minimumTrackImages[state.rawValue] = image
        imagesDidChange()
    }

    /// Sets the image stretched over the track right of the thumb in `state`.
    open func setMaximumTrackImage(_ image: UIImage?, for state: State) {
        noteAppearanceSet(
            AppearanceKey(.sliderMaximumTrackImage, axis: state.rawValue),
            { (slider: UISlider) in slider.setMaximumTrackImage(image, for: state) })
        maximumTrackImages[state.rawValue] = image
        imagesDidChange()
    }

    /// The thumb image for `state` (the `.normal` one if `state` has none; nil if none is set).
    open func thumbImage(for state: State) -> UIImage? { image(in: thumbImages, for: state) }
    /// The minimum track image for `state` (the `.normal` one if `state` has none).
    open func minimumTrackImage(for state: State) -> UIImage? { image(in: minimumTrackImages, for: state) }
    /// The maximum track image for `state` (the `.normal` one if `state` has none).
    open func maximumTrackImage(for state: State) -> UIImage? { image(in: maximumTrackImages, for: state) }

    /// The thumb image drawn now, for the current state (nil: the drawn round thumb).
    open var currentThumbImage: UIImage? { thumbImage(for: state) }
    /// The minimum track image drawn now (nil: the tinted track).
    open var currentMinimumTrackImage: UIImage? { minimumTrackImage(for: state) }
    /// The maximum track image drawn now (nil: the tinted track).
    open var currentMaximumTrackImage: UIImage? { maximumTrackImage(for: state) }

    private func imagesDidChange() {
        applyColors()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    override func stateDidChange() {
        super.stateDidChange()
        // The highlighted (dragging) or disabled state may have images of its own.
        if !thumbImages.isEmpty || !minimumTrackImages.isEmpty || !maximumTrackImages.isEmpty { imagesDidChange() }
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

    /// Puts the current images on the parts, or the tint colours where there is none.
    private func applyColors() {
        let minimumImage = currentMinimumTrackImage, maximumImage = currentMaximumTrackImage
        minimumTrack.image = minimumImage
        minimumTrack.backgroundColor = minimumImage == nil ? minimumTrackTintColor ?? tintColor : nil
        maximumTrack.image = maximumImage
        maximumTrack.backgroundColor = maximumImage == nil ? maximumTrackTintColor ?? UIColor(white: 0.87, alpha: 1) : nil
        let thumbImage = currentThumbImage
        thumb.image = thumbImage
        thumb.backgroundColor = thumbImage == nil ? thumbTintColor ?? .white : nil
        thumb.layer.borderWidth = thumbImage == nil ? 0.5 : 0
        thumb.layer.shadowOpacity = thumbImage == nil ? 0.15 : 0
        minimumValueImageView.image = minimumValueImage
        minimumValueImageView.isHidden = minimumValueImage == nil
        maximumValueImageView.image = maximumValueImage
        maximumValueImageView.isHidden = maximumValueImage == nil
    }

    /// 31 points, or the thumb or a value image if it is taller.
    private var fittingHeight: CGFloat {
        max(Self.standardHeight, currentThumbImage?.size.height ?? 0, minimumValueImage?.size.height ?? 0,
            maximumValueImage?.size.height ?? 0)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: fittingHeight) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: fittingHeight) }

    // MARK: Geometry

    /// The value for a thumb centre at `x`, through the (overridable) track and thumb rectangles.
    private func value(forThumbCenterX x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let width = thumbRect(forBounds: bounds, trackRect: track, value: storedValue).width
        let travel = track.width - width
        guard travel > 0 else { return minimumValue }
        let fraction = min(max((x - track.minX - width / 2) / travel, 0), 1)
        return minimumValue + Float(fraction) * (maximumValue - minimumValue)
    }

    /// The thumb's rectangle for `value` on the track `rect`: the thumb image's size (28 points
    /// square without one), its left edge at the track's start for `minimumValue` and its right
    /// edge at the track's end for `maximumValue`, centred on the track vertically.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = currentThumbImage?.size ?? CGSize(width: Self.thumbSize, height: Self.thumbSize)
        let span = maximumValue - minimumValue
        let raw = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let fraction = raw.isFinite ? min(max(raw, 0), 1) : 0
        let travel = max(0, rect.width - size.width)
        return CGRect(x: rect.minX + fraction * travel, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The track's rectangle in `bounds`: between the value images (8 points from each), or
    /// across the bounds without them; as tall as the taller current track image, else 4 points;
    /// centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        var minX = bounds.minX, maxX = bounds.maxX
        if minimumValueImage != nil { minX = minimumValueImageRect(forBounds: bounds).maxX + Self.valueImageSpacing }
        if maximumValueImage != nil { maxX = maximumValueImageRect(forBounds: bounds).minX - Self.valueImageSpacing }
        let imageHeight = max(currentMinimumTrackImage?.size.height ?? 0, currentMaximumTrackImage?.size.height ?? 0)
        let height = imageHeight > 0 ? imageHeight : Self.trackHeight
        return CGRect(x: minX, y: bounds.midY - height / 2, width: max(0, maxX - minX), height: height)
    }

    /// Where `minimumValueImage` is drawn: its size, at the leading edge, centred vertically
    /// (`.zero` without an image).
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = minimumValueImage?.size else { return .zero }
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where `maximumValueImage` is drawn: its size, at the trailing edge, centred vertically
    /// (`.zero` without an image).
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = maximumValueImage?.size else { return .zero }
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTrack()
    }

    private func layoutTrack() {
        let bounds = self.bounds
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        let split = min(max(thumbFrame.midX, track.minX), track.maxX)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
        maximumTrack.frame = CGRect(x: split, y: track.minY, width: track.maxX - split, height: track.height)
        minimumTrack.layer.cornerRadius = minimumTrack.image == nil ? track.height / 2 : 0
        maximumTrack.layer.cornerRadius = maximumTrack.image == nil ? track.height / 2 : 0
        thumb.frame = thumbFrame
        thumb.layer.cornerRadius = thumb.image == nil ? min(thumbFrame.width, thumbFrame.height) / 2 : 0
        if minimumValueImage != nil { minimumValueImageView.frame = minimumValueImageRect(forBounds: bounds) }
        if maximumValueImage != nil { maximumValueImageView.frame = maximumValueImageRect(forBounds: bounds) }
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
