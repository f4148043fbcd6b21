import Foundation

extension SpringCurve {
    /// The spring UIKit builds for `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:options:animations:completion:)`: mass 1, stiffness ω0²,
    /// damping 2ζω0, with ω0 chosen so the spring is within 0.001 of its target at `duration`.
    ///
    /// - ζ < 1: ω0 solves |ζω0 − v0| / (ω0·√(1 − ζ²)) · e^(−ζω0·D) = 0.001 (the largest root;
    ///   the sine term's amplitude, which reproduces UIKit's measured stiffnesses).
    /// - ζ = 1: ω0 solves (1 + |ω0 − v0|·D)·e^(−ω0·D) = 0.001 (ω0·D = 9.233413 when v0 = 0).
    /// - ζ > 1 (Flipbook's choice; UIKit's is unpublished): the overdamped spring, allowed to
    ///   overdamp, with ω0 such that its amplitude envelope |A|e^(r1·D) + |B|e^(r2·D) = 0.001.
    ///
    /// The caller runs the curve for `duration` (UIKit does). A non-finite or non-positive
    /// duration reads as 0.001 s; a negative or non-finite ratio as 0 / 1; when no ω0 meets
    /// the rule (ζ near 0), ω0 = 2π/D.
    public static func uikit(duration: Double, dampingRatio: Double, initialVelocity: Double) -> SpringCurve {
        let d = duration.isFinite && duration > 0 ? duration : 1e-3
        let zeta = dampingRatio.isFinite ? Swift.max(dampingRatio, 0) : 1
        let v0 = initialVelocity.isFinite ? initialVelocity : 0
        let target = 0.001
        let w0: Double
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            let residual = { (w: Double) -> Double in Swift.abs(zeta * w - v0) / (w * root) * exp(-zeta * w * d) }
            // For v0 > 0 the residual vanishes at ω = v0/ζ; the wanted root lies past the
            // residual's peak there, ω* = (v0 + √(v0² + 4v0/D)) / 2ζ, where it only decreases.
            let start: Double
            if v0 > 0, zeta > 0 {
                start = (v0 + (v0 * v0 + 4 * v0 / d).squareRoot()) / (2 * zeta)
            } else {
                start = 1e-9
            }
            w0 = largestRoot(residual, target: target, lowerBound: start, guess: 5 / d) ?? 2 * .pi / d
        } else if zeta == 1 {
            let residual = { (w: Double) -> Double in (1 + Swift.abs(w - v0) * d) * exp(-w * d) }
            w0 = largestRoot(residual, target: target, lowerBound: 1e-9, guess: 5 / d) ?? 2 * .pi / d
        } else {
            let residual = { (w: Double) -> Double in
                SpringCurve(mass: 1, stiffness: w * w, damping: 2 * zeta * w, initialVelocity: v0, allowsOverdamping: true)
                    .envelope(at: d)
            }
            w0 = largestRoot(residual, target: target, lowerBound: 1e-9, guess: 5 / d) ?? 2 * .pi / d
        }
        return SpringCurve(
            mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: v0, allowsOverdamping: zeta > 1)
    }

    /// The spring of iOS 17's duration-and-bounce API (`UISpringTimingParameters(duration:bounce:)`,
    /// `CASpringAnimation(perceptualDuration:bounce:)`): ζ = 1 − bounce for bounce ≥ 0 and
    /// 1/(1 + bounce) below; ω0 = 2π/duration; stiffness m·ω0², damping 4π·ζ·m/duration.
    ///
    /// Bounce is clamped to −0.999…1; a non-finite duration reads as 0.5 s and a non-positive
    /// one as 0.001 s.
    public static func perceptual(
        duration: Double, bounce: Double, mass: Double = 1, initialVelocity: Double = 0
    ) -> SpringCurve {
        let d = duration.isFinite ? (duration > 0 ? duration : 1e-3) : 0.5
        let b = bounce.isFinite ? Swift.min(Swift.max(bounce, -0.999), 1) : 0
        let m = mass.isFinite && mass > 0 ? mass : 1
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let w0 = 2 * Double.pi / d
        return SpringCurve(
            mass: m, stiffness: m * w0 * w0, damping: 4 * .pi * zeta * m / d, initialVelocity: initialVelocity,
            allowsOverdamping: true)
    }

    /// The largest ω ≥ `lowerBound` with `f(ω) = target`, for an `f` that decreases past
    /// `lowerBound`: bracket by doubling from `guess`, then bisect. Nil when `f ≤ target` already
    /// at `lowerBound` (no root).
    static func largestRoot(
        _ f: (Double) -> Double, target: Double, lowerBound: Double, guess: Double
    ) -> Double? {
        var lo = lowerBound
        guard f(lo) > target else { return nil }
        var hi = Swift.max(guess, lo * 2, 1e-6)
        var steps = 0
        while !(f(hi) <= target) {
            lo = hi
            hi *= 2
            steps += 1
            if steps > 2000 || !hi.isFinite { return nil }
        }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if f(mid) > target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
