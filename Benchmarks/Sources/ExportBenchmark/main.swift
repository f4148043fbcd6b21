// ExportBenchmark: the export path on the card-flip scene (iPhone 15 @2×, 786×1704, 60 fps,
// 3.2 s = 193 frames), each figure beside a reference run in the same session, as ratios:
//   - MP4: seconds against the scene's real time; reference: Flipbook's settings before
//     issue 15 (straight RGBA piped to ffmpeg, x264 `medium`, crf 18, ffmpeg converting to YUV).
//   - numbered PNG frames: milliseconds a frame; reference: cairo's libpng writer, one at a time.
//   - peak memory of every format (the exporter's VmHWM plus its largest ffmpeg's max RSS);
//     reference for GIF: the single-pass palettegen/paletteuse command that held every frame.
// Each case runs in a child process (this executable with `--child`), so peaks do not mix.
// `--long` adds the 60-second scene (3601 frames) for the memory bound.
// Build and run: cd Benchmarks && swift build -c release && .build/release/ExportBenchmark [--long]
@_spi(Benchmarks) import FlipbookRender
import Flipbook
import FlipbookCatalog
import Foundation

let fps = 60.0, scale: CGFloat = 2
let device = DevicePreset.named("iphone-15") ?? .default

#if os(Linux)
// Glibc imports the `who` values as an enum; getrusage takes their Int32 values (0 and -1).
let rusageSelf: __rusage_who_t = 0, rusageChildren: __rusage_who_t = -1
#else
let rusageSelf = RUSAGE_SELF, rusageChildren = RUSAGE_CHILDREN
#endif

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// CPU seconds of this process and of its children that have ended (ffmpeg).
func cpuSeconds() -> Double {
    var me = rusage(), kids = rusage()
    getrusage(rusageSelf, &me)
    getrusage(rusageChildren, &kids)
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(me.ru_utime) + s(me.ru_stime) + s(kids.ru_utime) + s(kids.ru_stime)
}

/// This process's peak resident set (VmHWM) and its largest finished child's, in MB.
func peaks() -> (me: Double, child: Double) {
    var hwm = 0.0
    if let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    {
        hwm = Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "0").map { $0 / 1024 } ?? 0
    }
    var kids = rusage()
    getrusage(rusageChildren, &kids)
    return (hwm, Double(kids.ru_maxrss) / 1024)
}

/// The old ffmpeg command lines, fed the same frames through a pipe.
final class ReferenceEncoder {
    let process = Process()
    let input: FileHandle
    init(args: [String], width: Int, height: Int) throws {
        process.executableURL = FFmpeg.locate("ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(width)x\(height)", "-framerate", "60", "-i", "pipe:0"] + args
        let pipe = Pipe()
        process.standardInput = pipe
        input = pipe.fileHandleForWriting
        try process.run()
    }
    func append(_ image: RenderedImage) throws { try input.write(contentsOf: image.straightRGBA) }
    func finish() { try? input.close(); process.waitUntilExit() }
}

/// Renders card-flip frame by frame (as the exporter does) for the reference cases.
@MainActor
func renderFrames(duration: Double, _ body: (Int, RenderedImage) throws -> Void) rethrows -> Int {
    let scene = CardFlipScene(size: device.size)
    let renderer = LayerRenderer(scale: scale)
    renderer.backgroundColor = .black
    let count = SceneExporter.frameCount(duration: duration, fps: fps)
    scene.start()
    for i in 0..<count {
        if i > 0 { MediaClock.main.advance(by: 1 / fps) }
        scene.update(elapsed: Double(i) / fps)
        try body(i, renderer.render(scene.rootLayer))
    }
    return count
}

