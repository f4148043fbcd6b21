// The narrow phase: contact manifolds between circles and convex polygons (edges are two-vertex
// polygons), after Box2D 2.4's clipping algorithms, written for this engine.

enum ManifoldType: UInt8 { case circles, faceA, faceB }

struct ManifoldPoint {
    var localPoint = PhysicsVector.zero
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var id: UInt32 = 0
}

struct Manifold {
    var p0 = ManifoldPoint()
    var p1 = ManifoldPoint()
    var localNormal = PhysicsVector.zero
    var localPoint = PhysicsVector.zero
    var type = ManifoldType.circles
    var count = 0
    @inline(__always) subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? p0 : p1 }
        set { if i == 0 { p0 = newValue } else { p1 = newValue } }
    }
}

/// A view of a convex polygon (or a two-vertex edge) in its body's frame.
struct PolygonRef {
    var vertices: UnsafePointer<PhysicsVector>
    var normals: UnsafePointer<PhysicsVector>
    var count: Int
    var radius: Double
}

@inline(__always) func mulT(_ a: PhysicsTransform, _ b: PhysicsTransform) -> PhysicsTransform {
    // a⁻¹ · b
    let q = PhysicsRotation(s: a.q.c * b.q.s - a.q.s * b.q.c, c: a.q.c * b.q.c + a.q.s * b.q.s)
    return PhysicsTransform(p: a.q.applyInverse(b.p - a.p), q: q)
}

@inline(__always) func featureID(_ indexA: Int, _ indexB: Int, _ typeA: UInt32, _ typeB: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: indexA & 0xFF) | UInt32(truncatingIfNeeded: indexB & 0xFF) << 8 | typeA << 16 | typeB << 24
}
@inline(__always) func flipFeature(_ id: UInt32) -> UInt32 {
    let a = id & 0xFF, b = (id >> 8) & 0xFF, ta = (id >> 16) & 0xFF, tb = (id >> 24) & 0xFF
    return b | a << 8 | tb << 16 | ta << 24
}

func collideCircles(_ m: inout Manifold, centerA: PhysicsVector, radiusA: Double, _ xfA: PhysicsTransform,
                    centerB: PhysicsVector, radiusB: Double, _ xfB: PhysicsTransform, margin: Double) {
    m.count = 0
    let pA = xfA.apply(centerA), pB = xfB.apply(centerB)
    let r = radiusA + radiusB + margin
    if distanceSquared(pA, pB) > r * r { return }
    m.type = .circles
    m.localPoint = centerA
    m.localNormal = .zero
    m.count = 1
    m.p0.localPoint = centerB
    m.p0.id = 0
}

func collidePolygonAndCircle(_ m: inout Manifold, _ poly: PolygonRef, _ xfA: PhysicsTransform,
                             center: PhysicsVector, radius circleRadius: Double, _ xfB: PhysicsTransform, margin: Double) {
    m.count = 0
    let cLocal = xfA.applyInverse(xfB.apply(center))
    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    let radius = poly.radius + circleRadius + margin
    for i in 0..<poly.count {
        let s = dot(poly.normals[i], cLocal - poly.vertices[i])
        if s > radius { return }
        if s > separation { separation = s; normalIndex = i }
    }
    let v1 = poly.vertices[normalIndex]
    let v2 = poly.vertices[normalIndex + 1 < poly.count ? normalIndex + 1 : 0]
    m.type = .faceA
    m.p0.localPoint = center
    m.p0.id = 0
    if separation < 1e-12 {
        m.count = 1
        m.localNormal = poly.normals[normalIndex]
        m.localPoint = 0.5 * (v1 + v2)
        return
    }
    let u1 = dot(cLocal - v1, v2 - v1)
    let u2 = dot(cLocal - v2, v1 - v2)
    if u1 <= 0 {
        if distanceSquared(cLocal, v1) > radius * radius { return }
        m.count = 1; m.localNormal = (cLocal - v1).normalized; m.localPoint = v1
    } else if u2 <= 0 {
        if distanceSquared(cLocal, v2) > radius * radius { return }
        m.count = 1; m.localNormal = (cLocal - v2).normalized; m.localPoint = v2
    } else {
        let faceCenter = 0.5 * (v1 + v2)
        if dot(cLocal - faceCenter, poly.normals[normalIndex]) > radius { return }
        m.count = 1; m.localNormal = poly.normals[normalIndex]; m.localPoint = faceCenter
    }
}

