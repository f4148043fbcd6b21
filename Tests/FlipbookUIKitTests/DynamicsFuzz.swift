// Seeded random UIKit Dynamics scenes for fuzzing (DynamicsFuzzTests): items in a closed box
// (the reference bounds as a collision boundary) under random gravity, collisions, pushes,
// snaps, attachments of every kind and fields, stepped for simulated time. After every frame:
// every centre and rotation is finite, no item's centre has left the box, and (in scenes with
// no continuous push, snap or field, and no elastic bounce with friction, which adds energy in
// Box2D too) the total energy has not grown since the start, or since
// the frame in which the instantaneous pushes fired. A failing scene shrinks to a minimal
// one (behaviours, then items, removed while it still fails) and prints as Swift code.
import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry
import FlipbookPhysics

/// TestSupport's SplitMix64 with the dynamics fuzzer's draws: seeded, the same on every platform.
struct FuzzRandom {
    private var core: SeededGenerator
    init(seed: UInt64) { core = SeededGenerator(state: seed) }
    mutating func next() -> UInt64 { core.next() }
    /// Uniform in [a, b).
    mutating func double(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(next() >> 11) / Double(1 << 53) }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func bool(_ p: Double = 0.5) -> Bool { double(0, 1) < p }
    /// Rounded to 1/100 so the printed reproduction is exact enough to fail the same way.
    mutating func r(_ a: Double, _ b: Double) -> Double { (double(a, b) * 100).rounded() / 100 }
}

/// A dynamic item with a chosen collision shape.
@MainActor
final class FuzzItem: NSObject, UIDynamicItem {
    var center: CGPoint
    let bounds: CGRect
    var transform: CGAffineTransform = .identity
    let collisionBoundsType: UIDynamicItemCollisionBoundsType
    init(center: CGPoint, size: CGSize, ellipse: Bool) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
        collisionBoundsType = ellipse ? .ellipse : .rectangle
    }
}

/// One random scene, as data (so it can shrink and print).
struct PhysicsFuzzScene {
    struct Item { var x, y, w, h: Double; var ellipse: Bool }
    enum Field: String, CaseIterable { case linearGravity, radialGravity, spring, drag, vortex, electric }
    enum Behavior {
        case gravity(items: [Int], dx: Double, dy: Double)
        case properties(items: [Int], elasticity: Double, friction: Double, density: Double, resistance: Double,
                        angularResistance: Double, allowsRotation: Bool, charge: Double)
        case push(items: [Int], continuous: Bool, dx: Double, dy: Double)
        case snap(item: Int, x: Double, y: Double, damping: Double)
        /// An item to a point; frequency 0 = rod.
        case anchor(item: Int, ox: Double, oy: Double, x: Double, y: Double, frequency: Double, damping: Double)
        case items(a: Int, b: Int, frequency: Double, damping: Double)
        case limit(a: Int, b: Int)
        case fixed(a: Int, b: Int)
        case pin(a: Int, b: Int, range: Double?)
        case sliding(a: Int, b: Int?, dx: Double, dy: Double, range: Double?)
        case field(Field, items: [Int], x: Double, y: Double, strength: Double, dx: Double, dy: Double)

        var itemIndices: [Int] {
            switch self {
            case .gravity(let i, _, _), .properties(let i, _, _, _, _, _, _, _), .push(let i, _, _, _), .field(_, let i, _, _, _, _, _): i
            case .snap(let i, _, _, _), .anchor(let i, _, _, _, _, _, _): [i]
            case .items(let a, let b, _, _), .limit(let a, let b), .fixed(let a, let b), .pin(let a, let b, _): [a, b]
            case .sliding(let a, let b, _, _, _): b.map { [a, $0] } ?? [a]
            }
        }
        /// Whether the behaviour may add energy at any time (a continuous push, a snap's spring
        /// towards a point, a field). An instantaneous push adds its energy once, in the frame it
        /// fires (UIKit applies it at the next step and turns `active` off), so it does not count.
        var addsEnergy: Bool {
            switch self {
            case .push(_, let continuous, _, _): continuous
            case .snap, .field: true
            default: false
            }
        }
        /// An instantaneous push: energy is measured from the end of the frame it fires in.
        var isInstantaneousPush: Bool {
            if case .push(_, false, _, _) = self { return true }
            return false
        }
    }

