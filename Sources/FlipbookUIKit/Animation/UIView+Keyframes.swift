import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UIView {
    /// Animates with keyframes, UIKit's `animateKeyframes(withDuration:delay:options:animations:completion:)`.
    ///
    /// Inside `animations`, each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// block sets values a property reaches at the end of that keyframe. Each changed property
    /// becomes one `CAKeyframeAnimation` over the whole `duration`: it starts from its value
    /// before the block, holds it until its first keyframe starts, and moves through the
    /// keyframes' values at their end times (fractions of `duration`), using the options'
    /// calculation mode. The whole animation is paced by the options' curve bits (easeInOut
    /// when none, as UIKit). Changes made directly in `animations` span the whole duration.
    ///
    /// With `.calculationModeCubic`, the spline runs through the hold points too, so a property
    /// that holds before its keyframe dips slightly before moving (as it does on iOS).
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        var spec = animationSpec(
            duration: duration, delay: delay, timing: AnimationTiming(curve: options.curve),
            flags: options.rawValue & 0x3FF,
            method: "animateKeyframes(withDuration:delay:options:animations:completion:)")
        spec.timing = AnimationTiming(curve: options.curve)
        let state = UIViewAnimationState(kind: .keyframes(options), spec: spec)
        // An animator's first block takes the transition's alongside blocks (see
        // runBasicAnimation): their changes span the whole keyframe animation.
        let alongside = UIViewAnimationRegistry.takeAlongsideOffer(duration: spec.duration)
        UIViewAnimationRegistry.run(state) {
            animations()
            if options.contains(.layoutSubviews) { for view in state.views { view.layoutIfNeeded() } }
            alongside?.join(state)
        }
        state.commitKeyframes(options: options, tracker: AnimationCompletionTracker(completion, spec: spec))
    }

    /// Adds one keyframe to the enclosing `animateKeyframes` block, UIKit's
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    ///
    /// `frameStartTime` and `frameDuration` are fractions (0…1) of the keyframe animation's
    /// duration; values outside are clamped. Called outside `animateKeyframes`, it reports the
    /// misuse and applies `animations` at once.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let parent = UIViewAnimationRegistry.stack.last, case .keyframes = parent.kind else {
            FlipbookDiagnostics.report(
                "UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:) called outside an animateKeyframes block; applying the changes without animation.")
            performWithoutAnimation(animations)
            return
        }
        var start = frameStartTime.isFinite ? frameStartTime : 0
        var length = frameDuration.isFinite ? frameDuration : 0
        if start != frameStartTime || length != frameDuration || start < 0 || length < 0 || start + length > 1 + 1e-9 {
            FlipbookDiagnostics.report(
                "UIView.addKeyframe: relative start \(frameStartTime) and duration \(frameDuration) must lie within 0…1; clamping.")
            start = min(max(start, 0), 1)
            length = min(max(length, 0), 1 - start)
        }
        let segment = UIViewAnimationState(kind: .keyframe(start: start, duration: length), spec: parent.spec)
        UIViewAnimationRegistry.run(segment, animations)
        for change in segment.changes {
            change.resolveStart()
            let target = parent.adopt(change)
            target.keyframes.append((start: start, end: min(start + length, 1), value: change.currentValue))
            for view in segment.views { parent.noteView(view) }
        }
    }
}

extension UIViewAnimationState {
    /// Ends a keyframe block: one `CAKeyframeAnimation` per changed property over the whole
    /// duration; a property holds its start value until its first keyframe begins and its last
    /// value after its last keyframe ends.
    func commitKeyframes(options: UIView.KeyframeAnimationOptions, tracker: AnimationCompletionTracker) {
        for change in changes {
            change.resolveStart()
            guard spec.duration > 0, let start = change.start else {
                change.removePlaceholder()
                continue
            }
            let frames = change.keyframes.isEmpty ? [(start: 0.0, end: 1.0, value: change.currentValue)] : change.keyframes
            let (values, times) = Self.keyframeTrack(start: start, keyframes: frames)
            if values.dropFirst().allSatisfy({ AnimatableLayerKeys.isEqual($0, start) }) {
                change.removePlaceholder()
                continue
            }
            let animation = CAKeyframeAnimation(keyPath: change.key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = options.calculationMode
            animation.duration = spec.duration
            let p = options.curve.controlPoints
            animation.timingFunction = CAMediaTimingFunction(controlPoints: p.0, p.1, p.2, p.3)
            applyCommonTiming(animation, layer: change.layer)
            tracker.track(animation)
            change.layer.add(animation, forKey: change.key)
        }
        tracker.seal()
    }

    /// The values and key times (fractions of the whole duration) of one property's track.
    ///
    /// Keyframes are taken in order of their start; each adds a hold point at its start (when
    /// later than the previous point) and its value at its end. The track ends at 1 with the
    /// last value.
    static func keyframeTrack(start: Any, keyframes: [(start: Double, end: Double, value: Any)]) -> ([Any], [Double]) {
        var values: [Any] = [start]
        var times: [Double] = [0]
        var current = start
        let ordered = keyframes.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
        for (_, frame) in ordered {
            let last = times[times.count - 1]
            let s = min(max(frame.start, last), 1)
            let e = min(max(frame.end, s), 1)
            if s > last {
                values.append(current)
                times.append(s)
            }
            values.append(frame.value)
            times.append(e)
            current = frame.value
        }
        if times[times.count - 1] < 1 {
            values.append(current)
            times.append(1)
        }
        return (values, times)
    }

}

extension UIView.KeyframeAnimationOptions {
    /// The calculation mode held in bits 10–12; unknown values read as linear.
    var calculationMode: CAAnimationCalculationMode {
        switch (rawValue >> 10) & 0x7 {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
    }

}
