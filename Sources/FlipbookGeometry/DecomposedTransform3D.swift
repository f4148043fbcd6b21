import Foundation

/// A 4×4 transform split into the parts CSS Transforms Level 2 defines ("unmatrix"):
/// perspective, translation, scale, skew and a rotation quaternion.
///
/// Core Animation interpolates `transform` this way rather than entry by entry: both ends
/// are decomposed, the parts interpolated (linearly, the quaternion spherically on the
/// shortest path) and the result recomposed. Recomposing gives back the original matrix
/// (up to rounding) for every decomposable matrix, in Core Animation's row-vector layout:
/// `M = scale · skew · rotation · translation · perspective`.
public struct DecomposedTransform3D: Sendable, Equatable {
    /// Per-axis scale factors (negated together when the matrix flips orientation).
    public var scale: (x: Double, y: Double, z: Double)
    /// Shear factors XY, XZ, YZ.
    public var skew: (xy: Double, xz: Double, yz: Double)
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)
    /// Translation in points (m41, m42, m43 of a matrix without perspective).
    public var translation: (x: Double, y: Double, z: Double)
    /// The perspective column (m14, m24, m34, m44 of a matrix without other parts); (0, 0, 0, 1) for none.
    public var perspective: (x: Double, y: Double, z: Double, w: Double)

    /// The parts of the identity transform.
    public init() {
        scale = (1, 1, 1)
        skew = (0, 0, 0)
        quaternion = (0, 0, 0, 1)
        translation = (0, 0, 0)
        perspective = (0, 0, 0, 1)
    }

    /// Decomposes `t`, or returns nil when it cannot be decomposed: m44 is zero, the upper
    /// 3×3 part (with the perspective column removed) is singular, or an entry is not finite.
    public init?(_ t: CATransform3D) {
        guard t.isFinite, t.m44 != 0 else { return nil }
        var m = Mat4(t)
        let w = m[3][3]
        for i in 0..<4 { m[i] /= w }

        // The matrix with its perspective column cleared: its invertibility is the upper 3×3's.
        var pm = m
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        guard let pmInverse = pm.inverse else { return nil }

        self.init()
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // Solve pm · P = (m14, m24, m34, m44) for the perspective column P.
            let rhs = SIMD4(m[0][3], m[1][3], m[2][3], m[3][3])
            let p = SIMD4(
                (pmInverse[0] * rhs).sum(), (pmInverse[1] * rhs).sum(), (pmInverse[2] * rhs).sum(),
                (pmInverse[3] * rhs).sum())
            perspective = (p[0], p[1], p[2], p[3])
        }
        translation = (m[3][0], m[3][1], m[3][2])

        func v3(_ v: SIMD4<Double>) -> SIMD3<Double> { SIMD3(v[0], v[1], v[2]) }
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
        }
        var row0 = v3(m[0]), row1 = v3(m[1]), row2 = v3(m[2])
        var sx = length(row0)
        row0 /= sx
        var xy = dot(row0, row1)
        row1 -= xy * row0
        var sy = length(row1)
        row1 /= sy
        xy /= sy
        var xz = dot(row0, row2)
        row2 -= xz * row0
        var yz = dot(row1, row2)
        row2 -= yz * row1
        var sz = length(row2)
        row2 /= sz
        xz /= sz
        yz /= sz
        // A coordinate-system flip: negate the rows and the scales.
        if dot(row0, cross(row1, row2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            row0 = -row0; row1 = -row1; row2 = -row2
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)

        var qx = 0.5 * (Swift.max(1 + row0[0] - row1[1] - row2[2], 0)).squareRoot()
        var qy = 0.5 * (Swift.max(1 - row0[0] + row1[1] - row2[2], 0)).squareRoot()
        var qz = 0.5 * (Swift.max(1 - row0[0] - row1[1] + row2[2], 0)).squareRoot()
        let qw = 0.5 * (Swift.max(1 + row0[0] + row1[1] + row2[2], 0)).squareRoot()
        if row2[1] > row1[2] { qx = -qx }
        if row0[2] > row2[0] { qy = -qy }
        if row1[0] > row0[1] { qz = -qz }
        quaternion = (qx, qy, qz, qw)
        guard sx.isFinite, sy.isFinite, sz.isFinite, xy.isFinite, xz.isFinite, yz.isFinite,
            qx.isFinite, qy.isFinite, qz.isFinite, qw.isFinite
        else { return nil }
    }

    /// The matrix these parts describe: `scale · skew · rotation · translation · perspective`.
    public var recomposed: CATransform3D {
        // Perspective column, then translation (rows combine with the perspective matrix).
        var m = Mat4.identity
        m[0][3] = perspective.x
        m[1][3] = perspective.y
        m[2][3] = perspective.z
        m[3][3] = perspective.w
        m[3] += translation.x * m[0] + translation.y * m[1] + translation.z * m[2]
        let (x, y, z, w) = quaternion
        // The row-vector rotation matrix (the transpose of the column-vector form the CSS text
        // prints), consistent with the sign rules the decomposition uses for the quaternion.
        let r = Mat4(r: (
            SIMD4(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
            SIMD4(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
            SIMD4(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
            SIMD4(0, 0, 0, 1)
        ))
        m = r.multiplied(by: m)
        // Skews premultiply: row 2 += yz·row 1 and xz·row 0, then row 1 += xy·row 0.
        if skew.yz != 0 { m[2] += skew.yz * m[1] }
        if skew.xz != 0 { m[2] += skew.xz * m[0] }
        if skew.xy != 0 { m[1] += skew.xy * m[0] }
        m[0] *= scale.x
        m[1] *= scale.y
        m[2] *= scale.z
        return m.transform
    }

    /// Interpolates every part: linearly for perspective, translation, scale and skew, and by
    /// spherical linear interpolation for the quaternion, along the shorter arc. Fractions
    /// outside 0…1 extrapolate (a spring's overshoot).
    public func interpolated(to other: DecomposedTransform3D, fraction f: Double) -> DecomposedTransform3D {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var r = DecomposedTransform3D()
        r.scale = (lerp(scale.x, other.scale.x), lerp(scale.y, other.scale.y), lerp(scale.z, other.scale.z))
        r.skew = (lerp(skew.xy, other.skew.xy), lerp(skew.xz, other.skew.xz), lerp(skew.yz, other.skew.yz))
        r.translation = (
            lerp(translation.x, other.translation.x), lerp(translation.y, other.translation.y),
            lerp(translation.z, other.translation.z)
        )
        r.perspective = (
            lerp(perspective.x, other.perspective.x), lerp(perspective.y, other.perspective.y),
            lerp(perspective.z, other.perspective.z), lerp(perspective.w, other.perspective.w)
        )
        r.quaternion = Self.slerp(quaternion, other.quaternion, f)
        return r
    }

    /// Spherical linear interpolation between unit quaternions on the shortest path.
    static func slerp(
        _ a: (x: Double, y: Double, z: Double, w: Double), _ b0: (x: Double, y: Double, z: Double, w: Double),
        _ f: Double
    ) -> (x: Double, y: Double, z: Double, w: Double) {
        var b = b0
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 {
            b = (-b.x, -b.y, -b.z, -b.w)
            dot = -dot
        }
        dot = Swift.min(dot, 1)
        let ka: Double, kb: Double
        if 1 - dot < 1e-12 {
            // The same rotation (or nearly): interpolate linearly, then normalise below.
            ka = 1 - f
            kb = f
        } else {
            let theta = acos(dot)
            let sinTheta = (1 - dot * dot).squareRoot()
            ka = sin((1 - f) * theta) / sinTheta
            kb = sin(f * theta) / sinTheta
        }
        var q = (ka * a.x + kb * b.x, ka * a.y + kb * b.y, ka * a.z + kb * b.z, ka * a.w + kb * b.w)
        let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
        if n > 0, n.isFinite { q = (q.0 / n, q.1 / n, q.2 / n, q.3 / n) } else { q = a }
        return (q.0, q.1, q.2, q.3)
    }

    public static func == (l: DecomposedTransform3D, r: DecomposedTransform3D) -> Bool {
        l.scale == r.scale && l.skew == r.skew && l.quaternion == r.quaternion
            && l.translation == r.translation && l.perspective == r.perspective
    }
}

extension CATransform3D {
    /// The transform `fraction` of the way from `self` to `to`, as Core Animation interpolates
    /// transforms: by decomposition (CSS Transforms Level 2), shortest-path rotation. When
    /// either end cannot be decomposed the result switches discretely at fraction 0.5.
    /// Fractions outside 0…1 extrapolate each part. A non-finite fraction gives `self`.
    public func interpolated(to: CATransform3D, fraction: Double) -> CATransform3D {
        guard fraction.isFinite else { return self }
        if fraction == 0 { return self }
        if fraction == 1 { return to }
        if isPositiveScaleTranslation, to.isPositiveScaleTranslation {
            return Self.scaleTranslationLerp(self, to, fraction)
        }
        guard let a = DecomposedTransform3D(self), let b = DecomposedTransform3D(to) else {
            return fraction < 0.5 ? self : to
        }
        return Self.decomposedLerp(self, to, a, b, fraction)
    }

    /// Fast path (the common case): the decomposition is just the diagonal scale and the
    /// translation row, both interpolated linearly, so entry-wise interpolation is exact.
    @inline(__always)
    static func scaleTranslationLerp(_ from: CATransform3D, _ to: CATransform3D, _ fraction: Double) -> CATransform3D {
        func lerp(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(fraction) }
        var r = CATransform3DIdentity
        r.m11 = lerp(from.m11, to.m11); r.m22 = lerp(from.m22, to.m22); r.m33 = lerp(from.m33, to.m33)
        r.m41 = lerp(from.m41, to.m41); r.m42 = lerp(from.m42, to.m42); r.m43 = lerp(from.m43, to.m43)
        return r
    }

    /// The general path, from both ends' decompositions.
    @inline(__always)
    static func decomposedLerp(
        _ from: CATransform3D, _ to: CATransform3D, _ a: DecomposedTransform3D, _ b: DecomposedTransform3D, _ fraction: Double
    ) -> CATransform3D {
        let r = a.interpolated(to: b, fraction: fraction).recomposed
        return r.isFinite ? r : (fraction < 0.5 ? from : to)
    }
}

/// `from.interpolated(to: to, fraction:)` for many fractions between the same two transforms,
/// with both ends decomposed once rather than at every call (an animation's presentation
/// value each frame: hundreds of turning tiles decomposed both ends every frame). Gives the
/// same bits as `interpolated(to:fraction:)`, which takes the same paths.
package struct TransformInterpolation: Sendable {
    package let from: CATransform3D
    package let to: CATransform3D
    private let direct: Bool
    private let ends: (DecomposedTransform3D, DecomposedTransform3D)?

    package init(from: CATransform3D, to: CATransform3D) {
        self.from = from
        self.to = to
        direct = from.isPositiveScaleTranslation && to.isPositiveScaleTranslation
        if !direct, let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) { ends = (a, b) } else { ends = nil }
    }

    /// Whether this interpolates between exactly these two matrices (bit for bit: a cached
    /// one is reused only for the same bits, so zeros of either sign stay apart).
    package func isBetween(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        func same(_ x: CATransform3D, _ y: CATransform3D) -> Bool {
            withUnsafeBytes(of: x) { p in withUnsafeBytes(of: y) { q in memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 } }
        }
        return same(from, a) && same(to, b)
    }

    package func value(at fraction: Double) -> CATransform3D {
        guard fraction.isFinite else { return from }
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        if direct { return CATransform3D.scaleTranslationLerp(from, to, fraction) }
        guard let (a, b) = ends else { return fraction < 0.5 ? from : to }
        return CATransform3D.decomposedLerp(from, to, a, b, fraction)
    }
}

extension CATransform3D {
    /// Only a positive diagonal scale and a translation (m44 = 1), with finite entries.
    var isPositiveScaleTranslation: Bool {
        m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m34 == 0 && m44 == 1
            && m11 > 0 && m22 > 0 && m33 > 0 && m11.isFinite && m22.isFinite && m33.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite
    }
}

extension CGAffineTransform {
    /// The affine transform `fraction` of the way from `self` to `to`, interpolated through
    /// the 3D decomposition (rotation about z on the shortest path, scale, skew, translation).
    /// Undecomposable (singular) ends switch discretely at fraction 0.5.
    public func interpolated(to: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        CATransform3DGetAffineTransform(
            CATransform3DMakeAffineTransform(self).interpolated(
                to: CATransform3DMakeAffineTransform(to), fraction: fraction))
    }
}

extension CGColor {
    /// The colour `fraction` of the way from `self` to `to`, component by component on
    /// straight (not premultiplied) sRGB components, as Core Animation interpolates colours;
    /// results are clamped to 0…1. A non-finite fraction gives `self`.
    public func interpolated(to: CGColor, fraction: Double) -> CGColor {
        guard fraction.isFinite else { return self }
        let a = components ?? [0, 0, 0, 1], b = to.components ?? [0, 0, 0, 1]
        func c(_ i: Int) -> CGFloat {
            let x = i < a.count ? a[i] : 1, y = i < b.count ? b[i] : 1
            return x + (y - x) * CGFloat(fraction)
        }
        return CGColor(red: c(0), green: c(1), blue: c(2), alpha: c(3))
    }
}