/// `--frame-times`: card-flip stepped and drawn frame by frame as the live preview plays it
/// (iphone-se, @2×, snapshots at the frames' scale), twice in one process (the first pass is
/// cold, the second warm, as a preview's plays after its first); prints every frame whose step
/// or drawing takes over 8 ms, and the mean.
@MainActor
func frameTimes() {
    AppRuntime.current.frameScale = 2
    for pass in ["cold", "warm"] {
        print("\(pass) pass:")
        let scene = CardFlipScene(size: DevicePreset.named("iphone-se")?.size ?? DevicePreset.default.size)
        let renderer = LayerRenderer(scale: 2)
        renderer.backgroundColor = .black
        scene.start()
        scene.update(elapsed: 0)
        _ = renderer.render(scene.rootLayer)
        var total = 0.0
        for i in 1..<193 {
            let t0 = now()
            MediaClock.main.advance(by: 1 / fps)
            scene.update(elapsed: Double(i) / fps)
            let t1 = now()
            _ = renderer.render(scene.rootLayer)
            let t2 = now()
            total += t2 - t0
            if t2 - t0 > 0.008 { print("  frame \(i): step \(f((t1 - t0) * 1000)) ms, draw \(f((t2 - t1) * 1000)) ms") }
        }
        print("  mean \(f(total * 1000 / 192)) ms a frame")
    }
}

/// One case in this (child) process; prints "RESULT frames wall cpu peakSelf peakChild bytes".
@MainActor
func child(_ name: String, duration: Double) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-exportbench-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let t0 = now(), c0 = cpuSeconds()
    var frames = 0
    let (w, h) = (786, 1704)
    switch name {
    case "ref-mp4":
        let e = try ReferenceEncoder(args: ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                                            "-pix_fmt", "yuv420p", "-threads", "2", "-movflags", "+faststart", "-f", "mp4",
                                            dir.appendingPathComponent("ref.mp4").path], width: w, height: h)
        frames = try renderFrames(duration: duration) { _, img in try e.append(img) }
        e.finish()
    case "ref-gif":
        let e = try ReferenceEncoder(args: ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                                            "-loop", "0", "-f", "gif", dir.appendingPathComponent("ref.gif").path], width: w, height: h)
        frames = try renderFrames(duration: duration) { _, img in try e.append(img) }
        e.finish()
    case "ref-frames":
        frames = try renderFrames(duration: duration) { i, img in
            try img.cairoPNGData().write(to: dir.appendingPathComponent(String(format: "frame-%05d.png", i)))
        }
    case "render-only":
        frames = renderFrames(duration: duration) { _, _ in }
    default:
        let parts = name.split(separator: ":").map(String.init)
        guard let format = OutputFormat(rawValue: parts[0]) else { fatalError("unknown case \(name)") }
        let quality = parts.count > 1 ? VideoQuality(rawValue: parts[1]) ?? .standard : .standard
        let s = try SceneExporter.export(
            CardFlipScene.self,
            options: ExportOptions(formats: [format], outputDirectory: dir, fps: fps, scale: scale, device: device,
                                   duration: duration, quality: quality))
        frames = s.frameCount
    }
    let wall = now() - t0, cpu = cpuSeconds() - c0
    let p = peaks()
    var bytes: Int64 = 0
    for f in (try? FileManager.default.subpathsOfDirectory(atPath: dir.path)) ?? [] {
        bytes += (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(f).path)[.size] as? NSNumber)?.int64Value ?? 0
    }
    print("RESULT \(frames) \(wall) \(cpu) \(p.me) \(p.child) \(bytes)")
}

struct Result {
    var frames: Int, wall: Double, cpu: Double, peakSelf: Double, peakChild: Double, bytes: Double
    var peak: Double { peakSelf + peakChild }
}

/// Runs one case in a child process.
func run(_ name: String, duration: Double) -> Result? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    p.arguments = ["--child", name, String(duration)]
    let out = Pipe()
    p.standardOutput = out
    do { try p.run() } catch { return nil }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }) else {
        print("  \(name): failed (\(p.terminationStatus))")
        return nil
    }
    let v = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard v.count == 6 else { return nil }
    return Result(frames: Int(v[0]), wall: v[1], cpu: v[2], peakSelf: v[3], peakChild: v[4], bytes: v[5])
}

/// The run with the median wall time of `n` runs of one case (wall times on a shared machine
/// vary from run to run; the median is the figure reported).
func runMedian(_ name: String, duration: Double, times n: Int = 3) -> Result? {
    let runs = (0..<n).compactMap { _ in run(name, duration: duration) }.sorted { $0.wall < $1.wall }
    return runs.isEmpty ? nil : runs[runs.count / 2]
}

