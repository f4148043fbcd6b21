import Foundation
import FlipbookGeometry

/// The shape particles are born in, Core Animation's `CAEmitterLayerEmitterShape`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `emitterPosition` (and `emitterZPosition`).
    public static let point = Self(rawValue: "point")
    /// A horizontal line `emitterSize.width` long, centred on the position.
    public static let line = Self(rawValue: "line")
    /// A rectangle of `emitterSize` centred on the position.
    public static let rectangle = Self(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth` centred on the position.
    public static let cuboid = Self(rawValue: "cuboid")
    /// A circle in the xy-plane of radius `emitterSize.width` about the position.
    public static let circle = Self(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` about the position.
    public static let sphere = Self(rawValue: "sphere")
}

/// Which part of the shape particles are born on, Core Animation's `CAEmitterLayerEmitterMode`.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The shape's corners (a circle's or sphere's centre).
    public static let points = Self(rawValue: "points")
    /// Its outline: a rectangle's or box's edges, a circle's circumference, a sphere's surface.
    public static let outline = Self(rawValue: "outline")
    /// Its surface: a rectangle's or circle's inside, a box's faces, a sphere's surface.
    public static let surface = Self(rawValue: "surface")
    /// Anywhere within it (the default).
    public static let volume = Self(rawValue: "volume")
}

/// The order particles are drawn in, Core Animation's `CAEmitterLayerRenderMode`.
public struct CAEmitterLayerRenderMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In no promised order (Flipbook: oldest first, as `oldestFirst`). The default.
    public static let unordered = Self(rawValue: "unordered")
    /// The oldest first, so the newest are on top.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// The oldest last, on top.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Sorted by z, the farthest first.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Added to what lies below (Flipbook: composited over it, oldest first; reported once).
    public static let additive = Self(rawValue: "additive")
}

