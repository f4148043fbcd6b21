// Continuous collision: fast dynamic bodies are moved back to their time of impact with static
// geometry (conservative advancement on a separation lower bound), so they cannot tunnel.
import Foundation

extension PhysicsWorld {
    /// A lower bound of the distance between two primitives (negative: penetration depth along the best axis).
    func separationBound(_ a: Primitive, _ xfA: PhysicsTransform, _ b: Primitive, _ xfB: PhysicsTransform,
                         _ vs: UnsafePointer<PhysicsVector>, _ ns: UnsafePointer<PhysicsVector>) -> Double {
        func poly(_ p: Primitive) -> PolygonRef {
            PolygonRef(vertices: vs + Int(p.vStart), normals: ns + Int(p.vStart), count: Int(p.vCount), radius: p.radius)
        }
        func circleVsPoly(_ c: Primitive, _ xfC: PhysicsTransform, _ p: Primitive, _ xfP: PhysicsTransform) -> Double {
            let local = xfP.applyInverse(xfC.apply(c.center))
            let pr = poly(p)
            var faceSeparation = -Double.greatestFiniteMagnitude
            for i in 0..<pr.count { faceSeparation = max(faceSeparation, dot(pr.normals[i], local - pr.vertices[i])) }
            if faceSeparation <= 0 { return faceSeparation - c.radius - p.radius }
            // Outside: the exact distance to the nearest edge.
            var nearest = Double.greatestFiniteMagnitude
            for i in 0..<pr.count {
                let v1 = pr.vertices[i], v2 = pr.vertices[i + 1 < pr.count ? i + 1 : 0]
                let e = v2 - v1
                let t = min(max(dot(local - v1, e) / max(e.lengthSquared, 1e-300), 0), 1)
                nearest = min(nearest, distanceSquared(local, v1 + t * e))
            }
            return nearest.squareRoot() - c.radius - p.radius
        }
        switch (a.isCircle, b.isCircle) {
        case (true, true):
            return (xfA.apply(a.center) - xfB.apply(b.center)).length - a.radius - b.radius
        case (true, false): return circleVsPoly(a, xfA, b, xfB)
        case (false, true): return circleVsPoly(b, xfB, a, xfA)
        case (false, false):
            let (_, s1) = findMaxSeparation(poly(a), xfA, poly(b), xfB)
            let (_, s2) = findMaxSeparation(poly(b), xfB, poly(a), xfA)
            return max(s1, s2) - a.radius - b.radius
        }
    }

    /// The awake dynamic bodies that moved far enough this sub-step to pass through something
    /// (bullets: any motion), with a bound on how far any of their points moved. One read-only
    /// pass over the world's arrays; most sub-steps find none.
    func fastBodies() -> [(index: Int, bound: Double)] {
        var fast: [(index: Int, bound: Double)] = []
        bodies.withUnsafeBufferPointer { bodies in
            shapes.withUnsafeBufferPointer { shapes in
                primitives.withUnsafeBufferPointer { primitives in
                    vertices.withUnsafeBufferPointer { vertices in
                        for bi in bodies.indices {
                            let b = bodies.baseAddress! + bi
                            guard b.pointee.alive, b.pointee.awake, b.pointee.type == .dynamic, b.pointee.firstShape != -1 else { continue }
                            let motion = (b.pointee.c - b.pointee.c0).length
                            let localCenter = b.pointee.localCenter
                            var maxRadius = 0.0
                            var s = b.pointee.firstShape
                            while s != -1 {
                                var p = shapes[Int(s)].firstPrimitive
                                while p != -1 {
                                    let prim = primitives.baseAddress! + Int(p)
                                    if prim.pointee.isCircle {
                                        maxRadius = max(maxRadius, (prim.pointee.center - localCenter).length + prim.pointee.radius)
                                    } else {
                                        for k in 0..<Int(prim.pointee.vCount) {
                                            maxRadius = max(maxRadius, (vertices[Int(prim.pointee.vStart) + k] - localCenter).length + prim.pointee.radius)
                                        }
                                    }
                                    p = prim.pointee.next
                                }
                                s = shapes[Int(s)].next
                            }
                            let bound = motion + abs(b.pointee.a - b.pointee.a0) * maxRadius
                            guard b.pointee.bullet || bound > 0.25 * b.pointee.minExtent, bound > 0 else { continue }
                            fast.append((bi, bound))
                        }
                    }
                }
            }
        }
        return fast
    }

    func solveContinuous(_ h: Double) {
        let slop = settings.linearSlop
        // Moving a body back to its time of impact changes only that body, so the fast ones can
        // be listed first.
        for (bi, bound) in fastBodies() {
            let b = bodies[bi]
            let xf0 = transformFor(b.c0, b.a0, b.localCenter)
            var tMin = 1.0
            vertices.withUnsafeBufferPointer { vbuf in
            normals.withUnsafeBufferPointer { nbuf in
                let vs = vbuf.baseAddress!, ns = nbuf.baseAddress!
                var s = b.firstShape
                while s != -1 {
                    let filter = shapes[Int(s)].filter
                    var p = shapes[Int(s)].firstPrimitive
                    while p != -1 {
                        let prim = primitives[Int(p)]
                        let swept = primitiveAABB(prim, xf0).union(primitiveAABB(prim, b.xf))
                        var candidates: [Int32] = []
                        let nodes = tree.nodes
                        tree.query(swept) { proxy in candidates.append(nodes[Int(proxy)].item); return true }
                        for other in candidates.sorted() {
                            let o = primitives[Int(other)]
                            guard bodies[Int(o.body)].type == .static,
                                  filter.shouldCollide(with: shapes[Int(o.shape)].filter) else { continue }
                            let oxf = bodies[Int(o.body)].xf
                            var target = -0.5 * slop // radii are already part of the bound
                            let tolerance = 0.25 * slop
                            var t = 0.0
                            var d = separationBound(prim, xf0, o, oxf, vs, ns)
                            if d <= target + tolerance {
                                // Already touching at the start. The contact holds the points it
                                // found then, but a body turning fast about one of them can swing
                                // another part through the shape within the sub-step (a thin item
                                // touching a wall at one corner, physics fuzz seed 8675512): it may
                                // end no more than a slop deeper than it started.
                                target = d - slop
                            }
                            var hit = false
                            for _ in 0..<50 {
                                let step = (d - target) / bound
                                t += step
                                if t >= tMin { break }
                                let xf = transformFor(b.c0 + t * (b.c - b.c0), b.a0 + t * (b.a - b.a0), b.localCenter)
                                d = separationBound(prim, xf, o, oxf, vs, ns)
                                if d <= target + tolerance { hit = true; break }
                            }
                            if hit && t < tMin { tMin = t }
                        }
                        p = prim.next
                    }
                    s = shapes[Int(s)].next
                }
            } }
            if tMin < 1 {
                var body = bodies[bi]
                body.c = body.c0 + tMin * (body.c - body.c0)
                body.a = body.a0 + tMin * (body.a - body.a0)
                body.xf = transformFor(body.c, body.a, body.localCenter)
                bodies[bi] = body
            }
        }
    }
}