    static let box = CGRect(x: 0, y: 0, width: 600, height: 800)
    var seed: UInt64
    var items: [Item] = []
    var behaviors: [Behavior] = []
    /// Items that collide with each other as well as with the box (all collide with the box).
    var itemsCollide = true
    var seconds: Double

    init(seed: UInt64, seconds: Double) {
        self.seed = seed
        self.seconds = seconds
        var g = FuzzRandom(seed: seed)
        // Items on a 100-point grid of cells, one per cell, so none overlap at the start.
        var cells = Array(0..<(6 * 8))
        let count = 1 + g.int(6)
        for _ in 0..<count {
            let cell = cells.remove(at: g.int(cells.count))
            let w = g.r(8, 80), h = g.bool(0.3) ? w : g.r(8, 80)
            let cx = Double(cell % 6) * 100 + 50, cy = Double(cell / 6) * 100 + 50
            items.append(Item(x: cx + g.r(-5, 5), y: cy + g.r(-5, 5), w: w, h: h, ellipse: g.bool(0.3)))
        }
        itemsCollide = g.bool(0.8)
        let n = items.count
        func someItems() -> [Int] { (0..<n).filter { _ in g.bool(0.7) } }
        func inside() -> (Double, Double) { (g.r(20, Self.box.width - 20), g.r(20, Self.box.height - 20)) }
        if g.bool(0.8) {
            let angle = g.double(0, 2 * .pi), m = g.r(0, 3)
            behaviors.append(.gravity(items: someItems(), dx: (cos(angle) * m * 100).rounded() / 100, dy: (sin(angle) * m * 100).rounded() / 100))
        }
        if g.bool(0.7) {
            behaviors.append(.properties(items: someItems(), elasticity: g.r(0, 1), friction: g.r(0, 1), density: g.r(0.2, 5),
                                         resistance: g.bool(0.5) ? 0 : g.r(0, 3), angularResistance: g.bool(0.5) ? 0 : g.r(0, 3),
                                         allowsRotation: g.bool(0.7), charge: g.r(-2, 2)))
        }
        let extra = g.int(5)
        for _ in 0..<extra {
            let a = g.int(n)
            var b = g.int(n)
            if b == a { b = (a + 1) % n }
            let pair = n >= 2
            switch g.int(11) {
            case 0: behaviors.append(.push(items: someItems(), continuous: g.bool(), dx: g.r(-3, 3), dy: g.r(-3, 3)))
            case 1: let (x, y) = inside(); behaviors.append(.snap(item: a, x: x, y: y, damping: g.r(0, 1)))
            case 2, 3:
                let (x, y) = inside()
                let spring = g.bool()
                behaviors.append(.anchor(item: a, ox: g.bool() ? 0 : g.r(-items[a].w / 2, items[a].w / 2), oy: g.bool() ? 0 : g.r(-items[a].h / 2, items[a].h / 2),
                                         x: x, y: y, frequency: spring ? g.r(0.5, 6) : 0, damping: spring ? g.r(0, 1) : 0))
            case 4 where pair: behaviors.append(.items(a: a, b: b, frequency: g.bool() ? g.r(0.5, 6) : 0, damping: g.r(0, 1)))
            case 5 where pair: behaviors.append(.limit(a: a, b: b))
            case 6 where pair: behaviors.append(.fixed(a: a, b: b))
            case 7 where pair: behaviors.append(.pin(a: a, b: b, range: g.bool() ? g.r(0.1, 2) : nil))
            case 8: behaviors.append(.sliding(a: a, b: pair && g.bool() ? b : nil, dx: g.r(-1, 1), dy: g.r(-1, 1), range: g.bool() ? g.r(10, 200) : nil))
            case 9, 10:
                let (x, y) = inside()
                let kind = Field.allCases[g.int(Field.allCases.count)]
                behaviors.append(.field(kind, items: someItems(), x: x, y: y, strength: g.r(0.1, 3), dx: g.r(-1, 1), dy: g.r(-1, 1)))
            default: break
            }
        }
    }

