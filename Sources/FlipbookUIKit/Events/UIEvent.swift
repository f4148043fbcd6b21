import Foundation

/// An event, UIKit's `UIEvent`. For touches, one event object carries every touch that is
/// down (and those that just lifted), as UIKit's touches event does; the window hands it to
/// gesture recognizers and views with each delivery.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// UIKit's event kinds.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll = 10, hover, transform }
    /// UIKit's event subtypes (Flipbook sends none but `.none`).
    public enum EventSubtype: Int, Sendable {
        case none = 0, motionShake = 1
        case remoteControlPlay = 100, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        case remoteControlNextTrack, remoteControlPreviousTrack
        case remoteControlBeginSeekingBackward, remoteControlEndSeekingBackward
        case remoteControlBeginSeekingForward, remoteControlEndSeekingForward
    }
    /// The event's kind (default `.touches`).
    open var type: EventType { .touches }
    /// The event's subtype (`.none`).
    open var subtype: EventSubtype { .none }
    /// The media time (`MediaClock.main`) at which the event happened, in seconds.
    open var timestamp: TimeInterval
    public init(timestamp: TimeInterval = 0) { self.timestamp = timestamp }

    /// The touches the event carries, in the order they went down (see `allTouches`).
    var touchList: [UITouch] = []

    /// What changed in the delivery under way (`TouchRouter` sets it around
    /// `UIApplication.sendEvent(_:)`; each window delivers the changes of its touches). Nil
    /// between deliveries: a window handed the event then delivers nothing.
    var changes: [TouchChange]?

    /// Drops finished touches (lifted, and their view has heard every phase): they would
    /// otherwise keep their views alive until the next touch.
    func dropLiftedTouches() {
        touchList.removeAll { $0.isLifted && $0.heldPhases.isEmpty }
    }

    /// Every touch of the event: the ones down and the ones that ended or were cancelled in
    /// this delivery. Nil for an event that carries no touches.
    open var allTouches: Set<UITouch>? { touchList.isEmpty ? nil : Set(touchList) }

    /// The event's touches that belong to `view` (their hit-tested view).
    open func touches(for view: UIView) -> Set<UITouch>? {
        let found = touchList.filter { $0.view === view }
        return found.isEmpty ? nil : Set(found)
    }

    /// The event's touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        let found = touchList.filter { $0.window === window }
        return found.isEmpty ? nil : Set(found)
    }

    /// The event's touches that `gesture` receives.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        let found = touchList.filter { t in t.recognizers.contains { $0 === gesture } }
        return found.isEmpty ? nil : Set(found)
    }

    /// UIKit's coalesced touches: Flipbook delivers one sample per frame, so this is `[touch]`
    /// for a touch of the event.
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        touchList.contains { $0 === touch } ? [touch] : nil
    }

    /// UIKit's predicted touches: Flipbook predicts none.
    open func predictedTouches(for touch: UITouch) -> [UITouch]? {
        touchList.contains { $0 === touch } ? [] : nil
    }
}

/// One touch's change, as the event carries it to the touch's window: the touch and the state
/// it changed to (a value; the window's delivery holds it for the view when a recognizer
/// delays the view's touches).
struct TouchChange {
    let touch: UITouch
    let sample: TouchSample
}
