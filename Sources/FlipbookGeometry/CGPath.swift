import Foundation

#if !canImport(CoreGraphics)
/// The kind of a path element, CoreGraphics' `CGPathElementType`.
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element of a path. Apple's holds a pointer to its points; Flipbook's holds
/// them as an array (1 point for move/line, 2 for quad, 3 for cubic, 0 for close).
public struct CGPathElement: Sendable, Hashable {
    public var type: CGPathElementType
    public var points: [CGPoint]
    public init(type: CGPathElementType, points: [CGPoint]) {
        self.type = type
        self.points = points
    }
}

/// An immutable vector path, CoreGraphics' `CGPath`.
///
/// Its only mutable state, the elements (changed by the `CGMutablePath` subclass alone), is a
/// `LockedValue`, so even a mutable path shared across threads stays consistent. (Apple's
/// CGPath is Sendable too, so iOS code that sends paths compiles here.)
// @unchecked: a non-final class can conform no other way; its one stored property is a LockedValue.
public class CGPath: @unchecked Sendable, Hashable {
    private let storage: LockedValue<[CGPathElement]>

    /// The path's elements, in order.
    public internal(set) var elements: [CGPathElement] {
        get { storage.current }
        set { storage.exchange(newValue) }
    }

    /// Appends elements atomically (a read-modify-write of `elements` would not be).
    func append(_ new: [CGPathElement]) {
        storage.withLock { $0.append(contentsOf: new) }
    }

    public init(elements: [CGPathElement] = []) { storage = LockedValue(elements) }

    /// Appends one element atomically.
    func appendElement(_ element: CGPathElement) { append([element]) }

    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let m = CGMutablePath()
        m.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The current point: the end of the last element (or the subpath start after a close).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e.type {
            case .moveToPoint: start = e.points[0]; current = start
            case .closeSubpath: current = start
            default: current = e.points.last ?? current
            }
        }
        return current
    }

    /// The smallest rectangle holding every point, control points included (CoreGraphics' `boundingBox`).
    public var boundingBox: CGRect {
        let pts = elements.flatMap(\.points)
        guard let first = pts.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in pts {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Calls `body` with each element in order.
    public func applyWithBlock(_ body: (CGPathElement) -> Void) { elements.forEach(body) }

    public func copy() -> CGPath? { CGPath(elements: elements) }
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A copy with every point transformed by `transform` (nil: unchanged), CoreGraphics'
    /// `copy(using:)`; code moves a mask's path to a shadow's position with it.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements(transformedBy: t))
    }

    /// A mutable copy with every point transformed by `transform` (nil: unchanged).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        return CGMutablePath(elements: elements(transformedBy: t))
    }

    /// The elements with every point transformed by `t`.
    func elements(transformedBy t: CGAffineTransform) -> [CGPathElement] {
        elements.map { e in CGPathElement(type: e.type, points: e.points.map { $0.applying(t) }) }
    }

    public static func == (l: CGPath, r: CGPath) -> Bool { l.elements == r.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

/// A path being built, CoreGraphics' `CGMutablePath`.
/// Sendable through `CGPath` (its elements are guarded by CGPath's lock).
public final class CGMutablePath: CGPath {
    public func move(to p: CGPoint, transform t: CGAffineTransform = .identity) {
        appendElement(CGPathElement(type: .moveToPoint, points: [p.applying(t)]))
    }
    public func addLine(to p: CGPoint, transform t: CGAffineTransform = .identity) {
        appendElement(CGPathElement(type: .addLineToPoint, points: [p.applying(t)]))
    }
    public func addQuadCurve(to p: CGPoint, control: CGPoint, transform t: CGAffineTransform = .identity) {
        appendElement(CGPathElement(type: .addQuadCurveToPoint, points: [control.applying(t), p.applying(t)]))
    }
    public func addCurve(
        to p: CGPoint, control1: CGPoint, control2: CGPoint, transform t: CGAffineTransform = .identity
    ) {
        appendElement(
            CGPathElement(
                type: .addCurveToPoint, points: [control1.applying(t), control2.applying(t), p.applying(t)]))
    }
    public func closeSubpath() { appendElement(CGPathElement(type: .closeSubpath, points: [])) }

    public func addLines(between points: [CGPoint], transform t: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: t)
        for p in points.dropFirst() { addLine(to: p, transform: t) }
    }

    public func addRect(_ r: CGRect, transform t: CGAffineTransform = .identity) {
        let r = r.standardized
        addLines(
            between: [
                CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
            ], transform: t)
        closeSubpath()
    }

    /// An ellipse from four cubic Béziers (kappa = 0.5522847498), clockwise in
    /// UIKit's y-down space starting at the right-most point, as CoreGraphics does.
    public func addEllipse(in r: CGRect, transform t: CGAffineTransform = .identity) {
        let r = r.standardized
        let k: CGFloat = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: CGPoint(x: cx + rx, y: cy), transform: t)
        addCurve(
            to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry),
            control2: CGPoint(x: cx + k * rx, y: cy + ry), transform: t)
        addCurve(
            to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry),
            control2: CGPoint(x: cx - rx, y: cy + k * ry), transform: t)
        addCurve(
            to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry),
            control2: CGPoint(x: cx - k * rx, y: cy - ry), transform: t)
        addCurve(
            to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry),
            control2: CGPoint(x: cx + rx, y: cy - k * ry), transform: t)
        closeSubpath()
    }

    /// A rectangle with elliptical corners (radii clamped to half the sides).
    public func addRoundedRect(
        in r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform t: CGAffineTransform = .identity
    ) {
        let r = r.standardized
        let rx = max(0, min(cornerWidth, r.width / 2)), ry = max(0, min(cornerHeight, r.height / 2))
        guard rx > 0, ry > 0 else { return addRect(r, transform: t) }
        let k: CGFloat = 0.5522847498307936
        move(to: CGPoint(x: r.minX + rx, y: r.minY), transform: t)
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY), transform: t)
        addCurve(
            to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + k * rx, y: r.minY),
            control2: CGPoint(x: r.maxX, y: r.minY + ry - k * ry), transform: t)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry), transform: t)
        addCurve(
            to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + k * ry),
            control2: CGPoint(x: r.maxX - rx + k * rx, y: r.maxY), transform: t)
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY), transform: t)
        addCurve(
            to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - k * rx, y: r.maxY),
            control2: CGPoint(x: r.minX, y: r.maxY - ry + k * ry), transform: t)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry), transform: t)
        addCurve(
            to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - k * ry),
            control2: CGPoint(x: r.minX + rx - k * rx, y: r.minY), transform: t)
        closeSubpath()
    }

    public func addPath(_ path: CGPath, transform t: CGAffineTransform = .identity) {
        append(path.elements(transformedBy: t))
    }
}
#endif