    /// Whether energy may grow at any time (a continuous push, a snap or a field): such scenes
    /// are not checked for energy. Scenes whose only sources are instantaneous pushes are
    /// checked from the end of the frame in which the last of them fired.
    var addsEnergy: Bool { behaviors.contains { $0.addsEnergy } }

    /// Whether some items bounce with an elasticity near 1 and friction. Newton's restitution
    /// law with Coulomb friction, Box2D 2.4's and so UIKit Dynamics', can then give a spinning
    /// item more energy than an impact took (up to 45 % in one bounce, the same in Box2D:
    /// docs/Reliability.md, seed 2422; docs/Physics-Fidelity.md), so such scenes are not checked
    /// for energy. The threshold 0.95 is a choice: at 0.5 the same impacts lose energy.
    var bouncesElasticallyWithFriction: Bool {
        behaviors.contains {
            if case .properties(_, let elasticity, let friction, _, _, _, _, _) = $0 { return elasticity >= 0.95 && friction > 0 }
            return false
        }
    }

    /// The scene as a Swift test body to paste.
    var swiftCode: String {
        func f(_ d: Double) -> String { String(format: "%g", d) }
        func list(_ i: [Int]) -> String { "[" + i.map { "items[\($0)]" }.joined(separator: ", ") + "]" }
        var s = "// Physics fuzz scene, seed \(seed), \(f(seconds)) s\n"
        s += "let reference = UIView(frame: CGRect(x: 0, y: 0, width: \(f(Self.box.width)), height: \(f(Self.box.height))))\n"
        s += "let items: [FuzzItem] = [\n"
        for it in items { s += "    FuzzItem(center: CGPoint(x: \(f(it.x)), y: \(f(it.y))), size: CGSize(width: \(f(it.w)), height: \(f(it.h))), ellipse: \(it.ellipse)),\n" }
        s += "]\nlet animator = UIDynamicAnimator(referenceView: reference)\n"
        s += "let collision = UICollisionBehavior(items: items)\ncollision.translatesReferenceBoundsIntoBoundary = true\n"
        if !itemsCollide { s += "collision.collisionMode = .boundaries\n" }
        s += "animator.addBehavior(collision)\n"
        for (k, b) in behaviors.enumerated() {
            let v = "b\(k)"
            switch b {
            case .gravity(let i, let dx, let dy):
                s += "let \(v) = UIGravityBehavior(items: \(list(i))); \(v).gravityDirection = CGVector(dx: \(f(dx)), dy: \(f(dy)))\n"
            case .properties(let i, let e, let fr, let d, let r, let ar, let rot, let q):
                s += "let \(v) = UIDynamicItemBehavior(items: \(list(i))); \(v).elasticity = \(f(e)); \(v).friction = \(f(fr)); \(v).density = \(f(d)); "
                s += "\(v).resistance = \(f(r)); \(v).angularResistance = \(f(ar)); \(v).allowsRotation = \(rot); \(v).charge = \(f(q))\n"
            case .push(let i, let c, let dx, let dy):
                s += "let \(v) = UIPushBehavior(items: \(list(i)), mode: .\(c ? "continuous" : "instantaneous")); \(v).pushDirection = CGVector(dx: \(f(dx)), dy: \(f(dy)))\n"
            case .snap(let i, let x, let y, let d):
                s += "let \(v) = UISnapBehavior(item: items[\(i)], snapTo: CGPoint(x: \(f(x)), y: \(f(y)))); \(v).damping = \(f(d))\n"
            case .anchor(let i, let ox, let oy, let x, let y, let fq, let d):
                s += "let \(v) = UIAttachmentBehavior(item: items[\(i)], offsetFromCenter: UIOffset(horizontal: \(f(ox)), vertical: \(f(oy))), attachedToAnchor: CGPoint(x: \(f(x)), y: \(f(y)))); "
                s += "\(v).frequency = \(f(fq)); \(v).damping = \(f(d))\n"
            case .items(let a, let b, let fq, let d):
                s += "let \(v) = UIAttachmentBehavior(item: items[\(a)], attachedTo: items[\(b)]); \(v).frequency = \(f(fq)); \(v).damping = \(f(d))\n"
            case .limit(let a, let b):
                s += "let \(v) = UIAttachmentBehavior.limitAttachment(with: items[\(a)], offsetFromCenter: .zero, attachedTo: items[\(b)], offsetFromCenter: .zero)\n"
            case .fixed(let a, let b):
                s += "let \(v) = UIAttachmentBehavior.fixedAttachment(with: items[\(a)], attachedTo: items[\(b)], attachmentAnchor: items[\(a)].center)\n"
            case .pin(let a, let b, let range):
                s += "let \(v) = UIAttachmentBehavior.pinAttachment(with: items[\(a)], attachedTo: items[\(b)], attachmentAnchor: items[\(a)].center)"
                s += range.map { "; \(v).attachmentRange = UIFloatRange(minimum: -\(f($0)), maximum: \(f($0)))\n" } ?? "\n"
            case .sliding(let a, let b, let dx, let dy, let range):
                if let b {
                    s += "let \(v) = UIAttachmentBehavior.slidingAttachment(with: items[\(a)], attachedTo: items[\(b)], attachmentAnchor: items[\(a)].center, axisOfTranslation: CGVector(dx: \(f(dx)), dy: \(f(dy))))"
                } else {
                    s += "let \(v) = UIAttachmentBehavior.slidingAttachment(with: items[\(a)], attachmentAnchor: items[\(a)].center, axisOfTranslation: CGVector(dx: \(f(dx)), dy: \(f(dy))))"
                }
                s += range.map { "; \(v).attachmentRange = UIFloatRange(minimum: -\(f($0)), maximum: \(f($0)))\n" } ?? "\n"
            case .field(let kind, let i, let x, let y, let st, let dx, let dy):
                let make: String
                switch kind {
                case .linearGravity: make = "UIFieldBehavior.linearGravityField(direction: CGVector(dx: \(f(dx)), dy: \(f(dy))))"
                case .radialGravity: make = "UIFieldBehavior.radialGravityField(position: CGPoint(x: \(f(x)), y: \(f(y))))"
                default: make = "UIFieldBehavior.\(kind.rawValue)Field()"
                }
                s += "let \(v) = \(make); \(v).position = CGPoint(x: \(f(x)), y: \(f(y))); \(v).strength = \(f(st)); for i in \(list(i)) { \(v).addItem(i) }\n"
            }
            s += "animator.addBehavior(\(v))\n"
        }
        s += "MediaClock.main.advance(by: \(f(seconds)))  // check centres, the box and the energy every frame\n"
        return s
    }
}