/// A layer that emits, moves and draws particles, Core Animation's `CAEmitterLayer`.
///
/// Each of its `emitterCells` describes one kind of particle. Particles are born from the
/// emitter shape at the cells' birth rates, move with their velocity and acceleration, and are
/// drawn above the layer's background and border, in its coordinates. The simulation runs on
/// the layer's local time, from the moment the layer first has cells: it is a function of time,
/// not of how often frames are drawn, and its random numbers come from `seed`, so every run and
/// every frame rate shows the same particles (docs/Semantics.md, "Particle emitters").
///
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply every cell's values;
/// they, `emitterPosition`, `emitterZPosition`, `emitterSize` and `emitterDepth` animate, and so
/// does a cell's property through its key path ("emitterCells.spark.birthRate").
@preconcurrency @MainActor
open class CAEmitterLayer: CALayer {
    /// The kinds of particle emitted.
    open var emitterCells: [CAEmitterCell]? {
        get { _emitterCells }
        set {
            catchUp()
            _emitterCells = newValue
            if !isPresentationCopy, simulation == nil, !(newValue ?? []).isEmpty {
                simulation = EmitterSimulation(origin: currentLocalTime)
                owningRuntime.clock.engine.noteEmitter(self)
            }
        }
    }
    private var _emitterCells: [CAEmitterCell]?
    /// Multiplies each cell's birth rate (1 by default).
    open var birthRate: Float {
        get { _birthRate }
        set { set(\._birthRate, newValue, "birthRate") }
    }
    private var _birthRate: Float = 1
    /// Multiplies each particle's lifetime (1 by default).
    open var lifetime: Float {
        get { _lifetime }
        set { set(\._lifetime, newValue, "lifetime") }
    }
    private var _lifetime: Float = 1
    /// The centre of the emitter shape, in the layer's coordinates.
    open var emitterPosition: CGPoint {
        get { _emitterPosition }
        set { set(\._emitterPosition, newValue, "emitterPosition") }
    }
    private var _emitterPosition = CGPoint.zero
    open var emitterZPosition: CGFloat {
        get { _emitterZPosition }
        set { set(\._emitterZPosition, newValue, "emitterZPosition") }
    }
    private var _emitterZPosition: CGFloat = 0
    /// The size of the emitter shape (see `CAEmitterLayerEmitterShape`).
    open var emitterSize: CGSize {
        get { _emitterSize }
        set { set(\._emitterSize, newValue, "emitterSize") }
    }
    private var _emitterSize = CGSize.zero
    open var emitterDepth: CGFloat {
        get { _emitterDepth }
        set { set(\._emitterDepth, newValue, "emitterDepth") }
    }
    private var _emitterDepth: CGFloat = 0
    open var emitterShape: CAEmitterLayerEmitterShape = .point { willSet { catchUp() } }
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { willSet { catchUp() } }
    open var renderMode: CAEmitterLayerRenderMode = .unordered {
        didSet {
            if renderMode == .additive {
                FlipbookDiagnostics.report(
                    "CAEmitterLayer renderMode .additive: Flipbook composites particles over each other (oldest first) "
                        + "instead of adding them (docs/Divergences.md, \"Particle emitters\").",
                    once: "CAEmitterLayer.additive")
            }
        }
    }
    /// Whether particles keep their depth (their z moves them toward the viewer under a
    /// perspective); false: they are flattened into the layer, as sublayers are.
    open var preservesDepth = false
    /// Multiplies each particle's speed (1 by default).
    open var velocity: Float {
        get { _velocity }
        set { set(\._velocity, newValue, "velocity") }
    }
    private var _velocity: Float = 1
    /// Multiplies each particle's scale (1 by default).
    open var scale: Float {
        get { _scale }
        set { set(\._scale, newValue, "scale") }
    }
    private var _scale: Float = 1
    /// Multiplies each particle's spin (1 by default).
    open var spin: Float {
        get { _spin }
        set { set(\._spin, newValue, "spin") }
    }
    private var _spin: Float = 1
    /// The seed of the particles' random numbers (0 by default). Particles drawn from the same
    /// seed are the same on every run.
    open var seed: UInt32 = 0 { willSet { catchUp() } }

