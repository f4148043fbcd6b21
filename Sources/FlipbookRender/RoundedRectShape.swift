import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A rectangle with per-corner radii and Core Animation's corner curves, in one layer's bounds
/// space: the shape of backgrounds, borders and masksToBounds clips.
///
/// Circular corners are quarter circles. Continuous corners (Apple's "squircle") are modelled as a
/// superellipse quadrant of exponent `continuousExponent` spanning `continuousExtent` × radius
/// along each side (clamped to half the side), which matches the look of iOS's continuous corners
/// to within a pixel at common sizes but is not Apple's exact curve (see docs/Divergences.md).
struct RoundedRectShape: Sendable, Hashable {
    var minX, minY, maxX, maxY: Double
    /// Radii of the corners minX-minY, maxX-minY, minX-maxY, maxX-maxY (0 = square).
    var radii: [Double] {
        didSet { cacheRadii() }
    }
    var continuous: Bool
    /// `radii` unpacked, so distance queries in the compositor's inner loop touch no array.
    private var r0 = 0.0, r1 = 0.0, r2 = 0.0, r3 = 0.0

    private mutating func cacheRadii() {
        r0 = radii.count > 0 ? radii[0] : 0; r1 = radii.count > 1 ? radii[1] : 0
        r2 = radii.count > 2 ? radii[2] : 0; r3 = radii.count > 3 ? radii[3] : 0
    }

    static let continuousExtent = 1.528
    static let continuousExponent = 4.0

    /// `shares`, when given, scales each corner's radius (corner order as `radii`): a view's
    /// corner configuration with corners of different radii (CALayer's `cornerRadiusShares`).
    init(
        rect: CGRect, cornerRadius: CGFloat, maskedCorners: CACornerMask, curve: CALayerCornerCurve,
        shares: [Double]? = nil
    ) {
        let r = rect.standardized
        minX = Double(r.minX); minY = Double(r.minY); maxX = Double(r.maxX); maxY = Double(r.maxY)
        let limit = min(Double(r.width), Double(r.height)) / 2
        let radius = cornerRadius.isFinite ? max(0, min(Double(cornerRadius), limit)) : 0
        let corners: [CACornerMask] = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        radii = corners.indices.map { k in
            guard maskedCorners.contains(corners[k]) else { return 0 }
            guard let shares, shares.count == 4, shares[k].isFinite else { return radius }
            return radius * min(1, max(0, shares[k]))
        }
        continuous = curve == .continuous
        cacheRadii()
    }

    var isRectangle: Bool { radii.allSatisfy { $0 == 0 } }

    /// How far a corner's curve reaches along each side.
    @inline(__always) private func radius(_ k: Int) -> Double {
        k == 0 ? r0 : (k == 1 ? r1 : (k == 2 ? r2 : r3))
    }

    private func extent(_ k: Int) -> Double {
        let r = radius(k)
        guard continuous else { return r }
        return min(r * Self.continuousExtent, (maxX - minX) / 2, (maxY - minY) / 2)
    }

    /// Signed distance from (x, y) to the outline, in the shape's units: negative inside.
    /// Exact for rectangles and circular corners; a first-order estimate on continuous corners.
    @inline(__always) func signedDistance(_ x: Double, _ y: Double) -> Double {
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        let hx = (maxX - minX) / 2, hy = (maxY - minY) / 2
        let px = x - cx, py = y - cy
        let k = (px < 0 ? 0 : 1) + (py < 0 ? 0 : 2)
        let e = radius(k) > 0 ? extent(k) : 0
        return Self.signedDistance(px: px, py: py, hx: hx, hy: hy, cornerExtent: e, continuous: continuous)
    }

    /// The distance formula itself (the one place it lives; the compositor's clip calls it
    /// with its cached centre, half sizes and corner extents): (px, py) is the point relative
    /// to the centre, (hx, hy) the half sizes, `e` how far the corner on the point's side
    /// reaches along each side (0 for a square corner). Negative inside.
    @inline(__always)
    static func signedDistance(
        px: Double, py: Double, hx: Double, hy: Double, cornerExtent e: Double, continuous: Bool
    ) -> Double {
        let qx = abs(px) - hx + e, qy = abs(py) - hy + e
        if e > 0 && qx > 0 && qy > 0 {
            if !continuous { return (qx * qx + qy * qy).squareRoot() - e }
            // Superellipse of exponent 4: f = (x⁴ + y⁴)^¼, without pow in the compositor's loop.
            let a = qx / e, b = qy / e
            let a2 = a * a, b2 = b * b
            let f = (a2 * a2 + b2 * b2).squareRoot().squareRoot()
            return (f - 1) * e
        }
        return max(qx, qy) - e
    }

    /// Appends the outline to a cairo path (clockwise in y-down space), starting a new subpath.
    func addPath(to cr: OpaquePointer) {
        CairoPath.addRoundedRect(self, to: cr)
    }

    /// The outline as polygon corners for one corner's curve (used for continuous corners).
    func continuousCorner(_ k: Int, steps: Int = 24) -> [(Double, Double)] {
        let e = extent(k), n = Self.continuousExponent
        // Corner centre and the two outward directions.
        let sx: Double = (k == 0 || k == 2) ? -1 : 1
        let sy: Double = (k == 0 || k == 1) ? -1 : 1
        let ccx = (sx < 0 ? minX : maxX) - sx * e, ccy = (sy < 0 ? minY : maxY) - sy * e
        var pts: [(Double, Double)] = []
        for s in 0...steps {
            let t = Double(s) / Double(steps) * Double.pi / 2
            let c = cos(t), si = sin(t)
            let x = pow(c, 2 / n) * e, y = pow(si, 2 / n) * e
            pts.append((ccx + sx * x, ccy + sy * y))
        }
        return pts
    }
}
