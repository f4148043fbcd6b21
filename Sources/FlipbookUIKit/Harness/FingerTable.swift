import Foundation
import FlipbookQuartz

/// The fingers of one stream of pointer input played into an app, by finger id (Flipbook's
/// own, package-level): the live preview's page (`PreviewInputPlayer`) and a replayed
/// recording (`SceneReplay`) keep their fingers here, so both deliver the same touches.
///
/// Points are kept inside the window; a finger put down again while its id is still down
/// cancels the old touch; moves to where the finger is, and changes for an id that is not down,
/// are dropped.
@preconcurrency @MainActor
package final class FingerTable {
    /// The app the fingers touch.
    package let driver: AppDriver
    private var fingers: [Int: SyntheticTouch] = [:]

    package init(driver: AppDriver) { self.driver = driver }

    /// How many finger ids are down.
    package var count: Int { fingers.count }

    /// `finger` goes down at `point` (window coordinates, clamped into the window), at `time`
    /// (nil: the clock's).
    package func down(_ finger: Int, at point: CGPoint, time: CFTimeInterval?) {
        let p = clamped(point)
        if let old = fingers.removeValue(forKey: finger), !old.isLifted { old.cancel(time: time) }
        fingers[finger] = driver.touchDown(at: p, origin: .user, time: time)
    }

    /// `finger` moves to `point`.
    package func move(_ finger: Int, to point: CGPoint, time: CFTimeInterval?) {
        let p = clamped(point)
        guard let f = fingers[finger], !f.isLifted, f.location != p else { return }
        f.move(to: p, time: time)
    }

    /// `finger` lifts at `point` (moving there first when it is elsewhere).
    package func up(_ finger: Int, at point: CGPoint, time: CFTimeInterval?) {
        let p = clamped(point)
        guard let f = fingers.removeValue(forKey: finger), !f.isLifted else { return }
        if f.location != p { f.move(to: p, time: time) }
        f.lift(time: time)
    }

    /// `finger`'s touch is cancelled.
    package func cancel(_ finger: Int, time: CFTimeInterval?) {
        guard let f = fingers.removeValue(forKey: finger), !f.isLifted else { return }
        f.cancel(time: time)
    }

    /// Cancels every finger still down and forgets them all.
    package func cancelAll() {
        for (_, f) in fingers where !f.isLifted { f.cancel() }
        fingers = [:]
    }

    /// `point` kept inside the window (its far edges excluded).
    private func clamped(_ point: CGPoint) -> CGPoint {
        let b = driver.window.bounds
        return CGPoint(x: min(max(point.x, b.minX), b.maxX - 0.001), y: min(max(point.y, b.minY), b.maxY - 0.001))
    }
}
