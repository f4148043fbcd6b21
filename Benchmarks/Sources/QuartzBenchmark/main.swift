// QuartzBenchmark: the cost of computing the presentation tree per frame.
//
// For 1 000 and 10 000 layers, each with four running animations (position, opacity,
// transform.rotation.z, backgroundColor), it times one frame of:
//   - `presentedLayer(parentTime:)` walked over the tree (the renderer's cheap path: one
//     copy per animated layer, parent local time passed down),
//   - `presentation()` of the root (the full presentation tree, one copy per layer),
// and, as the in-process reference, the same walks over the same tree without animations.
// Figures are ms per frame, the ratio to the 8.33 ms budget of a 120 Hz frame, and the
// ratio to the reference.
#if canImport(Flipbook)
import Flipbook
#else
import FlipbookQuartz
#endif
import Foundation

@MainActor
func makeTree(count: Int, animated: Bool) -> CALayer {
    let root = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
    // Two levels: 100 groups of count/100 leaves, so local times are passed down.
    let groups = max(count / 100, 1)
    for g in 0..<100 {
        let group = CALayer()
        group.bounds = CGRect(x: 0, y: 0, width: 1000, height: 10)
        group.position = CGPoint(x: 500, y: Double(g) * 10)
        root.addSublayer(group)
        for i in 0..<groups {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            layer.position = CGPoint(x: Double(i) * 10, y: 5)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            group.addSublayer(layer)
            guard animated else { continue }
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 100, y: 50)
            move.duration = 2
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            move.repeatCount = .infinity
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1.5
            fade.autoreverses = true
            fade.repeatCount = .infinity
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * Double.pi
            spin.duration = 3
            spin.repeatCount = .infinity
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            tint.duration = 2.5
            tint.repeatCount = .infinity
            layer.add(move, forKey: "move")
            layer.add(fade, forKey: "fade")
            layer.add(spin, forKey: "spin")
            layer.add(tint, forKey: "tint")
        }
    }
    CATransaction.commit()
    return root
}

/// The cheapest walk: `presentedValues` (no copy for plain animations), local time passed down.
@MainActor
func walkValues(_ layer: CALayer, parentTime: CFTimeInterval, sink: inout Double) {
    let v = layer.presentedValues(parentTime: parentTime)
    sink += Double(v.position.x) + Double(v.opacity)
    let local = layer.currentLocalTime(parentTime: parentTime)
    for s in layer.sublayers ?? [] { walkValues(s, parentTime: local, sink: &sink) }
}

/// The renderer's walk: presented values of every layer, local time passed down.
@MainActor
func walk(_ layer: CALayer, parentTime: CFTimeInterval, sink: inout Double) {
    let presented = layer.presentedLayer(parentTime: parentTime)
    sink += Double(presented.position.x) + Double(presented.opacity)
    let local = layer.currentLocalTime(parentTime: parentTime)
    for s in layer.sublayers ?? [] { walk(s, parentTime: local, sink: &sink) }
}

/// This thread's CPU time in seconds: unlike wall time it does not count the time other
/// processes hold the core, so figures stay comparable on a busy machine.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// CPU milliseconds of `body` per frame over `frames` frames (the clock step itself not
/// counted): the mean, and the median, which other processes sharing the core disturb less.
@MainActor
func measure(frames: Int, _ body: () -> Void) -> (mean: Double, median: Double) {
    var times: [Double] = []
    for _ in 0..<frames {
        MediaClock.main.advanceFrames(1)
        let start = threadCPUTime()
        body()
        times.append((threadCPUTime() - start) * 1000)
    }
    times.sort()
    return (times.reduce(0, +) / Double(frames), times[frames / 2])
}

/// Mean CPU milliseconds of one clock frame (animation events for every layer).
@MainActor
func measureClock(frames: Int) -> Double {
    let start = threadCPUTime()
    MediaClock.main.advanceFrames(frames)
    return (threadCPUTime() - start) * 1000 / Double(frames)
}

@MainActor
func run() {
    let budget = 1000.0 / 120
    print("QuartzBenchmark: presentation tree per frame (4 animations per layer), thread CPU time")
    print("layers   path                     ms/frame   × 120 Hz budget   × reference   median ms")
    for count in [1_000, 10_000] {
        let animated = makeTree(count: count, animated: true)
        let still = makeTree(count: count, animated: false)
        MediaClock.main.advanceFrames(1)
        let frames = count > 5_000 ? 20 : 60
        var sink = 0.0
        let t0 = MediaClock.main.now
        let refWalk = measure(frames: frames) { walk(still, parentTime: t0, sink: &sink) }
        let refValues = measure(frames: frames) { walkValues(still, parentTime: MediaClock.main.now, sink: &sink) }
        let valuesMs = measure(frames: frames) { walkValues(animated, parentTime: MediaClock.main.now, sink: &sink) }
        let walkMs = measure(frames: frames) { walk(animated, parentTime: MediaClock.main.now, sink: &sink) }
        let refTree = measure(frames: frames) { sink += Double(still.presentation()?.sublayers?.count ?? 0) }
        let treeMs = measure(frames: frames) { sink += Double(animated.presentation()?.sublayers?.count ?? 0) }
        let clockMs = measureClock(frames: frames)
        func row(_ name: String, _ m: (mean: Double, median: Double), _ r: (mean: Double, median: Double)) {
            let (ms, ref) = (m.mean, r.mean)
            let line = String(
                format: "%6d   %-22@ %9.3f   %15.2f   %11.2f   %9.3f", count, name as NSString, ms, ms / budget,
                ms / max(ref, 1e-9), m.median)
            print(line)
        }
        row("presentedValues walk", valuesMs, refValues)
        row("presentedLayer walk", walkMs, refWalk)
        row("presentation() tree", treeMs, refTree)
        row("(reference values)", refValues, refValues)
        row("(reference walk)", refWalk, refWalk)
        row("(reference tree)", refTree, refTree)
        row("clock frame (events)", (clockMs, clockMs), refWalk)
        if sink.isNaN { print("NaN") }
        animated.sublayers?.forEach { group in group.sublayers?.forEach { $0.removeAllAnimations() } }
    }
}

/// `QuartzBenchmark --profile`: only the values walk over 10 000 layers, for a profiler.
@MainActor
func profile() {
    let tree = makeTree(count: 10_000, animated: true)
    var sink = 0.0
    for _ in 0..<200 {
        MediaClock.main.advanceFrames(1)
        walkValues(tree, parentTime: MediaClock.main.now, sink: &sink)
    }
    print(sink)
}

MainActor.assumeIsolated {
    if CommandLine.arguments.contains("--profile") { profile() } else { run() }
}
