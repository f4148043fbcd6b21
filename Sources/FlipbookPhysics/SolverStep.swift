// The solver's working memory for one sub-step: the world's arrays opened as unsafe buffers once,
// in `PhysicsWorld.withSolverStep`, beside scratch buffers reused from step to step. The stages
// that run on it are in PhysicsWorld+Solve.swift.

/// A buffer the solver reuses between sub-steps: it grows, never shrinks, and every element stays
/// initialised (callers overwrite what they use each step).
struct ScratchBuffer<Element> {
    private(set) var storage = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)

    /// Makes room for `count` elements; the contents are unspecified afterwards.
    mutating func reserve(_ count: Int, filler: @autoclosure () -> Element) {
        guard storage.count < count else { return }
        release()
        storage = .allocate(capacity: max(count, 2 * storage.count))
        storage.initialize(repeating: filler())
    }

    /// The first `count` elements.
    @inline(__always) func prefix(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(rebasing: storage[0..<count])
    }

    mutating func release() {
        _ = storage.deinitialize()
        storage.deallocate()
        storage = UnsafeMutableBufferPointer(start: nil, count: 0)
    }
}

/// Per-body and per-constraint arrays of the solver, owned by the world and reused between sub-steps.
final class SolverScratch {
    var positions = ScratchBuffer<SolverPosition>()
    var velocities = ScratchBuffer<SolverVelocity>()
    var velocities0 = ScratchBuffer<SolverVelocity>()
    var velocitiesFree = ScratchBuffer<SolverVelocity>()
    var moving = ScratchBuffer<Bool>()
    var islandParent = ScratchBuffer<Int32>()
    var islandAwake = ScratchBuffer<Bool>()
    var islandSleepTime = ScratchBuffer<Double>()
    var contactVelocity = ScratchBuffer<ContactVelocityConstraint>()
    var contactPosition = ScratchBuffer<ContactPositionConstraint>()
    var activeJoints = ScratchBuffer<Int32>()

    func reserve(bodies: Int, contacts: Int, joints: Int) {
        let still = SolverVelocity(v: .zero, w: 0)
        positions.reserve(bodies, filler: SolverPosition(c: .zero, a: 0, q: .identity))
        velocities.reserve(bodies, filler: still)
        velocities0.reserve(bodies, filler: still)
        velocitiesFree.reserve(bodies, filler: still)
        moving.reserve(bodies, filler: false)
        islandParent.reserve(bodies, filler: 0)
        islandAwake.reserve(bodies, filler: false)
        islandSleepTime.reserve(bodies, filler: 0)
        contactVelocity.reserve(contacts, filler: ContactVelocityConstraint())
        contactPosition.reserve(contacts, filler: ContactPositionConstraint())
        activeJoints.reserve(joints, filler: 0)
    }

    deinit {
        positions.release(); velocities.release(); velocities0.release(); velocitiesFree.release(); moving.release()
        islandParent.release(); islandAwake.release(); islandSleepTime.release()
        contactVelocity.release(); contactPosition.release(); activeJoints.release()
    }
}

