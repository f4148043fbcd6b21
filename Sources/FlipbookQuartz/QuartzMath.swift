import Foundation
import FlipbookGeometry

/// The geometry module's interpolation math, as the engine calls it (one seam, so the
/// engine never reimplements FlipbookGeometry).
enum QuartzMath {
    /// Transforms interpolate by CSS decomposition (FlipbookGeometry).
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ f: Double) -> CATransform3D {
        a.interpolated(to: b, fraction: f)
    }

    static func interpolate(_ a: CGAffineTransform, _ b: CGAffineTransform, _ f: Double) -> CGAffineTransform {
        a.interpolated(to: b, fraction: f)
    }

    static func interpolate(_ a: CGColor, _ b: CGColor, _ f: Double) -> CGColor {
        a.interpolated(to: b, fraction: f)
    }
}
