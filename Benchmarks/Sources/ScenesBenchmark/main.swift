// ScenesBenchmark: every registered scene (the `flipbook` tool's registry: the built-in test
// scene and the catalog's seed apps) exported as `flipbook render <scene> --format mp4 --fps 60`
// does it (iPhone 15 @2×, 786×1704), each scene in its own child process. Per scene:
//   - export: wall time of `SceneExporter.export` to MP4 (standard quality), as ms a frame, its
//     ratio to card-flip's, and the real-time factor (the scene's seconds / the export's);
//   - where the time goes, from a second pass that runs the exporter's frame loop without an
//     encoder: the app's step (advancing the clock: layout, animations, the Core Animation
//     commit, display links; and the scene's update), the presentation tree, the display list,
//     rasterising content bitmaps, compositing; encoding is the export's wall time minus that
//     pass's (the frame conversion on the encoder's thread and ffmpeg share the 2 cores).
// Options: `--scene NAME` (repeatable) runs only those; `--fps N` exports at N frames a second
//   instead of 60 (the CLI's default is 30); `--scale N` renders at N pixels a point instead of
//   2 (3: an iPhone 15 Pro's @3x); `--runs N` exports each N times and
//   reports the median (default 3); `--profile NAME [FRAMES]` runs the render-only loop of one
//   scene in this process (no children, no ffmpeg), for callgrind:
//   valgrind --tool=callgrind .build/release/ScenesBenchmark --profile feed-zoom 60
//   (`--per-frame` with `--profile` prints each frame's step and render times and pixels redrawn;
//   `--checksum` hashes every byte of every frame: the last number of its PHASES line, the same
//   for two builds that drew the same frames).
// `--base PATH` compares with another build of this benchmark (an older commit's): each scene's
//   exports alternate base, new, new, base, ... (`--runs` of each), both under the same allocator
//   settings (`ExportMemory`'s thresholds, as glibc variables, for builds that predate it), and
//   the table gives both real-time factors and their ratio (docs/Benchmarks.md: the machine's
//   speed drifts, so only alternated runs compare builds).
// Build and run: cd Benchmarks && swift build -c release --product ScenesBenchmark &&
//                .build/release/ScenesBenchmark     (or `make bench-scenes`)
#if !NO_PHASES
@_spi(Benchmarks) import FlipbookRender
#endif
import Flipbook
import FlipbookCatalog
import Foundation

