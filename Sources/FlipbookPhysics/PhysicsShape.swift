// Shape definitions: what the caller attaches to a body, in the body's local frame (points).
import Foundation

/// Which shapes may collide: Box2D's category/mask bits and group index.
/// Two shapes collide when they share a negative group never, a positive group always,
/// and otherwise when each one's category is in the other's mask.
public struct PhysicsFilter: Sendable, Equatable {
    public var categoryBits: UInt32
    public var maskBits: UInt32
    public var groupIndex: Int
    public init(categoryBits: UInt32 = 1, maskBits: UInt32 = 0xFFFF_FFFF, groupIndex: Int = 0) {
        self.categoryBits = categoryBits; self.maskBits = maskBits; self.groupIndex = groupIndex
    }
    public static let `default` = PhysicsFilter()
    @inlinable func shouldCollide(with other: PhysicsFilter) -> Bool {
        if groupIndex == other.groupIndex && groupIndex != 0 { return groupIndex > 0 }
        return (maskBits & other.categoryBits) != 0 && (categoryBits & other.maskBits) != 0
    }
}

/// The geometry of a shape, in the body's local frame.
public enum PhysicsGeometry: Sendable, Equatable {
    /// A circle of `radius` around `center`.
    case circle(center: PhysicsVector, radius: Double)
    /// A convex polygon: any points; the engine takes their convex hull (counter-clockwise).
    case polygon([PhysicsVector])
    /// A chain of straight segments through `points` (closed when `isLoop`): static boundaries, paths.
    case chain([PhysicsVector], isLoop: Bool)
}

/// A shape to attach to a body: geometry plus material and filtering.
public struct PhysicsShape: Sendable, Equatable {
    public var geometry: PhysicsGeometry
    /// Mass per square point (mass units / pt²). UIKit's `density` d maps to d / 10 000.
    public var density: Double
    /// Coulomb friction coefficient (mixed as √(μa·μb)).
    public var friction: Double
    /// Restitution (bounciness, 0…1; mixed as max(ea, eb)).
    public var restitution: Double
    public var filter: PhysicsFilter
    /// The caller's identifier for this shape (UIKit layer: item or boundary key).
    public var tag: Int

    public init(geometry: PhysicsGeometry, density: Double = 1.0 / 10_000, friction: Double = 0.2,
                restitution: Double = 0, filter: PhysicsFilter = .default, tag: Int = 0) {
        self.geometry = geometry; self.density = density; self.friction = friction
        self.restitution = restitution; self.filter = filter; self.tag = tag
    }

    /// A `width` × `height` box centred on `center`, turned by `angle` radians.
    /// A zero, negative or non-finite size gives an empty polygon, which `addShape` refuses with a diagnostic.
    public static func box(width: Double, height: Double, center: PhysicsVector = .zero, angle: Double = 0) -> PhysicsShape {
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return PhysicsShape(geometry: .polygon([])) }
        let hx = width / 2, hy = height / 2
        let r = PhysicsRotation(angle: angle)
        let pts = [PhysicsVector(-hx, -hy), PhysicsVector(hx, -hy), PhysicsVector(hx, hy), PhysicsVector(-hx, hy)]
        return PhysicsShape(geometry: .polygon(pts.map { r.apply($0) + center }))
    }
    /// A circle of `radius` centred on `center`.
    public static func circle(radius: Double, center: PhysicsVector = .zero) -> PhysicsShape {
        PhysicsShape(geometry: .circle(center: center, radius: radius))
    }
    /// An ellipse inscribed in a `width` × `height` box, as a convex polygon of `segments` vertices
    /// (a true circle shape when width == height and `segments` is 0). Bad sizes: as for `box`.
    public static func ellipse(width: Double, height: Double, center: PhysicsVector = .zero, segments: Int = 24) -> PhysicsShape {
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return PhysicsShape(geometry: .polygon([])) }
        if segments == 0 && width == height { return circle(radius: width / 2, center: center) }
        let n = max(3, min(segments == 0 ? 24 : segments, 64))
        var pts: [PhysicsVector] = []
        pts.reserveCapacity(n)
        for i in 0..<n {
            let t = 2 * Double.pi * Double(i) / Double(n)
            pts.append(PhysicsVector(center.x + width / 2 * cos(t), center.y + height / 2 * sin(t)))
        }
        return PhysicsShape(geometry: .polygon(pts))
    }
    /// A convex polygon (the convex hull of `points`).
    public static func polygon(_ points: [PhysicsVector]) -> PhysicsShape { PhysicsShape(geometry: .polygon(points)) }
    /// A chain of segments through `points`, closed when `isLoop`.
    public static func chain(_ points: [PhysicsVector], isLoop: Bool = false) -> PhysicsShape {
        PhysicsShape(geometry: .chain(points, isLoop: isLoop))
    }
    /// One straight segment (a two-point chain).
    public static func segment(from a: PhysicsVector, to b: PhysicsVector) -> PhysicsShape { chain([a, b]) }
    /// Independent segments (pairs of points), e.g. a path flattened to lines.
    public static func segments(_ pairs: [(PhysicsVector, PhysicsVector)]) -> [PhysicsShape] { pairs.map { segment(from: $0.0, to: $0.1) } }
}

