import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Shared helpers for the animation tests (closed forms computed here, independently of the
/// implementation).
@MainActor
enum AnimationTestSupport {
    /// A 100 × 100 view at the origin.
    static func makeView() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)) }

    /// The presented value of `key` on `view`'s layer now.
    static func presented(_ view: UIView, _ key: String) -> Double {
        let layer = view.layer.presentation() ?? view.layer
        switch key {
        case "x": return Double(layer.position.x)
        case "y": return Double(layer.position.y)
        case "opacity": return Double(layer.opacity)
        case "cornerRadius": return Double(layer.cornerRadius)
        case "width": return Double(layer.bounds.width)
        default: return .nan
        }
    }

    /// Cubic Bézier timing y(x) solved by bisection (independent of the implementation's Newton solver).
    static func bezier(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, _ x: Double) -> Double {
        func sx(_ t: Double) -> Double { 3 * p1x * t * (1 - t) * (1 - t) + 3 * p2x * t * t * (1 - t) + t * t * t }
        func sy(_ t: Double) -> Double { 3 * p1y * t * (1 - t) * (1 - t) + 3 * p2y * t * t * (1 - t) + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if sx(mid) < x { lo = mid } else { hi = mid }
        }
        return sy((lo + hi) / 2)
    }

    /// The spring x(t) for mass 1 (0 → 1), underdamped or critical (docs/Semantics.md, "Springs").
    static func spring(stiffness k: Double, damping c: Double, velocity v0: Double, t: Double) -> Double {
        let w0 = k.squareRoot(), zeta = c / (2 * k.squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + ((zeta * w0 - v0) / wd) * sin(wd * t))
        }
        return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t)
    }

    /// Hermite segment of the Kochanek–Bartels spline (τ = γ = β = 0) between p1 and p2
    /// (docs/Semantics.md, "The cubic spline (Catmull–Rom and Kochanek–Bartels)").
    static func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ s: Double) -> Double {
        let d1 = 0.5 * (p1 - p0) + 0.5 * (p2 - p1)
        let s2 = 0.5 * (p2 - p1) + 0.5 * (p3 - p2)
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        return h00 * p1 + h10 * d1 + h01 * p2 + h11 * s2
    }

    /// Captures the diagnostics reported while `body` runs.
    static func diagnostics(_ body: () -> Void) -> [String] {
        FlipbookDiagnostics.capture(body)
    }
}
