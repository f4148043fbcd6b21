import Foundation
import FlipbookQuartz

/// A discrete tap (or multiple tap) recognizer, UIKit's `UITapGestureRecognizer`.
///
/// Recognized (`.ended`) when the last finger of the `numberOfTapsRequired`-th tap lifts,
/// each tap having had exactly `numberOfTouchesRequired` fingers down. It fails when a finger
/// moves more than `allowableMovement` (10 pt) from where it went down, a finger stays down
/// longer than `maximumTapDuration` (1.5 s), the next tap does not start within
/// `maximumIntervalBetweenTaps` (0.35 s) of the last lift or lands more than
/// `maximumDistanceBetweenTaps` (40 pt) from the first, too many fingers come down, or a tap
/// beyond the required number starts. Thresholds UIKit does not document are listed in
/// docs/Divergences.md.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (default 1).
    open var numberOfTapsRequired = 1
    /// Fingers per tap (default 1).
    open var numberOfTouchesRequired = 1

    /// How far a finger may move during a tap.
    public static let allowableMovement: CGFloat = 10
    /// The longest a tap's finger may stay down.
    public static let maximumTapDuration: CFTimeInterval = 1.5
    /// The longest wait from one tap's lift to the next tap's touch-down.
    public static let maximumIntervalBetweenTaps: CFTimeInterval = 0.35
    /// How far later taps may land from the first.
    public static let maximumDistanceBetweenTaps: CGFloat = 40

    private var tapsCompleted = 0
    private var fingersThisTap = 0
    private var downPoints: [Int: CGPoint] = [:]
    private var firstTap: CGPoint?
    private var timer: MediaClockToken?

    private var liveCount: Int { activeTouches.filter { !$0.isLifted }.count }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        timer?.cancel()
        guard tapsCompleted < numberOfTapsRequired else { return fail() }
        for t in touches {
            let p = t.location(in: nil)
            downPoints[t.serial] = p
            if let first = firstTap {
                if hypot(p.x - first.x, p.y - first.y) > Self.maximumDistanceBetweenTaps { return fail() }
            }
        }
        if firstTap == nil { firstTap = location(in: nil) }
        fingersThisTap = max(fingersThisTap, liveCount)
        guard fingersThisTap <= numberOfTouchesRequired else { return fail() }
        schedule(after: Self.maximumTapDuration)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if movedTooFar(touches) { fail() }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if movedTooFar(touches) { return fail() }
        guard liveCount == 0 else { return }
        timer?.cancel()
        guard fingersThisTap == numberOfTouchesRequired else { return fail() }
        tapsCompleted += 1
        fingersThisTap = 0
        downPoints.removeAll()
        if tapsCompleted >= numberOfTapsRequired {
            state = .ended
        } else {
            schedule(after: Self.maximumIntervalBetweenTaps)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { fail() }
    }

    open override func reset() {
        super.reset()
        timer.cancelAndClear()
        tapsCompleted = 0
        fingersThisTap = 0
        downPoints.removeAll()
        firstTap = nil
    }

    private func movedTooFar(_ touches: Set<UITouch>) -> Bool {
        touches.contains { t in
            guard let d = downPoints[t.serial] else { return false }
            let p = t.location(in: nil)
            return hypot(p.x - d.x, p.y - d.y) > Self.allowableMovement
        }
    }

    private func fail() {
        timer.cancelAndClear()
        if state == .possible { state = .failed }
    }

    private func schedule(after delay: CFTimeInterval) {
        timer?.cancel()
        timer = deadline(after: delay, moving: .failed)
    }
}
