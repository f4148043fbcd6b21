import Foundation
import FlipbookGeometry

/// A 3×3 projective map of the plane in column-vector form: `(x', y', w') = M · (x, y, 1)`.
struct Homography: Sendable, Equatable {
    var a, b, c: Double  // row 0: x' = a x + b y + c
    var d, e, f: Double  // row 1
    var g, h, i: Double  // row 2: w'

    static let identity = Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    /// The plane z = 0 of a layer mapped by a row-vector `CATransform3D` (z dropped).
    init(planeOf m: CATransform3D) {
        a = Double(m.m11); b = Double(m.m21); c = Double(m.m41)
        d = Double(m.m12); e = Double(m.m22); f = Double(m.m42)
        g = Double(m.m14); h = Double(m.m24); i = Double(m.m44)
    }

    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }

    static func scaleTranslate(sx: Double, sy: Double, tx: Double, ty: Double) -> Homography {
        Homography(a: sx, b: 0, c: tx, d: 0, e: sy, f: ty, g: 0, h: 0, i: 1)
    }

    /// `self · other`: first `other`, then `self`.
    func concat(_ o: Homography) -> Homography {
        Homography(
            a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h, c: a * o.c + b * o.f + c * o.i,
            d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h, f: d * o.c + e * o.f + f * o.i,
            g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h, i: g * o.c + h * o.f + i * o.i)
    }

    var determinant: Double { a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g) }

    var isFinite: Bool { [a, b, c, d, e, f, g, h, i].allSatisfy(\.isFinite) }

    /// The inverse, or nil when the map is singular (a layer seen edge-on) or not finite.
    var inverse: Homography? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let r = 1 / det
        let inv = Homography(
            a: (e * i - f * h) * r, b: (c * h - b * i) * r, c: (b * f - c * e) * r,
            d: (f * g - d * i) * r, e: (a * i - c * g) * r, f: (c * d - a * f) * r,
            g: (d * h - e * g) * r, h: (b * g - a * h) * r, i: (a * e - b * d) * r)
        return inv.isFinite ? inv : nil
    }

    /// Homogeneous image of (x, y, 1).
    @inline(__always) func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (a * x + b * y + c, d * x + e * y + f, g * x + h * y + i)
    }

    /// True when the map has no perspective part (w' is constant).
    var isAffine: Bool { g == 0 && h == 0 }
}

/// A point of the projective plane before the divide.
struct HPoint: Sendable {
    var x, y, w: Double
}

enum PolygonClip {
    /// Smallest w a vertex may keep: geometry closer to or behind the eye is cut away.
    static let minW = 1e-4

    /// Clips a polygon (homogeneous points) to w >= minW (Sutherland–Hodgman on one plane) and
    /// returns the projected vertices. Done before the divide so that geometry behind the eye never
    /// wraps around to the front.
    static func clipAndProject(_ poly: [HPoint]) -> [CGPoint] {
        var out: [HPoint] = []
        out.reserveCapacity(poly.count + 2)
        let n = poly.count
        for k in 0..<n {
            let p = poly[k], q = poly[(k + 1) % n]
            let pin = p.w >= minW, qin = q.w >= minW
            if pin { out.append(p) }
            if pin != qin {
                let t = (minW - p.w) / (q.w - p.w)
                out.append(HPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t, w: minW))
            }
        }
        return out.compactMap { p in
            let x = p.x / p.w, y = p.y / p.w
            return x.isFinite && y.isFinite ? CGPoint(x: x, y: y) : nil
        }
    }
}