/// Frames a second: 60 unless `--fps N` (`flipbook render` exports at 30 by default).
let fps: Double = {
    let args = CommandLine.arguments
    guard let k = args.firstIndex(of: "--fps") else { return 60 }
    guard k + 1 < args.count, let v = Double(args[k + 1]), v.isFinite, v > 0, v <= 240 else {
        print("ScenesBenchmark: --fps needs a number of frames a second in (0, 240]")
        exit(2)
    }
    return v
}()
/// Pixels a point: 2 unless `--scale N` (1 to 3).
let scale: CGFloat = {
    let args = CommandLine.arguments
    guard let k = args.firstIndex(of: "--scale") else { return 2 }
    guard k + 1 < args.count, let v = Double(args[k + 1]), v >= 1, v <= 3 else {
        print("ScenesBenchmark: --scale needs 1, 2 or 3 pixels a point")
        exit(2)
    }
    return CGFloat(v)
}()
let device = DevicePreset.named("iphone-15") ?? .default

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func f(_ v: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", v) }

@MainActor
func registry() -> SceneRegistry {
    var r = SceneRegistry.builtIn
    CatalogScenes.register(in: &r)
    r.register(ExplodeScene.self)  // benchmark only (ExplodeScene.swift)
    r.register(StarfallScene.self)  // benchmark only (StarfallScene.swift)
    r.register(StarfallDynamicsScene.self)  // benchmark only (StarfallScene.swift)
    r.register(SpringGridScene.self)  // benchmark only (SpringGridScene.swift)
    r.register(MaskedCardsScene.self)  // benchmark only (MaskShadowScenes.swift)
    r.register(ShadowPopupScene.self)  // benchmark only (MaskShadowScenes.swift)
    return r
}

/// The exporter's frame loop without an encoder, timing each phase. Prints
/// "PHASES frames wall step presentation displayList rasterizing compositing" (seconds).
@MainActor
func renderOnly(_ type: any RenderScene.Type, maxFrames: Int? = nil, perFrame: Bool = false, fullChecksum: Bool = false) {
    // As the exporter runs a scene: in a runtime of its own, snapshots at the frames' scale.
    AppRuntime().run { renderOnlyInRuntime(type, maxFrames: maxFrames, perFrame: perFrame, fullChecksum: fullChecksum) }
}

@MainActor
func renderOnlyInRuntime(_ type: any RenderScene.Type, maxFrames: Int?, perFrame: Bool, fullChecksum: Bool) {
    AppRuntime.current.frameScale = scale
    let scene = type.init(size: device.size)
    var count = SceneExporter.frameCount(duration: scene.duration, fps: fps)
    if let maxFrames { count = min(count, maxFrames) }
    let renderer = LayerRenderer(scale: scale)
    renderer.backgroundColor = .black
    #if !NO_PHASES
    RenderPhases.times = RenderPhaseTimes()
    RenderPhases.recording = true
    #endif
    var step = 0.0
    let t0 = now()
    scene.start()
    var checksum = fullChecksum ? -3_750_763_034_362_895_579 : 0
    for i in 0..<count {
        let s0 = now()
        if i > 0 { MediaClock.main.advance(by: 1 / fps) }
        scene.update(elapsed: Double(i) / fps)
        step += now() - s0
        let r0 = now()
        let image = renderer.render(scene.rootLayer)
        if perFrame {
            print("frame \(i): step \(f((r0 - s0) * 1000)) ms, render \(f((now() - r0) * 1000)) ms, \(renderer.lastRedrawnPixelCount) pixels redrawn")
        }
        if fullChecksum {
            // FNV-1a over every byte of every frame: two builds that print the same drew the same frames.
            image.premultipliedPixels.withUnsafeBufferPointer { p in
                for b in p { checksum = (checksum ^ Int(b)) &* 0x100_0000_01b3 }
            }
        } else {
            checksum &+= Int(image.premultipliedPixels[(image.width * image.height / 2) * 4 + 1])
        }
    }
    let wall = now() - t0
    #if !NO_PHASES
    RenderPhases.recording = false
    let p = RenderPhases.times
    print("PHASES \(count) \(wall) \(step) \(p.presentation) \(p.displayList) \(p.rasterizing) \(p.compositing) \(checksum)")
    #else
    print("PHASES \(count) \(wall) \(step) -1 -1 -1 -1 \(checksum)")
    #endif
}

/// `flipbook render <scene> --format mp4 --fps 60`; prints "EXPORT frames wall duration".
@MainActor
func export(_ type: any RenderScene.Type) throws {
    // As `flipbook render` does: freed frame buffers stay with the allocator (`ExportMemory`).
    ExportMemory.keepFreedFrameBuffers()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-scenesbench-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    defer { try? FileManager.default.removeItem(at: dir) }
    let duration = type.init(size: device.size).duration
    let t0 = now()
    let s = try SceneExporter.export(
        type, options: ExportOptions(formats: [.mp4], outputDirectory: dir, fps: fps, scale: scale, device: device))
    print("EXPORT \(s.frameCount) \(now() - t0) \(duration)")
}

/// Runs this executable (or `executable`) with `args` and returns the numbers of its line
/// starting with `tag`. With `sameAllocator`, the child gets glibc's variables for the
/// thresholds `ExportMemory.keepFreedFrameBuffers` sets (for a base build that predates it).
func child(_ args: [String], tag: String, executable: String? = nil, sameAllocator: Bool = false) -> [Double]? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable ?? CommandLine.arguments[0]).resolvingSymlinksInPath()
    p.arguments = args + (fps == 60 ? [] : ["--fps", String(fps)]) + (scale == 2 ? [] : ["--scale", String(Double(scale))])
    if sameAllocator {
        var env = ProcessInfo.processInfo.environment
        env["MALLOC_MMAP_THRESHOLD_"] = env["MALLOC_MMAP_THRESHOLD_"] ?? String(32 << 20)
        env["MALLOC_TRIM_THRESHOLD_"] = env["MALLOC_TRIM_THRESHOLD_"] ?? String(256 << 20)
        p.environment = env
    }
    let out = Pipe()
    p.standardOutput = out
    do { try p.run() } catch { return nil }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(tag + " ") }) else {
        print("  \(args.joined(separator: " ")): failed (status \(p.terminationStatus))")
        return nil
    }
    return line.split(separator: " ").dropFirst().compactMap { Double($0) }
}

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

