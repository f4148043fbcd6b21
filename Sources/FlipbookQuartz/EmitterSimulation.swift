import Foundation
import FlipbookGeometry

/// A particle as it is drawn at one moment: what the renderer needs of it.
package struct EmitterParticleAppearance {
    /// The cell it was born of (its image, `contentsRect`, `contentsScale`).
    package let cell: CAEmitterCell
    /// Its centre in the emitter layer's coordinates (z toward the viewer).
    package var position: SIMD3<Double>
    package var scale: Double
    /// Radians about z, from its spin.
    package var rotation: Double
    /// Straight red, green, blue and alpha, each 0…1: what the image is multiplied by.
    package var color: SIMD4<Double>
    /// The layer-local time it was born at.
    package var birthTime: Double
}

/// The particles of one emitter layer, advanced in time (docs/Semantics.md, "Particle emitters").
///
/// Everything is a function of time, not of the frames it is sampled at:
/// - A cell with rate r (its `birthRate` times the layer's) gives birth at the start of its
///   active time and every 1/r seconds after; a change of rate carries the fraction of a birth
///   already accrued.
/// - Each particle's random values come from its own generator, seeded from the layer's `seed`,
///   the cell's place in the tree and the particle's number among its cell's births, so they do
///   not depend on which frames were drawn either.
/// - A particle's motion is the closed form p0 + v·t + a·t²/2; its scale, spin and colour change
///   linearly with its age.
/// - A cell's sub-cells are emitted by each of its particles, at the particle's position, their
///   directions relative to its direction of motion, their scale and colour multiplied by its
///   (Apple's documentation of `CAEmitterCell.emitterCells`), times counted from its birth.
@preconcurrency @MainActor
struct EmitterSimulation {
    /// The largest number of live particles kept; births beyond it are skipped (reported once).
    static let particleLimit = 20_000

    struct Particle {
        let cell: CAEmitterCell
        /// The cell's place in the tree of cells (index at each level).
        let path: [Int]
        let seed: UInt64
        let birth: Double
        let death: Double
        let p0: SIMD3<Double>
        let v0: SIMD3<Double>
        let a: SIMD3<Double>
        let scale0: Double
        let scaleSpeed: Double
        let spin: Double
        let color0: SIMD4<Double>
        let colorSpeed: SIMD4<Double>
        /// Per sub-cell: its birth clock.
        var clocks: [BirthClock]
        /// The time its sub-cells have been emitted up to.
        var emittedTo: Double

        func position(at t: Double) -> SIMD3<Double> {
            let age = t - birth
            return p0 + v0 * age + a * (0.5 * age * age)
        }

        func velocity(at t: Double) -> SIMD3<Double> { v0 + a * (t - birth) }

        func appearance(at t: Double) -> EmitterParticleAppearance {
            let age = t - birth
            let c = color0 + colorSpeed * age
            return EmitterParticleAppearance(
                cell: cell, position: position(at: t), scale: max(0, scale0 + scaleSpeed * age), rotation: spin * age,
                color: SIMD4(Self.unit(c.x), Self.unit(c.y), Self.unit(c.z), Self.unit(c.w)), birthTime: birth)
        }

        static func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
    }

    /// When the next birth of one cell is due, in births (the fraction of a birth still to
    /// accrue), and how many births there have been.
    struct BirthClock {
        var pending = 0.0
        var count: UInt64 = 0
    }

    /// The layer-local time the simulation started at.
    private(set) var origin: Double
    /// The time it has been advanced to.
    private(set) var time: Double
    private(set) var particles: [Particle] = []
    /// The top-level cells' clocks, by the cell.
    private var clocks: [ObjectIdentifier: BirthClock] = [:]

    init(origin: Double) {
        self.origin = origin.isFinite ? origin : 0
        time = self.origin
    }

