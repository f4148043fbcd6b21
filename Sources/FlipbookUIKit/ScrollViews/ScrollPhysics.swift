import Foundation
import FlipbookGeometry

/// The closed forms behind scrolling (docs/Semantics.md, "Scroll views"). Offsets in points,
/// velocities in points per second, times in seconds.
enum ScrollPhysics {
    /// The rubber-band constant c of `(1 − 1/(x·c/d + 1))·d`.
    static let rubberBandCoefficient: Double = 0.55
    /// How close to its resting point a motion is when it snaps there and ends (points).
    static let restDistance: Double = 0.5
    /// Below this speed (pt/s) a spring that is within `restDistance` has stopped.
    static let restSpeed: Double = 5
    /// The critically damped spring that brings content back from past an edge and settles
    /// pages: response 0.4 s, ω = 2π / 0.4.
    static let springOmega: Double = 2 * Double.pi / 0.4
    /// `setContentOffset(_:animated: true)` and `scrollRectToVisible(_:animated: true)`.
    static let animationDuration: Double = 0.3

    // MARK: Deceleration

    /// How far a release at `velocity` travels when the speed is multiplied by `rate` every
    /// millisecond: v/1000 · d/(1 − d).
    static func decelerationDistance(velocity: Double, rate: Double) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }

    /// The distance travelled `t` seconds after the release: the sum of the first 1000·t
    /// millisecond steps, v/1000 · d(1 − d^(1000t))/(1 − d).
    static func decelerationOffset(velocity: Double, rate: Double, time t: Double) -> Double {
        decelerationDistance(velocity: velocity, rate: rate) * (1 - pow(rate, 1000 * t))
    }

    /// The speed (pt/s) `t` seconds after the release: the derivative of `decelerationOffset`.
    static func decelerationVelocity(velocity: Double, rate: Double, time t: Double) -> Double {
        decelerationDistance(velocity: velocity, rate: rate) * -log(rate) * 1000 * pow(rate, 1000 * t)
    }

    /// When a deceleration from `x0` reaches `edge`, or nil when it stops first.
    static func decelerationTime(toReach edge: Double, from x0: Double, velocity: Double, rate: Double) -> Double? {
        let total = decelerationDistance(velocity: velocity, rate: rate)
        let need = edge - x0
        guard total != 0, need / total > 0, need / total < 1 else { return need == 0 ? 0 : nil }
        return log(1 - need / total) / (1000 * log(rate))
    }

    // MARK: Rubber band

    /// The offset shown for a finger overshoot `x` past the edge of a scroll view `d` points
    /// long on that axis: (1 − 1/(x·c/d + 1))·d, with the sign of `x`.
    static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let a = abs(x)
        let r = (1 - 1 / (a * rubberBandCoefficient / d + 1)) * d
        return x < 0 ? -r : r
    }

    /// The finger overshoot that shows offset `f` past the edge (the inverse of `rubberBand`).
    static func inverseRubberBand(_ f: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let a = min(abs(f), d * 0.999)
        let x = a * d / ((d - a) * rubberBandCoefficient)
        return f < 0 ? -x : x
    }

    // MARK: Spring

    /// A critically damped spring towards 0 from displacement `x0` with velocity `v0`:
    /// x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt); returns (displacement, velocity).
    static func spring(displacement x0: Double, velocity v0: Double, time t: Double) -> (Double, Double) {
        let w = springOmega
        let b = v0 + w * x0
        let e = exp(-w * t)
        let x = (x0 + b * t) * e
        let v = (b - w * (x0 + b * t)) * e
        return (x, v)
    }

    /// The ease-in-ease-out progress of an animated offset change (a cubic Bézier
    /// (0.42, 0, 0.58, 1), Core Animation's `easeInEaseOut`).
    static let easeInOutCurve = UnitBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)
    static func easeInOut(_ f: Double) -> Double {
        easeInOutCurve.solve(min(1, max(0, f)))
    }
}