@MainActor
func main() {
    let args = CommandLine.arguments
    let reg = registry()
    func sceneType(_ name: String) -> (any RenderScene.Type)? {
        guard let t = reg.scene(named: name) else {
            print("unknown scene \(name); known: \(reg.names.joined(separator: ", "))")
            return nil
        }
        return t
    }
    // Every argument is a known flag or the value after one; anything else is refused (a
    // mistyped flag must not start the whole benchmark).
    let valued: Set<String> = ["--child-export", "--child-phases", "--profile", "--scene", "--runs", "--base", "--fps", "--scale"]
    var i = 1
    while i < args.count {
        let a = args[i]
        if valued.contains(a) {
            i += a == "--profile" && i + 2 < args.count && Int(args[i + 2]) != nil ? 3 : 2
        } else if a == "--per-frame" || a == "--checksum" {
            i += 1
        } else {
            print("""
                ScenesBenchmark: unknown argument \(a)
                usage: ScenesBenchmark [--scene NAME]... [--runs N] [--base PATH] [--fps N] [--scale N]
                       ScenesBenchmark --profile NAME [FRAMES] [--per-frame] [--checksum]
                """)
            exit(a == "--help" || a == "-h" ? 0 : 2)
        }
    }
    for (i, a) in args.enumerated() where ["--child-export", "--child-phases", "--profile", "--scene"].contains(a) {
        guard i + 1 < args.count, sceneType(args[i + 1]) != nil else { exit(2) }
    }
    if let k = args.firstIndex(of: "--child-export"), k + 1 < args.count, let t = sceneType(args[k + 1]) {
        do { try export(t) } catch { print("error: \(error)"); exit(1) }
        return
    }
    if let k = args.firstIndex(of: "--child-phases"), k + 1 < args.count, let t = sceneType(args[k + 1]) {
        renderOnly(t)
        return
    }
    if let k = args.firstIndex(of: "--profile"), k + 1 < args.count, let t = sceneType(args[k + 1]) {
        renderOnly(t, maxFrames: k + 2 < args.count ? Int(args[k + 2]) : nil, perFrame: args.contains("--per-frame"),
                   fullChecksum: args.contains("--checksum"))
        return
    }
    var names: [String] = []
    for (i, a) in args.enumerated() where a == "--scene" && i + 1 < args.count { names.append(args[i + 1]) }
    if names.isEmpty { names = reg.names }
    if !names.contains("card-flip") { names.insert("card-flip", at: 0) }
    let runs = args.firstIndex(of: "--runs").flatMap { $0 + 1 < args.count ? Int(args[$0 + 1]) : nil } ?? 3
    var load = [Double](repeating: 0, count: 3)
    getloadavg(&load, 3)
    if let k = args.firstIndex(of: "--base") {
        let base = k + 1 < args.count ? args[k + 1] : ""
        guard FileManager.default.isExecutableFile(atPath: base) else {
            print("ScenesBenchmark: --base needs the path of another ScenesBenchmark build (got \(base.isEmpty ? "nothing" : base))")
            exit(2)
        }
        compare(names, base: base, runs: max(1, runs), load: load)
        return
    }
    print("ScenesBenchmark: \(names.count) scenes, MP4 at \(f(fps, 0)) fps, iPhone 15 @\(f(Double(scale), 0))x; export = median of \(runs) runs; load average \(f(load[0])) / \(f(load[1])) / \(f(load[2]))")
    print("scene | frames | export s | ms/frame | × card-flip | × real time | step | presentation | display list | rasterising | compositing | encoding (ms/frame)")
    var cardFlip: Double?
    var rows: [(String, Int, Double, Double, Double, [Double], Double)] = []
    for name in names {
        let exports = (0..<runs).compactMap { _ in child(["--child-export", name], tag: "EXPORT") }.filter { $0.count == 3 }
        guard let phases = child(["--child-phases", name], tag: "PHASES"), phases.count >= 7, !exports.isEmpty else { continue }
        let frames = Int(exports[0][0]), wall = median(exports.map { $0[1] }), duration = exports[0][2]
        let ms = wall * 1000 / Double(frames)
        if name == "card-flip" { cardFlip = ms }
        let per = phases[2...6].map { $0 * 1000 / phases[0] }
        let renderMs = phases[1] * 1000 / phases[0]
        rows.append((name, frames, wall, ms, duration / wall, per, max(0, ms - renderMs)))
    }
    for r in rows {
        let ratio = cardFlip.map { r.3 / $0 } ?? .nan
        let parts = r.5.map { $0 < 0 ? "-" : f($0) }.joined(separator: " | ")
        print("\(r.0) | \(r.1) | \(f(r.2)) | \(f(r.3)) | \(f(ratio)) | \(f(r.4)) | \(parts) | \(f(r.6))")
    }
    let slowest = rows.min { $0.4 < $1.4 }
    if let s = slowest {
        print("aim: every scene at ≥ 2x real time; slowest \(s.0) at \(f(s.4))x: \(s.4 >= 2 ? "met" : "NOT met")")
    }
}