    /// Advances to layer-local time `t`: `model`'s cells (and the particles' own), with the
    /// multipliers and shape of `values` (the model, or a presentation copy whose values are
    /// animated). A time before the last one starts the simulation again from `t`.
    mutating func advance(to t: Double, model: CAEmitterLayer, values: CAEmitterLayer) {
        guard t.isFinite else { return }
        if t < time {
            self = EmitterSimulation(origin: t)
            return
        }
        guard t > time else { return }
        let t0 = time
        let cells = model.emitterCells ?? []
        let twins = Self.twins(of: cells, in: values)
        var live: Set<ObjectIdentifier> = []
        for (i, cell) in cells.enumerated() {
            let id = ObjectIdentifier(cell)
            live.insert(id)
            let params = twins?[i] ?? cell
            var clock = clocks[id] ?? BirthClock()
            let window = Self.window(of: params, from: origin)
            let start = max(t0, window.lowerBound), end = min(t, window.upperBound)
            if params.isEnabled, end > start {
                let rate = Double(params.birthRate) * Double(values.birthRate)
                let base = Self.mix(UInt64(values.seed) &+ 0x5EED, UInt64(i))
                clock.run(rate: rate, from: start, to: end) { birthTime, n in
                    bear(
                        cell: cell, params: params, path: [i], seed: Self.mix(base, n), at: birthTime,
                        from: Self.emissionPoint(of: values, seed: Self.mix(base, n)), values: values)
                }
            }
            clocks[id] = clock
        }
        if clocks.count > live.count { clocks = clocks.filter { live.contains($0.key) } }
        // Every particle (those just born too, appended as the loop runs) emits its sub-cells up to t.
        var k = 0
        while k < particles.count {
            emitSubcells(of: k, to: t, values: values, twins: twins)
            k += 1
        }
        particles.removeAll { $0.death <= t }
        time = t
    }

    /// Whether a particle born so far lives past `t`.
    func hasParticlesAlive(after t: Double) -> Bool { particles.contains { $0.death > t } }

    /// The particles alive at `t` (the time advanced to), in the order `mode` draws them.
    func appearances(at t: Double, order mode: CAEmitterLayerRenderMode) -> [EmitterParticleAppearance] {
        var list = particles.filter { $0.birth <= t && t < $0.death }.map { $0.appearance(at: t) }
        switch mode {
        case .oldestLast: list = list.enumerated().sorted { ($1.element.birthTime, $1.offset) < ($0.element.birthTime, $0.offset) }.map(\.element)
        case .backToFront: list = list.enumerated().sorted { ($0.element.position.z, $0.offset) < ($1.element.position.z, $1.offset) }.map(\.element)
        default: list = list.enumerated().sorted { ($0.element.birthTime, $0.offset) < ($1.element.birthTime, $1.offset) }.map(\.element)
        }
        return list
    }

    // MARK: Births

    /// Emits particle k's sub-cells from where it got to up to `t` (or its death).
    private mutating func emitSubcells(of k: Int, to t: Double, values: CAEmitterLayer, twins: [CAEmitterCell]?) {
        let parent = particles[k]
        guard let subcells = parent.cell.emitterCells, !subcells.isEmpty else { return }
        let end = min(t, parent.death)
        guard end > parent.emittedTo else { return }
        let paramsCell = Self.twin(at: parent.path, in: twins) ?? parent.cell
        var clocks = parent.clocks
        if clocks.count != subcells.count { clocks = Array(repeating: BirthClock(), count: subcells.count) }
        for (j, sub) in subcells.enumerated() {
            let params = paramsCell.emitterCells.flatMap { $0.indices.contains(j) ? $0[j] : nil } ?? sub
            let window = Self.window(of: params, from: parent.birth)
            let start = max(parent.emittedTo, window.lowerBound), stop = min(end, window.upperBound)
            guard params.isEnabled, stop > start else { continue }
            let rate = Double(params.birthRate) * Double(values.birthRate)
            let base = Self.mix(parent.seed, UInt64(j))
            clocks[j].run(rate: rate, from: start, to: stop) { birthTime, n in
                // Relative to the parent's direction of motion; its scale and colour carry over.
                let v = parent.velocity(at: birthTime)
                let planar = (v.x * v.x + v.y * v.y).squareRoot()
                let look = parent.appearance(at: birthTime)
                bear(
                    cell: sub, params: params, path: parent.path + [j], seed: Self.mix(base, n), at: birthTime,
                    from: parent.position(at: birthTime), turn: planar > 0 ? atan2(v.y, v.x) : 0,
                    tilt: planar > 0 || v.z != 0 ? atan2(v.z, planar) : 0, scale: look.scale, color: look.color, values: values)
            }
        }
        particles[k].clocks = clocks
        particles[k].emittedTo = end
    }