/// Runs scenes and checks them.
@MainActor
enum PhysicsFuzzer {
    struct Failure: Error, CustomStringConvertible {
        var time: Double
        var reason: String
        var description: String { "at t = \(String(format: "%.3f", time)) s: \(reason)" }
    }

    /// Builds `scene`, runs it for its seconds and returns the first failure (nil: it passed).
    /// `onFrame`, when given, is called after every frame, before that frame's checks, with the
    /// time since the start, the items and the animator's engine.
    static func run(_ scene: PhysicsFuzzScene, onFrame: ((Double, [FuzzItem], DynamicsEngine) -> Void)? = nil) -> Failure? {
        let reference = UIView(frame: PhysicsFuzzScene.box)
        let items = scene.items.map { FuzzItem(center: CGPoint(x: $0.x, y: $0.y), size: CGSize(width: $0.w, height: $0.h), ellipse: $0.ellipse) }
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        if !scene.itemsCollide { collision.collisionMode = .boundaries }
        animator.addBehavior(collision)
        var gravity: [ObjectIdentifier: PhysicsVector] = [:]
        var instantaneousPushes: [UIPushBehavior] = []
        var springs: [(Int, Int?, PhysicsVector, Double, Double)] = []  // a, b, anchor, length, frequency
        for b in scene.behaviors {
            let behavior: UIDynamicBehavior
            switch b {
            case .gravity(let i, let dx, let dy):
                let g = UIGravityBehavior(items: i.map { items[$0] })
                g.gravityDirection = CGVector(dx: dx, dy: dy)
                for k in Set(i) { gravity[ObjectIdentifier(items[k]), default: .zero] += PhysicsVector(dx * 1000, dy * 1000) }
                behavior = g
            case .properties(let i, let e, let fr, let d, let r, let ar, let rot, let q):
                let p = UIDynamicItemBehavior(items: i.map { items[$0] })
                p.elasticity = e; p.friction = fr; p.density = d; p.resistance = r; p.angularResistance = ar; p.allowsRotation = rot; p.charge = q
                behavior = p
            case .push(let i, let c, let dx, let dy):
                let p = UIPushBehavior(items: i.map { items[$0] }, mode: c ? .continuous : .instantaneous)
                p.pushDirection = CGVector(dx: dx, dy: dy)
                if !c { instantaneousPushes.append(p) }
                behavior = p
            case .snap(let i, let x, let y, let d):
                let s = UISnapBehavior(item: items[i], snapTo: CGPoint(x: x, y: y))
                s.damping = d
                behavior = s
            case .anchor(let i, let ox, let oy, let x, let y, let fq, let d):
                let a = UIAttachmentBehavior(item: items[i], offsetFromCenter: UIOffset(horizontal: ox, vertical: oy), attachedToAnchor: CGPoint(x: x, y: y))
                a.frequency = fq; a.damping = d
                if fq > 0 && ox == 0 && oy == 0 { springs.append((i, nil, PhysicsVector(x, y), Double(a.length), fq)) }
                behavior = a
            case .items(let a, let b, let fq, let d):
                let at = UIAttachmentBehavior(item: items[a], attachedTo: items[b])
                at.frequency = fq; at.damping = d
                if fq > 0 { springs.append((a, b, .zero, Double(at.length), fq)) }
                behavior = at
            case .limit(let a, let b):
                behavior = UIAttachmentBehavior.limitAttachment(with: items[a], offsetFromCenter: .zero, attachedTo: items[b], offsetFromCenter: .zero)
            case .fixed(let a, let b):
                behavior = UIAttachmentBehavior.fixedAttachment(with: items[a], attachedTo: items[b], attachmentAnchor: items[a].center)
            case .pin(let a, let b, let range):
                let p = UIAttachmentBehavior.pinAttachment(with: items[a], attachedTo: items[b], attachmentAnchor: items[a].center)
                if let range { p.attachmentRange = UIFloatRange(minimum: -range, maximum: range) }
                behavior = p
            case .sliding(let a, let b, let dx, let dy, let range):
                let axis = CGVector(dx: dx, dy: dy)
                let s = b.map { UIAttachmentBehavior.slidingAttachment(with: items[a], attachedTo: items[$0], attachmentAnchor: items[a].center, axisOfTranslation: axis) }
                    ?? UIAttachmentBehavior.slidingAttachment(with: items[a], attachmentAnchor: items[a].center, axisOfTranslation: axis)
                if let range { s.attachmentRange = UIFloatRange(minimum: -range, maximum: range) }
                behavior = s
            case .field(let kind, let i, let x, let y, let st, let dx, let dy):
                let f: UIFieldBehavior
                switch kind {
                case .linearGravity: f = .linearGravityField(direction: CGVector(dx: dx, dy: dy))
                case .radialGravity: f = .radialGravityField(position: CGPoint(x: x, y: y))
                case .spring: f = .springField()
                case .drag: f = .dragField()
                case .vortex: f = .vortexField()
                case .electric: f = .electricField()
                }
                f.position = CGPoint(x: x, y: y)
                f.strength = st
                for k in i { f.addItem(items[k]) }
                behavior = f
            }
            animator.addBehavior(behavior)
        }
        let engine = animator.engine
        let world = engine.world
        let box = PhysicsFuzzScene.box.insetBy(dx: -2, dy: -2)
        /// Kinetic + gravitational + spring energy (mass units · pt²/s²).
        func energy() -> Double {
            var e = 0.0
            for (k, item) in items.enumerated() {
                guard let body = engine.body(for: item), world.type(of: body) == .dynamic else { continue }
                let m = world.mass(of: body), v = world.linearVelocity(of: body), w = world.angularVelocity(of: body)
                e += 0.5 * m * v.lengthSquared + 0.5 * world.inertia(of: body) * w * w
                if let g = gravity[ObjectIdentifier(item)] { let p = world.position(of: body); e -= m * (g.x * p.x + g.y * p.y) }
                _ = k
            }
            for (a, b, anchor, length, hz) in springs {
                guard let ba = engine.body(for: items[a]) else { continue }
                let pa = world.position(of: ba)
                let pb: PhysicsVector, mass: Double
                if let b, let bb = engine.body(for: items[b]) {
                    pb = world.position(of: bb)
                    let ma = world.mass(of: ba), mb = world.mass(of: bb)
                    mass = ma * mb / (ma + mb)
                } else { pb = anchor; mass = world.mass(of: ba) }
                let k = mass * pow(2 * Double.pi * hz, 2), stretch = (pa - pb).length - length
                e += 0.5 * k * stretch * stretch
            }
            return e
        }
        let checkEnergy = !scene.addsEnergy && !scene.bouncesElasticallyWithFriction
        /// An instantaneous push that has still to fire (one with no items or no force never
        /// adds energy, whatever its `active`).
        func pending(_ p: UIPushBehavior) -> Bool { p.active && !p.items.isEmpty && p.pushDirection != CGVector(dx: 0, dy: 0) }
        // The reference energy, and the scale it is measured against: the reference's kinetic
        // and spring energy plus the gravitational energy of every item across the box. Taken
        // at the start, and again at the end of every frame in which an instantaneous push was
        // pending (it fires in the frame's step; the generator never turns one on again, but a
        // push that did would be re-baselined the same way).
        var e0 = 0.0, scale = 1.0
        func baseline() {
            e0 = energy()
            scale = abs(e0) + 1
            for item in items {
                guard let body = engine.body(for: item), let g = gravity[ObjectIdentifier(item)] else { continue }
                scale += world.mass(of: body) * g.length * 1000
            }
        }
        if checkEnergy { baseline() }
        var failure: Failure?
        let reports = FlipbookDiagnostics.capture {
            let t0 = MediaClock.main.now
            let frames = Int((scene.seconds * 60).rounded())
            for _ in 0..<frames {
                let pushing = checkEnergy && instantaneousPushes.contains(where: pending)
                MediaClock.main.advanceFrames(1)
                let t = MediaClock.main.now - t0
                onFrame?(t, items, engine)
                for (k, item) in items.enumerated() {
                    let c = item.center, r = DynamicsEngine.rotation(of: item.transform)
                    if !(c.x.isFinite && c.y.isFinite && item.transform.a.isFinite && item.transform.b.isFinite && r.isFinite) {
                        failure = Failure(time: t, reason: "item \(k) has a non-finite centre or rotation: \(c), \(item.transform)")
                        return
                    }
                    if !box.contains(c) {
                        failure = Failure(time: t, reason: "item \(k) left the box: centre \(c)")
                        return
                    }
                }
                if pushing {
                    baseline()
                } else if checkEnergy {
                    let e = energy()
                    if e > e0 + 0.05 * scale {
                        let since = instantaneousPushes.isEmpty ? "with no push, snap or field" : "after the instantaneous pushes fired, with no other push, snap or field"
                        failure = Failure(time: t, reason: "energy grew from \(e0) to \(e) (scale \(scale)) \(since)")
                        return
                    }
                }
            }
        }
        animator.removeAllBehaviors()
        if failure == nil, let bad = reports.first(where: { $0.contains("non-finite") || $0.contains("(physics)") }) {
            failure = Failure(time: scene.seconds, reason: "diagnostic: \(bad)")
        }
        return failure
    }

