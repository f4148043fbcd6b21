import Foundation

/// A 4×4 matrix of Doubles in fixed storage (rows), for allocation-free transform math.
struct Mat4 {
    var r: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

    static let identity = Mat4(r: (SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)))

    init(r: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) { self.r = r }

    init(_ t: CATransform3D) {
        r = (
            SIMD4(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14)),
            SIMD4(Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24)),
            SIMD4(Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34)),
            SIMD4(Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44))
        )
    }

    var transform: CATransform3D {
        CATransform3D(
            m11: CGFloat(r.0[0]), m12: CGFloat(r.0[1]), m13: CGFloat(r.0[2]), m14: CGFloat(r.0[3]),
            m21: CGFloat(r.1[0]), m22: CGFloat(r.1[1]), m23: CGFloat(r.1[2]), m24: CGFloat(r.1[3]),
            m31: CGFloat(r.2[0]), m32: CGFloat(r.2[1]), m33: CGFloat(r.2[2]), m34: CGFloat(r.2[3]),
            m41: CGFloat(r.3[0]), m42: CGFloat(r.3[1]), m43: CGFloat(r.3[2]), m44: CGFloat(r.3[3]))
    }

    subscript(i: Int) -> SIMD4<Double> {
        get {
            switch i {
            case 0: return r.0
            case 1: return r.1
            case 2: return r.2
            default: return r.3
            }
        }
        set {
            switch i {
            case 0: r.0 = newValue
            case 1: r.1 = newValue
            case 2: r.2 = newValue
            default: r.3 = newValue
            }
        }
    }

    /// The ordinary product `self · b`.
    func multiplied(by b: Mat4) -> Mat4 {
        func row(_ a: SIMD4<Double>) -> SIMD4<Double> { a[0] * b.r.0 + a[1] * b.r.1 + a[2] * b.r.2 + a[3] * b.r.3 }
        return Mat4(r: (row(r.0), row(r.1), row(r.2), row(r.3)))
    }

    /// Gauss–Jordan inverse with partial pivoting; nil when a pivot is below 1e-12 of the
    /// largest entry or anything is not finite.
    var inverse: Mat4? {
        var a = self, inv = Mat4.identity
        var scale = 0.0
        for i in 0..<4 {
            let row = a[i]
            for j in 0..<4 {
                guard row[j].isFinite else { return nil }
                scale = Swift.max(scale, Swift.abs(row[j]))
            }
        }
        guard scale > 0 else { return nil }
        for col in 0..<4 {
            var pivot = col
            for k in (col + 1)..<4 where Swift.abs(a[k][col]) > Swift.abs(a[pivot][col]) { pivot = k }
            guard Swift.abs(a[pivot][col]) > 1e-12 * scale else { return nil }
            if pivot != col {
                let t = a[pivot], u = inv[pivot]
                a[pivot] = a[col]; inv[pivot] = inv[col]
                a[col] = t; inv[col] = u
            }
            let p = a[col][col]
            a[col] /= p
            inv[col] /= p
            for k in 0..<4 where k != col {
                let f = a[k][col]
                if f == 0 { continue }
                a[k] -= f * a[col]
                inv[k] -= f * inv[col]
            }
        }
        for i in 0..<4 { for j in 0..<4 where !inv[i][j].isFinite { return nil } }
        return inv
    }
}
