// Joint definitions: what the caller asks for. Anchors are in each body's local frame (points from
// the body origin, rotating with the body); with no body A, anchor A is a fixed world point.

/// A joint between two bodies, or between a body and a fixed world point (`bodyA == nil`).
public struct PhysicsJointDefinition: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Keeps the anchors between `minLength` and `maxLength`; with `frequency` > 0 a spring
        /// pulls towards `length`. Rigid rod: min = max = length. Rope: min 0, max = rope length.
        case distance
        /// A pin: anchors coincide; optional angle limits and a friction torque.
        case revolute
        /// A slider along `localAxisA` (no rotation between the bodies); optional translation limits.
        case prismatic
        /// Glues the bodies: no relative motion or rotation.
        case weld
        /// Pulls body B's anchor towards `target` with a soft spring limited by `maxForce`.
        case mouse
    }
    public var kind: Kind
    /// The first body, or nil for the world (a fixed ground).
    public var bodyA: PhysicsBodyID?
    public var bodyB: PhysicsBodyID
    /// Anchor on A in A's frame (a world point when `bodyA` is nil).
    public var localAnchorA: PhysicsVector
    /// Anchor on B in B's frame.
    public var localAnchorB: PhysicsVector
    /// Whether the two bodies still collide with each other.
    public var collideConnected: Bool = false
    /// B's angle minus A's angle at rest (revolute limits, prismatic, weld).
    public var referenceAngle: Double = 0
    // Distance.
    public var length: Double = 0
    public var minLength: Double = 0
    public var maxLength: Double = 0
    /// Spring frequency (Hz) of a distance or mouse joint; 0 = rigid (distance only).
    public var frequency: Double = 0
    /// Spring damping ratio (1 = critical).
    public var dampingRatio: Double = 0
    // Revolute.
    public var enableLimit: Bool = false
    /// Revolute: angle limits (radians); prismatic: translation limits (points).
    public var lowerLimit: Double = 0
    public var upperLimit: Double = 0
    /// Revolute: the largest friction torque (mass·pt²/s²) resisting relative rotation.
    public var maxFrictionTorque: Double = 0
    // Prismatic.
    /// The slide direction in A's frame (normalised by the engine).
    public var localAxisA: PhysicsVector = PhysicsVector(1, 0)
    // Mouse.
    /// The world point a mouse joint pulls towards.
    public var target: PhysicsVector = .zero
    /// Largest force (mass·pt/s²) a mouse joint applies.
    public var maxForce: Double = .greatestFiniteMagnitude

    public init(kind: Kind, bodyA: PhysicsBodyID?, localAnchorA: PhysicsVector, bodyB: PhysicsBodyID, localAnchorB: PhysicsVector) {
        self.kind = kind; self.bodyA = bodyA; self.bodyB = bodyB; self.localAnchorA = localAnchorA; self.localAnchorB = localAnchorB
    }

    /// A rod (frequency 0) or spring (frequency > 0, Hz) keeping the anchors `length` apart.
    public static func distance(_ bodyA: PhysicsBodyID?, _ anchorA: PhysicsVector, _ bodyB: PhysicsBodyID, _ anchorB: PhysicsVector,
                                length: Double, frequency: Double = 0, dampingRatio: Double = 0) -> PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: .distance, bodyA: bodyA, localAnchorA: anchorA, bodyB: bodyB, localAnchorB: anchorB)
        d.length = length; d.frequency = frequency; d.dampingRatio = dampingRatio
        if frequency > 0 { d.minLength = 0; d.maxLength = .greatestFiniteMagnitude } else { d.minLength = length; d.maxLength = length }
        return d
    }
    /// A rope: the anchors stay at most `maxLength` apart.
    public static func rope(_ bodyA: PhysicsBodyID?, _ anchorA: PhysicsVector, _ bodyB: PhysicsBodyID, _ anchorB: PhysicsVector,
                            maxLength: Double) -> PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: .distance, bodyA: bodyA, localAnchorA: anchorA, bodyB: bodyB, localAnchorB: anchorB)
        d.length = maxLength; d.minLength = 0; d.maxLength = maxLength
        d.collideConnected = true
        return d
    }
    /// A pin at the anchors.
    public static func revolute(_ bodyA: PhysicsBodyID?, _ anchorA: PhysicsVector, _ bodyB: PhysicsBodyID, _ anchorB: PhysicsVector,
                                referenceAngle: Double = 0, limits: ClosedRange<Double>? = nil, frictionTorque: Double = 0) -> PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: .revolute, bodyA: bodyA, localAnchorA: anchorA, bodyB: bodyB, localAnchorB: anchorB)
        d.referenceAngle = referenceAngle; d.maxFrictionTorque = frictionTorque
        if let l = limits { d.enableLimit = true; d.lowerLimit = l.lowerBound; d.upperLimit = l.upperBound }
        return d
    }
    /// A slider along `axis` (in A's frame).
    public static func prismatic(_ bodyA: PhysicsBodyID?, _ anchorA: PhysicsVector, _ bodyB: PhysicsBodyID, _ anchorB: PhysicsVector,
                                 axis: PhysicsVector, referenceAngle: Double = 0, limits: ClosedRange<Double>? = nil) -> PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: .prismatic, bodyA: bodyA, localAnchorA: anchorA, bodyB: bodyB, localAnchorB: anchorB)
        d.localAxisA = axis; d.referenceAngle = referenceAngle
        if let l = limits { d.enableLimit = true; d.lowerLimit = l.lowerBound; d.upperLimit = l.upperBound }
        return d
    }
    /// Glues B to A at the anchors.
    public static func weld(_ bodyA: PhysicsBodyID?, _ anchorA: PhysicsVector, _ bodyB: PhysicsBodyID, _ anchorB: PhysicsVector,
                            referenceAngle: Double = 0) -> PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: .weld, bodyA: bodyA, localAnchorA: anchorA, bodyB: bodyB, localAnchorB: anchorB)
        d.referenceAngle = referenceAngle
        return d
    }
    /// Pulls `anchorB` of `body` towards the world point `target` (UISnapBehavior, dragging).
    public static func mouse(_ body: PhysicsBodyID, anchor: PhysicsVector = .zero, target: PhysicsVector, frequency: Double = 5,
                             dampingRatio: Double = 0.7, maxForce: Double = .greatestFiniteMagnitude) -> PhysicsJointDefinition {
        var d = PhysicsJointDefinition(kind: .mouse, bodyA: nil, localAnchorA: target, bodyB: body, localAnchorB: anchor)
        d.target = target; d.frequency = frequency; d.dampingRatio = dampingRatio; d.maxForce = maxForce
        return d
    }
}
