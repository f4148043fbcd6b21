import Foundation
import FlipbookGeometry

/// What a timed object shows outside its active time, Core Animation's `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default).
    public static let removed = Self(rawValue: "removed")
    /// The final value holds after the end (needs `isRemovedOnCompletion = false` to be seen).
    public static let forwards = Self(rawValue: "forwards")
    /// The initial value shows before `beginTime`.
    public static let backwards = Self(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = Self(rawValue: "both")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The timing of a layer or an animation, Core Animation's `CAMediaTiming`.
///
/// Local time from parent time: `t = (t_parent − beginTime) · speed + timeOffset`.
@preconcurrency @MainActor
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CALayer: CAMediaTiming {}

/// Where an animation is within its own timeline at some parent time.
struct ActiveTime {
    /// Seconds into the current iteration, in 0…duration (already reversed when autoreversing).
    var time: Double
    /// Which repetition (0 for the first), for cumulative animations.
    var iteration: Int
    var duration: Double
    var fraction: Double { duration > 0 ? min(max(time / duration, 0), 1) : 1 }
}

/// The timing fields of an animation, copied out so the evaluation is a pure function.
struct TimingModel {
    var beginTime: Double
    var duration: Double
    var speed: Double
    var timeOffset: Double
    var repeatCount: Double
    var repeatDuration: Double
    var autoreverses: Bool
    var fillMode: CAMediaTimingFillMode

    /// The duration of one iteration; 0 or invalid reads as Core Animation's 0.25 s.
    var simpleDuration: Double { duration.isFinite && duration > 0 ? duration : 0.25 }
    var cycle: Double { simpleDuration * (autoreverses ? 2 : 1) }

    /// The total active duration (may be infinite).
    var activeDuration: Double {
        if repeatDuration.isFinite == false, repeatDuration > 0 { return .infinity }
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount.isInfinite, repeatCount > 0 { return .infinity }
        if repeatCount.isFinite, repeatCount > 0 { return repeatCount * cycle }
        return cycle
    }

    /// Seconds of active time elapsed at `parentTime` (negative before the start).
    func elapsed(atParentTime parentTime: Double) -> Double {
        let s = speed.isFinite ? speed : 1
        let e = (parentTime - beginTime) * s
        return e.isFinite ? e : 0
    }

    /// The position in the timeline at `parentTime`, or nil when the animation does not
    /// apply (before its start without backwards fill, after its end without forwards fill).
    func activeTime(atParentTime parentTime: Double) -> ActiveTime? {
        ResolvedTiming(self).activeTime(atParentTime: parentTime)
    }
}

/// A `TimingModel` with its derived durations and fill flags worked out once, so the
/// per-frame evaluation is plain arithmetic (no string compares, no recomputation).
/// `activeTime(atParentTime:)` is the one implementation of Core Animation's timeline.
struct ResolvedTiming {
    var beginTime: Double
    var speed: Double
    var timeOffset: Double
    /// One iteration (0 or invalid durations read as 0.25 s).
    var simpleDuration: Double
    var cycle: Double
    var activeDuration: Double
    var autoreverses: Bool
    var fillsForwards: Bool
    var fillsBackwards: Bool

    init(_ t: TimingModel) {
        beginTime = t.beginTime
        speed = t.speed
        timeOffset = t.timeOffset
        simpleDuration = t.simpleDuration
        cycle = t.cycle
        activeDuration = t.activeDuration
        autoreverses = t.autoreverses
        fillsForwards = t.fillMode.fillsForwards
        fillsBackwards = t.fillMode.fillsBackwards
    }

    /// See `TimingModel.activeTime(atParentTime:)`.
    @inline(__always)
    func activeTime(atParentTime parentTime: Double) -> ActiveTime? {
        let d = simpleDuration, cycle = self.cycle, total = activeDuration
        let s = speed.isFinite ? speed : 1
        let elapsed = (parentTime - beginTime) * s
        let e = elapsed.isFinite ? elapsed : 0
        var a: Double
        if e < 0 {
            guard fillsBackwards else { return nil }
            a = 0
        } else if e >= total {
            guard fillsForwards else { return nil }
            a = total
        } else {
            a = e
            if timeOffset != 0, timeOffset.isFinite {
                a += timeOffset
                if total.isFinite, total > 0 { a = a.truncatingRemainder(dividingBy: total) }
                if a < 0 { a += total.isFinite ? total : 0 }
            }
        }
        guard a.isFinite else { return ActiveTime(time: d, iteration: 0, duration: d) }
        var iteration = Int(min((a / cycle).rounded(.down), Double(Int32.max)))
        var t = a - Double(iteration) * cycle
        if a >= total, a > 0, t <= 1e-12 {
            // The end falls exactly on a cycle boundary: show the end of the last cycle.
            iteration = max(iteration - 1, 0)
            t = cycle
        }
        if autoreverses, t > d { t = 2 * d - t }
        return ActiveTime(time: min(max(t, 0), d), iteration: iteration, duration: d)
    }
}

extension CALayer {
    /// The layer's local time for a time in its superlayer's timeline; NaN when the layer's
    /// timeline is not active then (or `t` is NaN: an ancestor's is not).
    ///
    /// A layer is a timing object like an animation. With `duration` 0 (the default) or
    /// invalid its active duration is infinite and its local time is
    /// `(t − beginTime) · speed + timeOffset`. With a positive finite `duration`, its
    /// local time is worked out exactly as an animation's (the same
    /// `ResolvedTiming.activeTime`): limited by `repeatCount`/`repeatDuration`, folded back
    /// by `autoreverses`, held at 0 before the start with a backwards fill and at the end of
    /// the last iteration after the end with a forwards fill, and NaN (inactive: nothing
    /// below is animated) outside the active time without fill.
    @inline(__always)
    func localTime(fromParentTime t: CFTimeInterval) -> CFTimeInterval {
        if state.duration > 0 { return boundedLocalTime(fromParentTime: t) }
        let s = Double(state.speed)
        return (t - state.beginTime) * (s.isFinite ? s : 1) + state.timeOffset
    }

    /// The layer's timing as an animation's, when its duration bounds it (positive, finite).
    var boundedTiming: ResolvedTiming? {
        guard state.duration.isFinite, state.duration > 0 else { return nil }
        return ResolvedTiming(
            TimingModel(
                beginTime: state.beginTime, duration: state.duration, speed: Double(state.speed),
                timeOffset: state.timeOffset, repeatCount: Double(state.repeatCount),
                repeatDuration: state.repeatDuration, autoreverses: state.autoreverses, fillMode: state.fillMode))
    }

    /// `localTime(fromParentTime:)` for a layer with a positive duration.
    func boundedLocalTime(fromParentTime t: CFTimeInterval) -> CFTimeInterval {
        guard let timing = boundedTiming else {
            // An infinite duration: unbounded.
            let s = Double(state.speed)
            return (t - state.beginTime) * (s.isFinite ? s : 1) + state.timeOffset
        }
        guard !t.isNaN, let active = timing.activeTime(atParentTime: t) else { return .nan }
        return active.time
    }

    /// True when this layer's local time can no longer change as media time moves on: it or
    /// an ancestor has a bounded timeline that has passed its end (held by a forwards fill
    /// or inactive for good).
    func timelineHasEnded(atMediaTime mediaTime: CFTimeInterval) -> Bool {
        var chain: [CALayer] = []
        var p: CALayer? = self
        while let layer = p {
            chain.append(layer)
            p = layer.superlayer
        }
        var t = mediaTime
        for layer in chain.reversed() {
            if let timing = layer.boundedTiming, timing.speed != 0, timing.speed.isFinite, !t.isNaN {
                let elapsed = (t - timing.beginTime) * timing.speed
                if timing.speed > 0 ? elapsed >= timing.activeDuration : elapsed < 0 { return true }
            }
            t = layer.localTime(fromParentTime: t)
            if t.isNaN { return false }
        }
        return false
    }

    /// The layer's local time at media time `mediaTime`, applying every ancestor's timing.
    func localTime(atMediaTime mediaTime: CFTimeInterval) -> CFTimeInterval {
        guard let parent = superlayer else { return localTime(fromParentTime: mediaTime) }
        return localTime(fromParentTime: parent.localTime(atMediaTime: mediaTime))
    }

    /// The product of the speeds from this layer up to the root (0 when any ancestor is paused).
    var effectiveSpeed: Double {
        var s = Double(speed)
        var p = superlayer
        while let layer = p {
            s *= Double(layer.speed)
            p = layer.superlayer
        }
        return s
    }

    /// The media time for this layer's local time `t` (inverting every ancestor's timing;
    /// a paused layer maps every local time to its `beginTime`). A bounded layer's local
    /// times repeat; this inverts the unbounded map, so `t` is read in the first iteration.
    func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        let s = Double(speed)
        let parentTime = s != 0 && s.isFinite ? (t - timeOffset) / s + beginTime : beginTime
        guard let parent = superlayer else { return parentTime }
        return parent.mediaTime(fromLocalTime: parentTime)
    }

    /// Converts a time from `layer`'s local time (media time when nil) to this layer's;
    /// NaN when this layer's timeline (or an ancestor's) is not active at that time.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let media = layer?.mediaTime(fromLocalTime: t) ?? t
        return localTime(atMediaTime: media)
    }

    /// Converts a time from this layer's local time to `layer`'s (media time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return layer?.localTime(atMediaTime: media) ?? media
    }
}
