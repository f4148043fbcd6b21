import Foundation
import FlipbookGeometry

/// Arcs, rounded corners chosen one by one, the current point, hit testing and drawing.
extension UIBezierPath {
    /// An arc of a circle. `clockwise` is as it looks on screen (UIKit's y-down space), the
    /// opposite of Core Graphics' flag (see `ArcBezier`).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A rectangle whose `corners` are rounded. As in UIKit since iOS 7, the corners are
    /// circular with the radius `cornerRadii.width` (its height is ignored), clamped to half
    /// the shorter side.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = max(0, min(cornerRadii.width.isFinite ? cornerRadii.width : 0, min(r.width, r.height) / 2))
        let rx = radius, ry = radius
        let k: CGFloat = 0.5522847498307936
        func corner(_ c: UIRectCorner) -> (CGFloat, CGFloat) { corners.contains(c) ? (rx, ry) : (0, 0) }
        let (tlx, tly) = corner(.topLeft), (trx, try_) = corner(.topRight)
        let (brx, bry) = corner(.bottomRight), (blx, bly) = corner(.bottomLeft)
        move(to: CGPoint(x: r.minX + tlx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - trx, y: r.minY))
        if trx > 0 {
            addCurve(to: CGPoint(x: r.maxX, y: r.minY + try_),
                     controlPoint1: CGPoint(x: r.maxX - trx + k * trx, y: r.minY),
                     controlPoint2: CGPoint(x: r.maxX, y: r.minY + try_ - k * try_))
        }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - bry))
        if brx > 0 {
            addCurve(to: CGPoint(x: r.maxX - brx, y: r.maxY),
                     controlPoint1: CGPoint(x: r.maxX, y: r.maxY - bry + k * bry),
                     controlPoint2: CGPoint(x: r.maxX - brx + k * brx, y: r.maxY))
        }
        addLine(to: CGPoint(x: r.minX + blx, y: r.maxY))
        if blx > 0 {
            addCurve(to: CGPoint(x: r.minX, y: r.maxY - bly),
                     controlPoint1: CGPoint(x: r.minX + blx - k * blx, y: r.maxY),
                     controlPoint2: CGPoint(x: r.minX, y: r.maxY - bly + k * bly))
        }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tly))
        if tlx > 0 {
            addCurve(to: CGPoint(x: r.minX + tlx, y: r.minY),
                     controlPoint1: CGPoint(x: r.minX, y: r.minY + tly - k * tly),
                     controlPoint2: CGPoint(x: r.minX + tlx - k * tlx, y: r.minY))
        }
        close()
    }

    /// Appends an arc; a straight segment joins the current point to its start (or the arc
    /// starts a subpath when the path is empty). `clockwise` is as it looks on screen.
    /// Non-finite input is reported and adds nothing.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard let arc = ArcBezier.pieces(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, increasing: clockwise)
        else {
            FlipbookDiagnostics.report("UIBezierPath.addArc: ignored an arc with a non-finite centre, radius or angle.")
            return
        }
        if isEmpty { move(to: arc.start) } else { addLine(to: arc.start) }
        for piece in arc.pieces { addCurve(to: piece.end, controlPoint1: piece.control1, controlPoint2: piece.control2) }
    }

    /// The end of the last segment (the subpath's start after `close()`; `.zero` when empty).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p): start = p; current = p
            case .line(let p), .quad(let p, _), .cubic(let p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// Whether `point` is inside the path's filled area (non-zero winding, or even-odd when
    /// `usesEvenOddFillRule`); curves are flattened finely enough for hit testing.
    public func contains(_ point: CGPoint) -> Bool {
        var winding = 0
        for (points, _) in flattened(segmentsPerCurve: 16) {
            // Every subpath counts as closed for filling.
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                if a.y <= point.y {
                    if b.y > point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return usesEvenOddFillRule ? winding % 2 != 0 : winding != 0
    }

    /// Fills the path in the current graphics context with its fill colour (`UIColor.setFill()`).
    public func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(cgPath)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path in the current graphics context with its line settings and the stroke
    /// colour (`UIColor.setStroke()`); the context's own line settings are put back after.
    public func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        if !lineDashLengths.isEmpty { ctx.setLineDash(phase: lineDashPhase, lengths: lineDashLengths) }
        ctx.addPath(cgPath)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Adds the path to the current graphics context's clip.
    public func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(cgPath)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
