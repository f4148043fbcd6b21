// Continuous collision: dynamic bodies are moved back to their time of impact with the static
// geometry they could pass through (conservative advancement on a separation lower bound), so
// they cannot tunnel: fast bodies against every static shape, every other moving body against
// the static shapes thin enough for its motion (segments, chains, thin boxes; Box2D 2.4 sweeps
// every dynamic body against static geometry, docs/Divergences.md). A body stopped at its time of
// impact bounces off the static shapes there on its own, joints left out, as in Box2D's TOI solve.
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

    /// The awake dynamic bodies that moved this sub-step, with a bound on how far any of their
    /// points moved, and whether they moved far enough to pass through anything (`fast`: more
    /// than a quarter of their smallest extent, Box2D v3's rule; bullets: any motion). A body
    /// that is not fast can still pass through a thin static shape (a slow corner of a large
    /// panel past a one-point segment): it is swept against the shapes thinner than its motion
    /// allows (`passesThrough`). One read-only pass over the world's arrays.
    func movedBodies() -> [(index: Int, bound: Double, fast: Bool)] {
        var moved: [(index: Int, bound: Double, fast: Bool)] = []
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
                            guard bound > 0 else { continue }
                            moved.append((bi, bound, b.pointee.bullet || bound > 0.25 * b.pointee.minExtent))
                        }
                    }
                }
            }
        }
        return moved
    }

    /// The thickness of a static primitive: the smallest width of a polygon across its faces
    /// (0 for a segment), a circle's diameter; skin radius included.
    func thickness(_ p: Primitive, _ vs: UnsafePointer<PhysicsVector>, _ ns: UnsafePointer<PhysicsVector>) -> Double {
        if p.isCircle { return 2 * p.radius }
        let n = Int(p.vCount)
        if n < 3 { return 2 * p.radius }
        var thinnest = Double.greatestFiniteMagnitude
        for i in 0..<n {
            let normal = ns[Int(p.vStart) + i], v = vs[Int(p.vStart) + i]
            var width = 0.0
            for j in 0..<n { width = max(width, dot(normal, v - vs[Int(p.vStart) + j])) }
            thinnest = min(thinnest, width)
        }
        return thinnest + 2 * p.radius
    }

    /// Whether a body whose points moved up to `bound` this sub-step could have passed through
    /// the static primitive `o`: its motion is more than a quarter of the primitive's thickness
    /// (any motion past a segment). Bodies that are not fast are swept against these only: a
    /// thick static shape keeps a slow body on the near side by its contacts alone.
    @inline(__always) func passesThrough(_ bound: Double, _ o: Primitive, _ vs: UnsafePointer<PhysicsVector>,
                                         _ ns: UnsafePointer<PhysicsVector>) -> Bool {
        bound > 0.25 * thickness(o, vs, ns)
    }

    /// Whether primitives `a` and `b` may touch: their pair has a contact, or passes the checks a
    /// new pair passes in `addPair` (category bits, joints between the bodies, `shouldCollide`).
    func mayCollide(_ a: Int32, _ b: Int32) -> Bool {
        let key = UInt64(UInt32(min(a, b))) << 32 | UInt64(UInt32(max(a, b)))
        if contactKeys[key] != nil { return true }
        let pa = primitives[Int(a)], pb = primitives[Int(b)]
        if pa.body == pb.body { return false }
        if !shapes[Int(pa.shape)].filter.shouldCollide(with: shapes[Int(pb.shape)].filter) { return false }
        if jointPreventsCollision(pa.body, pb.body) { return false }
        if let filter = shouldCollide, !filter(shapeID(pa.shape), shapeID(pb.shape)) { return false }
        return true
    }

    /// Conservative advancement of body `b`'s primitive `prim` (moving from `xf0` to `b.xf` over
    /// the sub-step, no point further than `bound`) towards static primitive `o`: the first time
    /// in 0..<`before` at which the separation bound falls to `target` + `tolerance`, from `d0`
    /// at time 0; nil when it does not within 50 steps. Time 0 when `d0` is already there.
    func advance(_ prim: Primitive, _ b: Body, _ xf0: PhysicsTransform, _ o: Primitive, _ oxf: PhysicsTransform,
                 _ vs: UnsafePointer<PhysicsVector>, _ ns: UnsafePointer<PhysicsVector>,
                 from d0: Double, to target: Double, tolerance: Double, bound: Double, before tMin: Double) -> Double? {
        if d0 <= target + tolerance { return 0 }
        var t = 0.0, d = d0
        for _ in 0..<50 {
            let step = (d - target) / bound
            t += step
            if t >= tMin { return nil }
            let xf = transformFor(b.c0 + t * (b.c - b.c0), b.a0 + t * (b.a - b.a0), b.localCenter)
            d = separationBound(prim, xf, o, oxf, vs, ns)
            if d <= target + tolerance { return t }
        }
        return nil
    }

    /// The thickness of the thinnest static primitive (worked out again after static geometry
    /// changed): a slow body that moves less than a quarter of it cannot pass through any.
    func thinnestStaticThickness() -> Double {
        if let t = thinnestStatic { return t }
        var t = Double.greatestFiniteMagnitude
        vertices.withUnsafeBufferPointer { vbuf in
            normals.withUnsafeBufferPointer { nbuf in
                guard let vs = vbuf.baseAddress, let ns = nbuf.baseAddress else { return }
                for p in primitives where p.alive && bodies[Int(p.body)].isStatic { t = min(t, thickness(p, vs, ns)) }
            }
        }
        thinnestStatic = t
        return t
    }

    func solveContinuous(_ h: Double) {
        let slop = settings.linearSlop
        let thinnest = thinnestStaticThickness()
        // Moving a body back to its time of impact changes only that body, so the moving ones can
        // be listed first.
        var candidates: [Int32] = []
        for (bi, bound, fast) in movedBodies() where fast || bound > 0.25 * thinnest {
            let b = bodies[bi]
            let xf0 = transformFor(b.c0, b.a0, b.localCenter)
            var tMin = 1.0
            // Whether the earliest time of impact is one the body reached from apart (not one
            // found for a body already touching the shape), and the pairs it may touch there.
            var impact = false
            var touchable: [(own: Int32, other: Int32)] = []
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
                        candidates.removeAll(keepingCapacity: true)
                        let nodes = tree.nodes
                        tree.query(swept) { proxy in candidates.append(nodes[Int(proxy)].item); return true }
                        candidates.sort()
                        for other in candidates {
                            let o = primitives[Int(other)]
                            guard bodies[Int(o.body)].type == .static,
                                  filter.shouldCollide(with: shapes[Int(o.shape)].filter) else { continue }
                            let oxf = bodies[Int(o.body)].xf
                            // A slow body only against what it could pass through, and only when
                            // its box over the sub-step meets the shape's own (not just its fat box).
                            if !fast {
                                guard passesThrough(bound, o, vs, ns), swept.overlaps(boundingBox(of: o, at: oxf, vertices: vs)) else { continue }
                            }
                            // Only a pair that may have a contact: a body stopped where no contact
                            // can hold it would be stopped again every sub-step, keeping its speed.
                            guard mayCollide(p, other) else { continue }
                            touchable.append((p, other))
                            // Radii are already part of the bound. A fast body stops half a slop
                            // inside the shape. A slow one stops half a slop short of it, so that
                            // the next narrow phase sees the shapes apart and takes the axis that
                            // separates them as the contact's normal: a corner meeting a segment
                            // near its end then hits the end's side and is stopped, instead of
                            // being pushed along the segment's face while it slides past.
                            var target = fast ? -0.5 * slop : 0.5 * slop
                            let tolerance = 0.25 * slop
                            let d0 = separationBound(prim, xf0, o, oxf, vs, ns)
                            let apart = d0 > target + tolerance
                            if !apart {
                                // Already touching at the start. The contact holds the points it
                                // found then, but a body turning fast about one of them can swing
                                // another part through the shape within the sub-step (a thin item
                                // touching a wall at one corner, physics fuzz seed 8675512): it may
                                // end no more than a slop deeper than it started.
                                target = d0 - slop
                            }
                            if let t = advance(prim, b, xf0, o, oxf, vs, ns, from: d0, to: target, tolerance: tolerance,
                                               bound: bound, before: tMin) {
                                tMin = t
                                impact = apart
                            }
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
                if impact && settings.resolvesImpactsWithoutJoints { resolveImpact(bi, touchable, h) }
            }
        }
    }

    /// Box2D 2.4's time-of-impact sub-step for one body, stopped where it met static geometry:
    /// it bounces off the static shapes it touches there on its own, restitution (on its speed
    /// now, as Box2D's TOI solve takes it) and friction included, with no warm start. Its
    /// joints are not part of this solve, as Box2D's TOI islands hold contacts with static
    /// bodies only; they take up the new velocity in the next sub-step, which removes what the
    /// joints do not allow (a pinned panel striking a wall with its far corner keeps about a
    /// fifth of its angular speed, where restitution about the pin would leave it 0.6). The impulses
    /// are not kept for warm starting (Box2D: they can be large), and the rest of the sub-step
    /// is not simulated (the body stays at its time of impact, as before).
    func resolveImpact(_ bi: Int, _ pairs: [(own: Int32, other: Int32)], _ h: Double) {
        let slop = settings.linearSlop, margin = max(0, settings.speculativeDistance)
        // Local solver arrays: index 0 is the body, then one entry per static body touched.
        var local: [Int32: Int32] = [Int32(bi): 0]
        var positions = [SolverPosition(c: bodies[bi].c, a: bodies[bi].a, q: bodies[bi].xf.q)]
        var velocities = [SolverVelocity(v: bodies[bi].v, w: bodies[bi].w)]
        var found: [(Contact, ContactPositionConstraint)] = []
        vertices.withUnsafeBufferPointer { vbuf in
            normals.withUnsafeBufferPointer { nbuf in
                let vs = vbuf.baseAddress!, ns = nbuf.baseAddress!
                for (own, other) in pairs {
                    // The order `addPair` gives the pair (a circle is B against a polygon; a chain
                    // segment is A against a polygon), so the chain's ghost rules apply.
                    var a = own, b = other
                    let pOwn = primitives[Int(own)], pOther = primitives[Int(other)]
                    if pOwn.isCircle && !pOther.isCircle { swap(&a, &b) }
                    else if !pOwn.isCircle && pOther.isChainSegment && !pOwn.isChainSegment { swap(&a, &b) }
                    let pa = primitives[Int(a)], pb = primitives[Int(b)]
                    let bodyA = bodies[Int(pa.body)], bodyB = bodies[Int(pb.body)]
                    let m = collide(pa, bodyA.xf, bodyA.c, pb, bodyB.xf, bodyB.c, vs, ns, slop: slop, margin: margin)
                    guard m.count > 0 else { continue }
                    for body in [pa.body, pb.body] where local[body] == nil {
                        local[body] = Int32(positions.count)
                        positions.append(SolverPosition(c: bodies[Int(body)].c, a: bodies[Int(body)].a, q: bodies[Int(body)].xf.q))
                        velocities.append(SolverVelocity(v: .zero, w: 0))
                    }
                    let sA = shapes[Int(pa.shape)], sB = shapes[Int(pb.shape)]
                    var c = Contact()
                    c.alive = true; c.touching = true
                    c.primA = a; c.primB = b; c.bodyA = pa.body; c.bodyB = pb.body
                    c.manifold = m
                    c.friction = (sA.friction * sB.friction).squareRoot()
                    c.restitution = max(sA.restitution, sB.restitution)
                    var pc = ContactPositionConstraint()
                    pc.indexA = local[pa.body]!; pc.indexB = local[pb.body]!
                    let dynamicA = Int(pa.body) == bi
                    pc.invMassA = dynamicA ? bodyA.invMass : 0; pc.invIA = dynamicA ? bodyA.invI : 0
                    pc.invMassB = dynamicA ? 0 : bodyB.invMass; pc.invIB = dynamicA ? 0 : bodyB.invI
                    pc.localCenterA = bodyA.localCenter; pc.localCenterB = bodyB.localCenter
                    pc.localNormal = m.localNormal; pc.localPoint = m.localPoint
                    pc.localPoint0 = m.p0.localPoint; pc.localPoint1 = m.p1.localPoint
                    pc.radiusA = pa.radius; pc.radiusB = pb.radius
                    pc.type = m.type
                    pc.pointCount = m.count
                    found.append((c, pc))
                }
            }
        }
        if found.isEmpty { return }
        var vcs = [ContactVelocityConstraint](repeating: ContactVelocityConstraint(), count: found.count)
        var current = velocities
        positions.withUnsafeMutableBufferPointer { pos in
            velocities.withUnsafeMutableBufferPointer { vel in
                current.withUnsafeMutableBufferPointer { vel0 in
                    vcs.withUnsafeMutableBufferPointer { vcb in
                        for i in found.indices {
                            var pc = found[i].1
                            var c = found[i].0
                            ContactSolver.initialize(vcb.baseAddress! + i, &pc, &c, contactIndex: i, pos.baseAddress!, vel.baseAddress!,
                                                     vel0.baseAddress!, threshold: settings.restitutionThreshold, warmStarting: false,
                                                     h: h)
                        }
                        for _ in 0..<max(1, settings.velocityIterations) { ContactSolver.solveVelocity(vcb, vel) }
                    }
                }
            }
        }
        let v = velocities[0]
        guard v.v.isFinite, v.w.isFinite else { return }
        bodies[bi].v = v.v
        bodies[bi].w = v.w
    }
}