/// `--base`: each scene exported `runs` times by each build, alternated (base, new, new, base,
/// ...), both real-time factors (medians) and new ÷ base.
func compare(_ names: [String], base: String, runs: Int, load: [Double]) {
    print("ScenesBenchmark: \(names.count) scenes at \(f(fps, 0)) fps against \(base), alternated, \(runs) runs each; load average \(f(load[0])) / \(f(load[1])) / \(f(load[2]))")
    print("scene | frames | base × real time | new × real time | new ÷ base | runs (base; new)")
    var slowest: (base: Double, new: Double) = (.infinity, .infinity)
    for name in names {
        var b: [Double] = [], n: [Double] = [], frames = 0
        for r in 0..<runs {
            // Base first in even runs, new first in odd ones: neither build always meets the same minute.
            for isBase in r % 2 == 0 ? [true, false] : [false, true] {
                let e = child(["--child-export", name], tag: "EXPORT", executable: isBase ? base : nil, sameAllocator: true)
                guard let e, e.count == 3, e[1] > 0 else { continue }
                if isBase { b.append(e[2] / e[1]) } else { n.append(e[2] / e[1]); frames = Int(e[0]) }
            }
        }
        guard !b.isEmpty, !n.isEmpty else { print("\(name) | - | failed | failed | - | -"); continue }
        let mb = median(b), mn = median(n)
        slowest = (min(slowest.base, mb), min(slowest.new, mn))
        print("\(name) | \(frames) | \(f(mb)) | \(f(mn)) | \(f(mn / mb)) | \(b.map { f($0) }.joined(separator: " ")); \(n.map { f($0) }.joined(separator: " "))")
    }
    print("aim: every scene at ≥ 2x real time; slowest: base \(f(slowest.base))x, new \(f(slowest.new))x: \(slowest.new >= 2 ? "met" : "NOT met") by the new build")
}

MainActor.assumeIsolated { main() }
