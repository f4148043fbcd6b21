// Stepping: fixed sub-steps, broad phase pairs, narrow phase, islands and sleep, the solver.
import Foundation

extension PhysicsWorld {
    /// Advances the world by `dt` seconds of frame time: the time is accumulated and as many fixed
    /// sub-steps (`settings.fixedTimeStep`) as fit are run, so the result does not depend on the
    /// frame rate. Non-finite or negative `dt` is ignored, `dt` above `settings.maxFrameTime` is
    /// clamped, and at most `settings.maxSubStepsPerCall` sub-steps run (each with a diagnostic).
    /// Forces applied before the call act for the whole call, then are cleared.
    public func step(_ dt: Double) {
        contactEvents.removeAll(keepingCapacity: true)
        var frame = dt
        if !frame.isFinite || frame < 0 {
            report(.invalidValue, "step: time step \(dt) is invalid; ignored")
            frame = 0
        } else if frame > settings.maxFrameTime {
            report(.timeStepClamped, "step: time step \(dt) s clamped to \(settings.maxFrameTime) s")
            frame = settings.maxFrameTime
        }
        var h = settings.fixedTimeStep
        if !(h.isFinite && h > 0) { report(.invalidValue, "settings.fixedTimeStep \(h) is invalid; using 1/240"); h = 1.0 / 240.0; settings.fixedTimeStep = h }
        let f = settings.jointWarmStartFactor
        if !(f.isFinite && f >= 0 && f <= 1) {
            report(.invalidValue, "settings.jointWarmStartFactor \(f) is outside 0...1; using \(f.isFinite ? min(max(f, 0), 1) : 0.95)")
            settings.jointWarmStartFactor = f.isFinite ? min(max(f, 0), 1) : 0.95
        }
        accumulator += frame
        var count = 0
        let maxSteps = max(1, settings.maxSubStepsPerCall)
        while accumulator >= h * (1 - 1e-9) {
            if count >= maxSteps {
                report(.subStepsCapped, "step: more than \(maxSteps) sub-steps needed; \(accumulator) s dropped")
                accumulator = 0
                break
            }
            subStep(h)
            accumulator -= h
            count += 1
        }
        if accumulator < 0 { accumulator = 0 }
        for i in bodies.indices where bodies[i].alive { bodies[i].force = .zero; bodies[i].torque = 0 }
        flushEvents()
    }

    func flushEvents() {
        if pendingEvents.isEmpty { return }
        let events = pendingEvents
        pendingEvents.removeAll(keepingCapacity: true)
        contactEvents.append(contentsOf: events)
        if let listener = contactListener { for e in events { listener(e) } }
    }

    /// One fixed sub-step of `h` seconds.
    func subStep(_ h: Double) {
        findNewContacts()
        updateContacts()
        solve(h)
        if settings.projectsStaticContacts { projectOutOfStaticShapes() }
        if settings.continuousCollision { solveContinuous(h) }
        synchronizeBroadPhase()
        simulatedTime += h
        subStepCount += 1
    }

    // MARK: Broad phase

    func synchronizeBroadPhase() {
        let margin = settings.aabbMargin
        for bi in bodies.indices {
            let b = bodies[bi]
            guard b.alive, b.awake, !b.isStatic else { continue }
            // Swept box from the start to the end of the sub-step.
            let xf0 = transformFor(b.c0, b.a0, b.localCenter)
            var s = b.firstShape
            while s != -1 {
                var p = shapes[Int(s)].firstPrimitive
                while p != -1 {
                    let prim = primitives[Int(p)]
                    let box = primitiveAABB(prim, xf0).union(primitiveAABB(prim, b.xf))
                    if tree.moveProxy(prim.proxy, aabb: box, margin: margin, displacement: b.xf.p - xf0.p) {
                        moveBuffer.append(prim.proxy)
                    }
                    p = prim.next
                }
                s = shapes[Int(s)].next
            }
        }
    }

    func findNewContacts() {
        if moveBuffer.isEmpty { return }
        var pairs: [(Int32, Int32)] = []
        for proxy in moveBuffer {
            let box = tree.nodes[Int(proxy)].aabb
            let nodes = tree.nodes
            tree.query(box) { other in
                if other == proxy { return true }
                if nodes[Int(other)].moved && other > proxy { return true }
                pairs.append((nodes[Int(proxy)].item, nodes[Int(other)].item))
                return true
            }
        }
        for proxy in moveBuffer { tree.nodes[Int(proxy)].moved = false }
        moveBuffer.removeAll(keepingCapacity: true)
        for (a, b) in pairs { addPair(a, b) }
    }

