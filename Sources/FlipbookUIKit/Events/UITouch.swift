import Foundation

/// One finger on the screen, UIKit's `UITouch`.
///
/// A touch belongs to the view it went down in (the window's hit test at that point) for its
/// whole life, even when it moves outside that view or the view leaves the window; locations
/// are kept in the window's coordinates and converted on request. Flipbook's touches come from
/// `AppDriver`'s synthetic input (`touchDown(at:)`, `drag(from:to:duration:)`, `tap(at:)`).
@preconcurrency @MainActor
public final class UITouch: NSObject {
    /// A touch's phase, UIKit's `UITouch.Phase` (Apple's raw values).
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// The kind of touch, UIKit's `UITouch.TouchType` (Flipbook's are all `.direct`).
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
        /// UIKit's older name for `.pencil`.
        public static var stylus: TouchType { .pencil }
    }

    /// The phase of the touch's last change (inside a view's `touches…` call, the phase being
    /// delivered: see `shown`).
    public var phase: Phase { shown.phase }
    /// The media time of the touch's last change (`MediaClock.main`), in seconds (inside a
    /// view's `touches…` call, the delivered phase's time).
    public var timestamp: TimeInterval { shown.timestamp }
    /// How many times in a row the finger tapped this spot (1 for a first touch).
    public internal(set) var tapCount: Int = 1
    /// `.direct` (a finger).
    public let type: TouchType = .direct
    /// The view the touch went down in (its hit-test view). It stays the touch's view even
    /// after the finger leaves it, as in UIKit.
    public internal(set) var view: UIView?
    /// The window the touch went down in.
    public internal(set) var window: UIWindow?
    /// The radius of the contact, in points (Flipbook's fingers are all 20 pt).
    public var majorRadius: CGFloat { 20 }
    /// The tolerance of `majorRadius`.
    public var majorRadiusTolerance: CGFloat { 5 }
    /// The force of the touch (Flipbook reports no force: 0).
    public var force: CGFloat { 0 }
    /// The largest force (0: no force sensing).
    public var maximumPossibleForce: CGFloat { 0 }
    /// The stylus angles (a finger: 0).
    public var altitudeAngle: CGFloat { .pi / 2 }

    /// The gesture recognizers receiving this touch.
    public var gestureRecognizers: [UIGestureRecognizer]? { recognizers.isEmpty ? nil : recognizers }

    /// Where the touch is, in `view`'s bounds space (the window's when nil).
    public func location(in view: UIView?) -> CGPoint { convert(windowLocation, to: view) }
    /// Where the touch was before its last move, in `view`'s bounds space.
    public func previousLocation(in view: UIView?) -> CGPoint { convert(previousWindowLocation, to: view) }
    /// The precise location (Flipbook's input is exact: `location(in:)`).
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    /// The precise previous location (`previousLocation(in:)`).
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    // MARK: Internal state (see TouchRouter)

    /// Whether the finger is up: the touch ended or was cancelled (the one name for this idea,
    /// as `SyntheticTouch.isLifted` is for a scripted finger).
    var isLifted: Bool { phase == .ended || phase == .cancelled }
    /// A number that orders touches by creation.
    let serial: Int
    /// The touch's latest state, as the router last changed it (`record(_:)`).
    private(set) var sample: TouchSample
    /// The phase a view is being sent (`presenting(_:_:)`), which may be an older one held
    /// back by a recognizer; nil outside a view's `touches…` call.
    private var presented: TouchSample?
    /// What the touch answers now: the phase being delivered to a view, else its latest state.
    /// A view's `touchesBegan` therefore reads the began phase's location and time even when
    /// a recognizer held that phase back while the finger moved on, as on iOS.
    var shown: TouchSample { presented ?? sample }
    /// Where the touch is and was, in its window's coordinates.
    var windowLocation: CGPoint { shown.location }
    var previousWindowLocation: CGPoint { shown.previousLocation }
    /// The recognizers receiving the touch, innermost view's first (`receive(by:)`,
    /// `stopReceiving(by:)`).
    private(set) var recognizers: [UIGestureRecognizer] = []
    /// Whether views receive the touch at all (false for a second touch on a view that is not
    /// multiple-touch enabled, or once a recognizer cancelled it for the view). This and the
    /// three below change only through the view-delivery methods further down.
    private(set) var deliversToViews = true
    /// Whether the view has been sent `touchesBegan` for this touch.
    private(set) var viewHasBegun = false
    /// Whether the view has heard the touch's end (its `.ended` or `.cancelled` phase).
    private(set) var viewHasEnded = false
    /// Phases held for the view by recognizers that delay touches.
    private(set) var heldPhases: [TouchSample] = []
    /// Who made the touch (`TouchOrigin`): the app's own code unless the preview's user did.
    var origin: TouchOrigin = .app

    init(serial: Int, window: UIWindow, location: CGPoint, timestamp: TimeInterval) {
        self.serial = serial
        self.window = window
        self.sample = TouchSample(phase: .began, location: location, previousLocation: location, timestamp: timestamp)
    }

    /// The finger changed: `sample` is the touch's new state (the router's only write).
    func record(_ sample: TouchSample) { self.sample = sample }

    /// Another touch of the event changed: a touch that began or moved is now stationary.
    func becomeStationary() {
        if sample.phase == .began || sample.phase == .moved { sample.phase = .stationary }
    }

    // MARK: Recognizers (the router adds them at touch-down; a recognizer removes itself)

    /// `r` receives the touch.
    func receive(by r: UIGestureRecognizer) { recognizers.append(r) }

    /// `r` no longer receives the touch.
    func stopReceiving(by r: UIGestureRecognizer) { recognizers.removeAll { $0 === r } }

    // MARK: View delivery (TouchRouter and TouchDelivery)

    /// The view never receives this touch (a second touch on a view that is not multiple-touch
    /// enabled).
    func keepFromViews() { deliversToViews = false }

    /// Queues `sample` for the view, unless the view no longer receives the touch.
    func holdForView(_ sample: TouchSample) {
        if deliversToViews && !viewHasEnded { heldPhases.append(sample) }
    }

    /// Takes the oldest held phase (the view is about to be sent it).
    func takeHeldPhase() -> TouchSample? { heldPhases.isEmpty ? nil : heldPhases.removeFirst() }

    /// Drops the held phases (the view will not be sent them).
    func dropHeldPhases() { heldPhases.removeAll() }

    /// The view's part ends without the view having begun (cancelled before it saw the touch).
    func endForViewUnbegun() {
        heldPhases.removeAll()
        viewHasEnded = true
    }

    /// A recognizer cancels the touch for the view: nothing more is held or sent but, if the
    /// view had begun, the `.cancelled` phase the caller sends next.
    func cancelForView() {
        heldPhases.removeAll()
        deliversToViews = false
        if !viewHasBegun { viewHasEnded = true }
    }

    /// The view left the touch's window: it is sent nothing more.
    func loseView() {
        heldPhases.removeAll()
        viewHasEnded = true
        deliversToViews = false
    }

    /// The view is being sent `phase`: it has begun, or heard the end.
    func noteViewReceives(_ phase: Phase) {
        if phase == .ended || phase == .cancelled { viewHasEnded = true }
        if phase == .began { viewHasBegun = true }
    }

    /// Runs `body` (a view's `touches…` call) with the touch showing `sample`: its phase,
    /// locations and time read as that sample's, whatever the touch's latest state is.
    func presenting(_ sample: TouchSample, _ body: () -> Void) {
        let outer = presented
        presented = sample
        body()
        presented = outer
    }

    private func convert(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return p }
        return view.convert(p, from: window)
    }

}

/// A touch's state at one moment: what the router records when the finger changes, what the
/// event carries to the window, and what is kept while a recognizer holds the phase back from
/// the view.
struct TouchSample: Equatable {
    var phase: UITouch.Phase
    var location: CGPoint
    var previousLocation: CGPoint
    var timestamp: TimeInterval
}
