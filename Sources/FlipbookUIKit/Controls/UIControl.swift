import Foundation

/// A view that sends actions on events, UIKit's `UIControl`.
///
/// Target-action without selectors: `addTarget(_:action:for:)` takes a closure that receives
/// the target (held weakly, as UIKit does) and optionally the sender. The port of
/// `addTarget(self, action: #selector(self.didPress), for: .touchUpInside)` is
/// `addTarget(self, action: { $0.didPress() }, for: .touchUpInside)` (see docs/Porting.md).
/// `UIAction`s (`addAction(_:for:)`) work as in UIKit.
///
/// The control tracks real touches (`AppDriver.touchDown(at:)`, `tap(_:)`, …) as UIKit's does:
/// see `UIControl+Tracking.swift` for the events and the touch-inside slop.
@preconcurrency @MainActor
open class UIControl: UIView, UIControlTargetActions {
    /// Control states, UIKit's `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// Control events, UIKit's `UIControl.Event` (Apple's bit values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    struct Registration {
        var events: Event
        weak var target: AnyObject?
        var hasTarget: Bool
        var action: UIAction?
        var call: ((AnyObject?, UIControl, UIEvent?) -> Void)?
    }

    var registrations: [Registration] = []
    // Touch tracking (see UIControl+Tracking.swift).
    var trackedTouch: UITouch?
    var isTrackingStorage = false
    var isTouchInsideStorage = false

    /// Whether the control responds (a disabled control draws dimmed; actions still send).
    open var isEnabled: Bool {
        get { _isEnabled }
        set {
            _isEnabled = newValue
            stateDidChange()
        }
    }
    private var _isEnabled: Bool = true
    open var isSelected: Bool {
        get { _isSelected }
        set {
            _isSelected = newValue
            stateDidChange()
        }
    }
    private var _isSelected: Bool = false
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set {
            _isHighlighted = newValue
            stateDidChange()
        }
    }
    private var _isHighlighted: Bool = false

    /// How content (a button's title and image) sits across the control, UIKit's
    /// `UIControl.ContentHorizontalAlignment` (Apple's raw values).
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left = 1, right = 2, fill = 3, leading = 4, trailing = 5
    }
    /// How content sits up and down the control, UIKit's `UIControl.ContentVerticalAlignment`.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top = 1, bottom = 2, fill = 3
    }

    /// Where content sits horizontally (default `.center`). UIButton lays its title and image
    /// out by it; other controls keep it.
    open var contentHorizontalAlignment: ContentHorizontalAlignment {
        get { _contentHorizontalAlignment }
        set {
            _contentHorizontalAlignment = newValue
            contentAlignmentDidChange()
        }
    }
    private var _contentHorizontalAlignment: ContentHorizontalAlignment = .center
    /// Where content sits vertically (default `.center`).
    open var contentVerticalAlignment: ContentVerticalAlignment {
        get { _contentVerticalAlignment }
        set {
            _contentVerticalAlignment = newValue
            contentAlignmentDidChange()
        }
    }
    private var _contentVerticalAlignment: ContentVerticalAlignment = .center
    /// `contentHorizontalAlignment` with `.leading`/`.trailing` resolved to `.left`/`.right`
    /// (Flipbook lays out left to right), never `.leading` or `.trailing`.
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: return .left
        case .trailing: return .right
        case let other: return other
        }
    }

    /// Subclasses that lay content out by the alignments re-lay it out.
    func contentAlignmentDidChange() { setNeedsLayout() }

    /// The current state from the flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    // MARK: Tracking (see UIControl+Tracking.swift)

    /// Whether the control is following a touch.
    open var isTracking: Bool { isTrackingStorage }
    /// Whether the tracked touch is inside the control (with UIKit's slop while dragging).
    open var isTouchInside: Bool { isTouchInsideStorage }

    /// A touch went down in the control; return false to stop tracking it. Default true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return false to stop tracking it. Default true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted (nil when tracking ended without a touch). Default: nothing.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled. Default: nothing.
    open func cancelTracking(with event: UIEvent?) {}

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trackBegan(touches, event) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trackMoved(touches, event) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trackEnded(touches, event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trackCancelled(touches, event) }

    /// A control leaving its window while tracking cancels the tracking (`cancelTracking(with:)`
    /// and `.touchCancel`): the touch's later phases will not reach it.
    override func windowWillChange(to newWindow: UIWindow?) {
        if trackedTouch != nil { cancelTrackingForWindowChange() }
    }

    /// The events a lift inside sends: `.touchUpInside` (buttons add `.primaryActionTriggered`).
    var touchUpInsideEvents: Event { .touchUpInside }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes (subclasses restyle).
    func stateDidChange() {}

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A control whose primary action (`.primaryActionTriggered`) is `primaryAction`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // MARK: Target-action with closures

    /// Reports an `addTarget` call whose target is nil (see `addTarget(_:action:for:)`).
    func reportNilTarget() {
        FlipbookDiagnostics.report(
            "UIControl.addTarget(_:action:for:): the target is nil; UIKit would look for the action up the responder "
                + "chain, a ported closure action has no receiver there: nothing is registered.",
            once: "UIControl.addTarget.nil")
    }

    /// Runs `action(target)` for `controlEvents`; `target` is held weakly and the call is
    /// skipped once it is gone. The one-line port of `#selector(target.method)`. As UIKit's
    /// target is `Any?`, it may be an optional (a weak reference held by the caller).
    /// UIKit sends a nil target's action up the responder chain; a closure has no receiver
    /// there, so a nil target is reported and nothing is registered.
    @preconcurrency public func addTarget<Target: AnyObject>(
        _ target: Target?, action: @escaping @MainActor (Target) -> Void, for controlEvents: Event
    ) {
        guard let target else { return reportNilTarget() }
        registrations.append(Registration(events: controlEvents, target: target, hasTarget: true, action: nil) { t, _, _ in
            if let t = t as? Target { action(t) }
        })
    }

    /// Removes the closures registered with `target` (all targets when nil) for `controlEvents`.
    public func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        for i in registrations.indices where registrations[i].hasTarget {
            if target == nil || registrations[i].target === target { registrations[i].events.subtract(controlEvents) }
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// The live targets of the control, as UIKit gives them: a set of `AnyHashable`, so that
    /// `allTargets.contains(controller)` asks whether `controller` is one. A target is an
    /// `NSObject` (or other hashable class) as itself; any other object by its identity.
    public var allTargets: Set<AnyHashable> {
        var targets: Set<AnyHashable> = []
        for r in registrations {
            guard let t = r.target else { continue }
            targets.insert((t as? AnyHashable) ?? AnyHashable(ObjectIdentifier(t)))
        }
        return targets
    }

    /// The events that have registered targets or actions.
    public var allControlEvents: Event { registrations.reduce([]) { $0.union($1.events) } }

    // MARK: UIAction

    /// Adds `action` for `controlEvents`; an action with the same identifier is replaced.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        registrations.removeAll { $0.action?.identifier == action.identifier && $0.events == controlEvents }
        registrations.append(Registration(events: controlEvents, target: nil, hasTarget: false, action: action, call: nil))
    }

    /// Removes `action` from `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `actionIdentifier` from `controlEvents`.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for i in registrations.indices where registrations[i].action?.identifier == actionIdentifier {
            registrations[i].events.subtract(controlEvents)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Calls `body` for each action registered for `controlEvents`.
    public func enumerateEventHandlers(_ body: (UIAction?, AnyObject?, Event, inout Bool) -> Void) {
        var stop = false
        for r in registrations {
            body(r.action, r.target, r.events, &stop)
            if stop { return }
        }
    }

    // MARK: Sending

    /// Sends every target closure and action registered for any of `controlEvents`, in the
    /// order they were added.
    open func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, event: nil)
    }

    func sendActions(for controlEvents: Event, event: UIEvent?) {
        let due = registrations.filter { !$0.events.isDisjoint(with: controlEvents) }
        for r in due {
            if let action = r.action {
                action.perform(sender: self)
            } else if r.hasTarget {
                guard let t = r.target else { continue }
                r.call?(t, self, event)
            }
        }
    }

    /// Runs `action` as if this control had sent it.
    open func sendAction(_ action: UIAction) { action.perform(sender: self) }

    /// Performs the control's primary action: `.primaryActionTriggered` (and for buttons the
    /// tap's `.touchUpInside`), as a tap would. Does nothing when disabled.
    open func performPrimaryAction() {
        guard isEnabled else { return }
        sendActions(for: .primaryActionTriggered)
    }

    /// Simulates a complete tap inside the control (highlight, touch up inside, primary action)
    /// without a touch, for tests. (`AppDriver.tap(_:)` taps with a real touch instead.) Does
    /// nothing when disabled or hidden.
    public func simulateTap() {
        guard isEnabled, !isHidden, isUserInteractionEnabled else { return }
        isHighlighted = true
        sendActions(for: .touchDown)
        isHighlighted = false
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}
