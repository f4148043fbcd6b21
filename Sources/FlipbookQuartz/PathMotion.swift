import Foundation
import FlipbookGeometry

/// Motion along a `CGPath` for keyframe animations: one segment per drawing element
/// (lines, quadratic and cubic curves, closing lines), evaluated exactly, plus an
/// arc-length table for paced motion.
struct PathMotion {
    enum Segment {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)
    }
    var segments: [Segment] = []
    var pacedTimes: [Double] = [0]
    private var samples: [CGPoint] = []
    private var cumulative: [Double] = []

    init(_ path: CGPath) {
        var start = CGPoint.zero, current = CGPoint.zero
        var hasCurrent = false
        for e in path.elements {
            switch e.type {
            case .moveToPoint:
                current = e.points.first ?? current
                start = current
                if !hasCurrent { hasCurrent = true }
            case .addLineToPoint:
                let p = e.points.first ?? current
                segments.append(.line(current, p)); current = p
            case .addQuadCurveToPoint where e.points.count >= 2:
                segments.append(.quad(current, e.points[0], e.points[1])); current = e.points[1]
            case .addCurveToPoint where e.points.count >= 3:
                segments.append(.cubic(current, e.points[0], e.points[1], e.points[2])); current = e.points[2]
            case .closeSubpath:
                if current != start { segments.append(.line(current, start)) }
                current = start
            default: break
            }
        }
        if segments.isEmpty { segments = [.line(current, current)] }
        // Arc-length table, 32 samples per segment.
        var lengths = [0.0]
        var segmentEnds: [Double] = [0]
        var previous = point(segment: 0, t: 0)
        samples = [previous]
        for i in segments.indices {
            for j in 1...32 {
                let p = point(segment: i, t: Double(j) / 32)
                lengths.append(lengths[lengths.count - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
                samples.append(p)
                previous = p
            }
            segmentEnds.append(lengths[lengths.count - 1])
        }
        let total = lengths.last ?? 0
        cumulative = total > 0 ? lengths.map { $0 / total } : lengths.indices.map { Double($0) / Double(max(lengths.count - 1, 1)) }
        pacedTimes = total > 0 ? segmentEnds.map { $0 / total } : segmentEnds.indices.map { Double($0) / Double(segments.count) }
    }

    var segmentCount: Int { segments.count }

    /// Vertex `i` of the path (0…segmentCount): segment `i`'s start, and for the last index the
    /// end of the last segment. Control points of curves are not vertices.
    func vertex(_ i: Int) -> CGPoint {
        i < segments.count ? point(segment: i, t: 0) : point(segment: segments.count - 1, t: 1)
    }

    func point(segment i: Int, t: Double) -> CGPoint {
        let s = segments[min(max(i, 0), segments.count - 1)]
        let u = CGFloat(t), v = 1 - CGFloat(t)
        switch s {
        case .line(let a, let b): return CGPoint(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
        case .quad(let a, let c, let b):
            return CGPoint(x: v * v * a.x + 2 * v * u * c.x + u * u * b.x, y: v * v * a.y + 2 * v * u * c.y + u * u * b.y)
        case .cubic(let a, let c1, let c2, let b):
            let x = v * v * v * a.x + 3 * v * v * u * c1.x + 3 * v * u * u * c2.x + u * u * u * b.x
            let y = v * v * v * a.y + 3 * v * v * u * c1.y + 3 * v * u * u * c2.y + u * u * u * b.y
            return CGPoint(x: x, y: y)
        }
    }

    /// The point at arc-length fraction `f` (constant speed).
    func pacedPoint(_ f: Double) -> CGPoint {
        let f = min(max(f, 0), 1)
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= f { lo = mid } else { hi = mid }
        }
        let span = cumulative[hi] - cumulative[lo]
        let s = span > 0 ? CGFloat((f - cumulative[lo]) / span) : 0
        let a = samples[lo], b = samples[hi]
        return CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s)
    }

    @preconcurrency @MainActor
    func pacedOrTimedPoint(_ anim: CAKeyframeAnimation, _ f: Double) -> CGPoint {
        if case .point(let p)? = anim.value(atFraction: min(max(f, 0), 1)) { return p }
        return .zero
    }
}
