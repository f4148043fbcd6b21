import Foundation

/// A damped spring's motion from 0 to 1, in closed form: the curve behind
/// `CASpringAnimation`, `UIView.animate(…usingSpringWithDamping:…)` and
/// `UISpringTimingParameters`.
///
/// The model is m·x'' = −k·(x − 1) − c·x' with x(0) = 0 and x'(0) = `initialVelocity` (in whole
/// distances per second; positive moves toward the target). ω0 = √(k/m), ζ = c / (2√(k·m)).
/// Underdamped (ζ < 1), critically damped (ζ = 1) and overdamped (ζ > 1) motions each have
/// their exact formula. Like `CASpringAnimation`, an overdamped spring moves as a critically
/// damped one with the same ω0 unless `allowsOverdamping` is true.
///
/// Bad parameters never give NaN: a non-finite value takes `CASpringAnimation`'s default
/// (mass 1, stiffness 100, damping 10, velocity 0); mass and stiffness are clamped to at least
/// 1e-6 and damping to at least 0.
public struct SpringCurve: Sendable, Hashable {
    /// The parameters after clamping.
    public let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    public let allowsOverdamping: Bool

    /// The longest settling duration reported, in seconds (a spring with no damping never settles).
    public static let maximumSettlingDuration: Double = 1000
    /// The amplitude below which the spring counts as settled (see `settlingDuration`).
    public static let settlingThreshold: Double = 8e-4

    public init(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
        allowsOverdamping: Bool = false
    ) {
        self.mass = mass.isFinite ? Swift.max(mass, 1e-6) : 1
        self.stiffness = stiffness.isFinite ? Swift.max(stiffness, 1e-6) : 100
        self.damping = damping.isFinite ? Swift.max(damping, 0) : 10
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.allowsOverdamping = allowsOverdamping
    }

    /// ω0 = √(k/m), radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2√(k·m)) of the parameters (before an overdamped spring is treated as critical).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The motion actually followed.
    enum Regime: Equatable {
        /// ζ < 1: decay rate a = ζω0, ωd = ω0√(1 − ζ²), B = (a − v0)/ωd.
        case underdamped(a: Double, wd: Double, b: Double)
        /// ζ = 1 (or treated as 1).
        case critical(w0: Double)
        /// ζ > 1 with overdamping allowed: x = 1 + A·e^(r1·t) + B·e^(r2·t).
        case overdamped(r1: Double, r2: Double, a: Double, b: Double)
    }

    var regime: Regime {
        let w0 = undampedAngularFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            return .underdamped(a: a, wd: wd, b: (a - v0) / wd)
        }
        // Within rounding of 1, or overdamped but treated as critical.
        if zeta - 1 < 1e-9 || !allowsOverdamping { return .critical(w0: w0) }
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
        let b = (v0 + r1) / (r2 - r1)
        return .overdamped(r1: r1, r2: r2, a: -1 - b, b: b)
    }

    /// Progress at `t` seconds: 0 at t = 0, tending to 1. Before 0 it is 0.
    /// - Complexity: O(1).
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t.isFinite else { return 1 }
        let v0 = initialVelocity
        switch regime {
        case .underdamped(let a, let wd, let b):
            return 1 - exp(-a * t) * (cos(wd * t) + b * sin(wd * t))
        case .critical(let w0):
            return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t)
        case .overdamped(let r1, let r2, let a, let b):
            return 1 + a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// Velocity at `t` seconds, in whole distances per second (the derivative of `value(at:)`;
    /// `initialVelocity` at 0, and 0 before 0).
    public func velocity(at t: Double) -> Double {
        guard t >= 0 else { return 0 }
        guard t.isFinite else { return 0 }
        let v0 = initialVelocity
        switch regime {
        case .underdamped(let a, let wd, let b):
            return exp(-a * t) * (v0 * cos(wd * t) + (a * b + wd) * sin(wd * t))
        case .critical(let w0):
            return exp(-w0 * t) * (v0 + w0 * (w0 - v0) * t)
        case .overdamped(let r1, let r2, let a, let b):
            return a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t)
        }
    }

    /// The amplitude envelope of |x(t) − 1|: a bound that decreases once past its peak.
    /// Underdamped: √(1 + B²)·e^(−at); critical: (1 + |ω0 − v0|·t)·e^(−ω0·t);
    /// overdamped: |A|·e^(r1·t) + |B|·e^(r2·t).
    public func envelope(at t: Double) -> Double {
        let t = Swift.max(t, 0)
        switch regime {
        case .underdamped(let a, _, let b):
            return (1 + b * b).squareRoot() * exp(-a * t)
        case .critical(let w0):
            return (1 + Swift.abs(w0 - initialVelocity) * t) * exp(-w0 * t)
        case .overdamped(let r1, let r2, let a, let b):
            return Swift.abs(a) * exp(r1 * t) + Swift.abs(b) * exp(r2 * t)
        }
    }

    /// How long the spring takes to come to rest, in seconds: the time after which the
    /// amplitude envelope stays below `settlingThreshold` (8e-4), capped at
    /// `maximumSettlingDuration`.
    ///
    /// Apple does not publish its rule; this one reproduces its documented examples (mass 1,
    /// stiffness 100: damping 5 → about 2.85 s, damping 15 → just over 1 s).
    public var settlingDuration: Double {
        let eps = Self.settlingThreshold, cap = Self.maximumSettlingDuration
        if case .underdamped(let a, _, let b) = regime {
            guard a > 0 else { return cap }
            let t = log((1 + b * b).squareRoot() / eps) / a
            return Swift.min(Swift.max(t, 0), cap)
        }
        // Critical and overdamped envelopes decrease after at most one peak: find the last
        // crossing by doubling then bisection.
        var lo = 0.0
        if case .critical(let w0) = regime {
            let q = Swift.abs(w0 - initialVelocity)
            if q > w0 { lo = (q - w0) / (q * w0) }  // the envelope's peak
        }
        if envelope(at: lo) <= eps { return lo }
        var hi = Swift.max(lo, 1e-3)
        while envelope(at: hi) > eps {
            if hi >= cap { return cap }
            hi = Swift.min(hi * 2, cap)
        }
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }
}