/// The face of `p1` with the largest separation from `p2`, and that separation.
@inline(__always) func findMaxSeparation(_ p1: PolygonRef, _ xf1: PhysicsTransform, _ p2: PolygonRef, _ xf2: PhysicsTransform) -> (Int, Double) {
    let xf = mulT(xf2, xf1)
    var best = 0
    var maxSep = -Double.greatestFiniteMagnitude
    for i in 0..<p1.count {
        let n = xf.q.apply(p1.normals[i])
        let v1 = xf.apply(p1.vertices[i])
        var si = Double.greatestFiniteMagnitude
        for j in 0..<p2.count {
            let sij = dot(n, p2.vertices[j] - v1)
            if sij < si { si = sij }
        }
        if si > maxSep { maxSep = si; best = i }
    }
    return (best, maxSep)
}

struct ClipVertex { var v: PhysicsVector; var id: UInt32 }

@inline(__always) func clipSegmentToLine(_ a: ClipVertex, _ b: ClipVertex, normal: PhysicsVector, offset: Double,
                                         vertexIndexA: Int) -> (ClipVertex, ClipVertex, Int) {
    var out0 = a, out1 = b
    var count = 0
    let d0 = dot(normal, a.v) - offset
    let d1 = dot(normal, b.v) - offset
    if d0 <= 0 { out0 = a; count = 1 }
    if d1 <= 0 { if count == 0 { out0 = b } else { out1 = b }; count += 1 }
    if d0 * d1 < 0 {
        let t = d0 / (d0 - d1)
        let cv = ClipVertex(v: a.v + t * (b.v - a.v), id: featureID(vertexIndexA, Int((a.id >> 8) & 0xFF), 1, 0))
        if count == 0 { out0 = cv } else { out1 = cv }
        count += 1
    }
    return (out0, out1, count)
}

func collidePolygons(_ m: inout Manifold, _ polyA: PolygonRef, _ xfA: PhysicsTransform,
                     _ polyB: PolygonRef, _ xfB: PhysicsTransform, linearSlop: Double, margin: Double,
                     forceFaceA: Bool = false) {
    m.count = 0
    let totalRadius = polyA.radius + polyB.radius
    let (edgeA, sepA) = findMaxSeparation(polyA, xfA, polyB, xfB)
    if sepA > totalRadius + margin { return }
    let (edgeB, sepB) = findMaxSeparation(polyB, xfB, polyA, xfA)
    if sepB > totalRadius + margin { return }

    let poly1: PolygonRef, poly2: PolygonRef, xf1: PhysicsTransform, xf2: PhysicsTransform, edge1: Int, flip: Bool
    if !forceFaceA && sepB > sepA + 0.1 * linearSlop {
        poly1 = polyB; poly2 = polyA; xf1 = xfB; xf2 = xfA; edge1 = edgeB; flip = true; m.type = .faceB
    } else {
        poly1 = polyA; poly2 = polyB; xf1 = xfA; xf2 = xfB; edge1 = edgeA; flip = false; m.type = .faceA
    }
    // Incident edge: the face of poly2 most anti-parallel to the reference normal.
    let normal1 = xf2.q.applyInverse(xf1.q.apply(poly1.normals[edge1]))
    var index = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly2.count {
        let d = dot(normal1, poly2.normals[i])
        if d < minDot { minDot = d; index = i }
    }
    let i2 = index + 1 < poly2.count ? index + 1 : 0
    let inc0 = ClipVertex(v: xf2.apply(poly2.vertices[index]), id: featureID(edge1, index, 0, 1))
    let inc1 = ClipVertex(v: xf2.apply(poly2.vertices[i2]), id: featureID(edge1, i2, 0, 1))

    let iv1 = edge1, iv2 = edge1 + 1 < poly1.count ? edge1 + 1 : 0
    var v11 = poly1.vertices[iv1], v12 = poly1.vertices[iv2]
    let localTangent = (v12 - v11).normalized
    let localNormal = cross(localTangent, 1.0)
    let planePoint = 0.5 * (v11 + v12)
    let tangent = xf1.q.apply(localTangent)
    let normal = cross(tangent, 1.0)
    v11 = xf1.apply(v11); v12 = xf1.apply(v12)
    let frontOffset = dot(normal, v11)
    let sideOffset1 = -dot(tangent, v11) + totalRadius
    let sideOffset2 = dot(tangent, v12) + totalRadius

    let (c10, c11, n1) = clipSegmentToLine(inc0, inc1, normal: -tangent, offset: sideOffset1, vertexIndexA: iv1)
    if n1 < 2 { return }
    let (c20, c21, n2) = clipSegmentToLine(c10, c11, normal: tangent, offset: sideOffset2, vertexIndexA: iv2)
    if n2 < 2 { return }

    m.localNormal = localNormal
    m.localPoint = planePoint
    var count = 0
    if dot(normal, c20.v) - frontOffset <= totalRadius + margin {
        m.p0 = ManifoldPoint(localPoint: xf2.applyInverse(c20.v), id: flip ? flipFeature(c20.id) : c20.id)
        count = 1
    }
    if dot(normal, c21.v) - frontOffset <= totalRadius + margin {
        let mp = ManifoldPoint(localPoint: xf2.applyInverse(c21.v), id: flip ? flipFeature(c21.id) : c21.id)
        if count == 0 { m.p0 = mp } else { m.p1 = mp }
        count += 1
    }
    m.count = count
}

