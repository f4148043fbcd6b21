import Foundation
import FlipbookQuartz

/// The motion of one axis after a release or for an animated offset: a deceleration that may
/// run into an edge and bounce, a critically damped spring, or an eased curve. Its value is a
/// closed-form function of time (docs/Semantics.md, "Scroll views"), so the frame rate does not
/// change where the content is at a given time.
struct AxisMotion {
    enum Phase {
        /// Decelerating from `x0` at `v0` pt/s, the speed multiplied by `rate` each millisecond.
        case decay(x0: Double, v0: Double, rate: Double, t0: Double)
        /// A critically damped spring to `target` from `target + displacement` at `v0`.
        case spring(target: Double, displacement: Double, v0: Double, t0: Double)
        /// An eased move from `from` to `to` over `duration` seconds.
        case curve(from: Double, to: Double, t0: Double, duration: Double)
    }

    var phase: Phase
    /// The scrollable range on this axis (a deceleration bounces off its ends).
    var lo: Double
    var hi: Double
    var bounces: Bool
    /// Where the motion ends exactly (a deceleration fitted to the delegate's target).
    var restsAt: Double?

    /// The offset at time `t` and whether the motion has come to rest there. A deceleration
    /// that reaches an edge becomes a spring back to that edge (or stops there without bounces).
    mutating func value(at t: Double) -> (Double, Bool) {
        switch phase {
        case let .decay(x0, v0, rate, t0):
            let total = ScrollPhysics.decelerationDistance(velocity: v0, rate: rate)
            let end = x0 + total
            if end > hi || end < lo {
                let edge = end > hi ? hi : lo
                if let tc = ScrollPhysics.decelerationTime(toReach: edge, from: x0, velocity: v0, rate: rate),
                    t - t0 >= tc
                {
                    guard bounces else { return (edge, true) }
                    let v = ScrollPhysics.decelerationVelocity(velocity: v0, rate: rate, time: tc)
                    phase = .spring(target: edge, displacement: 0, v0: v, t0: t0 + tc)
                    return value(at: t)
                }
            }
            let remaining = total * pow(rate, 1000 * max(0, t - t0))
            if abs(remaining) < ScrollPhysics.restDistance { return (restsAt ?? end, true) }
            return (end - remaining, false)
        case let .spring(target, displacement, v0, t0):
            let (x, v) = ScrollPhysics.spring(displacement: displacement, velocity: v0, time: max(0, t - t0))
            if abs(x) < ScrollPhysics.restDistance && abs(v) < ScrollPhysics.restSpeed { return (target, true) }
            return (target + x, false)
        case let .curve(from, to, t0, duration):
            let f = duration > 0 ? (t - t0) / duration : 1
            if f >= 1 { return (to, true) }
            return (from + (to - from) * ScrollPhysics.easeInOut(f), false)
        }
    }
}

/// A running motion of a scroll view: one `AxisMotion` per moving axis, stepped by a display
/// link on the clock of the scroll view's runtime (`AppRuntime.owning(_:)`), whichever runtime
/// is bound when it starts.
@preconcurrency @MainActor
final class ScrollMotion {
    enum Kind {
        /// After a release (deceleration, bounce back, page settle): ends with
        /// `scrollViewDidEndDecelerating`.
        case deceleration
        /// `setContentOffset(_:animated: true)`: ends with `scrollViewDidEndScrollingAnimation`.
        case animation
    }

    let kind: Kind
    var x: AxisMotion?
    var y: AxisMotion?
    var link: CADisplayLink?

