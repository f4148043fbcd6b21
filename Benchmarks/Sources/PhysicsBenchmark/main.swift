// Physics benchmark: Box2D's pyramid in FlipbookPhysics and, in the same run, in Box2D 2.4
// (Debian's libbox2d-dev through CBox2DHarness). Prints both times, the ratio, and whether each
// pyramid still stands (displacement of the top box). Aim: Flipbook ≤ 1.0 × Box2D, standing
// (issue 28; docs/Benchmarks.md, PhysicsBenchmark).
import CBox2DHarness
import Flipbook
import Foundation

let rows = Int(ProcessInfo.processInfo.environment["PYRAMID_ROWS"] ?? "") ?? 32
let steps = Int(ProcessInfo.processInfo.environment["PYRAMID_STEPS"] ?? "") ?? 600
let boxes = rows * (rows + 1) / 2

struct Run { var seconds: Double; var start: PhysicsVector; var end: PhysicsVector; var awake: Int; var contacts: Int }

/// The same scene in FlipbookPhysics, in metres with Box2D's settings (60 Hz, 8/3 iterations).
func flipbookPyramid(allowSleep: Bool) -> Run {
    var settings = PhysicsSettings.box2D
    settings.allowsSleep = allowSleep
    let world = PhysicsWorld(gravity: PhysicsVector(0, -10), settings: settings)
    let ground = world.createBody(PhysicsBodyDefinition(type: .static))
    world.addShape(.segment(from: PhysicsVector(-40, 0), to: PhysicsVector(40, 0)), to: ground)
    var box = PhysicsShape.box(width: 1, height: 1)
    box.density = 5
    var x = PhysicsVector(-7, 0.75)
    var top = ground
    for i in 0..<rows {
        var y = x
        for _ in i..<rows {
            let b = world.createBody(PhysicsBodyDefinition(position: y))
            world.addShape(box, to: b)
            top = b
            y += PhysicsVector(1.125, 0)
        }
        x += PhysicsVector(0.5625, 1.25)
    }
    let start = world.position(of: top)
    let t0 = box2d_harness_thread_cpu_seconds()
    for _ in 0..<steps { world.step(1.0 / 60.0) }
    let seconds = box2d_harness_thread_cpu_seconds() - t0
    let awake = world.bodyIDs.filter { world.type(of: $0) == .dynamic && world.isAwake($0) }.count
    return Run(seconds: seconds, start: start, end: world.position(of: top), awake: awake, contacts: world.contactCount)
}

func box2DPyramid(allowSleep: Bool) -> Run {
    let r = box2d_run_pyramid(Int32(rows), Int32(steps), 8, 3, allowSleep ? 1 : 0)
    return Run(seconds: r.seconds, start: PhysicsVector(r.topStartX, r.topStartY), end: PhysicsVector(r.topEndX, r.topEndY),
               awake: Int(r.awakeCount), contacts: Int(r.contactCount))
}

/// The boxes start 0.25 m apart and settle onto each other, so the top box should end near the
/// height of a perfect stack, (rows - 0.5) m, with its x unchanged. A fallen pyramid is metres lower.
func describe(_ name: String, _ r: Run) -> String {
    let ideal = Double(rows) - 0.5
    let sideways = abs(r.end.x - r.start.x)
    let standing = sideways < 0.5 && r.end.y > ideal - 0.5
    return "\(name): \(String(format: "%.3f", r.seconds)) s; top box at height \(String(format: "%.3f", r.end.y)) m "
        + "(perfect stack \(String(format: "%.1f", ideal))), moved sideways \(String(format: "%.4f", sideways)) m: "
        + "\(standing ? "standing" : "FALLEN"); awake \(r.awake), contacts \(r.contacts)"
}

print("Times are thread CPU seconds (both engines timed the same way).")
print("Pyramid of \(boxes) boxes (\(rows) rows), \(steps) steps at 60 Hz, 8 velocity / 3 position iterations")
print("Box2D version \(box2d_harness_version())")
if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
    print("load average: \(load.split(separator: " ").prefix(3).joined(separator: " "))")
}
// The machine may be shared: run the engines alternately and keep each one's fastest run.
let repeats = Int(ProcessInfo.processInfo.environment["PYRAMID_REPEATS"] ?? "") ?? 3
for allowSleep in [true, false] {
    print("-- sleeping \(allowSleep ? "on" : "off"), best of \(repeats)")
    _ = flipbookPyramid(allowSleep: allowSleep) // warm-up
    var f = flipbookPyramid(allowSleep: allowSleep), b = box2DPyramid(allowSleep: allowSleep)
    for _ in 1..<max(1, repeats) {
        let f2 = flipbookPyramid(allowSleep: allowSleep), b2 = box2DPyramid(allowSleep: allowSleep)
        if f2.seconds < f.seconds { f = f2 }
        if b2.seconds < b.seconds { b = b2 }
    }
    print(describe("FlipbookPhysics", f))
    print(describe("Box2D 2.4      ", b))
    print("ratio Flipbook / Box2D: \(String(format: "%.2f", f.seconds / b.seconds))× (aim ≤ 1.0×)")
}