func f(_ v: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", v) }

@MainActor
func main() {
    let args = CommandLine.arguments
    if let k = args.firstIndex(of: "--child"), args.count > k + 2 {
        do { try child(args[k + 1], duration: Double(args[k + 2]) ?? 3.2) } catch { print("error: \(error)"); exit(1) }
        return
    }
    if args.contains("--frame-times") { frameTimes(); return }
    let long = args.contains("--long")
    let d = 3.2, real = 3.2
    print("ExportBenchmark: card-flip, iPhone 15 @2× (786×1704), 60 fps, \(d) s (193 frames); wall and CPU (all processes) time;")
    print("MP4 and numbered frames: the median of 3 runs")
    guard let base = run("render-only", duration: d) else { return }
    print("rendering alone: \(f(base.wall * 1000 / Double(base.frames))) ms/frame wall, \(f(base.cpu * 1000 / Double(base.frames))) ms/frame CPU")

    // MP4 against real time.
    var mp4: [String: Result] = [:]
    for q in ["standard", "draft", "high"] { mp4[q] = runMedian("mp4:\(q)", duration: d) }
    if let ref = run("ref-mp4", duration: d), let s = mp4["standard"] {
        print("MP4 standard (x264 ultrafast crf 23, YUV made in process): \(f(s.wall)) s = \(f(real / s.wall))× real time (CPU \(f(s.cpu)) s), \(f(s.bytes / 1e3, 0)) KB")
        for q in ["draft", "high"] {
            if let r = mp4[q] { print("  --quality \(q): \(f(r.wall)) s = \(f(real / r.wall))× real time (CPU \(f(r.cpu)) s), \(f(r.bytes / 1e3, 0)) KB") }
        }
        print("  reference (old: RGBA pipe, x264 medium crf 18): \(f(ref.wall)) s = \(f(real / ref.wall))× real time (CPU \(f(ref.cpu)) s), \(f(ref.bytes / 1e3, 0)) KB")
        print("  ratio reference/new: wall \(f(ref.wall / s.wall))×, CPU \(f(ref.cpu / s.cpu))×")
    }

    // PNG frames.
    if let s = runMedian("frames", duration: d), let ref = run("ref-frames", duration: d) {
        let ms = s.wall * 1000 / Double(s.frames), refMs = ref.wall * 1000 / Double(ref.frames)
        print("numbered PNG frames (zlib 1, Up, parallel): \(f(ms)) ms/frame wall, \(f(s.cpu * 1000 / Double(s.frames))) ms/frame CPU, \(f(s.bytes / Double(s.frames) / 1e3, 1)) KB/frame")
        print("  reference (cairo/libpng, serial): \(f(refMs)) ms/frame wall, \(f(ref.cpu * 1000 / Double(ref.frames))) ms/frame CPU, \(f(ref.bytes / Double(ref.frames) / 1e3, 1)) KB/frame")
        print("  ratio reference/new: wall \(f(refMs / ms))×, CPU \(f(ref.cpu / s.cpu))×")
    }

    // Peak memory per format.
    print("peak memory (exporter VmHWM + largest ffmpeg max RSS), MB:")
    var gifNew: Result?
    for fmt in ["png", "frames", "sheet", "mp4", "webm", "gif", "apng"] {
        guard let r = fmt == "mp4" ? mp4["standard"] : fmt == "frames" ? run("frames", duration: d) : run(fmt, duration: d) else { continue }
        if fmt == "gif" { gifNew = r }
        print("  \(fmt.padding(toLength: 7, withPad: " ", startingAt: 0)) \(f(r.peak, 0)) (\(f(r.peakSelf, 0)) + \(f(r.peakChild, 0)))  \(f(r.wall)) s")
    }
    if let g = gifNew, let ref = run("ref-gif", duration: d) {
        print("  gif reference (one pass, every frame held): \(f(ref.peak, 0)) (\(f(ref.peakSelf, 0)) + \(f(ref.peakChild, 0)))  \(f(ref.wall)) s; ratio reference/new \(f(ref.peak / g.peak))×")
    }
    if long {
        print("60-second scene (3601 frames), peak memory MB (aim < 400):")
        for fmt in ["frames", "mp4", "gif", "apng", "webm", "sheet"] {
            if let r = run(fmt, duration: 60) {
                print("  \(fmt.padding(toLength: 7, withPad: " ", startingAt: 0)) \(f(r.peak, 0)) (\(f(r.peakSelf, 0)) + \(f(r.peakChild, 0)))  \(f(r.wall)) s")
            }
        }
    }
}

MainActor.assumeIsolated { main() }