    init(kind: Kind, x: AxisMotion?, y: AxisMotion?) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

extension UIScrollView {
    /// The motion after a drag released at `v` (content pt/s) from `o` that should come to
    /// rest at `target` (the delegate may have moved it from `projected`); nil when nothing
    /// moves. Past an edge or when paging: a spring to the target. A target the delegate
    /// changed: a deceleration whose rate is fitted to end there (a spring when the velocity
    /// points away from it). Otherwise the plain deceleration, which bounces off an edge.
    func releasePlan(from o: CGPoint, velocity v: CGPoint, target: CGPoint, projected: CGPoint) -> ScrollMotion? {
        let now = motionClock.now
        let rate = Double(decelerationRate.rawValue)
        let lo = minimumContentOffset, hi = maximumContentOffset
        func axis(_ x: CGFloat, _ v: CGFloat, _ t: CGFloat, _ p: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> AxisMotion? {
            let x = Double(x), v = Double(v), t = Double(t), lo = Double(lo), hi = Double(hi)
            let rest = ScrollPhysics.restDistance
            var phase: AxisMotion.Phase
            if x < lo - 1e-9 || x > hi + 1e-9 || isPagingEnabled {
                if abs(t - x) < rest && abs(v) < ScrollPhysics.restSpeed { return nil }
                phase = .spring(target: t, displacement: x - t, v0: v, t0: now)
            } else if abs(t - Double(p)) > 1e-9 {
                let d = t - x
                if abs(d) < rest { return nil }
                if v * d > 0 {
                    let k = 1000 * d / v
                    let fitted = AxisMotion(
                        phase: .decay(x0: x, v0: v, rate: k / (1 + k), t0: now), lo: lo, hi: hi, bounces: bounces,
                        restsAt: t)
                    return fitted
                } else {
                    phase = .spring(target: t, displacement: x - t, v0: v, t0: now)
                }
            } else {
                if abs(ScrollPhysics.decelerationDistance(velocity: v, rate: rate)) < rest { return nil }
                phase = .decay(x0: x, v0: v, rate: rate, t0: now)
            }
            return AxisMotion(phase: phase, lo: lo, hi: hi, bounces: bounces, restsAt: nil)
        }
        let mx = axis(o.x, v.x, target.x, projected.x, lo.x, hi.x)
        let my = axis(o.y, v.y, target.y, projected.y, lo.y, hi.y)
        guard mx != nil || my != nil else { return nil }
        return ScrollMotion(kind: .deceleration, x: mx, y: my)
    }

    /// Springs to `target` (a bounce back or page settle without a drag).
    func startSettle(to target: CGPoint, velocity v: CGPoint, deceleration: Bool) {
        let now = motionClock.now
        let o = contentOffset
        let lo = minimumContentOffset, hi = maximumContentOffset
        func axis(_ x: CGFloat, _ t: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> AxisMotion? {
            guard abs(t - x) >= CGFloat(ScrollPhysics.restDistance) else { return nil }
            return AxisMotion(
                phase: .spring(target: Double(t), displacement: Double(x - t), v0: Double(v), t0: now),
                lo: Double(lo), hi: Double(hi), bounces: bounces, restsAt: nil)
        }
        start(ScrollMotion(
            kind: deceleration ? .deceleration : .animation,
            x: axis(o.x, target.x, v.x, lo.x, hi.x), y: axis(o.y, target.y, v.y, lo.y, hi.y)))
    }

    /// Animates the offset to `target` (`setContentOffset(_:animated: true)`).
    func startAnimation(to target: CGPoint) {
        let now = motionClock.now
        let o = contentOffset
        let d = ScrollPhysics.animationDuration
        let lo = minimumContentOffset, hi = maximumContentOffset
        start(ScrollMotion(
            kind: .animation,
            x: AxisMotion(
                phase: .curve(from: Double(o.x), to: Double(target.x), t0: now, duration: d), lo: Double(lo.x),
                hi: Double(hi.x), bounces: bounces, restsAt: nil),
            y: AxisMotion(
                phase: .curve(from: Double(o.y), to: Double(target.y), t0: now, duration: d), lo: Double(lo.y),
                hi: Double(hi.y), bounces: bounces, restsAt: nil)))
    }

    /// The clock this scroll view's motions run on: its runtime's.
    private var motionClock: MediaClock { layer.owningRuntime.clock }

    func start(_ m: ScrollMotion) {
        stopMotion(keepingDeceleratingFlag: m.kind == .deceleration)
        motion = m
        let runtime = layer.owningRuntime
        runtime.checkBound("A UIScrollView's scrolling motion")
        let link = CADisplayLink(runtime: runtime) { [weak self, weak m] _ in
            guard let self, let m else { return }
            self.step(m)
        }
        m.link = link
        link.add(to: .main, forMode: .common)
        showIndicators()
    }

    /// Stops the running motion where it is, without delegate calls.
    func stopMotion(keepingDeceleratingFlag: Bool = false) {
        if let m = motion {
            m.link?.invalidate()
            m.link = nil
            motion = nil
        }
        if !keepingDeceleratingFlag { deceleratingFlag = false }
    }

    private func step(_ m: ScrollMotion) {
        guard motion === m else {
            m.link?.invalidate()
            return
        }
        let t = motionClock.now
        var o = contentOffset
        var done = true
        if var ax = m.x {
            let (value, rest) = ax.value(at: t)
            m.x = ax
            o.x = CGFloat(value)
            done = done && rest
        }
        if var ay = m.y {
            let (value, rest) = ay.value(at: t)
            m.y = ay
            o.y = CGFloat(value)
            done = done && rest
        }
        if o != contentOffset { bounds.origin = o }
        // The delegate may have stopped or replaced the motion in scrollViewDidScroll.
        guard motion === m, done else { return }
        m.link?.invalidate()
        m.link = nil
        motion = nil
        deceleratingFlag = false
        scheduleIndicatorFade()
        switch m.kind {
        case .deceleration: delegate?.scrollViewDidEndDecelerating(self)
        case .animation: delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }
}
