import CCairo
import Foundation
import FlipbookGeometry

/// Builds cairo paths from Flipbook's shapes and `CGPath`s.
enum CairoPath {
    static func addRoundedRect(_ s: RoundedRectShape, to cr: OpaquePointer) {
        cairo_new_sub_path(cr)
        if s.isRectangle {
            cairo_rectangle(cr, s.minX, s.minY, s.maxX - s.minX, s.maxY - s.minY)
            return
        }
        if s.continuous {
            // Corners in clockwise order (y-down): minXminY, maxXminY, maxXmaxY, minXmaxY.
            for k in [0, 1, 3, 2] {
                var pts = s.radii[k] > 0 ? s.continuousCorner(k) : [cornerPoint(s, k)]
                // Each corner's points go from the x-edge to the y-edge; orient clockwise.
                if k == 1 || k == 2 { pts.reverse() }
                for (i, p) in pts.enumerated() {
                    if i == 0 && k == 0 { cairo_move_to(cr, p.0, p.1) } else { cairo_line_to(cr, p.0, p.1) }
                }
            }
            cairo_close_path(cr)
            return
        }
        let r = s.radii
        let pi = Double.pi
        cairo_arc(cr, s.minX + r[0], s.minY + r[0], r[0], pi, 1.5 * pi)
        cairo_arc(cr, s.maxX - r[1], s.minY + r[1], r[1], 1.5 * pi, 2 * pi)
        cairo_arc(cr, s.maxX - r[3], s.maxY - r[3], r[3], 0, 0.5 * pi)
        cairo_arc(cr, s.minX + r[2], s.maxY - r[2], r[2], 0.5 * pi, pi)
        cairo_close_path(cr)
    }

    private static func cornerPoint(_ s: RoundedRectShape, _ k: Int) -> (Double, Double) {
        ((k == 0 || k == 2) ? s.minX : s.maxX, (k == 0 || k == 1) ? s.minY : s.maxY)
    }

    /// Appends a `CGPath` to the cairo path.
    static func add(_ path: CGPath, to cr: OpaquePointer) {
        for e in path.elements {
            let p = e.points.map { (Double($0.x), Double($0.y)) }
            switch e.type {
            case .moveToPoint: if p.count >= 1 { cairo_move_to(cr, p[0].0, p[0].1) }
            case .addLineToPoint: if p.count >= 1 { cairo_line_to(cr, p[0].0, p[0].1) }
            case .addQuadCurveToPoint:
                guard p.count >= 2 else { continue }
                var x0 = 0.0, y0 = 0.0
                if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x0, &y0) } else { x0 = p[0].0; y0 = p[0].1 }
                // Degree elevation: quadratic to cubic.
                cairo_curve_to(
                    cr, x0 + 2 / 3 * (p[0].0 - x0), y0 + 2 / 3 * (p[0].1 - y0),
                    p[1].0 + 2 / 3 * (p[0].0 - p[1].0), p[1].1 + 2 / 3 * (p[0].1 - p[1].1), p[1].0, p[1].1)
            case .addCurveToPoint:
                if p.count >= 3 { cairo_curve_to(cr, p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1) }
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }
}