/// Convex hull (Andrew's monotone chain), counter-clockwise in a y-up frame, collinear points dropped.
/// Returns fewer than 3 points for degenerate input.
func convexHull(_ input: [PhysicsVector], weldTolerance: Double) -> [PhysicsVector] {
    var pts: [PhysicsVector] = []
    for p in input where p.isFinite {
        if !pts.contains(where: { distanceSquared($0, p) < weldTolerance * weldTolerance }) { pts.append(p) }
    }
    if pts.count < 3 { return pts }
    pts.sort { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
    var hull: [PhysicsVector] = []
    for p in pts {
        while hull.count >= 2 && cross(hull[hull.count - 1] - hull[hull.count - 2], p - hull[hull.count - 2]) <= 0 { hull.removeLast() }
        hull.append(p)
    }
    let lowerCount = hull.count + 1
    for p in pts.reversed().dropFirst() {
        while hull.count >= lowerCount && cross(hull[hull.count - 1] - hull[hull.count - 2], p - hull[hull.count - 2]) <= 0 { hull.removeLast() }
        hull.append(p)
    }
    hull.removeLast()
    return hull
}

/// Mass, centroid (local) and rotational inertia about the body origin of a polygon or circle.
struct MassProperties { var mass: Double; var center: PhysicsVector; var inertia: Double }

func polygonMass(_ vs: UnsafeBufferPointer<PhysicsVector>, density: Double) -> MassProperties {
    var area = 0.0, center = PhysicsVector.zero, I = 0.0
    let s = vs[0]
    let inv3 = 1.0 / 3.0
    for i in 0..<vs.count {
        let e1 = vs[i] - s
        let e2 = (i + 1 < vs.count ? vs[i + 1] : vs[0]) - s
        let D = cross(e1, e2)
        let triArea = 0.5 * D
        area += triArea
        center += triArea * inv3 * (e1 + e2)
        let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
        let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
        I += (0.25 * inv3 * D) * (intx2 + inty2)
    }
    guard area > 0 else { return MassProperties(mass: 0, center: s, inertia: 0) }
    let mass = density * area
    center = (1.0 / area) * center
    let c = center + s
    // Inertia about the centroid, then shifted to the body origin.
    let Ic = density * I - mass * dot(center, center)
    return MassProperties(mass: mass, center: c, inertia: Ic + mass * dot(c, c))
}

func circleMass(center: PhysicsVector, radius: Double, density: Double) -> MassProperties {
    let mass = density * Double.pi * radius * radius
    return MassProperties(mass: mass, center: center, inertia: mass * (0.5 * radius * radius + dot(center, center)))
}