    func addPair(_ pa: Int32, _ pb: Int32) {
        var a = pa, b = pb
        let bodyA = primitives[Int(a)].body, bodyB = primitives[Int(b)].body
        if bodyA == bodyB { return }
        let key = UInt64(UInt32(min(a, b))) << 32 | UInt64(UInt32(max(a, b)))
        if contactKeys[key] != nil { return }
        let tA = bodies[Int(bodyA)].type, tB = bodies[Int(bodyB)].type
        if tA != .dynamic && tB != .dynamic { return }
        let sA = primitives[Int(a)].shape, sB = primitives[Int(b)].shape
        if !shapes[Int(sA)].filter.shouldCollide(with: shapes[Int(sB)].filter) { return }
        if jointPreventsCollision(bodyA, bodyB) { return }
        if let filter = shouldCollide, !filter(shapeID(sA), shapeID(sB)) { return }
        // Order: a circle is always B against a polygon; otherwise the lower index is A.
        if primitives[Int(a)].isCircle && !primitives[Int(b)].isCircle { swap(&a, &b) }
        else if !primitives[Int(a)].isCircle && primitives[Int(b)].isChainSegment && !primitives[Int(a)].isChainSegment { swap(&a, &b) }
        else if primitives[Int(a)].isCircle == primitives[Int(b)].isCircle && primitives[Int(a)].isChainSegment == primitives[Int(b)].isChainSegment && a > b { swap(&a, &b) }
        var c = Contact()
        c.alive = true
        c.primA = a; c.primB = b
        c.bodyA = primitives[Int(a)].body; c.bodyB = primitives[Int(b)].body
        c.key = key
        let ci: Int32
        if let f = freeContacts.popLast() { ci = f; contacts[Int(f)] = c } else { ci = Int32(contacts.count); contacts.append(c) }
        contactKeys[key] = ci
    }

    // MARK: Narrow phase

    /// The manifold of primitives `pA` (with transform `xfA`, centre of mass `cA`) and `pB`, as
    /// the narrow phase computes it (chain segments decide with their neighbours).
    func collide(_ pA: Primitive, _ xfA: PhysicsTransform, _ cA: PhysicsVector, _ pB: Primitive, _ xfB: PhysicsTransform, _ cB: PhysicsVector,
                 _ vbase: UnsafePointer<PhysicsVector>, _ nbase: UnsafePointer<PhysicsVector>, slop: Double, margin: Double) -> Manifold {
        var m = Manifold()
        if pA.isCircle {
            collideCircles(&m, centerA: pA.center, radiusA: pA.radius, xfA, centerB: pB.center, radiusB: pB.radius, xfB, margin: margin)
            return m
        }
        let polyA = PolygonRef(vertices: vbase + Int(pA.vStart), normals: nbase + Int(pA.vStart), count: Int(pA.vCount), radius: pA.radius)
        if pB.isCircle {
            collidePolygonAndCircle(&m, polyA, xfA, center: pB.center, radius: pB.radius, xfB, margin: margin)
            return m
        }
        let polyB = PolygonRef(vertices: vbase + Int(pB.vStart), normals: nbase + Int(pB.vStart), count: Int(pB.vCount), radius: pB.radius)
        collidePolygons(&m, polyA, xfA, polyB, xfB, linearSlop: slop, margin: margin)
        if m.count > 0 && m.type == .faceB && pA.isChainSegment {
            let normal = WorldManifold(m, xfA, pA.radius, xfB, pB.radius).normal
            let decision = chainDecision(normal: normal, polygonCenter: cB,
                                         v1: xfA.apply(polyA.vertices[0]), v2: xfA.apply(polyA.vertices[1]),
                                         ghost0: pA.ghost0.map { xfA.apply($0) }, ghost3: pA.ghost3.map { xfA.apply($0) })
            switch decision {
            case .keep: break
            case .skip: m.count = 0
            case .snap: collidePolygons(&m, polyA, xfA, polyB, xfB, linearSlop: slop, margin: margin, forceFaceA: true)
            }
        }
        _ = cA
        return m
    }

    func updateContacts() {
        let slop = settings.linearSlop, margin = max(0, settings.speculativeDistance)
        var destroy: [Int] = []
        vertices.withUnsafeBufferPointer { vs in
            normals.withUnsafeBufferPointer { ns in
                let vbase = vs.baseAddress!, nbase = ns.baseAddress!
                for ci in contacts.indices {
                    guard contacts[ci].alive else { continue }
                    let c = contacts[ci]
                    let bA = bodies[Int(c.bodyA)], bB = bodies[Int(c.bodyB)]
                    let activeA = bA.awake && !bA.isStatic, activeB = bB.awake && !bB.isStatic
                    if !activeA && !activeB { continue }
                    let pA = primitives[Int(c.primA)], pB = primitives[Int(c.primB)]
                    if !tree.nodes[Int(pA.proxy)].aabb.overlaps(tree.nodes[Int(pB.proxy)].aabb) {
                        destroy.append(ci)
                        continue
                    }
                    var m = collide(pA, bA.xf, bA.c, pB, bB.xf, bB.c, vbase, nbase, slop: slop, margin: margin)
                    // Warm start: carry impulses over to points with the same feature id.
                    let old = c.manifold
                    for j in 0..<m.count {
                        var mp = m[j]
                        for k in 0..<old.count where old[k].id == mp.id {
                            mp.normalImpulse = old[k].normalImpulse; mp.tangentImpulse = old[k].tangentImpulse
                            break
                        }
                        m[j] = mp
                    }
                    let sA = shapes[Int(pA.shape)], sB = shapes[Int(pB.shape)]
                    var updated = c
                    updated.manifold = m
                    updated.friction = (sA.friction * sB.friction).squareRoot()
                    updated.restitution = max(sA.restitution, sB.restitution)
                    let touching = m.count > 0
                    if touching {
                        let wm = WorldManifold(m, bA.xf, pA.radius, bB.xf, pB.radius)
                        updated.lastPoint = wm.point0; updated.lastNormal = wm.normal
                    }
                    updated.touching = touching
                    contacts[ci] = updated
                    if touching != c.touching {
                        pendingEvents.append(event(touching ? .began : .ended, contact: ci))
                        if touching { wake(Int(c.bodyA)); wake(Int(c.bodyB)) }
                    }
                }
            }
        }
        for ci in destroy { destroyContact(ci) }
    }
}
