import Foundation
import FlipbookQuartz

/// A discrete swipe recognizer, UIKit's `UISwipeGestureRecognizer`.
///
/// Recognized (while the fingers are still down, as in UIKit) once the centroid of
/// `numberOfTouchesRequired` fingers has travelled `minimumDistance` (50 pt) in one of the
/// allowed `direction`s within `maximumDuration` (0.5 s) of touching down, staying within
/// about 27° of that direction (sideways drift at most half the distance travelled). It fails
/// when the time runs out, the fingers lift first, or the movement (past 20 pt) heads more
/// than 45° away from every allowed direction. UIKit does not document its thresholds; these
/// are Flipbook's (docs/Divergences.md).
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Swipe directions, UIKit's `UISwipeGestureRecognizer.Direction` (Apple's bits).
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The allowed directions (default `.right`).
    open var direction: Direction = .right
    /// Fingers needed (default 1).
    open var numberOfTouchesRequired = 1

    /// The distance a swipe must cover.
    public static let minimumDistance: CGFloat = 50
    /// The time it has to cover it.
    public static let maximumDuration: CFTimeInterval = 0.5

    private var start: CGPoint?
    private var startTime: CFTimeInterval = 0
    private var timer: MediaClockToken?

    private var live: [UITouch] { activeTouches.filter { !$0.isLifted } }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        guard live.count <= numberOfTouchesRequired else { return fail() }
        if live.count == numberOfTouchesRequired {
            start = Self.centroid(live.map(\.windowLocation))
            startTime = event.timestamp
            timer?.cancel()
            timer = deadline(after: Self.maximumDuration, moving: .failed)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start else { return }
        let c = Self.centroid(live.map(\.windowLocation))
        let d = CGPoint(x: c.x - start.x, y: c.y - start.y)
        if event.timestamp - startTime > Self.maximumDuration + 1e-9 { return fail() }
        var headingOK = false
        for (dir, axis) in [
            (Direction.right, CGPoint(x: 1, y: 0)), (.left, CGPoint(x: -1, y: 0)), (.up, CGPoint(x: 0, y: -1)),
            (.down, CGPoint(x: 0, y: 1)),
        ]
        where direction.contains(dir) {
            let along = d.x * axis.x + d.y * axis.y
            let across = abs(d.x * axis.y - d.y * axis.x)
            if along >= Self.minimumDistance, across <= along / 2 {
                timer?.cancel()
                state = .ended
                return
            }
            if along > 0, across <= along { headingOK = true }
        }
        if !headingOK, hypot(d.x, d.y) > 20 { fail() }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { fail() }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { fail() }
    }

    open override func reset() {
        super.reset()
        timer.cancelAndClear()
        start = nil
    }

    private func fail() {
        timer.cancelAndClear()
        if state == .possible { state = .failed }
    }
}