/// World-space normal, points and separations of a manifold (for the solver's set-up).
struct WorldManifold {
    var normal = PhysicsVector.zero
    var point0 = PhysicsVector.zero
    var point1 = PhysicsVector.zero
    var separation0 = 0.0
    var separation1 = 0.0

    /// `firstPointOnly`: only `normal`, `point0` and `separation0` (what a contact event reports).
    init(_ m: Manifold, _ xfA: PhysicsTransform, _ radiusA: Double, _ xfB: PhysicsTransform, _ radiusB: Double,
         firstPointOnly: Bool = false) {
        if m.count == 0 { return }
        let count = firstPointOnly ? 1 : m.count
        switch m.type {
        case .circles:
            normal = PhysicsVector(1, 0)
            let pA = xfA.apply(m.localPoint), pB = xfB.apply(m.p0.localPoint)
            if distanceSquared(pA, pB) > 1e-24 { normal = (pB - pA).normalized }
            let cA = pA + radiusA * normal, cB = pB - radiusB * normal
            point0 = 0.5 * (cA + cB)
            separation0 = dot(cB - cA, normal)
        case .faceA:
            normal = xfA.q.apply(m.localNormal)
            let planePoint = xfA.apply(m.localPoint)
            for i in 0..<count {
                let clip = xfB.apply(m[i].localPoint)
                let cA = clip + (radiusA - dot(clip - planePoint, normal)) * normal
                let cB = clip - radiusB * normal
                if i == 0 { point0 = 0.5 * (cA + cB); separation0 = dot(cB - cA, normal) } else { point1 = 0.5 * (cA + cB); separation1 = dot(cB - cA, normal) }
            }
        case .faceB:
            normal = xfB.q.apply(m.localNormal)
            let planePoint = xfB.apply(m.localPoint)
            for i in 0..<count {
                let clip = xfA.apply(m[i].localPoint)
                let cB = clip + (radiusB - dot(clip - planePoint, normal)) * normal
                let cA = clip - radiusA * normal
                if i == 0 { point0 = 0.5 * (cA + cB); separation0 = dot(cA - cB, normal) } else { point1 = 0.5 * (cA + cB); separation1 = dot(cA - cB, normal) }
            }
            normal = -normal
        }
    }
}

/// Box2D's "smooth collision" for a chain segment (see box2d.org/posts/2020/06/ghost-collisions):
/// when the polygon's face was the reference, its normal is checked against the Gauss map of the
/// chain at the segment's ends. Returns .keep, .skip (a neighbour segment owns this contact) or
/// .snap (use the segment's own face). Two-sided: the segment is viewed from the polygon's side.
enum ChainDecision { case keep, skip, snap }

func chainDecision(normal: PhysicsVector, polygonCenter: PhysicsVector, v1 w1: PhysicsVector, v2 w2: PhysicsVector,
                   ghost0 g0: PhysicsVector?, ghost3 g3: PhysicsVector?) -> ChainDecision {
    var v1 = w1, v2 = w2, v0 = g0, v3 = g3
    if dot(polygonCenter - v1, PhysicsVector(v2.y - v1.y, v1.x - v2.x)) < 0 {
        // The polygon is on the left: mirror the chain so that it is on the right-hand normal's side.
        swap(&v1, &v2); swap(&v0, &v3)
    }
    let edge1 = (v2 - v1).normalized
    let sinTol = 0.1
    if dot(normal, edge1) <= 0 {
        guard let v0 else { return .keep }
        let edge0 = (v1 - v0).normalized
        let normal0 = PhysicsVector(edge0.y, -edge0.x)
        if cross(edge0, edge1) >= 0 { return cross(normal, normal0) > sinTol ? .skip : .keep }
        return .snap
    } else {
        guard let v3 else { return .keep }
        let edge2 = (v3 - v2).normalized
        let normal2 = PhysicsVector(edge2.y, -edge2.x)
        if cross(edge1, edge2) >= 0 { return cross(normal2, normal) > sinTol ? .skip : .keep }
        return .snap
    }
}
