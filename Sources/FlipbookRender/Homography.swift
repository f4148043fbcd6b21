import Foundation
import FlipbookGeometry

/// The compositor's name for the shared projective map (column-vector form).
typealias Homography = PlaneMap

/// A point of the projective plane before the divide.
struct HPoint: Sendable {
    var x, y, w: Double
}

enum PolygonClip {
    /// Smallest w a vertex may keep: geometry closer to or behind the eye is cut away.
    static let minW = 1e-4

    /// The rectangle `r` mapped through `h`, clipped before the divide and projected (see
    /// `clipAndProject(_:)` below).
    static func clipAndProject(_ r: CGRect, through h: Homography) -> [CGPoint] {
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { c -> HPoint in
            let p = h.apply(c.0, c.1)
            return HPoint(x: p.x, y: p.y, w: p.w)
        }
        return clipAndProject(corners)
    }

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
