import Foundation
import FlipbookGeometry

/// One kind of particle a `CAEmitterLayer` emits, Core Animation's `CAEmitterCell`: how many are
/// born each second, how long each lives, how it moves, turns, grows and changes colour, and the
/// image it shows. A cell's own `emitterCells` are emitted by each of its particles in turn
/// (sub-emitters: fireworks' sparks). How the properties are read is in docs/Semantics.md,
/// "Particle emitters"; the simulation is `EmitterSimulation`.
///
/// Every value is read when a particle is born; changing a cell later changes the particles born
/// after, not those already alive. Cells are reached by name through key-value coding
/// (`emitterLayer.setValue(0, forKeyPath: "emitterCells.snow.birthRate")`), which also animates.
@preconcurrency @MainActor
open class CAEmitterCell: NSObject, CAMediaTiming {
    /// The name that key paths use to reach the cell ("emitterCells.<name>.birthRate").
    open var name: String?
    /// Whether the cell emits (true by default).
    open var isEnabled = true
    /// Particles born each second (0 by default), multiplied by the layer's `birthRate`.
    open var birthRate: Float = 0
    /// Each particle's lifetime in seconds (0 by default), ± `lifetimeRange`, times the layer's `lifetime`.
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    /// The direction of emission: its angle out of the xy-plane (latitude) and in it (longitude,
    /// from the x axis toward y, so π/2 is down in a layer's coordinates).
    open var emissionLatitude: CGFloat = 0
    open var emissionLongitude: CGFloat = 0
    /// The angle of the cone around the direction of emission that particles are spread across
    /// uniformly (0: all along the direction; 2π: every direction).
    open var emissionRange: CGFloat = 0
    /// The initial speed in points per second, ± `velocityRange`, times the layer's `velocity`.
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    /// A constant acceleration in points per second squared (gravity: a positive y).
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    /// The size of the image (1: its pixel size over `contentsScale`), ± `scaleRange`, times the
    /// layer's `scale`, growing by `scaleSpeed` each second.
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    /// The turning speed in radians per second, ± `spinRange`, times the layer's `spin`.
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    /// The colour the image is multiplied by (nil: white), each component ± its range, changing
    /// by its speed each second, clamped to 0…1.
    open var color: CGColor?
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// The particle's image, usually a `CGImage`; without one a particle draws nothing (it can
    /// still emit its cell's `emitterCells`).
    open var contents: Any?
    /// The part of `contents` shown, in unit coordinates.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Pixels of `contents` per point (1 by default, whatever the screen's scale, as on iOS).
    open var contentsScale: CGFloat = 1
    /// Stored; the renderer samples bilinearly.
    open var minificationFilter: String = CALayerContentsFilter.linear.rawValue
    open var magnificationFilter: String = CALayerContentsFilter.linear.rawValue
    open var minificationFilterBias: Float = 0
    /// The cells each particle of this cell emits, with times counted from the particle's birth.
    open var emitterCells: [CAEmitterCell]?
    /// Stored.
    open var style: [AnyHashable: Any]?

    // CAMediaTiming. `beginTime` and `duration` bound when the cell emits (docs/Semantics.md,
    // "Particle emitters"); the others are stored.
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    public override init() { super.init() }

    /// A cell with default values: there is no archive to decode cells from here.
    public required init?(coder: NSCoder) { super.init() }

    /// The default value of a property (Apple's class method); nil.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether the property is archived (Apple's method); true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A copy with the same values and copies of the sub-cells (Flipbook uses it for a
    /// presentation layer whose cells an animation changes).
    func deepCopy() -> CAEmitterCell {
        let c = CAEmitterCell()
        c.name = name; c.isEnabled = isEnabled; c.color = color; c.contents = contents
        c.contentsRect = contentsRect; c.minificationFilter = minificationFilter
        c.magnificationFilter = magnificationFilter; c.style = style; c.fillMode = fillMode
        c.autoreverses = autoreverses
        for accessor in Self.numeric.values { accessor.set(c, accessor.get(self)) }
        c.emitterCells = emitterCells?.map { $0.deepCopy() }
        return c
    }
}

// MARK: - Key-value coding

extension CAEmitterCell: KeyValueCodingHost {
    /// A numeric property read and written as a `Double`.
    struct NumericAccessor {
        let get: (CAEmitterCell) -> Double
        let set: (CAEmitterCell, Double) -> Void

        static func float(_ k: ReferenceWritableKeyPath<CAEmitterCell, Float>) -> Self {
            Self(get: { Double($0[keyPath: k]) }, set: { $0[keyPath: k] = Float($1) })
        }
        static func cgFloat(_ k: ReferenceWritableKeyPath<CAEmitterCell, CGFloat>) -> Self {
            Self(get: { Double($0[keyPath: k]) }, set: { $0[keyPath: k] = CGFloat($1) })
        }
        static func double(_ k: ReferenceWritableKeyPath<CAEmitterCell, Double>) -> Self {
            Self(get: { $0[keyPath: k] }, set: { $0[keyPath: k] = $1 })
        }
    }

