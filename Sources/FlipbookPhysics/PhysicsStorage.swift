// Internal per-object records of the world, kept in contiguous arrays of structs.

struct Body {
    var alive = false
    var generation: UInt32 = 0
    var type = PhysicsBodyType.dynamic
    var xf = PhysicsTransform.identity
    var localCenter = PhysicsVector.zero
    var c0 = PhysicsVector.zero, c = PhysicsVector.zero
    var a0 = 0.0, a = 0.0
    var v = PhysicsVector.zero
    var w = 0.0
    var force = PhysicsVector.zero
    var torque = 0.0
    var mass = 0.0, invMass = 0.0, inertia = 0.0, invI = 0.0
    var linearDamping = 0.0, angularDamping = 0.0, gravityScale = 1.0
    var fixedRotation = false, bullet = false, awake = true, allowSleep = true
    var sleepTime = 0.0
    var firstShape: Int32 = -1
    var tag = 0
    var customMass: Double? = nil
    var customInertia: Double? = nil
    /// Smallest extent of the body's shapes (points), for deciding when continuous collision is needed.
    var minExtent = Double.greatestFiniteMagnitude
    var isStatic: Bool { type == .static }
    /// Wakes a sleeping non-static body; resets its sleep timer either way.
    @inline(__always) mutating func wake() {
        if type != .static && !awake { awake = true }
        sleepTime = 0
    }
}

struct Shape {
    var alive = false
    var generation: UInt32 = 0
    var body: Int32 = -1
    var next: Int32 = -1
    var firstPrimitive: Int32 = -1
    var geometry = PhysicsGeometry.circle(center: .zero, radius: 0)
    var density = 0.0
    var friction = 0.0
    var restitution = 0.0
    var filter = PhysicsFilter.default
    var tag = 0
}

/// One convex piece of a shape (a chain has one per segment); what the broad and narrow phases see.
struct Primitive {
    var alive = false
    var shape: Int32 = -1
    var body: Int32 = -1
    var next: Int32 = -1
    var isCircle = false
    var center = PhysicsVector.zero
    var radius = 0.0
    var vStart: Int32 = 0
    var vCount: Int32 = 0
    var proxy: Int32 = -1
    /// Chain segments: the neighbouring chain points before and after (Box2D's ghost vertices).
    var ghost0: PhysicsVector? = nil
    var ghost3: PhysicsVector? = nil
    var isChainSegment: Bool { ghost0 != nil || ghost3 != nil }
}

struct Contact {
    var alive = false
    var primA: Int32 = -1, primB: Int32 = -1
    var bodyA: Int32 = -1, bodyB: Int32 = -1
    var manifold = Manifold()
    var touching = false
    var friction = 0.0, restitution = 0.0
    var key: UInt64 = 0
    /// The first world point and the normal of the manifold, for contact events.
    var lastPoint = PhysicsVector.zero
    var lastNormal = PhysicsVector.zero
    /// The manifold of a contact that stays touching changed this sub-step and `lastPoint` and
    /// `lastNormal` are still to be set: the solver's contact preparation does it, from the world
    /// manifold it works out anyway (a contact that begins touching gets them at once, for its event).
    var lastPointPending = false
}
