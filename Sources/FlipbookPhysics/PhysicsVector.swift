// Small Double math for the engine's hot loops: vectors, rotations, transforms, boxes.
import Foundation
import FlipbookGeometry

/// A two-dimensional vector of Doubles, the engine's own point and vector type (points, points/s…).
/// Flipbook addition: CGPoint/CGVector convert to and from it at the API edge.
@frozen public struct PhysicsVector: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ point: CGPoint) { x = Double(point.x); y = Double(point.y) }
    public init(_ vector: CGVector) { x = Double(vector.dx); y = Double(vector.dy) }
    public static let zero = PhysicsVector(0, 0)
    public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
    public var cgVector: CGVector { CGVector(dx: x, dy: y) }
    public var description: String { "(\(x), \(y))" }

    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// Both components finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// The unit vector in this direction, or zero for a (near) zero vector.
    @inlinable public var normalized: PhysicsVector {
        let l = length
        return l < 1e-300 ? .zero : PhysicsVector(x / l, y / l)
    }
    /// This vector turned a quarter turn counter-clockwise (in a y-up frame): (-y, x).
    @inlinable public var perpendicular: PhysicsVector { PhysicsVector(-y, x) }

    @inlinable public static func + (a: PhysicsVector, b: PhysicsVector) -> PhysicsVector { PhysicsVector(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: PhysicsVector, b: PhysicsVector) -> PhysicsVector { PhysicsVector(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: PhysicsVector) -> PhysicsVector { PhysicsVector(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: PhysicsVector) -> PhysicsVector { PhysicsVector(s * a.x, s * a.y) }
    @inlinable public static func * (a: PhysicsVector, s: Double) -> PhysicsVector { PhysicsVector(s * a.x, s * a.y) }
    @inlinable public static func += (a: inout PhysicsVector, b: PhysicsVector) { a.x += b.x; a.y += b.y }
    @inlinable public static func -= (a: inout PhysicsVector, b: PhysicsVector) { a.x -= b.x; a.y -= b.y }
}

@inlinable func dot(_ a: PhysicsVector, _ b: PhysicsVector) -> Double { a.x * b.x + a.y * b.y }
/// 2D cross product of two vectors (a scalar).
@inlinable func cross(_ a: PhysicsVector, _ b: PhysicsVector) -> Double { a.x * b.y - a.y * b.x }
/// Cross of a vector with a scalar: (s·a.y, -s·a.x).
@inlinable func cross(_ a: PhysicsVector, _ s: Double) -> PhysicsVector { PhysicsVector(s * a.y, -s * a.x) }
/// Cross of a scalar with a vector: (-s·a.y, s·a.x).
@inlinable func cross(_ s: Double, _ a: PhysicsVector) -> PhysicsVector { PhysicsVector(-s * a.y, s * a.x) }
@inlinable func distanceSquared(_ a: PhysicsVector, _ b: PhysicsVector) -> Double { (a - b).lengthSquared }
@inlinable func vmin(_ a: PhysicsVector, _ b: PhysicsVector) -> PhysicsVector { PhysicsVector(min(a.x, b.x), min(a.y, b.y)) }
@inlinable func vmax(_ a: PhysicsVector, _ b: PhysicsVector) -> PhysicsVector { PhysicsVector(max(a.x, b.x), max(a.y, b.y)) }

/// A rotation stored as sine and cosine.
@frozen public struct PhysicsRotation: Sendable, Equatable {
    public var s: Double
    public var c: Double
    @inlinable public init(angle: Double) { s = sin(angle); c = cos(angle) }
    @inlinable public init(s: Double, c: Double) { self.s = s; self.c = c }
    public static let identity = PhysicsRotation(s: 0, c: 1)
    @inlinable public var angle: Double { atan2(s, c) }
    /// Rotates `v` by this rotation.
    @inlinable public func apply(_ v: PhysicsVector) -> PhysicsVector { PhysicsVector(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates `v` by the inverse of this rotation.
    @inlinable public func applyInverse(_ v: PhysicsVector) -> PhysicsVector { PhysicsVector(c * v.x + s * v.y, -s * v.x + c * v.y) }
}

/// A rigid transform: translation then rotation.
@frozen public struct PhysicsTransform: Sendable, Equatable {
    public var p: PhysicsVector
    public var q: PhysicsRotation
    @inlinable public init(p: PhysicsVector, q: PhysicsRotation) { self.p = p; self.q = q }
    public static let identity = PhysicsTransform(p: .zero, q: .identity)
    @inlinable public func apply(_ v: PhysicsVector) -> PhysicsVector {
        PhysicsVector(q.c * v.x - q.s * v.y + p.x, q.s * v.x + q.c * v.y + p.y)
    }
    @inlinable public func applyInverse(_ v: PhysicsVector) -> PhysicsVector {
        let px = v.x - p.x, py = v.y - p.y
        return PhysicsVector(q.c * px + q.s * py, -q.s * px + q.c * py)
    }
}

/// An axis-aligned bounding box.
@frozen public struct PhysicsAABB: Sendable, Equatable {
    public var lower: PhysicsVector
    public var upper: PhysicsVector
    @inlinable public init(lower: PhysicsVector, upper: PhysicsVector) { self.lower = lower; self.upper = upper }
    @inlinable func overlaps(_ b: PhysicsAABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inlinable func contains(_ b: PhysicsAABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inlinable func union(_ b: PhysicsAABB) -> PhysicsAABB { PhysicsAABB(lower: vmin(lower, b.lower), upper: vmax(upper, b.upper)) }
    @inlinable var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inlinable func extended(by r: Double) -> PhysicsAABB {
        PhysicsAABB(lower: PhysicsVector(lower.x - r, lower.y - r), upper: PhysicsVector(upper.x + r, upper.y + r))
    }
}