    /// On the model layer: the particles so far (nil until the layer first has cells).
    var simulation: EmitterSimulation?
    /// On a presentation copy: its cells are its own copies (an animation changed one of them).
    private var ownsCellCopies = false
    /// On a presentation copy: the particles alive at its time, in drawing order.
    package internal(set) var presentedParticles: [EmitterParticleAppearance] = []

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let e = layer as? CAEmitterLayer else { return }
        _emitterCells = e._emitterCells
        _birthRate = e._birthRate
        _lifetime = e._lifetime
        _emitterPosition = e._emitterPosition
        _emitterZPosition = e._emitterZPosition
        _emitterSize = e._emitterSize
        _emitterDepth = e._emitterDepth
        emitterShape = e.emitterShape
        emitterMode = e.emitterMode
        renderMode = e.renderMode
        preservesDepth = e.preservesDepth
        _velocity = e._velocity
        _scale = e._scale
        _spin = e._spin
        seed = e.seed
    }

    /// Sets a checked, animatable property: the particles born so far keep the old value.
    private func set<V: FiniteCheckedValue>(_ storage: ReferenceWritableKeyPath<CAEmitterLayer, V>, _ value: V, _ key: String) {
        let old = self[keyPath: storage]
        catchUp()
        self[keyPath: storage] = value
        if !checkedDidSet(value, key, old: old) { self[keyPath: storage] = old }
    }

    /// The layer's local time now.
    private var currentLocalTime: CFTimeInterval { localTime(atMediaTime: owningRuntime.clock.now) }

    /// On the model: runs the simulation up to now with the values it has had so far, before one
    /// of them changes, so the change takes effect at the moment it is made, between frames too.
    private func catchUp() {
        guard !isPresentationCopy, simulation != nil else { return }
        let now = currentLocalTime
        guard now.isFinite else { return }
        simulation?.advance(to: now, model: self, values: self)
    }

    /// Fills `copy.presentedParticles` (called by `makePresentation`): the model's simulation
    /// advanced to `local` with the copy's (animated) values.
    func presentParticles(on copy: CAEmitterLayer, localTime local: CFTimeInterval) {
        guard simulation != nil, local.isFinite else { return }
        simulation?.advance(to: local, model: self, values: copy)
        copy.presentedParticles = simulation?.appearances(at: local, order: copy.renderMode) ?? []
    }

    /// Whether the particles still change at media time `now`: the layer is in a window and
    /// either has particles alive or a cell that emits (the clock is not idle meanwhile).
    func isChanging(atMediaTime now: CFTimeInterval) -> Bool {
        guard let simulation else { return false }
        var root: CALayer = self
        while let s = root.superlayer { root = s }
        guard root.hostRuntime != nil, !isHidden else { return false }
        let local = localTime(atMediaTime: now)
        guard local.isFinite else { return false }
        if simulation.hasParticlesAlive(after: local) { return true }
        guard birthRate > 0, lifetime > 0 else { return false }
        return (emitterCells ?? []).contains { cell in
            cell.isEnabled && cell.birthRate > 0 && cell.lifetime + cell.lifetimeRange > 0
                && EmitterSimulation.window(of: cell, from: simulation.origin).upperBound > local
        }
    }

    override class var implicitlyAnimatedKeys: Set<String> {
        CALayer.baseImplicitlyAnimatedKeys.union([
            "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
            "velocity", "scale", "spin",
        ])
    }

    override func customAnimatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "birthRate": return .number(Double(birthRate))
        case "lifetime": return .number(Double(lifetime))
        case "emitterPosition": return .point(emitterPosition)
        case "emitterZPosition": return .number(Double(emitterZPosition))
        case "emitterSize": return .size(emitterSize)
        case "emitterDepth": return .number(Double(emitterDepth))
        case "velocity": return .number(Double(velocity))
        case "scale": return .number(Double(scale))
        case "spin": return .number(Double(spin))
        default:
            if let (cell, cellKey) = cellKeyPath(key) { return cell.animatableValue(forKey: cellKey) }
            return super.customAnimatableValue(forKey: key)
        }
    }

    override func setCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case ("birthRate", .number(let v)): birthRate = Float(v)
        case ("lifetime", .number(let v)): lifetime = Float(v)
        case ("emitterPosition", .point(let p)): emitterPosition = p
        case ("emitterZPosition", .number(let v)): emitterZPosition = CGFloat(v)
        case ("emitterSize", .size(let s)): emitterSize = s
        case ("emitterDepth", .number(let v)): emitterDepth = CGFloat(v)
        case ("velocity", .number(let v)): velocity = Float(v)
        case ("scale", .number(let v)): scale = Float(v)
        case ("spin", .number(let v)): spin = Float(v)
        default:
            guard key.hasPrefix(Self.cellsPrefix) else { return super.setCustomAnimatableValue(value, forKey: key) }
            if isPresentationCopy, !ownsCellCopies {
                // A presentation copy changes copies of the cells, never the model's.
                _emitterCells = _emitterCells?.map { $0.deepCopy() }
                ownsCellCopies = true
            }
            guard let (cell, cellKey) = cellKeyPath(key) else { return false }
            catchUp()
            return cell.setAnimatableValue(value, forKey: cellKey)
        }
        return true
    }

    private static let cellsPrefix = "emitterCells."

    /// The cell and its key named by "emitterCells.<name>[.emitterCells.<name>…].<key>".
    private func cellKeyPath(_ key: String) -> (CAEmitterCell, String)? {
        guard key.hasPrefix(Self.cellsPrefix) else { return nil }
        return CAEmitterCell.resolve(key.dropFirst(Self.cellsPrefix.count), in: _emitterCells)
    }
}
