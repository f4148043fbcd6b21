import Foundation
import FlipbookQuartz

/// The one place the controllers module starts UIView animations (the built-in
/// modal animations, coordinator alongside blocks, sheet changes).
///
/// It forwards to `UIView.animate(withDuration:delay:options:animations:completion:)`
/// once the animation API is available; until then it applies the changes at once and
/// delivers the completion after `duration` on `MediaClock.main`, so transitions keep
/// their timing (see docs/Divergences.md).
@MainActor
enum TransitionAnimation {
    enum Curve { case easeInOut, easeIn, easeOut, linear }

    static func animate(
        duration: TimeInterval, curve: Curve = .easeInOut, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        MediaClock.main.schedule(after: max(0, duration)) { completion?(true) }
    }

    /// Runs `changes` without animation.
    static func withoutAnimation(_ changes: () -> Void) {
        changes()
    }
}
