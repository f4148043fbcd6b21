import Foundation
import FlipbookQuartz

/// A control that steps a value up and down, UIKit's `UIStepper`, drawn in the iOS 13 style: a
/// 94 × 32 rounded grey track split in two by a divider, a minus on the left and a plus on the
/// right, each dimmed when it cannot step further.
///
/// Touching down on a half steps the value at once (and sends `.valueChanged` when
/// `isContinuous`, the default); holding it, with `autorepeat` (the default), steps again after
/// 0.5 s and then every 0.1 s; without `isContinuous` the one `.valueChanged` is sent when the
/// finger lifts. `value` stays within `minimumValue…maximumValue` (default 0…100), or, with
/// `wraps`, goes round from one end to the other. Setting `value` in code sends nothing. The
/// size is fixed at 94 × 32 (intrinsic, and the size `init(frame:)` gives).
@preconcurrency @MainActor
open class UIStepper: UIControl {
    /// The stepper's size, in points.
    static let fixedSize = CGSize(width: 94, height: 32)
    /// How long a half is held before it repeats, and then the interval of the repeats.
    static let repeatDelay: CFTimeInterval = 0.5
    static let repeatInterval: CFTimeInterval = 0.1

    private let track = UIView(frame: .zero)
    private let divider = UIView(frame: .zero)
    private let minusBar = UIView(frame: .zero)
    private let plusHorizontal = UIView(frame: .zero)
    private let plusVertical = UIView(frame: .zero)
    private let highlight = UIView(frame: .zero)
    private var images: [String: UIImage] = [:]
    /// The half being held (-1 minus, +1 plus, 0 none).
    private var heldDirection = 0
    private var valueAtTrackingStart: Double = 0
    private var repeatToken: MediaClockToken?

    private var _value: Double = 0
    private var _minimumValue: Double = 0
    private var _maximumValue: Double = 100
    private var _stepValue: Double = 1

    /// The value (default 0), kept within `minimumValue…maximumValue`. Setting it sends nothing.
    open var value: Double {
        get { _value }
        set {
            guard newValue.isFinite else {
                FlipbookDiagnostics.report("UIStepper.value: ignored non-finite value \(newValue).")
                return
            }
            _value = min(max(newValue, _minimumValue), _maximumValue)
            applyLook()
        }
    }

    /// The smallest value (default 0). A value above `maximumValue` (UIKit raises an exception)
    /// is reported and ignored.
    open var minimumValue: Double {
        get { _minimumValue }
        set {
            guard newValue.isFinite, newValue <= _maximumValue else {
                FlipbookDiagnostics.report(
                    "UIStepper.minimumValue: \(newValue) is not a finite value at most maximumValue \(_maximumValue); ignored.")
                return
            }
            _minimumValue = newValue
            _value = max(_value, newValue)
            applyLook()
        }
    }

    /// The largest value (default 100). A value below `minimumValue` (UIKit raises an
    /// exception) is reported and ignored.
    open var maximumValue: Double {
        get { _maximumValue }
        set {
            guard newValue.isFinite, newValue >= _minimumValue else {
                FlipbookDiagnostics.report(
                    "UIStepper.maximumValue: \(newValue) is not a finite value at least minimumValue \(_minimumValue); ignored.")
                return
            }
            _maximumValue = newValue
            _value = min(_value, newValue)
            applyLook()
        }
    }

    /// How much a step changes the value (default 1). A value that is not above 0 (UIKit raises
    /// an exception) is reported and ignored.
    open var stepValue: Double {
        get { _stepValue }
        set {
            guard newValue.isFinite, newValue > 0 else {
                FlipbookDiagnostics.report("UIStepper.stepValue: \(newValue) is not above 0; ignored.")
                return
            }
            _stepValue = newValue
        }
    }

