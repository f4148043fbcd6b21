// QuartzBenchmark: the cost of computing the presentation tree per frame.
//
// For 1 000 and 10 000 layers, each with four running animations (position, opacity,
// transform.rotation.z, backgroundColor), it times one frame of:
//   - `presentedValues(parentTime:)` walked over the tree (no copy for plain animations),
//   - `presentedLayer(parentTime:)` walked over the tree (one copy per animated layer),
//   - `presentation()` of the root (the full presentation tree, one copy per layer),
// each passing local times down, and, as the in-process reference, the same walks over the
// same tree without animations. Five runs, the paths interleaved in each. Figures: mean ms
// per frame, its ratio to the 8.33 ms budget of a 120 Hz frame and to the reference's mean,
// the median frame over all runs and its ratio to the reference's median, and each run's
// median. `--values`: only the presentedValues walk at 10 000 layers (quick comparisons);
// `--profile`: only that walk, for a profiler.
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

/// Frame times of one measured path: every frame of every run, in CPU milliseconds.
struct Samples {
    var runs: [[Double]] = []
    var all: [Double] { runs.flatMap { $0 } }
    var mean: Double { let a = all; return a.reduce(0, +) / Double(max(a.count, 1)) }
    /// The median frame over every run: what a frame usually costs, little moved by the
    /// moments other processes take the core or its caches.
    var median: Double { Samples.median(all) }
    /// Each run's median frame, for seeing how far runs disagree.
    var runMedians: [Double] { runs.map(Samples.median) }
    static func median(_ v: [Double]) -> Double {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// CPU milliseconds of `body` for each of `frames` frames (the clock step itself not counted).
@MainActor
func measureRun(frames: Int, _ body: () -> Void) -> [Double] {
    var times: [Double] = []
    // One untimed warm-up frame: the other paths of the round have just filled the caches with
    // another tree, and the figures are for steady state (a frame after a frame of the same walk).
    MediaClock.main.advanceFrames(1)
    body()
    for _ in 0..<frames {
        MediaClock.main.advanceFrames(1)
        let start = threadCPUTime()
        body()
        times.append((threadCPUTime() - start) * 1000)
    }
    return times
}

/// Mean CPU milliseconds of one clock frame (animation events for every layer).
@MainActor
func measureClock(frames: Int) -> Double {
    let start = threadCPUTime()
    MediaClock.main.advanceFrames(frames)
    return (threadCPUTime() - start) * 1000 / Double(frames)
}

/// Measures the named paths in `runs` rounds, the paths interleaved within each round so a
/// change in the machine's load falls on all of them alike.
@MainActor
func measureInterleaved(runs: Int, frames: Int, _ paths: [(String, () -> Void)]) -> [String: Samples] {
    var result: [String: Samples] = [:]
    for _ in 0..<runs {
        for (name, body) in paths { result[name, default: Samples()].runs.append(measureRun(frames: frames, body)) }
    }
    return result
}

@MainActor
func run(valuesOnly: Bool) {
    let budget = 1000.0 / 120
    let runs = 5
    print("QuartzBenchmark: presentation tree per frame (4 animations per layer), thread CPU time, \(runs) interleaved runs")
    print("layers   path                     mean ms   × 120 Hz   × ref   median ms   × ref   run medians (ms)")
    for count in valuesOnly ? [10_000] : [1_000, 10_000] {
        let animated = makeTree(count: count, animated: true)
        let still = makeTree(count: count, animated: false)
        MediaClock.main.advanceFrames(1)
        let frames = count > 5_000 ? 20 : 60
        var sink = 0.0
        var paths: [(String, () -> Void)] = [
            ("ref values", { walkValues(still, parentTime: MediaClock.main.now, sink: &sink) }),
            ("values", { walkValues(animated, parentTime: MediaClock.main.now, sink: &sink) }),
        ]
        if !valuesOnly {
            paths += [
                ("ref walk", { walk(still, parentTime: MediaClock.main.now, sink: &sink) }),
                ("walk", { walk(animated, parentTime: MediaClock.main.now, sink: &sink) }),
                ("ref tree", { sink += Double(still.presentation()?.sublayers?.count ?? 0) }),
                ("tree", { sink += Double(animated.presentation()?.sublayers?.count ?? 0) }),
            ]
        }
        let m = measureInterleaved(runs: runs, frames: frames, paths)
        func row(_ name: String, _ s: Samples, _ r: Samples) {
            let medians = s.runMedians.map { String(format: "%.2f", $0) }.joined(separator: " ")
            let line = String(
                format: "%6d   %-22@ %8.3f   %8.2f   %5.2f   %9.3f   %5.2f   %@", count, name as NSString, s.mean,
                s.mean / budget, s.mean / max(r.mean, 1e-9), s.median, s.median / max(r.median, 1e-9),
                medians as NSString)
            print(line)
        }
        let empty = Samples()
        row("presentedValues walk", m["values"] ?? empty, m["ref values"] ?? empty)
        if !valuesOnly {
            row("presentedLayer walk", m["walk"] ?? empty, m["ref walk"] ?? empty)
            row("presentation() tree", m["tree"] ?? empty, m["ref tree"] ?? empty)
        }
        row("(reference values)", m["ref values"] ?? empty, m["ref values"] ?? empty)
        if !valuesOnly {
            row("(reference walk)", m["ref walk"] ?? empty, m["ref walk"] ?? empty)
            row("(reference tree)", m["ref tree"] ?? empty, m["ref tree"] ?? empty)
            let clockMs = measureClock(frames: frames)
            let clock = Samples(runs: [[clockMs]])
            row("clock frame (events)", clock, m["ref walk"] ?? empty)
        }
        if sink.isNaN { print("NaN") }
        animated.sublayers?.forEach { group in group.sublayers?.forEach { $0.removeAllAnimations() } }
    }
}

/// `QuartzBenchmark --profile`: only the values walk over 10 000 layers, for a profiler;
/// `--profile-tree`: only `presentation()` of the same tree (what the renderer calls).
@MainActor
func profile(tree wholeTree: Bool) {
    let tree = makeTree(count: 10_000, animated: true)
    var sink = 0.0
    for _ in 0..<(wholeTree ? 50 : 200) {
        MediaClock.main.advanceFrames(1)
        if wholeTree {
            sink += Double(tree.presentation()?.sublayers?.count ?? 0)
        } else {
            walkValues(tree, parentTime: MediaClock.main.now, sink: &sink)
        }
    }
    print(sink)
}

MainActor.assumeIsolated {
    if CommandLine.arguments.contains("--profile") || CommandLine.arguments.contains("--profile-tree") {
        profile(tree: CommandLine.arguments.contains("--profile-tree"))
    } else {
        run(valuesOnly: CommandLine.arguments.contains("--values"))
    }
}
