import Foundation

/// The state steps every continuous recognizer shares (pan, pinch, rotation, long press):
/// docs/Semantics.md, "Recognizer states".
extension UIGestureRecognizer {
    /// Its touches moved: a possible gesture begins once `pastThreshold`; an active one changes.
    func continuousTouchesMoved(pastThreshold: Bool) {
        switch state {
        case .possible: if pastThreshold { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    /// Its last needed touch lifted: an active gesture ends; a possible one fails when
    /// `failsIfPossible` (it had started to track and will never begin now).
    func continuousTouchesEnded(failsIfPossible: Bool) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: if failsIfPossible { state = .failed }
        default: break
        }
    }

    /// Its touches were cancelled: an active gesture is cancelled, a possible one fails.
    func continuousTouchesCancelled() {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    /// The first two of its touches still down (the two fingers of a pinch or rotation).
    var fingerPair: [UITouch] {
        Array(activeTouches.filter { !$0.isLifted }.prefix(2))
    }
}
