import Foundation

/// A clip shape unpacked for the compositor's inner loop: the map and the rounded rectangle's
/// numbers as plain stored values (no arrays, so no reference counting per pixel).
///
/// `coverage(_:_:)` is the antialiased coverage at an output pixel centre: the signed distance
/// of `RoundedRectShape.signedDistance` (the same operations in the same order) divided by the
/// shape units per output pixel (the square root of the map's Jacobian determinant), as a
/// one-pixel ramp.
struct FastClip: Sendable {
    let m: Homography
    let cx, cy, hx, hy: Double
    /// Per-corner extents (0 for square corners): minX-minY, maxX-minY, minX-maxY, maxX-maxY.
    let e0, e1, e2, e3: Double
    let continuous: Bool
    /// For an affine map (g = h = 0): the reciprocal of w' and the shape units per output pixel
    /// (`unit`), the same at every pixel (the reasoning of `AffineConstants`), and the band in
    /// shape units within which the clip's coverage may be partial, the same on every row:
    /// coverage is full where the signed distance is at most −unit/2 and 0 from +unit/2 on, so
    /// the band is unit/2 with `AffineConstants.band`'s margins (`QuadJob.clipBand`, the row's
    /// unit, serves perspective maps, where the unit varies). Nil under perspective.
    let band: Double?
    let affineInv: Double
    let affineUnit: Double

    init(_ clip: ClipShape) {
        m = clip.toShape
        if m.g == 0, m.h == 0, m.i > 1e-9 {
            let inv = 1 / (m.g * 0.5 + m.h * 0.5 + m.i)
            let x = 0.0, y = 0.0
            let dxdx = (m.a - x * m.g) * inv, dxdy = (m.b - x * m.h) * inv
            let dydx = (m.d - y * m.g) * inv, dydy = (m.e - y * m.h) * inv
            affineInv = inv
            affineUnit = abs(dxdx * dydy - dxdy * dydx).squareRoot()
            band = AffineConstants.band(affineUnit)
        } else {
            band = nil; affineInv = .nan; affineUnit = .nan
        }
        let s = clip.shape
        cx = (s.minX + s.maxX) / 2; cy = (s.minY + s.maxY) / 2
        hx = (s.maxX - s.minX) / 2; hy = (s.maxY - s.minY) / 2
        let r = s.radii
        func extent(_ k: Int) -> Double {
            let rk = k < r.count ? r[k] : 0
            guard rk > 0 else { return 0 }
            guard s.continuous else { return rk }
            return min(rk * RoundedRectShape.continuousExtent, (s.maxX - s.minX) / 2, (s.maxY - s.minY) / 2)
        }
        e0 = extent(0); e1 = extent(1); e2 = extent(2); e3 = extent(3)
        continuous = s.continuous
    }

    /// Antialiased coverage (0…1) of the clip at an output pixel centre.
    @inline(__always) func coverage(_ px: Double, _ py: Double) -> Double {
        withUnsafePointer(to: self) { Self.coverage($0, px, py) }
    }

    /// `coverage(_:_:)` of the clip at `clip`, read in place (the compositor's edge loop calls
    /// it per pixel and clip; a call on an array element copied the whole clip first).
    static func coverage(_ clip: UnsafePointer<FastClip>, _ px: Double, _ py: Double) -> Double {
        clip.pointee.coverageInPlace(px, py)
    }

    @inline(__always) private func coverageInPlace(_ px: Double, _ py: Double) -> Double {
        if band != nil {
            // Affine: w' = i and the unit are the same at every pixel (see `band`).
            let inv = affineInv
            let x = (m.a * px + m.b * py + m.c) * inv, y = (m.d * px + m.e * py + m.f) * inv
            if x.isFinite && y.isFinite {
                let unit = affineUnit
                guard unit > 0, unit.isFinite else { return 0 }
                let d = signedDistance(x, y) / unit
                return d <= -0.5 ? 1 : (d >= 0.5 ? 0 : 0.5 - d)
            }
        }
        let s = m.g * px + m.h * py + m.i
        guard s > 0 else { return 0 }
        let inv = 1 / s
        let x = (m.a * px + m.b * py + m.c) * inv, y = (m.d * px + m.e * py + m.f) * inv
        let dxdx = (m.a - x * m.g) * inv, dxdy = (m.b - x * m.h) * inv
        let dydx = (m.d - y * m.g) * inv, dydy = (m.e - y * m.h) * inv
        let unit = abs(dxdx * dydy - dxdy * dydx).squareRoot()
        guard unit > 0, unit.isFinite else { return 0 }
        let d = signedDistance(x, y) / unit
        return d <= -0.5 ? 1 : (d >= 0.5 ? 0 : 0.5 - d)
    }

    @inline(__always) func signedDistance(_ x: Double, _ y: Double) -> Double {
        let px = x - cx, py = y - cy
        let e = px < 0 ? (py < 0 ? e0 : e2) : (py < 0 ? e1 : e3)
        return RoundedRectShape.signedDistance(px: px, py: py, hx: hx, hy: hy, cornerExtent: e, continuous: continuous)
    }
}
