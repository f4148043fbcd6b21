import Foundation
import FlipbookGeometry

/// A path of straight and curved segments, UIKit's `UIBezierPath`, in points.
///
/// Flipbook's path keeps its segments as a list and builds a `CGPath` on demand. UIKit
/// Dynamics uses it for collision boundaries (`UICollisionBehavior.addBoundary(withIdentifier:for:)`)
/// and for `UIDynamicItem.collisionBoundingPath`; curves are flattened into line segments there.
/// `fill()`, `stroke()` and `addClip()` draw into the current graphics context (inside
/// `draw(_:)` or an image renderer).
@preconcurrency @MainActor
open class UIBezierPath: NSObject {
    /// One segment of the path, in the order added.
    enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(CGPoint, control: CGPoint)
        case cubic(CGPoint, control1: CGPoint, control2: CGPoint)
        case close
    }

    var elements: [Element] = []

    /// Stroke width in points, used by `stroke()`.
    open var lineWidth: CGFloat = 1
    /// The ends of open subpaths when stroked.
    open var lineCapStyle: CGLineCap = .butt
    /// The corners between segments when stroked.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit when stroked with `.miter` joins.
    open var miterLimit: CGFloat = 10
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule (default: non-zero).
    open var usesEvenOddFillRule = false
    /// How closely curves are approximated when drawn, in device pixels (UIKit's default 0.6).
    /// Flipbook's rasteriser flattens curves itself, so the value is kept but not used.
    open var flatness: CGFloat = 0.6
    /// The dash lengths and phase set by `setLineDash(_:count:phase:)` (empty: solid).
    var lineDashLengths: [CGFloat] = []
    var lineDashPhase: CGFloat = 0

    /// An empty path.
    public override init() { super.init() }

    /// A closed rectangle, clockwise from its top-left corner (in UIKit's y-down space).
    public convenience init(rect: CGRect) {
        self.init()
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// An ellipse inscribed in `rect`, as four cubic Bézier arcs.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k: CGFloat = 0.5522847498307936
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + k * ry), controlPoint2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: cy + ry), controlPoint2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - k * ry), controlPoint2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: cy - ry), controlPoint2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let radius = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, min(r.width, r.height) / 2))
        guard radius > 0 else {
            self.move(to: CGPoint(x: r.minX, y: r.minY))
            addLine(to: CGPoint(x: r.maxX, y: r.minY))
            addLine(to: CGPoint(x: r.maxX, y: r.maxY))
            addLine(to: CGPoint(x: r.minX, y: r.maxY))
            close()
            return
        }
        let k: CGFloat = 0.5522847498307936 * radius
        move(to: CGPoint(x: r.minX + radius, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + radius), controlPoint1: CGPoint(x: r.maxX - radius + k, y: r.minY), controlPoint2: CGPoint(x: r.maxX, y: r.minY + radius - k))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
        addCurve(to: CGPoint(x: r.maxX - radius, y: r.maxY), controlPoint1: CGPoint(x: r.maxX, y: r.maxY - radius + k), controlPoint2: CGPoint(x: r.maxX - radius + k, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - radius), controlPoint1: CGPoint(x: r.minX + radius - k, y: r.maxY), controlPoint2: CGPoint(x: r.minX, y: r.maxY - radius + k))
        addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
        addCurve(to: CGPoint(x: r.minX + radius, y: r.minY), controlPoint1: CGPoint(x: r.minX, y: r.minY + radius - k), controlPoint2: CGPoint(x: r.minX + radius - k, y: r.minY))
        close()
    }

    /// A path with the segments of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        #if !canImport(CoreGraphics)
        for e in cgPath.elements {
            switch e.type {
            case .moveToPoint: if let p = e.points.first { move(to: p) }
            case .addLineToPoint: if let p = e.points.first { addLine(to: p) }
            case .addQuadCurveToPoint: if e.points.count >= 2 { addQuadCurve(to: e.points[1], controlPoint: e.points[0]) }
            case .addCurveToPoint: if e.points.count >= 3 { addCurve(to: e.points[2], controlPoint1: e.points[0], controlPoint2: e.points[1]) }
            case .closeSubpath: close()
            }
        }
        #endif
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { append(.move(point), [point]) }
    /// A straight segment to `point`.
    open func addLine(to point: CGPoint) { append(.line(point), [point]) }
    /// A quadratic Bézier segment to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        append(.quad(endPoint, control: controlPoint), [endPoint, controlPoint])
    }
    /// A cubic Bézier segment to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        append(.cubic(endPoint, control1: controlPoint1, control2: controlPoint2), [endPoint, controlPoint1, controlPoint2])
    }
    /// Closes the current subpath with a straight segment to its start.
    open func close() { elements.append(.close) }
    /// Removes every segment.
    open func removeAllPoints() { elements.removeAll() }
    /// Appends the segments of another path.
    open func append(_ bezierPath: UIBezierPath) { elements.append(contentsOf: bezierPath.elements) }

    /// Whether the path has no segments.
    open var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included.
    open var bounds: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let p, let c): points += [p, c]
            case .cubic(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        var r = CGRect(origin: first, size: .zero)
        for p in points.dropFirst() { r = r.union(CGRect(origin: p, size: .zero)) }
        return r
    }

    /// The path as a Core Graphics path; setting it replaces every segment.
    open var cgPath: CGPath {
        get { makeCGPath() }
        set { elements = UIBezierPath(cgPath: newValue).elements }
    }

    private func makeCGPath() -> CGPath {
        let m = CGMutablePath()
        for e in elements {
            switch e {
            case .move(let p): m.move(to: p)
            case .line(let p): m.addLine(to: p)
            case .quad(let p, let c): m.addQuadCurve(to: p, control: c)
            case .cubic(let p, let c1, let c2): m.addCurve(to: p, control1: c1, control2: c2)
            case .close: m.closeSubpath()
            }
        }
        return m
    }

    /// Moves every point by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        elements = elements.map {
            switch $0 {
            case .move(let p): return .move(p.applying(transform))
            case .line(let p): return .line(p.applying(transform))
            case .quad(let p, let c): return .quad(p.applying(transform), control: c.applying(transform))
            case .cubic(let p, let c1, let c2):
                return .cubic(p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .close: return .close
            }
        }
    }

    private func append(_ element: Element, _ points: [CGPoint]) {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            FlipbookDiagnostics.report("UIBezierPath: ignored a segment with a non-finite point \(points).")
            return
        }
        elements.append(element)
    }

    /// The path flattened into polylines (one per subpath; curves cut into `segments` pieces),
    /// with whether each subpath was closed.
    func flattened(segmentsPerCurve segments: Int = 8) -> [(points: [CGPoint], closed: Bool)] {
        var result: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        func flush(closed: Bool) {
            if current.count >= 2 { result.append((current, closed)) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                flush(closed: false)
                current = [p]
            case .line(let p):
                if current.isEmpty { current = [p] } else { current.append(p) }
            case .quad(let p, let c):
                let p0 = current.last ?? p
                if current.isEmpty { current = [p0] }
                for i in 1...segments {
                    let t = CGFloat(i) / CGFloat(segments), u = 1 - t
                    current.append(CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .cubic(let p, let c1, let c2):
                let p0 = current.last ?? p
                if current.isEmpty { current = [p0] }
                for i in 1...segments {
                    let t = CGFloat(i) / CGFloat(segments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                let start = current.first
                flush(closed: true)
                if let start { current = [start] }
                current = []
            }
        }
        flush(closed: false)
        return result
    }
}