    /// Adds a particle of `cell` (values read from `params`) born at `time` at `origin`, its
    /// direction's longitude turned by `turn` and latitude by `tilt`, its scale and colour
    /// multiplied by `scale` and `color` (a parent particle's).
    private mutating func bear(
        cell: CAEmitterCell, params c: CAEmitterCell, path: [Int], seed: UInt64, at time: Double, from origin: SIMD3<Double>,
        turn: Double = 0, tilt: Double = 0, scale inheritedScale: Double = 1, color inheritedColor: SIMD4<Double> = SIMD4(1, 1, 1, 1),
        values: CAEmitterLayer
    ) {
        guard particles.count < Self.particleLimit else {
            FlipbookDiagnostics.report(
                "CAEmitterLayer has \(Self.particleLimit) particles alive; further births are skipped until some die.",
                once: "CAEmitterLayer.particleLimit")
            return
        }
        // The shape's point drew from the same seed; these draws come after it.
        var g = SplitMix64(seed: Self.mix(seed, 0xD1CE))
        func signed() -> Double { Double(g.next() >> 11) * 0x1p-53 * 2 - 1 }
        func unit() -> Double { Double(g.next() >> 11) * 0x1p-53 }
        let life = (Double(c.lifetime) + Double(c.lifetimeRange) * signed()) * Double(values.lifetime)
        guard life > 0, life.isFinite else { return }
        let direction = Self.direction(
            longitude: Double(c.emissionLongitude) + turn, latitude: Double(c.emissionLatitude) + tilt,
            range: Double(c.emissionRange), u: unit(), v: unit())
        let speed = (Double(c.velocity) + Double(c.velocityRange) * signed()) * Double(values.velocity)
        let scale = (Double(c.scale) + Double(c.scaleRange) * signed()) * Double(values.scale) * inheritedScale
        let spin = (Double(c.spin) + Double(c.spinRange) * signed()) * Double(values.spin)
        let base = c.color?.components.map { SIMD4(Double($0[0]), Double($0[1]), Double($0[2]), Double($0[3])) } ?? SIMD4(1, 1, 1, 1)
        let ranges = SIMD4(Double(c.redRange), Double(c.greenRange), Double(c.blueRange), Double(c.alphaRange))
        let jitter = SIMD4(signed(), signed(), signed(), signed())
        let color = (base + ranges * jitter) * inheritedColor
        let particle = Particle(
            cell: cell, path: path, seed: seed, birth: time, death: time + life, p0: origin,
            v0: direction * (speed.isFinite ? speed : 0),
            a: SIMD3(Double(c.xAcceleration), Double(c.yAcceleration), Double(c.zAcceleration)),
            scale0: scale.isFinite ? scale : 1, scaleSpeed: Double(c.scaleSpeed) * Double(values.scale) * inheritedScale,
            spin: spin.isFinite ? spin : 0,
            color0: SIMD4(Particle.unit(color.x), Particle.unit(color.y), Particle.unit(color.z), Particle.unit(color.w)),
            colorSpeed: SIMD4(Double(c.redSpeed), Double(c.greenSpeed), Double(c.blueSpeed), Double(c.alphaSpeed)),
            clocks: [], emittedTo: time)
        guard particle.p0.x.isFinite, particle.p0.y.isFinite, particle.p0.z.isFinite, particle.a.x.isFinite,
            particle.a.y.isFinite, particle.a.z.isFinite
        else { return }
        particles.append(particle)
    }

