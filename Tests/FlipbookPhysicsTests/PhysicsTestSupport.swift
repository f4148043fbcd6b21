// Small scene builders shared by the physics tests (points, y down, UIKit's gravity by default).
@testable import FlipbookPhysics

/// A static ground whose top surface is at y = `top`, spanning x in -5000…5000.
@discardableResult
func addGround(_ world: PhysicsWorld, top: Double, friction: Double = 0.2, restitution: Double = 0, tag: Int = -1) -> PhysicsBodyID {
    let ground = world.createBody(PhysicsBodyDefinition(type: .static, position: PhysicsVector(0, top + 50), tag: tag))
    var box = PhysicsShape.box(width: 10_000, height: 100)
    box.friction = friction; box.restitution = restitution; box.tag = tag
    world.addShape(box, to: ground)
    return ground
}

/// A dynamic box of `width` × `height` at `center` with UIKit density 1 (mass = w·h/10 000).
@discardableResult
func addBox(_ world: PhysicsWorld, center: PhysicsVector, width: Double, height: Double, friction: Double = 0.2,
            restitution: Double = 0, tag: Int = 0) -> PhysicsBodyID {
    let body = world.createBody(PhysicsBodyDefinition(position: center, tag: tag))
    var box = PhysicsShape.box(width: width, height: height)
    box.friction = friction; box.restitution = restitution; box.tag = tag
    world.addShape(box, to: body)
    return body
}

/// Steps `seconds` of frames at `fps`.
func run(_ world: PhysicsWorld, seconds: Double, fps: Double = 60, each: ((Double) -> Void)? = nil) {
    let frames = Int((seconds * fps).rounded())
    for i in 0..<frames {
        world.step(1 / fps)
        each?(Double(i + 1) / fps)
    }
}

/// Times at which `samples` (time, value) cross zero going upward, linearly interpolated.
func upwardZeroCrossings(_ samples: [(Double, Double)]) -> [Double] {
    var out: [Double] = []
    for k in 1..<samples.count {
        let (t0, v0) = samples[k - 1], (t1, v1) = samples[k]
        if v0 < 0 && v1 >= 0 { out.append(t0 + (t1 - t0) * (-v0) / (v1 - v0)) }
    }
    return out
}