    /// Removes behaviours, then items, one at a time while the scene still fails.
    static func shrink(_ scene: PhysicsFuzzScene) -> (PhysicsFuzzScene, Failure)? {
        guard var failure = run(scene) else { return nil }
        var current = scene
        var changed = true
        while changed {
            changed = false
            for k in current.behaviors.indices.reversed() {
                var candidate = current
                candidate.behaviors.remove(at: k)
                if let f = run(candidate) { current = candidate; failure = f; changed = true }
            }
            for k in current.items.indices.reversed() where current.items.count > 1 {
                guard let candidate = removing(item: k, from: current), let f = run(candidate) else { continue }
                current = candidate; failure = f; changed = true
            }
            // Shorter runs: up to the failure plus a second.
            let shorter = (failure.time + 1).rounded(.up)
            if shorter < current.seconds {
                var candidate = current
                candidate.seconds = shorter
                if let f = run(candidate) { current = candidate; failure = f; changed = true }
            }
        }
        return (current, failure)
    }

    /// The scene without item `k` and the behaviours that need it (indices above `k` move down).
    static func removing(item k: Int, from scene: PhysicsFuzzScene) -> PhysicsFuzzScene? {
        var s = scene
        s.items.remove(at: k)
        func m(_ i: Int) -> Int { i > k ? i - 1 : i }
        func ms(_ i: [Int]) -> [Int] { i.filter { $0 != k }.map(m) }
        s.behaviors = scene.behaviors.compactMap { b -> PhysicsFuzzScene.Behavior? in
            switch b {
            // Behaviours on several items keep the others.
            case .gravity(let i, let dx, let dy): return .gravity(items: ms(i), dx: dx, dy: dy)
            case .properties(let i, let e, let f, let d, let r, let ar, let rot, let q):
                return .properties(items: ms(i), elasticity: e, friction: f, density: d, resistance: r, angularResistance: ar, allowsRotation: rot, charge: q)
            case .push(let i, let c, let dx, let dy): return .push(items: ms(i), continuous: c, dx: dx, dy: dy)
            case .field(let kind, let i, let x, let y, let st, let dx, let dy): return .field(kind, items: ms(i), x: x, y: y, strength: st, dx: dx, dy: dy)
            default: break
            }
            // Those that need the item go; the others are renumbered.
            guard !b.itemIndices.contains(k) else { return nil }
            switch b {
            case .snap(let i, let x, let y, let d): return .snap(item: m(i), x: x, y: y, damping: d)
            case .anchor(let i, let ox, let oy, let x, let y, let f, let d): return .anchor(item: m(i), ox: ox, oy: oy, x: x, y: y, frequency: f, damping: d)
            case .items(let a, let b, let f, let d): return .items(a: m(a), b: m(b), frequency: f, damping: d)
            case .limit(let a, let b): return .limit(a: m(a), b: m(b))
            case .fixed(let a, let b): return .fixed(a: m(a), b: m(b))
            case .pin(let a, let b, let r): return .pin(a: m(a), b: m(b), range: r)
            case .sliding(let a, let b, let dx, let dy, let r): return .sliding(a: m(a), b: b.map(m), dx: dx, dy: dy, range: r)
            default: return b
            }
        }
        return s
    }

