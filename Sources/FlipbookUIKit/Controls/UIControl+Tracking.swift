import Foundation

/// Touch tracking, as UIKit's `UIControl` does it.
///
/// - Down: the first touch is tracked: `isTouchInside` true, `beginTracking(_:with:)` decides
///   `isTracking`, the control highlights and sends `.touchDown` (with `.touchDownRepeat` too
///   when the touch's `tapCount` is above 1). Later touches are not tracked.
/// - Move (while tracking and `continueTracking(_:with:)` agrees): inside means within the
///   bounds grown by `touchInsideSlop` (70 pt) on every side, as UIKit's controls allow; a move
///   that crosses in sends `.touchDragEnter`, one that crosses out `.touchDragExit`, other moves
///   `.touchDragInside` or `.touchDragOutside`. The highlight follows `isTouchInside`.
/// - Lift: `endTracking(_:with:)`, then `.touchUpInside` (buttons also
///   `.primaryActionTriggered`) when inside by the same rule, else `.touchUpOutside`.
/// - Cancel (a recognizer took the touch, or the system cancelled it): `cancelTracking(with:)`
///   and `.touchCancel`.
///
/// A disabled control tracks nothing and sends nothing (and does not pass touches on). A control
/// that leaves its window while tracking cancels (`.touchCancel`).
extension UIControl {
    /// How far outside its bounds a dragged touch still counts as inside (UIKit's controls use
    /// about 70 pt; see docs/Divergences.md).
    public static let touchInsideSlop: CGFloat = 70

    func isInsideWithSlop(_ touch: UITouch) -> Bool {
        let p = touch.location(in: self)
        let r = bounds.insetBy(dx: -Self.touchInsideSlop, dy: -Self.touchInsideSlop)
        return p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY
    }

    func trackBegan(_ touches: Set<UITouch>, _ event: UIEvent?) {
        // A touch whose end never reached the control (it left the window meanwhile) is stale.
        if let old = trackedTouch, old.isLifted {
            stopTracking(event, sendCancel: false)
        }
        guard isEnabled, trackedTouch == nil, let touch = touches.min(by: { $0.serial < $1.serial }) else { return }
        trackedTouch = touch
        isTouchInsideStorage = true
        isTrackingStorage = beginTracking(touch, with: event)
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, event: event)
    }

    func trackMoved(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        guard isEnabled else { return stopTracking(event, sendCancel: false) }
        let wasInside = isTouchInsideStorage
        let inside = isInsideWithSlop(touch)
        isTouchInsideStorage = inside
        if isHighlighted != inside { isHighlighted = inside }
        guard isTrackingStorage else { return }
        isTrackingStorage = continueTracking(touch, with: event)
        guard isTrackingStorage else { return }
        let events: Event =
            inside ? (wasInside ? .touchDragInside : .touchDragEnter) : (wasInside ? .touchDragExit : .touchDragOutside)
        sendActions(for: events, event: event)
    }

    func trackEnded(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        guard isEnabled else { return stopTracking(event, sendCancel: false) }
        let inside = isInsideWithSlop(touch)
        isTouchInsideStorage = inside
        if isTrackingStorage { endTracking(touch, with: event) }
        trackedTouch = nil
        isTrackingStorage = false
        isHighlighted = false
        sendActions(for: inside ? touchUpInsideEvents : .touchUpOutside, event: event)
        isTouchInsideStorage = false
    }

    func trackCancelled(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        stopTracking(event, sendCancel: isEnabled)
    }

    func cancelTrackingForWindowChange() {
        stopTracking(nil, sendCancel: isEnabled)
    }

    private func stopTracking(_ event: UIEvent?, sendCancel: Bool) {
        if isTrackingStorage { cancelTracking(with: event) }
        trackedTouch = nil
        isTrackingStorage = false
        isTouchInsideStorage = false
        if isHighlighted { isHighlighted = false }
        if sendCancel { sendActions(for: .touchCancel, event: event) }
    }
}