    /// Whether stepping past one end goes to the other (default false).
    open var wraps = false {
        didSet { applyLook() }
    }
    /// Whether holding a half keeps stepping (default true).
    open var autorepeat = true
    /// Whether each step sends `.valueChanged` (true, the default) or one is sent when the finger
    /// lifts.
    open var isContinuous = true

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.fixedSize))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for v in [track, highlight, divider, minusBar, plusHorizontal, plusVertical] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        track.layer.cornerRadius = 8
        highlight.isHidden = true
        applyLook()
    }

    open override var intrinsicContentSize: CGSize { Self.fixedSize }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.fixedSize }

    // MARK: Images (kept, not drawn)

    private static func key(_ kind: String, _ state: UIControl.State) -> String { "\(kind)/\(state.rawValue)" }

    /// Kept, not drawn (docs/Divergences.md, "UIStepper").
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { images[Self.key("background", state)] = image }
    open func backgroundImage(for state: UIControl.State) -> UIImage? { images[Self.key("background", state)] }
    /// Kept, not drawn.
    open func setDividerImage(
        _ image: UIImage?, forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State
    ) {
        images["divider/\(leftState.rawValue)/\(rightState.rawValue)"] = image
    }
    open func dividerImage(forLeftSegmentState state: UIControl.State, rightSegmentState state2: UIControl.State) -> UIImage? {
        images["divider/\(state.rawValue)/\(state2.rawValue)"]
    }
    /// Kept, not drawn.
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) { images[Self.key("increment", state)] = image }
    open func incrementImage(for state: UIControl.State) -> UIImage? { images[Self.key("increment", state)] }
    /// Kept, not drawn.
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) { images[Self.key("decrement", state)] = image }
    open func decrementImage(for state: UIControl.State) -> UIImage? { images[Self.key("decrement", state)] }

    // MARK: Drawing

    private var canDecrement: Bool { isEnabled && (wraps || _value > _minimumValue) }
    private var canIncrement: Bool { isEnabled && (wraps || _value < _maximumValue) }

    private func applyLook() {
        let size = Self.fixedSize
        track.frame = CGRect(origin: .zero, size: size)
        track.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        divider.frame = CGRect(x: size.width / 2 - 0.5, y: 7, width: 1, height: size.height - 14)
        divider.backgroundColor = UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.3)
        let glyph: CGFloat = 14, thickness: CGFloat = 2
        let minusCenter = CGPoint(x: size.width / 4, y: size.height / 2)
        let plusCenter = CGPoint(x: size.width * 3 / 4, y: size.height / 2)
        minusBar.frame = CGRect(x: minusCenter.x - glyph / 2, y: minusCenter.y - thickness / 2, width: glyph, height: thickness)
        plusHorizontal.frame = CGRect(x: plusCenter.x - glyph / 2, y: plusCenter.y - thickness / 2, width: glyph, height: thickness)
        plusVertical.frame = CGRect(x: plusCenter.x - thickness / 2, y: plusCenter.y - glyph / 2, width: thickness, height: glyph)
        let enabled = UIColor.label, dimmed = UIColor.label.withAlphaComponent(0.25)
        minusBar.backgroundColor = canDecrement ? enabled : dimmed
        plusHorizontal.backgroundColor = canIncrement ? enabled : dimmed
        plusVertical.backgroundColor = canIncrement ? enabled : dimmed
        highlight.isHidden = heldDirection == 0
        highlight.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.2)
        highlight.layer.cornerRadius = 8
        highlight.frame = CGRect(x: heldDirection < 0 ? 0 : size.width / 2, y: 0, width: size.width / 2, height: size.height)
    }

    override func stateDidChange() { applyLook() }

    // MARK: Stepping

    /// Steps once in `direction`; true when the value changed.
    private func step(_ direction: Int) -> Bool {
        let old = _value
        var new = _value + Double(direction) * _stepValue
        // Past an end: the end, or with `wraps` the other end.
        if new > _maximumValue {
            new = wraps ? _minimumValue : _maximumValue
        } else if new < _minimumValue {
            new = wraps ? _maximumValue : _minimumValue
        }
        _value = new
        applyLook()
        return new != old
    }

    private func stepFromUser(_ event: UIEvent?) {
        if step(heldDirection), isContinuous { sendActions(for: .valueChanged, event: event) }
    }

    private func scheduleRepeat(after delay: CFTimeInterval) {
        repeatToken?.cancel()
        repeatToken = ownClock.schedule(after: delay) { [weak self] in
            guard let self, self.heldDirection != 0, self.isTracking else { return }
            self.stepFromUser(nil)
            self.scheduleRepeat(after: Self.repeatInterval)
        }
    }

    private func stopHolding() {
        repeatToken?.cancel()
        repeatToken = nil
        heldDirection = 0
        applyLook()
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction = touch.location(in: self).x < Self.fixedSize.width / 2 ? -1 : 1
        guard direction < 0 ? canDecrement : canIncrement else { return false }
        heldDirection = direction
        valueAtTrackingStart = _value
        stepFromUser(event)
        if autorepeat { scheduleRepeat(after: Self.repeatDelay) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        stopHolding()
        if !isContinuous, _value != valueAtTrackingStart { sendActions(for: .valueChanged, event: event) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        stopHolding()
        if !isContinuous, _value != valueAtTrackingStart { sendActions(for: .valueChanged, event: event) }
    }
}
