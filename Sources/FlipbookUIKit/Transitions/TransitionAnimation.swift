import Foundation
import FlipbookQuartz

/// The one place the controllers module starts UIView animations (the built-in
/// modal animations, coordinator alongside blocks, sheet changes): a thin wrapper over
/// `UIView.animate(withDuration:delay:options:animations:completion:)`.
@preconcurrency @MainActor
enum TransitionAnimation {
    enum Curve { case easeInOut, easeIn, easeOut, linear }

    static func animate(
        duration: TimeInterval, curve: Curve = .easeInOut, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let options: UIView.AnimationOptions
        switch curve {
        case .easeInOut: options = .curveEaseInOut
        case .easeIn: options = .curveEaseIn
        case .easeOut: options = .curveEaseOut
        case .linear: options = .curveLinear
        }
        UIView.animate(
            withDuration: max(0, duration), delay: 0, options: options, animations: animations, completion: completion)
    }

    /// Runs `changes` without animation.
    static func withoutAnimation(_ changes: () -> Void) {
        UIView.performWithoutAnimation(changes)
    }
}