    // MARK: Geometry

    /// A unit direction in the cone of full angle `range` about the axis at `longitude` (in the
    /// xy-plane, from x toward y) and `latitude` (out of the plane, toward z): uniform over the
    /// cone's solid angle, from two uniform numbers u, v in 0..<1.
    static func direction(longitude: Double, latitude: Double, range: Double, u: Double, v: Double) -> SIMD3<Double> {
        let axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        // A negative range is the same cone (Apple's own example uses one).
        let half = min(range.isFinite ? abs(range) / 2 : 0, .pi)
        guard half > 0 else { return axis }
        let cosTheta = 1 - u * (1 - cos(half))
        let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
        let psi = 2 * .pi * v
        // Two unit vectors across the axis: the in-plane one first, so a cone about an axis in
        // the plane spreads in the plane for psi = 0 and π.
        let across = SIMD3(-sin(longitude), cos(longitude), 0)
        let up = SIMD3(
            axis.y * across.z - axis.z * across.y, axis.z * across.x - axis.x * across.z, axis.x * across.y - axis.y * across.x)
        return axis * cosTheta + across * (sinTheta * cos(psi)) + up * (sinTheta * sin(psi))
    }

    /// Where a top-level particle is born: a point of the layer's emitter shape and mode, drawn
    /// from `seed`.
    static func emissionPoint(of layer: CAEmitterLayer, seed: UInt64) -> SIMD3<Double> {
        var g = SplitMix64(seed: seed)
        func u() -> Double { Double(g.next() >> 11) * 0x1p-53 }
        let c = SIMD3(Double(layer.emitterPosition.x), Double(layer.emitterPosition.y), Double(layer.emitterZPosition))
        let w = Double(layer.emitterSize.width), h = Double(layer.emitterSize.height), d = Double(layer.emitterDepth)
        let mode = layer.emitterMode
        switch layer.emitterShape {
        case .line:
            if mode == .points { return c + SIMD3(u() < 0.5 ? -w / 2 : w / 2, 0, 0) }
            return c + SIMD3((u() - 0.5) * w, 0, 0)
        case .rectangle:
            switch mode {
            case .points: return c + SIMD3(u() < 0.5 ? -w / 2 : w / 2, u() < 0.5 ? -h / 2 : h / 2, 0)
            case .outline: return c + perimeterPoint(w, h, u())
            default: return c + SIMD3((u() - 0.5) * w, (u() - 0.5) * h, 0)
            }
        case .cuboid:
            switch mode {
            case .points: return c + SIMD3(u() < 0.5 ? -w / 2 : w / 2, u() < 0.5 ? -h / 2 : h / 2, u() < 0.5 ? -d / 2 : d / 2)
            case .outline: return c + cuboidEdgePoint(w, h, d, u(), u())
            case .surface: return c + cuboidFacePoint(w, h, d, u(), u(), u())
            default: return c + SIMD3((u() - 0.5) * w, (u() - 0.5) * h, (u() - 0.5) * d)
            }
        case .circle:
            let angle = 2 * .pi * u()
            switch mode {
            case .points: return c
            case .outline: return c + SIMD3(cos(angle) * w, sin(angle) * w, 0)
            default:
                let r = w * u().squareRoot()
                return c + SIMD3(cos(angle) * r, sin(angle) * r, 0)
            }
        case .sphere:
            let z = 2 * u() - 1, angle = 2 * .pi * u()
            let ring = (max(0, 1 - z * z)).squareRoot()
            let onSurface = SIMD3(ring * cos(angle), ring * sin(angle), z)
            switch mode {
            case .points: return c
            case .volume: return c + onSurface * (w * cbrt(u()))
            default: return c + onSurface * w
            }
        default:
            return c
        }
    }

