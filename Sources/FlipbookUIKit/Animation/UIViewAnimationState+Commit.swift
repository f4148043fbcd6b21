import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Calls a block's completion once every animation it created has stopped.
///
/// `finished` is true only if every animation ran to its end; an animation removed early
/// (replaced by a newer animation for the same key, or removed explicitly) makes it false,
/// as in UIKit. A block that created no animation completes on the next frame with true.
/// An additive animation stacked over it does not interrupt it.
///
/// `blocksInteraction` (a block without `.allowUserInteraction`): while one of its animations
/// is on a view's layer, hit testing skips that view and its subviews (docs/Semantics.md,
/// "UIView animations").
@preconcurrency @MainActor
final class AnimationCompletionTracker: NSObject, CAAnimationDelegate {
    private var completion: ((Bool) -> Void)?
    private var outstanding = 0
    private var sealed = false
    private var allFinished = true
    let blocksInteraction: Bool

    init(_ completion: ((Bool) -> Void)?, blocksInteraction: Bool = false) {
        self.completion = completion
        self.blocksInteraction = blocksInteraction
    }

    /// A tracker for a block with `spec`'s options.
    convenience init(_ completion: ((Bool) -> Void)?, spec: AnimationSpec) {
        self.init(completion, blocksInteraction: !spec.allowsUserInteraction)
    }

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
    /// value to its new model value, tracked by `tracker`. Position, bounds and transform get an
    /// additive animation from (previous − new) to zero under a key of their own, so animations
    /// already in flight for the property keep running and the motions add up (docs/Semantics.md,
    /// "UIView animations").
    func commitBasic(tracker: AnimationCompletionTracker, seal: Bool = true) {
        for change in changes {
            if change.isAdditive {
                commitAdditive(change, tracker: tracker)
                continue
            }
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

    /// One additive change: nothing when the value did not change or the block has no duration
    /// (animations in flight keep running over the new model value).
    private func commitAdditive(_ change: RecordedChange, tracker: AnimationCompletionTracker) {
        let to = change.currentValue
        guard spec.duration > 0, let from = change.start, !AnimatableLayerKeys.isEqual(from, to) else { return }
        let layer = change.layer
        guard let offset = AnimatableLayerKeys.additiveOffset(from: from, to: to),
            let zero = AnimatableLayerKeys.additiveZero(like: offset)
        else {
            // A transform that cannot be inverted cannot carry an offset: the UIView animations in
            // flight for the key are replaced by one from the value on screen (reported once).
            FlipbookDiagnostics.report(
                "UIView animation: \(change.key) \(to) cannot be inverted, so it cannot stack additively; the animation starts from the value on screen.",
                once: "UIView.additive.singular")
            // What was on screen: the motions in flight over the previous model value.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            AnimatableLayerKeys.setValue(from, on: layer, forKey: change.key)
            let shown = AnimatableLayerKeys.presentedValue(of: layer, forKey: change.key) ?? from
            AnimatableLayerKeys.setValue(to, on: layer, forKey: change.key)
            CATransaction.commit()
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) as? CAPropertyAnimation, animation.keyPath == change.key,
                    animation.delegate is AnimationCompletionTracker
                else { continue }
                layer.removeAnimation(forKey: key)
            }
            let animation = Self.makeAnimation(keyPath: change.key, from: shown, to: to, spec: spec)
            applyCommonTiming(animation, layer: layer)
            tracker.track(animation)
            layer.add(animation, forKey: change.key)
            return
        }
        let animation = Self.makeAnimation(keyPath: change.key, from: offset, to: zero, spec: spec)
        animation.isAdditive = true
        applyCommonTiming(animation, layer: layer)
        tracker.track(animation)
        layer.add(animation, forKey: Self.freeKey(change.key, on: layer))
    }

    /// `key` if no animation uses it on `layer`, else `key-2`, `key-3`, … (the first free one).
    static func freeKey(_ key: String, on layer: CALayer) -> String {
        if layer.animation(forKey: key) == nil { return key }
        var n = 2
        while layer.animation(forKey: "\(key)-\(n)") != nil { n += 1 }
        return "\(key)-\(n)"
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
        case let .spring(curve, runsToRest):
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.mass = CGFloat(curve.mass)
            animation.stiffness = CGFloat(curve.stiffness)
            animation.damping = CGFloat(curve.damping)
            animation.initialVelocity = CGFloat(curve.initialVelocity)
            animation.allowsOverdamping = curve.allowsOverdamping
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
