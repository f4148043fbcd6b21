import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (p1x, p1y) and
/// (p2x, p2y): the curve behind `CAMediaTimingFunction` and CSS `cubic-bezier()`.
///
/// `solve(x)` finds the curve parameter t with x(t) = x and returns y(t), as WebKit and
/// Chromium do: both cubics in Horner form, Newton's method from an initial guess read off a
/// table of 11 samples, then bisection if Newton has not converged. Outside 0…1 the curve
/// continues linearly along its end tangents.
///
/// Control-point x values are clamped to 0…1 (required for a function of time); a non-finite
/// control point makes the curve linear.
public struct UnitBezier: Sendable, Hashable {
    public let p1x: Double, p1y: Double, p2x: Double, p2y: Double
    // Horner coefficients: x(t) = ((ax·t + bx)·t + cx)·t, and the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// Slopes used for linear extrapolation before 0 and after 1.
    private let startGradient: Double, endGradient: Double
    /// x(t) at t = 0, 0.1, … 1, for Newton's initial guess.
    private let samples: [Double]

    public init(p1x: Double, p1y: Double, p2x: Double, p2y: Double) {
        let valid = [p1x, p1y, p2x, p2y].allSatisfy(\.isFinite)
        let x1 = valid ? Swift.min(Swift.max(p1x, 0), 1) : 0
        let y1 = valid ? p1y : 0
        let x2 = valid ? Swift.min(Swift.max(p2x, 0), 1) : 1
        let y2 = valid ? p2y : 1
        self.p1x = x1; self.p1y = y1; self.p2x = x2; self.p2y = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by

        // Tangent at the start: toward p1, or toward p2 when p1 sits on the start point.
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        // Tangent at the end: from p2, or from p1 when p2 sits on the end point.
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
        let (a, b, c) = (ax, bx, cx)
        samples = (0...10).map { i in
            let t = Double(i) / 10
            return ((a * t + b) * t + c) * t
        }
    }

    /// x(t).
    public func sampleCurveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t).
    public func sampleCurveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// dx/dt at t.
    public func sampleCurveDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    /// dy/dt at t.
    public func sampleCurveDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve parameter t in 0…1 at which x(t) = x (x is clamped to 0…1), to within `epsilon` in x.
    ///
    /// Newton's method (up to 4 steps) from an initial guess interpolated in a table of 11
    /// samples; if that has not converged, bisection (at most 60 halvings).
    /// - Complexity: O(1).
    public func solveCurveX(_ x: Double, epsilon: Double) -> Double {
        guard x.isFinite else { return 0 }
        let x = Swift.min(Swift.max(x, 0), 1)
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : 1e-7

        // Initial guess from the sample table.
        var t2 = x
        for i in 1...10 where x <= samples[i] {
            let x0 = samples[i - 1], x1 = samples[i]
            let span = x1 - x0
            t2 = (Double(i - 1) + (span > 0 ? (x - x0) / span : 0)) / 10
            break
        }
        // Newton's method.
        let newtonEpsilon = eps / 10
        for _ in 0..<4 {
            let x2 = sampleCurveX(t2) - x
            if Swift.abs(x2) < newtonEpsilon { return t2 }
            let d2 = sampleCurveDerivativeX(t2)
            if Swift.abs(d2) < 1e-6 { break }
            t2 -= x2 / d2
        }
        if Swift.abs(sampleCurveX(t2) - x) < eps, t2 >= 0, t2 <= 1 { return t2 }

        // Bisection: x(t) is monotone for control x in 0…1.
        var lo = 0.0, hi = 1.0
        t2 = x
        for _ in 0..<60 {
            let x2 = sampleCurveX(t2)
            if Swift.abs(x2 - x) < eps { return t2 }
            if x > x2 { lo = t2 } else { hi = t2 }
            t2 = (lo + hi) / 2
        }
        return t2
    }

    /// The curve's y at x (the eased progress at linear progress x). Outside 0…1 the curve is
    /// extended linearly along its end tangents.
    /// - Complexity: O(1).
    public func solve(_ x: Double, epsilon: Double = 1e-7) -> Double {
        guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? 1 : 0) }
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleCurveY(solveCurveX(x, epsilon: epsilon))
    }

    /// dy/dx at x: how fast eased progress moves per unit of linear progress. Outside 0…1,
    /// the end tangents' slopes; where dx/dt vanishes (a control point on an end point), the
    /// limit along the curve, read from the end tangent or a central difference.
    public func slope(at x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        let t = solveCurveX(x, epsilon: 1e-9)
        let dx = sampleCurveDerivativeX(t)
        if Swift.abs(dx) > 1e-9 { return sampleCurveDerivativeY(t) / dx }
        if t < 1e-6 { return startGradient }
        if t > 1 - 1e-6 { return endGradient }
        let h = 1e-6
        return (solve(Swift.min(x + h, 1)) - solve(Swift.max(x - h, 0))) / (Swift.min(x + h, 1) - Swift.max(x - h, 0))
    }

    public static func == (l: UnitBezier, r: UnitBezier) -> Bool {
        l.p1x == r.p1x && l.p1y == r.p1y && l.p2x == r.p2x && l.p2y == r.p2y
    }
    public func hash(into h: inout Hasher) {
        h.combine(p1x); h.combine(p1y); h.combine(p2x); h.combine(p2y)
    }
}