    /// A point on the outline of a w × h rectangle centred on the origin, uniform along it.
    static func perimeterPoint(_ w: Double, _ h: Double, _ u: Double) -> SIMD3<Double> {
        let total = 2 * (w + h)
        guard total > 0 else { return .zero }
        var s = u * total
        if s < w { return SIMD3(s - w / 2, -h / 2, 0) }
        s -= w
        if s < h { return SIMD3(w / 2, s - h / 2, 0) }
        s -= h
        if s < w { return SIMD3(w / 2 - s, h / 2, 0) }
        s -= w
        return SIMD3(-w / 2, h / 2 - s, 0)
    }

    /// A point on one of the twelve edges of a w × h × d box centred on the origin, uniform along them.
    static func cuboidEdgePoint(_ w: Double, _ h: Double, _ d: Double, _ u: Double, _ v: Double) -> SIMD3<Double> {
        let total = 4 * (w + h + d)
        guard total > 0 else { return .zero }
        let corner = Int(v * 4) % 4
        let sx: Double = corner & 1 == 0 ? -1 : 1, sy: Double = corner & 2 == 0 ? -1 : 1
        var s = u * (w + h + d)
        if s < w { return SIMD3(s - w / 2, sy * h / 2, sx * d / 2) }
        s -= w
        if s < h { return SIMD3(sx * w / 2, s - h / 2, sy * d / 2) }
        s -= h
        return SIMD3(sx * w / 2, sy * h / 2, s - d / 2)
    }

    /// A point on the faces of a w × h × d box centred on the origin, uniform by area.
    static func cuboidFacePoint(_ w: Double, _ h: Double, _ d: Double, _ u: Double, _ v: Double, _ side: Double) -> SIMD3<Double> {
        let areas = [w * h, w * h, w * d, w * d, h * d, h * d]
        let total = areas.reduce(0, +)
        guard total > 0 else { return .zero }
        var s = side * total, face = 0
        while face < 5, s >= areas[face] { s -= areas[face]; face += 1 }
        let a = u - 0.5, b = v - 0.5, sign: Double = face % 2 == 0 ? -0.5 : 0.5
        switch face / 2 {
        case 0: return SIMD3(a * w, b * h, sign * d)
        case 1: return SIMD3(a * w, sign * h, b * d)
        default: return SIMD3(sign * w, a * h, b * d)
        }
    }

    // MARK: Helpers

    /// The times a cell emits: from `beginTime` after `start` for `duration` (0 or less: forever).
    static func window(of cell: CAEmitterCell, from start: Double) -> Range<Double> {
        let begin = start + (cell.beginTime.isFinite ? cell.beginTime : 0)
        let d = cell.duration
        return begin..<(d > 0 && d.isFinite ? begin + d : .infinity)
    }

    /// A presentation copy's own cells, parallel to the model's, when an animation changed them.
    static func twins(of cells: [CAEmitterCell], in values: CAEmitterLayer) -> [CAEmitterCell]? {
        guard let own = values.emitterCells, own.count == cells.count, !zip(own, cells).allSatisfy({ $0 === $1 }) else { return nil }
        return own
    }

    /// The twin cell at `path`, if the twins reach it.
    static func twin(at path: [Int], in twins: [CAEmitterCell]?) -> CAEmitterCell? {
        var level = twins
        var found: CAEmitterCell?
        for i in path {
            guard let list = level, list.indices.contains(i) else { return nil }
            found = list[i]
            level = found?.emitterCells
        }
        return found
    }

    /// A 64-bit hash of two values (a SplitMix64 step of their combination).
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var g = SplitMix64(seed: a ^ (b &* 0x9E37_79B9_7F4A_7C15))
        return g.next()
    }
}

extension EmitterSimulation.BirthClock {
    /// Births at rate `rate` (per second) from `start` to `end`: `body(time, n)` for each, n
    /// counting this clock's births from 0. The first is due at once.
    mutating func run(rate: Double, from start: Double, to end: Double, _ body: (Double, UInt64) -> Void) {
        guard rate > 0, rate.isFinite, end > start else { return }
        let available = rate * (end - start)
        var need = pending
        while need < available {
            body(start + need / rate, count)
            count &+= 1
            need += 1
        }
        pending = need - available
    }
}
