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

    /// Moves the broad-phase boxes of the bodies that moved to cover their sweep over the sub-step
    /// (re-inserting those that left their fat box, which the next sub-step pairs anew).
    func synchronizeBroadPhase() {
        let margin = settings.aabbMargin
        bodies.withUnsafeBufferPointer { bodies in
            shapes.withUnsafeBufferPointer { shapes in
                primitives.withUnsafeBufferPointer { primitives in
                    vertices.withUnsafeBufferPointer { vertices in
                        let vs = vertices.baseAddress
                        for bi in bodies.indices {
                            let b = bodies.baseAddress! + bi
                            guard b.pointee.alive, b.pointee.awake, !b.pointee.isStatic else { continue }
                            // Swept box from the start to the end of the sub-step.
                            let xf0 = transformFor(b.pointee.c0, b.pointee.a0, b.pointee.localCenter), xf = b.pointee.xf
                            var s = b.pointee.firstShape
                            while s != -1 {
                                var p = shapes[Int(s)].firstPrimitive
                                while p != -1 {
                                    let prim = primitives[Int(p)]
                                    let box = boundingBox(of: prim, at: xf0, vertices: vs).union(boundingBox(of: prim, at: xf, vertices: vs))
                                    if tree.moveProxy(prim.proxy, aabb: box, margin: margin, displacement: xf.p - xf0.p) {
                                        moveBuffer.append(prim.proxy)
                                    }
                                    p = prim.next
                                }
                                s = shapes[Int(s)].next
                            }
                        }
                    }
                }
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

    /// The narrow phase of a sub-step: every contact with an awake non-static body gets a fresh
    /// manifold (impulses carried over by feature id), or is destroyed once the fat boxes no longer
    /// overlap. Runs on the world's arrays opened once as buffers; the began/ended events are built
    /// after the pass, in contact order (the pass wakes bodies in place, so later contacts see them).
    func updateContacts() {
        let slop = settings.linearSlop, margin = max(0, settings.speculativeDistance)
        var destroy: [Int] = [], changed: [Int] = []
        vertices.withUnsafeBufferPointer { vs in
            normals.withUnsafeBufferPointer { ns in
                primitives.withUnsafeBufferPointer { primitives in
                    shapes.withUnsafeBufferPointer { shapes in
                        tree.nodes.withUnsafeBufferPointer { nodes in
                            bodies.withUnsafeMutableBufferPointer { bodies in
                                contacts.withUnsafeMutableBufferPointer { contacts in
                                    let buffers = NarrowPhaseBuffers(vertices: vs.baseAddress!, normals: ns.baseAddress!, primitives: primitives,
                                                                     shapes: shapes, nodes: nodes, bodies: bodies, contacts: contacts)
                                    updateManifolds(buffers, slop: slop, margin: margin, destroy: &destroy, changed: &changed)
                                }
                            }
                        }
                    }
                }
            }
        }
        for ci in changed { pendingEvents.append(event(contacts[ci].touching ? .began : .ended, contact: ci)) }
        for ci in destroy { destroyContact(ci) }
    }

    /// The narrow-phase pass over `b.contacts`: lists the contacts to destroy and those whose
    /// touching state changed (waking both bodies when they begin touching).
    func updateManifolds(_ b: NarrowPhaseBuffers, slop: Double, margin: Double, destroy: inout [Int], changed: inout [Int]) {
        guard let contacts = b.contacts.baseAddress, let bodies = b.bodies.baseAddress else { return }
        for ci in 0..<b.contacts.count {
            let c = contacts + ci
            guard c.pointee.alive else { continue }
            let bA = bodies + Int(c.pointee.bodyA), bB = bodies + Int(c.pointee.bodyB)
            let activeA = bA.pointee.awake && !bA.pointee.isStatic, activeB = bB.pointee.awake && !bB.pointee.isStatic
            if !activeA && !activeB { continue }
            let pA = b.primitives[Int(c.pointee.primA)], pB = b.primitives[Int(c.pointee.primB)]
            if !b.nodes[Int(pA.proxy)].aabb.overlaps(b.nodes[Int(pB.proxy)].aabb) {
                destroy.append(ci)
                continue
            }
            let xfA = bA.pointee.xf, xfB = bB.pointee.xf
            var m = collide(pA, xfA, bA.pointee.c, pB, xfB, bB.pointee.c, b.vertices, b.normals, slop: slop, margin: margin)
            // Warm start: carry impulses over to points with the same feature id.
            let oldCount = c.pointee.manifold.count
            for j in 0..<m.count {
                var mp = m[j]
                for k in 0..<oldCount where c.pointee.manifold[k].id == mp.id {
                    let old = c.pointee.manifold[k]
                    mp.normalImpulse = old.normalImpulse; mp.tangentImpulse = old.tangentImpulse
                    break
                }
                m[j] = mp
            }
            let sA = b.shapes.baseAddress! + Int(pA.shape), sB = b.shapes.baseAddress! + Int(pB.shape)
            c.pointee.manifold = m
            c.pointee.friction = (sA.pointee.friction * sB.pointee.friction).squareRoot()
            c.pointee.restitution = max(sA.pointee.restitution, sB.pointee.restitution)
            let touching = m.count > 0
            let wasTouching = c.pointee.touching
            if touching && !wasTouching {
                let wm = WorldManifold(m, xfA, pA.radius, xfB, pB.radius, firstPointOnly: true)
                c.pointee.lastPoint = wm.point0; c.pointee.lastNormal = wm.normal
            }
            c.pointee.lastPointPending = touching && wasTouching
            if touching != wasTouching {
                changed.append(ci)
                if touching { bA.pointee.wake(); bB.pointee.wake() }
            }
            c.pointee.touching = touching
        }
    }
}

/// The world's arrays the narrow phase reads and writes, opened once per sub-step.
struct NarrowPhaseBuffers {
    let vertices: UnsafePointer<PhysicsVector>
    let normals: UnsafePointer<PhysicsVector>
    let primitives: UnsafeBufferPointer<Primitive>
    let shapes: UnsafeBufferPointer<Shape>
    let nodes: UnsafeBufferPointer<TreeNode>
    let bodies: UnsafeMutableBufferPointer<Body>
    let contacts: UnsafeMutableBufferPointer<Contact>
}