    /// The properties that are numbers, by key-value coding key: one table for reading, writing
    /// and copying them.
    static let numeric: [String: NumericAccessor] = [
        "birthRate": .float(\.birthRate), "lifetime": .float(\.lifetime), "lifetimeRange": .float(\.lifetimeRange),
        "emissionLatitude": .cgFloat(\.emissionLatitude), "emissionLongitude": .cgFloat(\.emissionLongitude),
        "emissionRange": .cgFloat(\.emissionRange), "velocity": .cgFloat(\.velocity),
        "velocityRange": .cgFloat(\.velocityRange), "xAcceleration": .cgFloat(\.xAcceleration),
        "yAcceleration": .cgFloat(\.yAcceleration), "zAcceleration": .cgFloat(\.zAcceleration),
        "scale": .cgFloat(\.scale), "scaleRange": .cgFloat(\.scaleRange), "scaleSpeed": .cgFloat(\.scaleSpeed),
        "spin": .cgFloat(\.spin), "spinRange": .cgFloat(\.spinRange),
        "redRange": .float(\.redRange), "greenRange": .float(\.greenRange), "blueRange": .float(\.blueRange),
        "alphaRange": .float(\.alphaRange), "redSpeed": .float(\.redSpeed), "greenSpeed": .float(\.greenSpeed),
        "blueSpeed": .float(\.blueSpeed), "alphaSpeed": .float(\.alphaSpeed),
        "contentsScale": .cgFloat(\.contentsScale), "minificationFilterBias": .float(\.minificationFilterBias),
        "beginTime": .double(\.beginTime), "duration": .double(\.duration), "speed": .float(\.speed),
        "timeOffset": .double(\.timeOffset), "repeatCount": .float(\.repeatCount), "repeatDuration": .double(\.repeatDuration),
    ]

    /// A numeric property's value; nil for any other key.
    func numericValue(forKey key: String) -> Double? { Self.numeric[key]?.get(self) }

    /// Sets a numeric property; false for any other key.
    func setNumericValue(_ v: Double, forKey key: String) -> Bool {
        guard let accessor = Self.numeric[key] else { return false }
        accessor.set(self, v)
        return true
    }

    /// The value of `key` as the engine sees it (numbers, `color`, `contentsRect`, `isEnabled`);
    /// nil for a key the cell does not have.
    func animatableValue(forKey key: String) -> AnimatableValue? {
        if let d = numericValue(forKey: key) { return .number(d) }
        switch key {
        case "color": return .color(color)
        case "contentsRect": return .rect(contentsRect)
        case "enabled", "isEnabled": return .number(isEnabled ? 1 : 0)
        default: return nil
        }
    }

    /// Writes `key` from the engine's value; false when the key is not the cell's or the value
    /// is of the wrong kind (or not finite).
    func setAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        switch (key, value) {
        case (_, .number(let d)) where numericValue(forKey: key) != nil:
            guard d.isFinite else { return false }
            return setNumericValue(d, forKey: key)
        case ("color", .color(let c)): color = c
        case ("contentsRect", .rect(let r)) where r.isFiniteValue: contentsRect = r
        case ("enabled", .number(let d)), ("isEnabled", .number(let d)): isEnabled = d != 0
        default: return false
        }
        return true
    }

    /// The cell reached by `path` ("<name>.<key>" or "<name>.emitterCells.<name>.<key>") among
    /// `cells`, with the key left at its end; nil when no cell of that name is there.
    static func resolve(_ path: Substring, in cells: [CAEmitterCell]?) -> (CAEmitterCell, String)? {
        guard let dot = path.firstIndex(of: ".") else { return nil }
        let name = path[..<dot]
        let rest = path[path.index(after: dot)...]
        guard let cell = cells?.first(where: { $0.name.map { Substring($0) } == name }) else { return nil }
        let prefix = "emitterCells."
        if rest.hasPrefix(prefix) { return resolve(rest.dropFirst(prefix.count), in: cell.emitterCells) }
        return (cell, String(rest))
    }

    package func valueByKeyValueCoding(forKey key: String) -> Any?? {
        switch key {
        case "name": return .some(name)
        case "contents": return .some(contents)
        case "emitterCells": return .some(emitterCells)
        case "minificationFilter": return .some(minificationFilter)
        case "magnificationFilter": return .some(magnificationFilter)
        default:
            if let d = numericValue(forKey: key) {
                // Numbers answer boxed, as key-value coding answers on iOS.
                return .some(NSNumber(value: d))
            }
            if let v = animatableValue(forKey: key) { return .some(v.anyValue) }
            return nil
        }
    }

    package func setValueByKeyValueCoding(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "name": name = value as? String
        case "contents": contents = value
        case "emitterCells": emitterCells = value as? [CAEmitterCell]
        default:
            guard animatableValue(forKey: key) != nil else { return false }
            if let v = AnimatableValue(value), setAnimatableValue(v, forKey: key) { return true }
            FlipbookDiagnostics.report(
                "CAEmitterCell setValue(_:forKey: \"\(key)\") cannot take \(value.map { "\(type(of: $0))" } ?? "nil"); ignored.",
                once: "CAEmitterCell.setValue.\(key)")
        }
        return true
    }
}
