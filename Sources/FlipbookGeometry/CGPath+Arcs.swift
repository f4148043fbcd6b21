import Foundation

/// Circular arcs as cubic Béziers, shared by `CGMutablePath.addArc` and `UIBezierPath`'s arcs.
///
/// Angles are in radians from the +x axis towards +y. The sweep goes towards increasing angles
/// when `increasing` is true (in UIKit's y-down space that looks clockwise, which is why
/// `UIBezierPath(arcCenter:…clockwise: true)` and `CGMutablePath.addArc(…clockwise: false)`
/// trace the same arc there). A difference of 2π or more either way is a full circle in the
/// sweep's direction (`startAngle: 0, endAngle: 2π, clockwise: false` is the circle a popular
/// activity-indicator library fills its balls with on iOS, where an HTML canvas would draw
/// nothing; docs/Divergences.md, "Arcs of a full turn"); otherwise the sweep is the difference
/// taken modulo 2π in that direction. Each piece
/// spans at most a quarter turn, with the usual control distance 4/3 · tan(θ/4) · r, whose
/// radial error is below 0.03 % of r.
public enum ArcBezier {
    public struct Piece: Equatable, Sendable {
        public var control1: CGPoint
        public var control2: CGPoint
        public var end: CGPoint
    }

    /// The arc's start point and its pieces (none for a zero sweep or a non-finite input).
    public static func pieces(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, increasing: Bool
    ) -> (start: CGPoint, pieces: [Piece])? {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            return nil
        }
        let r = abs(radius)
        let twoPi = 2 * CGFloat.pi
        let raw = increasing ? endAngle - startAngle : startAngle - endAngle
        var sweep: CGFloat
        if abs(raw) >= twoPi {
            sweep = twoPi
        } else {
            sweep = raw.truncatingRemainder(dividingBy: twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        let point = { (a: CGFloat) in CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)) }
        let start = point(startAngle)
        guard sweep > 0 else { return (start, []) }
        let count = max(1, Int((sweep / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = (increasing ? sweep : -sweep) / CGFloat(count)
        let k = 4 / 3 * tan(step / 4) * r
        var pieces: [Piece] = []
        var a0 = startAngle
        for i in 1...count {
            let a1 = i == count ? startAngle + (increasing ? sweep : -sweep) : a0 + step
            let p0 = point(a0), p1 = point(a1)
            pieces.append(Piece(
                control1: CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                control2: CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1)),
                end: p1))
            a0 = a1
        }
        return (start, pieces)
    }
}

extension CGMutablePath {
    /// Adds an arc of a circle (Core Graphics' rule: `clockwise` is in a y-up space, so in
    /// UIKit's y-down space `clockwise: false` goes the way that looks clockwise). A straight
    /// line joins the current point to the arc's start; with no current point the arc starts a
    /// new subpath. Non-finite input adds nothing.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform t: CGAffineTransform = .identity
    ) {
        guard let arc = ArcBezier.pieces(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, increasing: !clockwise)
        else { return }
        if isEmpty { move(to: arc.start, transform: t) } else { addLine(to: arc.start, transform: t) }
        for piece in arc.pieces { addCurve(to: piece.end, control1: piece.control1, control2: piece.control2, transform: t) }
    }
}
