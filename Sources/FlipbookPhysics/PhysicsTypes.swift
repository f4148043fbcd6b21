// Public value types of the engine: identifiers, definitions, settings, events, diagnostics.

/// Identifies a body in a `PhysicsWorld`. Stale identifiers (of destroyed bodies) are detected.
public struct PhysicsBodyID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int32
    let generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    public static func < (a: PhysicsBodyID, b: PhysicsBodyID) -> Bool { a.index < b.index }
    public var description: String { "body#\(index)" }
}

/// Identifies a shape attached to a body.
public struct PhysicsShapeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int32
    let generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    public static func < (a: PhysicsShapeID, b: PhysicsShapeID) -> Bool { a.index < b.index }
    public var description: String { "shape#\(index)" }
}

/// Identifies a joint.
public struct PhysicsJointID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int32
    let generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    public static func < (a: PhysicsJointID, b: PhysicsJointID) -> Bool { a.index < b.index }
    public var description: String { "joint#\(index)" }
}

/// How a body moves: static never moves, kinematic moves by its velocity only, dynamic responds to forces.
public enum PhysicsBodyType: Sendable, Equatable { case `static`, kinematic, dynamic }

/// Everything needed to create a body. Positions in points, angles in radians, velocities per second.
public struct PhysicsBodyDefinition: Sendable, Equatable {
    public var type: PhysicsBodyType
    /// World position of the body's origin (for a UIKit item: its center).
    public var position: PhysicsVector
    public var angle: Double
    public var linearVelocity: PhysicsVector
    public var angularVelocity: Double
    /// Linear damping rate (1/s): v ← v / (1 + h·damping) each sub-step.
    public var linearDamping: Double
    public var angularDamping: Double
    /// Multiplies the world's gravity for this body.
    public var gravityScale: Double
    /// Prevents rotation (infinite rotational inertia).
    public var fixedRotation: Bool
    /// Always uses continuous collision against static geometry.
    public var isBullet: Bool
    public var allowsSleep: Bool
    public var isAwake: Bool
    /// The caller's identifier (UIKit layer: the item).
    public var tag: Int

    public init(type: PhysicsBodyType = .dynamic, position: PhysicsVector = .zero, angle: Double = 0,
                linearVelocity: PhysicsVector = .zero, angularVelocity: Double = 0, linearDamping: Double = 0,
                angularDamping: Double = 0, gravityScale: Double = 1, fixedRotation: Bool = false,
                isBullet: Bool = false, allowsSleep: Bool = true, isAwake: Bool = true, tag: Int = 0) {
        self.type = type; self.position = position; self.angle = angle; self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity; self.linearDamping = linearDamping; self.angularDamping = angularDamping
        self.gravityScale = gravityScale; self.fixedRotation = fixedRotation; self.isBullet = isBullet
        self.allowsSleep = allowsSleep; self.isAwake = isAwake; self.tag = tag
    }
}

