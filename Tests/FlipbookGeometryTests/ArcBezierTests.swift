import Foundation
import Testing
@testable import FlipbookGeometry

/// Arcs as cubic Béziers against the circle's closed form.
struct ArcBezierTests {
    /// The point of a cubic at t.
    func point(_ p0: CGPoint, _ piece: ArcBezier.Piece, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * piece.control1.x + c * piece.control2.x + d * piece.end.x,
                       y: a * p0.y + b * piece.control1.y + c * piece.control2.y + d * piece.end.y)
    }

    @Test(arguments: [(0.0, Double.pi / 2, true), (0.0, Double.pi, false), (1.0, 1.0 + 2 * Double.pi, true), (0.3, -2.0, true)])
    func piecesStayOnTheCircle(start: Double, end: Double, increasing: Bool) throws {
        let c = CGPoint(x: 10, y: 20), r: CGFloat = 50
        let arc = try #require(ArcBezier.pieces(center: c, radius: r, startAngle: start, endAngle: end, increasing: increasing))
        #expect(abs(arc.start.x - (c.x + r * cos(start))) < 1e-9 && abs(arc.start.y - (c.y + r * sin(start))) < 1e-9)
        var p0 = arc.start
        var worst: CGFloat = 0
        for piece in arc.pieces {
            for i in 0...20 {
                let p = point(p0, piece, CGFloat(i) / 20)
                worst = max(worst, abs(hypot(p.x - c.x, p.y - c.y) - r))
            }
            p0 = piece.end
        }
        #expect(worst < r * 3e-4)
        #expect(arc.pieces.count <= 4)
    }

    @Test func sweepFollowsTheDirection() throws {
        // From 0 to π/2 increasing is a quarter; decreasing is three quarters.
        let quarter = try #require(ArcBezier.pieces(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, increasing: true))
        let rest = try #require(ArcBezier.pieces(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, increasing: false))
        #expect(quarter.pieces.count == 1 && rest.pieces.count == 3)
        // Increasing angles pass through +y (screen-down in UIKit: clockwise on screen).
        let mid = point(quarter.start, quarter.pieces[0], 0.5)
        #expect(mid.x > 0.7 && mid.y > 0.7)
        // A full turn or more is a circle; zero sweep is nothing; NaN is refused.
        #expect(ArcBezier.pieces(center: .zero, radius: 1, startAngle: 0, endAngle: 7, increasing: true)?.pieces.count == 4)
        #expect(ArcBezier.pieces(center: .zero, radius: 1, startAngle: 2, endAngle: 2, increasing: true)?.pieces.isEmpty == true)
        // A full turn against the direction is a full circle too, traced the asked way: what
        // `UIBezierPath(arcCenter:…startAngle: 0, endAngle: 2π, clockwise: false)` gives on iOS.
        let against = try #require(ArcBezier.pieces(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, increasing: false))
        #expect(against.pieces.count == 4)
        #expect(point(against.start, against.pieces[0], 0.5).y < -0.7, "decreasing angles pass through -y first")
        #expect(abs(against.pieces[3].end.x - 1) < 1e-9 && abs(against.pieces[3].end.y) < 1e-9)
        // Short of a full turn against the direction: the rest of the circle, as before.
        #expect(ArcBezier.pieces(center: .zero, radius: 1, startAngle: 0, endAngle: 1.5 * .pi, increasing: false)?.pieces.count == 1)
        #expect(ArcBezier.pieces(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, increasing: true) == nil)
    }

    @Test func coreGraphicsClockwiseIsTheOppositeSense() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // Not clockwise in y-up terms: increasing angles, one quarter.
        #expect(path.elements.count == 2)
        #expect(abs(path.currentPoint.x) < 1e-9 && abs(path.currentPoint.y - 1) < 1e-9)
    }
}
