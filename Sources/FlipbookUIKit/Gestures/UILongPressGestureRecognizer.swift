import Foundation
import FlipbookQuartz

/// A press-and-hold recognizer, UIKit's `UILongPressGestureRecognizer` (continuous).
///
/// After `numberOfTapsRequired` quick taps (default 0), `numberOfTouchesRequired` fingers
/// (default 1) held for `minimumPressDuration` (0.5 s, on `MediaClock.main`) without moving
/// more than `allowableMovement` (10 pt) begin the gesture; moves are `.changed` and the lift
/// ends it. Lifting or moving too far before the duration fails it.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must stay down (default 0.5 s).
    open var minimumPressDuration: CFTimeInterval = 0.5
    /// How far the fingers may move before the gesture begins (default 10 pt).
    open var allowableMovement: CGFloat = 10
    /// Fingers that must press (default 1).
    open var numberOfTouchesRequired = 1
    /// Taps before the press (default 0).
    open var numberOfTapsRequired = 0

    private var downPoints: [Int: CGPoint] = [:]
    private var tapsDone = 0
    private var timer: MediaClockToken?

    private var liveCount: Int { activeTouches.filter { !$0.isLifted }.count }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        timer?.cancel()
        for t in touches { downPoints[t.serial] = t.location(in: nil) }
        guard liveCount <= numberOfTouchesRequired else { return fail() }
        if tapsDone >= numberOfTapsRequired, liveCount == numberOfTouchesRequired {
            let duration = minimumPressDuration.isFinite ? max(0, minimumPressDuration) : 0.5
            timer = deadline(after: duration, moving: .began)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            let moved = touches.contains { t in
                guard let d = downPoints[t.serial] else { return false }
                let p = t.location(in: nil)
                return hypot(p.x - d.x, p.y - d.y) > allowableMovement
            }
            if moved { fail() }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            if tapsDone < numberOfTapsRequired {
                guard liveCount == 0 else { return }
                tapsDone += 1
                downPoints.removeAll()
                timer?.cancel()
                timer = deadline(after: UITapGestureRecognizer.maximumIntervalBetweenTaps, moving: .failed)
            } else {
                fail()
            }
        case .began, .changed:
            state = .ended
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: fail()
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    open override func reset() {
        super.reset()
        timer.cancelAndClear()
        tapsDone = 0
        downPoints.removeAll()
    }

    private func fail() {
        timer.cancelAndClear()
        if state == .possible { state = .failed }
    }
}