/// World tuning. Box2D's tolerances are for metres; `lengthScale` (points per "metre") scales them.
public struct PhysicsSettings: Sendable, Equatable {
    /// Seconds per sub-step; `step(_:)` runs as many as fit in the accumulated time.
    public var fixedTimeStep: Double = 1.0 / 240.0
    /// At most this many sub-steps per `step(_:)` call; time beyond is dropped (with a diagnostic).
    /// The default covers `maxFrameTime` at the default step, so only clamping drops time.
    public var maxSubStepsPerCall: Int = 64
    /// Frame times above this (seconds) are clamped, with a diagnostic.
    public var maxFrameTime: Double = 0.25
    public var velocityIterations: Int = 8
    /// The share of a rigid joint's accumulated impulses carried into the next sub-step as its
    /// warm start (springs keep theirs whole). Below 1, the accumulated impulses of a joint chain
    /// that the velocity iterations cannot converge (long lever arms on light bodies) shrink
    /// from sub-step to sub-step instead of growing, and the chain stops gaining energy
    /// (docs/Reliability.md, Physics, seed 1705); Bullet's `warmstartingFactor` does the
    /// same (0.85). 1 in `box2D`.
    public var jointWarmStartFactor: Double = 0.95
    public var positionIterations: Int = 3
    public var warmStarting = true
    public var allowsSleep = true
    /// Continuous collision (time of impact) of dynamic bodies against static geometry: fast
    /// bodies against every static shape, other moving bodies against the static shapes thin
    /// enough for them to pass through in a sub-step (segments, chains).
    public var continuousCollision = true
    /// When continuous collision stops a body at its time of impact with static geometry, the
    /// body bounces off the static shapes it touches there on its own (restitution and friction
    /// included): its joints are not part of that solve and take up the new velocity in the next
    /// sub-step. Box2D 2.4's time-of-impact sub-step does the same (its TOI islands hold contacts
    /// with static bodies only). A pinned body that strikes a wall at speed therefore keeps much
    /// less of its swing than restitution about the pin would give it (docs/Divergences.md,
    /// FlipbookPhysics). Off: the impact is left to the next sub-step's contacts and joints.
    public var resolvesImpactsWithoutJoints = true
    /// Points per Box2D "metre", fixed at creation: the tolerances below are derived from it.
    public private(set) var lengthScale: Double
    /// Allowed penetration (points).
    public var linearSlop: Double
    /// Skin radius of polygons and edges (points). 0 keeps shapes visually touching.
    public var polygonRadius: Double
    /// Contact points are kept while shapes are up to this far apart (points); the solver lets
    /// them close the gap but not pass (speculative contacts), so resting bodies do not hop.
    public var speculativeDistance: Double
    /// Fat-box margin of the broad phase (points).
    public var aabbMargin: Double
    /// Approach speeds below this (points/s) do not bounce.
    public var restitutionThreshold: Double
    public var maxTranslationPerStep: Double
    public var maxRotationPerStep: Double = 0.5 * Double.pi
    public var maxLinearCorrection: Double
    public var baumgarte: Double = 0.2
    /// After the position iterations, push dynamic bodies fully out of the static shapes they
    /// touch (up to `positionIterations` passes), so static geometry has the last word over
    /// joint corrections. The iterations alone solve contacts a fifth at a time (`baumgarte`) and
    /// joints in full, so a rigid joint pulling a light body into a wall wins and a closed
    /// boundary leaks. Off in `box2D` (Box2D 2.4 has no such pass).
    public var projectsStaticContacts = true
    public var linearSleepTolerance: Double
    public var angularSleepTolerance: Double = 2.0 / 180.0 * Double.pi
    /// Seconds a body must stay below the sleep tolerances before it (and its island) sleeps.
    public var timeToSleep: Double = 0.5

    public init(lengthScale: Double = 100) {
        let s = lengthScale.isFinite && lengthScale > 0 ? lengthScale : 100
        self.lengthScale = s
        linearSlop = 0.005 * s
        polygonRadius = 0
        speculativeDistance = 4 * linearSlop
        aabbMargin = 0.1 * s
        restitutionThreshold = 1.0 * s
        maxTranslationPerStep = 2.0 * s
        maxLinearCorrection = 0.2 * s
        linearSleepTolerance = 0.01 * s
    }

    /// Box2D 2.4's defaults in metres at 60 Hz (polygon skin 2·slop): for comparing with Box2D.
    public static var box2D: PhysicsSettings {
        var s = PhysicsSettings(lengthScale: 1)
        s.fixedTimeStep = 1.0 / 60.0
        s.polygonRadius = 2 * s.linearSlop
        s.speculativeDistance = 0
        s.projectsStaticContacts = false
        s.jointWarmStartFactor = 1
        return s
    }
}

/// A contact starting or ending between two shapes.
public struct PhysicsContactEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case began, ended }
    public var kind: Kind
    public var bodyA: PhysicsBodyID
    public var bodyB: PhysicsBodyID
    public var shapeA: PhysicsShapeID
    public var shapeB: PhysicsShapeID
    public var tagA: Int
    public var tagB: Int
    /// A world point of the contact (began: the first manifold point; ended: the last one known).
    public var point: PhysicsVector
    /// The contact normal from A to B.
    public var normal: PhysicsVector
}

/// A problem the engine noticed and handled (bad input, clamped time step…).
public struct PhysicsDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, Equatable {
        case invalidValue, invalidShape, invalidDensity, staleIdentifier, timeStepClamped, subStepsCapped, nonFiniteState, invalidJoint
    }
    public var code: Code
    public var message: String
    public var description: String { "[\(code.rawValue)] \(message)" }
    public init(code: Code, message: String) { self.code = code; self.message = message }
}