/// Everything one sub-step's solver reads and writes, as unsafe buffers. Built once per sub-step by
/// `PhysicsWorld.withSolverStep` and valid only inside it; the stages are its methods.
struct SolverStep {
    let h: Double
    let settings: PhysicsSettings
    let gravity: PhysicsVector
    // The world's records.
    let bodies: UnsafeMutableBufferPointer<Body>
    let contacts: UnsafeMutableBufferPointer<Contact>
    let primitives: UnsafeBufferPointer<Primitive>
    let joints: UnsafeMutableBufferPointer<Joint>
    // Per body (indexed like `bodies`).
    /// Centre of mass and angle during the solve.
    let positions: UnsafeMutableBufferPointer<SolverPosition>
    /// Velocities during the solve, and as they were before gravity and forces (for restitution).
    let velocities: UnsafeMutableBufferPointer<SolverVelocity>
    let velocities0: UnsafeMutableBufferPointer<SolverVelocity>
    /// Velocities after gravity and forces, before any constraint (for the energy check of
    /// `solveAgainWhereWarmStartAddedEnergy`).
    let velocitiesFree: UnsafeMutableBufferPointer<SolverVelocity>
    /// Awake, alive and not static: the bodies this sub-step moves.
    let moving: UnsafeMutableBufferPointer<Bool>
    /// Union-find forest of islands (touching contacts and joints between non-static bodies).
    let islandParent: UnsafeMutableBufferPointer<Int32>
    /// Per island root: whether any body is awake, and the shortest time any body has been slow.
    let islandAwake: UnsafeMutableBufferPointer<Bool>
    let islandSleepTime: UnsafeMutableBufferPointer<Double>
    // Constraints: room for every contact and joint; the first `contactCount` / `activeJointCount` are this step's.
    let contactVelocityStorage: ScratchBuffer<ContactVelocityConstraint>
    let contactPositionStorage: ScratchBuffer<ContactPositionConstraint>
    var contactCount = 0
    let activeJointStorage: ScratchBuffer<Int32>
    var activeJointCount = 0
    // Results.
    /// Whether the position iterations converged (islands may sleep only then).
    var positionSolved = false
    /// Bodies whose state became non-finite and were restored.
    var broken: [Int] = []

    init(h: Double, settings: PhysicsSettings, gravity: PhysicsVector, bodies: UnsafeMutableBufferPointer<Body>,
         contacts: UnsafeMutableBufferPointer<Contact>, primitives: UnsafeBufferPointer<Primitive>,
         joints: UnsafeMutableBufferPointer<Joint>, scratch: SolverScratch) {
        self.h = h; self.settings = settings; self.gravity = gravity
        self.bodies = bodies; self.contacts = contacts; self.primitives = primitives; self.joints = joints
        let n = bodies.count
        positions = scratch.positions.prefix(n)
        velocities = scratch.velocities.prefix(n)
        velocities0 = scratch.velocities0.prefix(n)
        velocitiesFree = scratch.velocitiesFree.prefix(n)
        moving = scratch.moving.prefix(n)
        islandParent = scratch.islandParent.prefix(n)
        islandAwake = scratch.islandAwake.prefix(n)
        islandSleepTime = scratch.islandSleepTime.prefix(n)
        contactVelocityStorage = scratch.contactVelocity
        contactPositionStorage = scratch.contactPosition
        activeJointStorage = scratch.activeJoints
    }

    /// This step's contact constraints.
    var contactVelocityConstraints: UnsafeMutableBufferPointer<ContactVelocityConstraint> { contactVelocityStorage.prefix(contactCount) }
    var contactPositionConstraints: UnsafeMutableBufferPointer<ContactPositionConstraint> { contactPositionStorage.prefix(contactCount) }
    /// This step's joints (those with an awake body), as slots in `joints`.
    var activeJoints: UnsafeMutableBufferPointer<Int32> { activeJointStorage.prefix(activeJointCount) }
}

extension PhysicsWorld {
    /// Opens the world's arrays and the solver scratch as one `SolverStep` and runs `body` on it.
    /// The only place the solver takes unsafe pointers into the world; `body` must not call back
    /// into the world.
    func withSolverStep<R>(_ h: Double, _ body: (inout SolverStep) -> R) -> R {
        scratch.reserve(bodies: bodies.count, contacts: contacts.count, joints: joints.count)
        let scratch = scratch, settings = settings, gravity = gravity
        return bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                primitives.withUnsafeBufferPointer { primitives in
                    joints.withUnsafeMutableBufferPointer { joints in
                        var step = SolverStep(h: h, settings: settings, gravity: gravity, bodies: bodies, contacts: contacts,
                                              primitives: primitives, joints: joints, scratch: scratch)
                        return body(&step)
                    }
                }
            }
        }
    }
}
