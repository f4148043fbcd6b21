import Foundation

// The rest of Core Animation's CATransform3D functions, and Flipbook's plain helpers for
// mapping points through a transform.

/// The inverse of `t`. A transform that cannot be inverted (singular, or holding NaN or
/// infinities) is returned unchanged, as Core Animation does.
///
/// Gauss–Jordan elimination with partial pivoting on the 4×4 matrix.
/// - Complexity: O(1) (a fixed 4×4 elimination).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse ?? t
}

/// Whether `t` maps the z = 0 plane like a 2D affine transform and can be represented
/// exactly by a `CGAffineTransform`: m13, m14, m23, m24, m31, m32, m34, m43 are zero and
/// m33, m44 are one (the rule Core Animation uses).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The 3D transform equal to the affine transform `m`: a→m11, b→m12, c→m21, d→m22,
/// tx→m41, ty→m42, the rest as in the identity.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0,
        m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// The affine part of `t` (m11, m12, m21, m22, m41, m42). Exact only when
/// `CATransform3DIsAffine(t)`; otherwise the other entries are dropped, as Core Animation does.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CATransform3D {
    /// The identity transform (Flipbook's shorthand for `CATransform3DIdentity`).
    public static var identity: CATransform3D { CATransform3DIdentity }

    /// `self` followed by `other` (row vectors: `self · other`), i.e. `CATransform3DConcat(self, other)`.
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        CATransform3DConcat(self, other)
    }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// The determinant of the 4×4 matrix.
    public var determinant: Double {
        let m = rows
        // Expansion by 2×2 minors of the first two rows against the last two.
        let s0 = m[0][0] * m[1][1] - m[1][0] * m[0][1]
        let s1 = m[0][0] * m[1][2] - m[1][0] * m[0][2]
        let s2 = m[0][0] * m[1][3] - m[1][0] * m[0][3]
        let s3 = m[0][1] * m[1][2] - m[1][1] * m[0][2]
        let s4 = m[0][1] * m[1][3] - m[1][1] * m[0][3]
        let s5 = m[0][2] * m[1][3] - m[1][2] * m[0][3]
        let c5 = m[2][2] * m[3][3] - m[3][2] * m[2][3]
        let c4 = m[2][1] * m[3][3] - m[3][1] * m[2][3]
        let c3 = m[2][1] * m[3][2] - m[3][1] * m[2][2]
        let c2 = m[2][0] * m[3][3] - m[3][0] * m[2][3]
        let c1 = m[2][0] * m[3][2] - m[3][0] * m[2][2]
        let c0 = m[2][0] * m[3][1] - m[3][0] * m[2][1]
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse, or nil when the matrix is singular (relative pivot below 1e-12) or not finite.
    public var inverse: CATransform3D? { Mat4(self).inverse?.transform }

    /// Whether the matrix has an inverse (see `inverse`).
    public var isInvertible: Bool { inverse != nil }

    /// The four rows as arrays of `Double` (row `i` holds m(i+1)1 … m(i+1)4).
    public var rows: [[Double]] {
        [
            [Double(m11), Double(m12), Double(m13), Double(m14)],
            [Double(m21), Double(m22), Double(m23), Double(m24)],
            [Double(m31), Double(m32), Double(m33), Double(m34)],
            [Double(m41), Double(m42), Double(m43), Double(m44)],
        ]
    }

    /// Builds a transform from four rows of four entries (missing entries read as the identity's).
    public init(rows r: [[Double]]) {
        func e(_ i: Int, _ j: Int) -> CGFloat {
            guard i < r.count, j < r[i].count else { return i == j ? 1 : 0 }
            return CGFloat(r[i][j])
        }
        self.init(
            m11: e(0, 0), m12: e(0, 1), m13: e(0, 2), m14: e(0, 3),
            m21: e(1, 0), m22: e(1, 1), m23: e(1, 2), m24: e(1, 3),
            m31: e(2, 0), m32: e(2, 1), m33: e(2, 2), m34: e(2, 3),
            m41: e(3, 0), m42: e(3, 1), m43: e(3, 2), m44: e(3, 3))
    }

    /// Maps the homogeneous point (x, y, z, 1) through the transform (row vector times matrix)
    /// and returns the homogeneous result without dividing by w. The renderer uses this to
    /// clip geometry at or behind the eye (w ≤ 0) before the perspective divide.
    public func project(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        let m11 = Double(self.m11), m12 = Double(self.m12), m13 = Double(self.m13), m14 = Double(self.m14)
        let m21 = Double(self.m21), m22 = Double(self.m22), m23 = Double(self.m23), m24 = Double(self.m24)
        let m31 = Double(self.m31), m32 = Double(self.m32), m33 = Double(self.m33), m34 = Double(self.m34)
        let m41 = Double(self.m41), m42 = Double(self.m42), m43 = Double(self.m43), m44 = Double(self.m44)
        return (
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// Maps a point of the z = 0 plane through the transform, with the perspective divide.
    ///
    /// When w ≤ 0 the point is at or behind the eye and has no image on screen. Rather than
    /// return an infinity or a point mirrored through the eye, Flipbook then returns the
    /// undivided (x, y), a finite and deterministic stand-in; code that must know uses
    /// `project(x:y:z:)` and tests `w` itself.
    public func apply(to point: CGPoint) -> CGPoint {
        let p = project(x: Double(point.x), y: Double(point.y), z: 0)
        guard p.w > 0 else { return CGPoint(x: p.x, y: p.y) }
        return CGPoint(x: p.x / p.w, y: p.y / p.w)
    }

    /// Maps a 3D point (x, y, z) through the transform, with the perspective divide (same w ≤ 0
    /// rule as `apply(to:)`).
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double) {
        let p = project(x: x, y: y, z: z)
        guard p.w > 0 else { return (p.x, p.y, p.z) }
        return (p.x / p.w, p.y / p.w, p.z / p.w)
    }
}