    struct Summary { var scenes = 0; var seconds = 0.0; var failures: [(UInt64, String)] = [] }

    /// Runs `count` scenes from seeds `seed`, `seed + 1`, …; prints and returns failing seeds
    /// with their shrunk reproductions.
    static func campaign(count: Int, seed: UInt64, seconds: Double, log: Bool) -> Summary {
        var summary = Summary()
        let start = Date()
        for k in 0..<count {
            let s = seed &+ UInt64(k)
            let scene = PhysicsFuzzScene(seed: s, seconds: seconds)
            MediaClock.main.reset()
            if run(scene) != nil {
                MediaClock.main.reset()
                let (minimal, failure) = shrink(scene) ?? (scene, Failure(time: 0, reason: "flaky: passed when run again"))
                let text = "physics fuzz: seed \(s) FAILED \(failure)\nminimal reproduction:\n\(minimal.swiftCode)"
                print(text)
                summary.failures.append((s, text))
            }
            MediaClock.main.reset()
            summary.scenes += 1
            if log && (k + 1) % 100 == 0 { print("physics fuzz: \(k + 1)/\(count) scenes, \(String(format: "%.1f", Date().timeIntervalSince(start))) s") }
        }
        summary.seconds = Date().timeIntervalSince(start)
        print("physics fuzz: \(summary.scenes) scenes of \(String(format: "%g", seconds)) s simulated from seed \(seed) in "
              + "\(String(format: "%.1f", summary.seconds)) s; \(summary.failures.count) failing"
              + (summary.failures.isEmpty ? "" : " (seeds \(summary.failures.map { String($0.0) }.joined(separator: ", ")))"))
        return summary
    }
}
