import Foundation

/// An on/off switch, UIKit's `UISwitch`, drawn as iOS draws it: a 51 × 31 rounded track, light
/// grey when off and green (#34C759, `onTintColor`) when on, and a 27-point white knob with a
/// soft shadow that slides from one end to the other.
///
/// UIKit fixes the switch's size: `init(frame:)` and the `frame` setter keep the origin and
/// make the size 51 × 31, which is also the intrinsic size. A tap (touch up inside, through the
/// control tracking) toggles the switch, sliding the knob, and sends `.valueChanged`; setting
/// `isOn` or calling `setOn(_:animated:)` sends nothing.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// How a switch is drawn, UIKit's `UISwitch.Style` (Apple's raw values). Flipbook draws
    /// `.sliding` always (the checkbox is the Mac's).
    public enum Style: Int, Sendable {
        case automatic = 0, checkbox = 1, sliding = 2
    }

    /// The switch's fixed size, in points.
    static let fixedSize = CGSize(width: 51, height: 31)
    /// The knob's diameter, in points.
    static let knobDiameter: CGFloat = 27
    /// How long the knob takes to slide, in seconds.
    static let slideDuration: TimeInterval = 0.25

    private let track = UIView(frame: .zero)
    private let knob = UIView(frame: .zero)
    private var _isOn = false

    /// Whether the switch is on (default false). Setting it sends no actions.
    open var isOn: Bool {
        get { _isOn }
        set { setOn(newValue, animated: false) }
    }

    /// The track's colour when on (nil: system green, #34C759).
    open var onTintColor: UIColor? {
        get { _onTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.switchOnTintColor), { (s: UISwitch) in s.onTintColor = newValue })
            _onTintColor = newValue
            applyLook()
        }
    }
    private var _onTintColor: UIColor?

    /// The knob's colour (nil: white).
    open var thumbTintColor: UIColor? {
        get { _thumbTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.switchThumbTintColor), { (s: UISwitch) in s.thumbTintColor = newValue })
            _thumbTintColor = newValue
            applyLook()
        }
    }
    private var _thumbTintColor: UIColor?

    /// Kept; iOS 7 and later do not draw it either.
    open var onImage: UIImage?
    /// Kept; iOS 7 and later do not draw it either.
    open var offImage: UIImage?
    /// The title shown beside a Mac checkbox (kept, not drawn).
    open var title: String?
    /// The style asked for (default `.automatic`).
    open var preferredStyle: Style = .automatic
    /// The style drawn: `.sliding`.
    open var style: Style { .sliding }

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.fixedSize))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        super.frame = CGRect(origin: frame.origin, size: Self.fixedSize)
        setUp()
    }

    private func setUp() {
        for v in [track, knob] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        track.layer.cornerRadius = Self.fixedSize.height / 2
        knob.layer.cornerRadius = Self.knobDiameter / 2
        knob.layer.shadowColor = UIColor.black.cgColor
        knob.layer.shadowOpacity = 0.15
        knob.layer.shadowRadius = 4
        knob.layer.shadowOffset = CGSize(width: 0, height: 3)
        knob.layer.borderWidth = 0.5
        knob.layer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
        applyLook()
    }

    /// The frame's size is always 51 × 31, as UIKit's switch keeps it; the origin is the one given.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.fixedSize) }
    }

    open override var intrinsicContentSize: CGSize { Self.fixedSize }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.fixedSize }

    /// Turns the switch on or off; `animated` slides the knob and fades the track's colour over
    /// 0.25 s. Sends no actions.
    open func setOn(_ on: Bool, animated: Bool) {
        _isOn = on
        if animated {
            UIView.animate(withDuration: Self.slideDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]) {
                self.applyLook()
            }
        } else {
            applyLook()
        }
    }

    private func applyLook() {
        track.frame = CGRect(origin: .zero, size: Self.fixedSize)
        let inset = (Self.fixedSize.height - Self.knobDiameter) / 2
        let x = _isOn ? Self.fixedSize.width - inset - Self.knobDiameter : inset
        knob.frame = CGRect(x: x, y: inset, width: Self.knobDiameter, height: Self.knobDiameter)
        track.backgroundColor =
            _isOn ? (onTintColor ?? .systemGreen) : UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
        knob.backgroundColor = thumbTintColor ?? .white
        let dimmed = !isEnabled
        track.alpha = dimmed ? 0.5 : 1
        knob.alpha = dimmed ? 0.5 : 1
    }

    override func stateDidChange() { applyLook() }

    // MARK: Tracking

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard touch != nil, isTouchInside else { return }
        setOn(!_isOn, animated: true)
        sendActions(for: .valueChanged, event: event)
    }
}
