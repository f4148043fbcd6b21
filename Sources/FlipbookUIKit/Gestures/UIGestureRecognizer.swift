import Foundation
import FlipbookQuartz

/// The base of every gesture recognizer, UIKit's `UIGestureRecognizer`.
///
/// A recognizer attached to a view (`UIView.addGestureRecognizer(_:)`) sees every touch that
/// goes down in that view or its subviews before the view does, and moves through UIKit's
/// states: `.possible` → `.began` → `.changed`… → `.ended` or `.cancelled` (continuous
/// gestures), or `.possible` → `.ended` (`.recognized`) or `.failed` (discrete ones). Its
/// target closures run for began, changed, ended and cancelled. Arbitration between
/// recognizers (who may recognize, `require(toFail:)`, the delegate's simultaneity) is UIKit's;
/// see docs/Divergences.md ("Touches and gesture recognizers") for the few choices Flipbook made.
///
/// Target-action follows docs/Porting.md: `init(target: self, action: { $0.handle($1) })`
/// passes the recognizer typed as its own class (`$1` is a `UIPanGestureRecognizer` for a pan),
/// or `{ $0.handle() }` without it. Targets are held weakly.
///
/// Subclassing works as with UIKit's `UIGestureRecognizerSubclass`: override
/// `touchesBegan/Moved/Ended/Cancelled(_:with:)` and `reset()`, and set `state`.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// UIKit's `awakeFromNib()`/`prepareForInterfaceBuilder()`, declared on `NSObject` by UIKit so
    /// any object in a nib can override them. Flipbook loads no nibs and never calls them
    /// (docs/Divergences.md, "Nibs"); they are here so overrides keep compiling.
    open func awakeFromNib() {}
    open func prepareForInterfaceBuilder() {}

    /// A recognizer's state, UIKit's `UIGestureRecognizer.State` (Apple's raw values).
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized: `.ended`.
        public static var recognized: State { .ended }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    struct TargetEntry {
        weak var object: AnyObject?
        @preconcurrency var call: @MainActor (AnyObject, UIGestureRecognizer) -> Void
    }

    var targets: [TargetEntry] = []
    /// What `state` reads: the last state set (tentatively) or decided. Changed only by the
    /// decision methods below (`requestState(_:)` …), which `GestureArbiter` calls.
    private(set) var stateStorage: State = .possible {
        willSet { if newValue != stateStorage { announceStateChange(before: true) } }
        didSet { if oldValue != stateStorage { announceStateChange(before: false) } }
    }
    /// The state arbitration last accepted (actions follow this one).
    private(set) var committedState: State = .possible
    /// States set by the subclass that arbitration has not looked at yet.
    private var requests: [State] = []
    /// A recognition (`.began` or `.ended`) waiting for a `require(toFail:)` recognizer to fail.
    private(set) var pendingRecognition: State?
    /// The touches the recognizer tracks now (not ignored). Changed only by the tracking
    /// methods below (`beginTracking(_:)` …), which the window's delivery and the arbiter call.
    private(set) var activeTouches: [UITouch] = []
    /// Every touch the recognizer has received since its last reset.
    private(set) var sequenceTouches: [UITouch] = []
    /// The centroid of the last touches, in window coordinates, for `location(in:)` after lift.
    private(set) var lastWindowCentroid: CGPoint?
    private(set) weak var lastWindow: UIWindow?
    weak var viewStorage: UIView?
    var failureRequirements: [WeakRecognizer] = []

    /// A recognizer without targets.
    public convenience override init() { self.init(target: nil, action: nil) }

    /// A recognizer that runs `action(target)` on each of its actions: the port of
    /// `#selector(target.method)`. `target` is held weakly.
    @preconcurrency public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that runs `action(target, recognizer)` with the recognizer typed as its own
    /// class: the port of `#selector(target.method(_:))`. `target` is held weakly.
    @preconcurrency public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target, Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// UIKit's designated `init(target: nil, action: nil)`: a recognizer without targets (add
    /// them later with `addTarget(_:action:)`). A subclass's designated initializer calls
    /// `super.init(target: nil, action: nil)` as on iOS; a selector cannot be passed (there is
    /// none on Linux: docs/Porting.md), only nil.
    public init(target: Any?, action: Selector?) {
        super.init()
    }

    // MARK: Targets

    /// Adds a target closure `action(target)`.
    @preconcurrency public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> Void) {
        targets.append(TargetEntry(object: target) { t, _ in if let t = t as? Target { action(t) } })
    }

    /// Adds a target closure `action(target, recognizer)`, the recognizer typed as its own class.
    @preconcurrency public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target, Self) -> Void) {
        targets.append(
            TargetEntry(object: target) { t, g in if let t = t as? Target, let g = g as? Self { action(t, g) } })
    }

    /// Removes every action of `target` (every target when nil). UIKit's `action: nil`.
    public func removeTarget(_ target: Any?, action: Selector?) { removeAllActions(of: target) }

    /// Removes `target`'s actions. Closures cannot be compared, so this removes every action
    /// registered with `target` (see docs/Divergences.md).
    @preconcurrency public func removeTarget<Target: AnyObject>(_ target: Target?, action: @escaping @MainActor (Target) -> Void) {
        removeAllActions(of: target)
    }

    /// Removes `target`'s actions (every action registered with it; see the one-argument form).
    @preconcurrency public func removeTarget<Target: AnyObject>(_ target: Target?, action: @escaping @MainActor (Target, Self) -> Void)
    {
        removeAllActions(of: target)
    }

    private func removeAllActions(of target: Any?) {
        guard let target else {
            targets.removeAll()
            return
        }
        let object = target as AnyObject
        targets.removeAll { $0.object == nil || $0.object === object }
    }

    // MARK: Properties

    /// The current state. Subclasses set it (UIKit's `UIGestureRecognizerSubclass`); the
    /// change is checked and arbitrated (a recognition may be refused, or wait for a
    /// `require(toFail:)` recognizer) and actions are sent.
    open var state: State {
        get { stateStorage }
        set { UIApplication.shared.gestureArbiter.request(self, newValue) }
    }

    /// The view the recognizer is attached to.
    open var view: UIView? { viewStorage }

    /// Whether the recognizer receives touches. Turning it off mid-gesture cancels the gesture
    /// (a gesture that had not begun fails).
    open var isEnabled: Bool {
        get { _isEnabled }
        set {
            let oldValue = _isEnabled
            _isEnabled = newValue
            if !isEnabled && oldValue { UIApplication.shared.gestureArbiter.stop(self) }
        }
    }
    private var _isEnabled: Bool = true

    /// Whether the view's touches are cancelled when the gesture is recognized (default true).
    open var cancelsTouchesInView = true
    /// Whether the view gets touchesBegan only after the recognizer fails (default false).
    open var delaysTouchesBegan = false
    /// Whether the view gets touchesEnded only after the recognizer fails (default true).
    open var delaysTouchesEnded = true
    /// Whether only one kind of touch is accepted (Flipbook's touches are all direct).
    open var requiresExclusiveTouchType = true
    /// The touch types accepted, as `UITouch.TouchType` raw values.
    open var allowedTouchTypes: [NSNumber] = [NSNumber(value: UITouch.TouchType.direct.rawValue)]
    /// A name to tell recognizers apart.
    open var name: String?
    /// The delegate, held weakly.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// Whether the recognizer takes part in `event` (UIKit's subclass hook, iOS 13.4): by
    /// default what the delegate's `gestureRecognizer(_:shouldReceive:)` for events answers
    /// (true without a delegate). A subclass that answers false for touch events (one meant for
    /// pointer scrolls only) receives no touches.
    open func shouldReceive(_ event: UIEvent) -> Bool {
        delegate?.gestureRecognizer(self, shouldReceive: event) ?? true
    }

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before recognizing, and
    /// fail when the other recognizes.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else { return }
        failureRequirements.removeAll { $0.recognizer == nil }
        guard !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    // MARK: Location

    /// The centroid of the recognizer's touches in `view`'s space (the window's when nil);
    /// after they lifted, where they were last.
    open func location(in view: UIView?) -> CGPoint {
        let touches = activeTouches.filter { $0.phase != .cancelled }
        let p: CGPoint
        if !touches.isEmpty {
            p = Self.centroid(touches.map(\.windowLocation))
        } else {
            p = lastWindowCentroid ?? .zero
        }
        let window = touches.first?.window ?? lastWindow
        guard let view, let window, view !== window else { return p }
        return view.convert(p, from: window)
    }

    /// The location of one of the recognizer's touches (`0..<numberOfTouches`); out-of-range
    /// indices are reported and give `.zero`.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = activeTouches
        guard touches.indices.contains(touchIndex) else {
            FlipbookDiagnostics.report(
                "\(Self.self).location(ofTouch: \(touchIndex), in:): index out of range (\(touches.count) touches).",
                once: "UIGestureRecognizer.locationOfTouch")
            return .zero
        }
        return touches[touchIndex].location(in: view)
    }

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { activeTouches.count }

    // MARK: Subclass API (UIGestureRecognizerSubclass)

    /// Touches went down. The default does nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved. The default does nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches lifted. The default does nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled. The default does nothing.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Called after the recognizer finished (ended, cancelled or failed) and all its touches
    /// lifted, before it goes back to `.possible`. Subclasses clear their tracking state.
    open func reset() {}

    /// Stops delivering `touch` to this recognizer (it no longer holds the touch's phases back
    /// from the view either).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        activeTouches.removeAll { $0 === touch }
        sequenceTouches.removeAll { $0 === touch }
        touch.stopReceiving(by: self)
    }

    /// Whether recognizing this gesture may fail or cancel `preventedGestureRecognizer` (default true).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` may prevent this one (default true).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (default false).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` must wait for this one to fail (default false).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Internal

    /// Whether the recognizer takes part in the current touch sequence.
    var isInvolved: Bool { !sequenceTouches.isEmpty }

    // MARK: Decisions (GestureArbiter changes the state only through these)

    /// The subclass set `state` to `s`: it reads `s` at once and waits for arbitration.
    func requestState(_ s: State) {
        stateStorage = s
        requests.append(s)
    }

    /// Whether state changes wait for arbitration.
    var hasRequests: Bool { !requests.isEmpty }

    /// The oldest state change arbitration has not looked at (nil when none waits).
    func takeRequest() -> State? { requests.isEmpty ? nil : requests.removeFirst() }

    /// Arbitration accepted `s`: `state` reads it and actions follow it.
    func commit(_ s: State) {
        stateStorage = s
        committedState = s
    }

    /// `state` reads `s` without arbitration having accepted it (a refused or held change
    /// reads as the accepted state, or `.possible` while a recognition waits).
    func show(_ s: State) { stateStorage = s }

    /// The recognition `to` (`.began` or `.ended`) waits for a `require(toFail:)` recognizer
    /// to fail; `state` reads `.possible` meanwhile.
    func holdRecognition(_ to: State) {
        pendingRecognition = to
        stateStorage = .possible
    }

    /// No recognition waits any more (it went ahead, or the recognizer failed).
    func forgetHeldRecognition() { pendingRecognition = nil }

    /// Forgets the state changes not yet looked at and any waiting recognition (the gesture
    /// was stopped or prevented).
    func dropPendingDecisions() {
        requests.removeAll()
        pendingRecognition = nil
    }

    /// The gesture finished and its touches lifted: the recognizer forgets its touch sequence,
    /// goes back to `.possible`, and the subclass's `reset()` runs.
    func resetForNextGesture() {
        endSequence()
        pendingRecognition = nil
        commit(.possible)
        reset()
    }

    // MARK: Tracking (TouchDelivery and GestureArbiter change the touches only through these)

    /// `touch` went down in the recognizer's view or below: the recognizer tracks it.
    func beginTracking(_ touch: UITouch) {
        activeTouches.append(touch)
        sequenceTouches.append(touch)
    }

    /// Whether the recognizer tracks `touch` now.
    func isTracking(_ touch: UITouch) -> Bool { activeTouches.contains { $0 === touch } }

    /// Whether the recognizer has received `touch` since its last reset.
    func hasReceived(_ touch: UITouch) -> Bool { sequenceTouches.contains { $0 === touch } }

    /// A phase of its touches is about to be delivered in `window`: remembers where they are,
    /// for `location(in:)` after they lift.
    func noteTouches(in window: UIWindow) {
        lastWindow = window
        lastWindowCentroid = Self.centroid(activeTouches.map(\.windowLocation))
    }

    /// `touch` ended or was cancelled: the recognizer stops tracking it (it stays in the
    /// sequence until the reset).
    func endTracking(_ touch: UITouch) { activeTouches.removeAll { $0 === touch } }

    /// The recognizer was stopped (disabled, removed, its view gone): it lets go of the
    /// touches it tracks, and they of it.
    func stopTracking() {
        for t in activeTouches { t.stopReceiving(by: self) }
        activeTouches.removeAll()
    }

    /// The recognizer resets: it forgets its touch sequence (and the touches forget it),
    /// keeping the window its last touch was in.
    private func endSequence() {
        for t in sequenceTouches { t.stopReceiving(by: self) }
        if let t = activeTouches.last ?? sequenceTouches.last { lastWindow = t.window }
        activeTouches.removeAll()
        sequenceTouches.removeAll()
    }

    /// A discrete recognizer's deadline: `delay` from now, if it is still possible and still
    /// in a gesture, it moves to `state` (a tap or swipe that took too long fails, a long
    /// press held long enough begins). The caller keeps the token to cancel it.
    func deadline(after delay: CFTimeInterval, moving state: State) -> MediaClockToken {
        (view?.ownClock ?? MediaClock.main).schedule(after: delay) { [weak self] in
            guard let self, self.state == .possible, self.isInvolved else { return }
            self.state = state
        }
    }

    /// Whether it can still receive touches (enabled and not finished).
    var isReceiving: Bool {
        isEnabled && (committedState == .possible || committedState == .began || committedState == .changed)
    }

    /// Whether any of its touches is still down.
    var hasLiveTouches: Bool { activeTouches.contains { !$0.isLifted } }

    func sendActions() {
        for t in targets {
            guard let object = t.object else { continue }
            t.call(object, self)
        }
        targets.removeAll { $0.object == nil }
    }

    static func centroid(_ points: [CGPoint]) -> CGPoint {
        guard !points.isEmpty else { return .zero }
        let n = CGFloat(points.count)
        return CGPoint(x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
    }

}

/// A weak reference to a recognizer (for `require(toFail:)` lists).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
}
