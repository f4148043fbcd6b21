import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Calls a block's completion once every animation it created has stopped.
///
/// `finished` is true only if every animation ran to its end; an animation removed early
/// (replaced by a newer animation for the same key, or removed explicitly) makes it false,
/// as in UIKit. A block that created no animation completes on the next frame with true.
@MainActor
final class AnimationCompletionTracker: CAAnimationDelegate {
    private var completion: ((Bool) -> Void)?
    private var outstanding = 0
    private var sealed = false
    private var allFinished = true

    init(_ completion: ((Bool) -> Void)?) { self.completion = completion }

    /// Makes the tracker `animation`'s delegate; call before adding it (CA copies on add).
    func track(_ animation: CAAnimation) {
        outstanding += 1
        animation.delegate = self
    }

    /// No more animations will be tracked: completes now (next frame) if none are running.
    func seal() {
        sealed = true
        if outstanding == 0 {
            MediaClock.main.schedule(after: 0) { [self] in fire(true) }
        }
    }

    func animationDidStart(_ anim: CAAnimation) {}

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        outstanding -= 1
        allFinished = allFinished && flag
        if sealed && outstanding <= 0 { fire(allFinished) }
    }

    private func fire(_ finished: Bool) {
        guard let body = completion else { return }
        completion = nil
        body(finished)
    }
}

extension UIViewAnimationState {
    /// Ends a `UIView.animate…` block: adds one animation per changed property, from its start
    /// value to its new model value, tracked by `tracker`.
    func commitBasic(tracker: AnimationCompletionTracker, seal: Bool = true) {
        for change in changes {
            change.resolveStart()
            let to = change.currentValue
            // Zero duration or no change: the new value shows at once (an animation that was in
            // flight for the key has been interrupted by the placeholder).
            guard spec.duration > 0, let from = change.start, !AnimatableLayerKeys.isEqual(from, to) else {
                change.removePlaceholder()
                continue
            }
            let animation = Self.makeAnimation(keyPath: change.key, from: from, to: to, spec: spec)
            applyCommonTiming(animation, layer: change.layer)
            tracker.track(animation)
            change.layer.add(animation, forKey: change.key)
        }
        if seal { tracker.seal() }
    }

    /// One property's animation for a basic or spring block.
    static func makeAnimation(keyPath: String, from: Any, to: Any, spec: AnimationSpec) -> CAPropertyAnimation {
        switch spec.timing {
        case let .bezier(x1, y1, x2, y2):
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = spec.duration
            animation.timingFunction = CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)
            return animation
        case let .spring(mass, stiffness, damping, velocity, runsToRest):
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.mass = CGFloat(mass)
            animation.stiffness = CGFloat(stiffness)
            animation.damping = CGFloat(damping)
            animation.initialVelocity = CGFloat(velocity)
            animation.duration = runsToRest ? animation.settlingDuration : spec.duration
            return animation
        }
    }

    /// Delay (as a begin time in the layer's own time, so animations added under a paused
    /// layer start where that layer's time stands), fill for the delay, repeat, autoreverse.
    func applyCommonTiming(_ animation: CAAnimation, layer: CALayer) {
        if spec.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + spec.delay
            animation.fillMode = .backwards
        }
        if spec.repeats { animation.repeatCount = .infinity }
        animation.autoreverses = spec.autoreverses
    }
}
