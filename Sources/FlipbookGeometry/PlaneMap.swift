import Foundation

/// A projective map of the plane: the part of a layer's 4×4 transform that acts on its
/// own plane (z = 0), with the output's z dropped, as Core Animation flattens each layer into
/// its superlayer's plane. Flipbook's one projective map: layer conversion and hit testing
/// (FlipbookQuartz), view conversion (FlipbookUIKit, through the layers) and the compositor
/// (FlipbookRender) all use it.
///
/// Stored in column-vector form, `(x', y', w') = M · (x, y, 1)`, with rows `a b c`, `d e f`,
/// `g h i`; `CATransform3D`'s row vectors are its transpose.
package struct PlaneMap: Sendable, Equatable {
    package var a, b, c: Double  // row 0: x' = a x + b y + c
    package var d, e, f: Double  // row 1: y'
    package var g, h, i: Double  // row 2: w'

    package static let identity = PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    package init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }

    /// The plane z = 0 of a layer mapped by a row-vector `CATransform3D` (z dropped).
    package init(planeOf m: CATransform3D) {
        a = Double(m.m11); b = Double(m.m21); c = Double(m.m41)
        d = Double(m.m12); e = Double(m.m22); f = Double(m.m42)
        g = Double(m.m14); h = Double(m.m24); i = Double(m.m44)
    }

    package static func scaleTranslate(sx: Double, sy: Double, tx: Double, ty: Double) -> PlaneMap {
        PlaneMap(a: sx, b: 0, c: tx, d: 0, e: sy, f: ty, g: 0, h: 0, i: 1)
    }

    /// `self · o`: first `o`, then `self`.
    package func concat(_ o: PlaneMap) -> PlaneMap {
        PlaneMap(
            a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h, c: a * o.c + b * o.f + c * o.i,
            d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h, f: d * o.c + e * o.f + f * o.i,
            g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h, i: g * o.c + h * o.f + i * o.i)
    }

    /// First `self`, then `o` (the order of a chain walked from a layer up to its root).
    package func then(_ o: PlaneMap) -> PlaneMap { o.concat(self) }

    package var determinant: Double { a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g) }

    package var isFinite: Bool { [a, b, c, d, e, f, g, h, i].allSatisfy(\.isFinite) }

    /// The inverse, or nil when the map is singular (a layer seen edge-on) or not finite.
    package var inverse: PlaneMap? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let r = 1 / det
        let inv = PlaneMap(
            a: (e * i - f * h) * r, b: (c * h - b * i) * r, c: (b * f - c * e) * r,
            d: (f * g - d * i) * r, e: (a * i - c * g) * r, f: (c * d - a * f) * r,
            g: (d * h - e * g) * r, h: (b * g - a * h) * r, i: (a * e - b * d) * r)
        return inv.isFinite ? inv : nil
    }

    /// Homogeneous image of (x, y, 1), before the divide.
    @inline(__always) package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (a * x + b * y + c, d * x + e * y + f, g * x + h * y + i)
    }

    /// Maps a point through the divide, as Core Animation's point conversion does (for a point
    /// behind the eye, w < 0, that is the mirrored image the matrix gives). A point that lands
    /// at infinity (w = 0) or out of range comes back unchanged, never NaN.
    package func map(_ p: CGPoint) -> CGPoint {
        let (x, y, w) = apply(Double(p.x), Double(p.y))
        guard abs(w) > 1e-12 else { return p }
        let X = x / w, Y = y / w
        guard X.isFinite, Y.isFinite else { return p }
        return CGPoint(x: X, y: Y)
    }

    /// The bounding box of `r`'s four mapped corners.
    package func boundingBox(of r: CGRect) -> CGRect {
        let pts = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
        ].map(map)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
