import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// `SceneExporter`: identical bytes run to run, numbered frames that decode, GIF's two passes
/// leaving nothing behind, and cancellation removing what was begun.
@MainActor
@Suite(.freshRuntime) struct ExportTests {
    static func tempDir() -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-export-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }

    static func options(_ formats: [OutputFormat], _ dir: URL, duration: Double = 0.5) -> ExportOptions {
        ExportOptions(formats: formats, outputDirectory: dir, fps: 10, scale: 1, device: .iPhoneSE, duration: duration)
    }

    /// Every file under `dir` by relative path, with its bytes.
    static func files(in dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let fm = FileManager.default
        for name in try fm.subpathsOfDirectory(atPath: dir.path) {
            var isDir: ObjCBool = false
            let u = dir.appendingPathComponent(name)
            if fm.fileExists(atPath: u.path, isDirectory: &isDir), !isDir.boolValue { out[name] = try Data(contentsOf: u) }
        }
        return out
    }

    /// x264 gets the cores the renderer's two workers leave, at least one, on the command line.
    @Test func x264TakesTheCoresTheRendererLeaves() {
        #expect([1, 2, 3, 4, 8, 64].map { VideoEncoder.x264Threads(processors: $0) } == [1, 1, 1, 2, 6, 62])
        let args = VideoEncoder.arguments(
            format: .mp4, url: URL(fileURLWithPath: "/tmp/x.mp4"), size: (width: 4, height: 4), fps: 60, quality: .standard,
            gifTemporaries: nil)
        let k = args.firstIndex(of: "-threads")
        #expect(k.map { args[$0 + 1] } == String(VideoEncoder.x264Threads()))
        #expect(k.map { args[$0 - 1] } == "libx264")
    }

    @Test func twoRendersOfTheSameSceneAreByteIdentical() throws {
        let a = Self.tempDir(), b = Self.tempDir()
        defer { for d in [a, b] { try? FileManager.default.removeItem(at: d) } }
        _ = try SceneExporter.export(TestScene.self, options: Self.options([.png, .frames, .sheet], a))
        MediaClock.main.reset()
        _ = try SceneExporter.export(TestScene.self, options: Self.options([.png, .frames, .sheet], b))
        let fa = try Self.files(in: a), fb = try Self.files(in: b)
        #expect(fa.count == 8)  // the still, the sheet and 6 frames (0.5 s at 10 fps, both ends)
        #expect(Set(fa.keys) == Set(fb.keys))
        let identical = fa.allSatisfy { fb[$0.key] == $0.value }
        #expect(identical)
    }

    /// Numbered frames are written in parallel; each decodes (the project's decoder) to exactly
    /// the frame the renderer made, in order.
    @Test func numberedFramesDecodeToTheRenderedFrames() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = try SceneExporter.export(TestScene.self, options: Self.options([.frames], dir, duration: 1))
        #expect(summary.frameCount == 11)
        MediaClock.main.reset()
        let scene = TestScene(size: DevicePreset.iPhoneSE.size)
        let renderer = LayerRenderer(scale: 1)
        renderer.backgroundColor = .black
        scene.start()
        for i in 0..<summary.frameCount {
            if i > 0 { MediaClock.main.advance(by: 0.1) }
            scene.update(elapsed: Double(i) / 10)
            let expected = renderer.render(scene.rootLayer)
            let url = dir.appendingPathComponent("test-frames").appendingPathComponent(String(format: "frame-%05d.png", i))
            let decoded = try #require(ImageDecoder.decode(contentsOf: url))
            let same = decoded.pixels == expected.premultipliedPixels
            #expect(same, "frame \(i)")
        }
    }

    /// GIF is made in two passes through temporary files next to the output: none is left.
    @Test func gifLeavesNoTemporaryFiles() throws {
        guard FFmpeg.locate("ffmpeg") != nil else { return }
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try SceneExporter.export(TestScene.self, options: Self.options([.gif], dir, duration: 0.3))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["test.gif"])
        let gif = try Data(contentsOf: dir.appendingPathComponent("test.gif"))
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
    }

    /// Cancelling part-way (here from the progress callback) stops ffmpeg, removes everything
    /// begun and throws CancellationError.
    @Test func cancellingRemovesEverythingBegun() throws {
        let hasFFmpeg = FFmpeg.locate("ffmpeg") != nil
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cancel = ExportCancellation()
        var frames = 0
        let formats: [OutputFormat] = hasFFmpeg ? [.frames, .mp4, .gif, .png, .sheet] : [.frames, .png, .sheet]
        #expect(throws: CancellationError.self) {
            _ = try SceneExporter.export(TestScene.self, options: Self.options(formats, dir, duration: 2), cancellation: cancel) { done, _ in
                frames = done
                if done == 5 { cancel.cancel() }
            }
        }
        #expect(frames == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// An export handed an already-cancelled token writes nothing; MP4 and WebM also stop the
    /// ffmpeg they launched early.
    @Test(arguments: [[OutputFormat.frames, .png], [.mp4, .webm]])
    func anAlreadyCancelledExportWritesNothing(_ formats: [OutputFormat]) throws {
        if formats.contains(.mp4), FFmpeg.locate("ffmpeg") == nil { return }
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cancel = ExportCancellation()
        cancel.cancel()
        #expect(cancel.isCancelled)
        #expect(throws: CancellationError.self) {
            _ = try SceneExporter.export(TestScene.self, options: Self.options(formats, dir), cancellation: cancel)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// MP4's ffmpeg starts before the scene is built: a scene that fails to build gets its own
    /// error, that ffmpeg is stopped, and a video already at the output path is left alone
    /// (ffmpeg never got as far as opening it).
    @Test func aSceneThatFailsToBuildLeavesAnEarlierVideoAlone() throws {
        guard FFmpeg.locate("ffmpeg") != nil else { return }
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let earlier = dir.appendingPathComponent(OutputFormat.mp4.fileName(scene: "broken"))
        try Data("an earlier export".utf8).write(to: earlier)
        struct BuildFailed: Error, Equatable {}
        #expect(throws: BuildFailed.self) {
            _ = try SceneExporter.export(named: "broken", options: Self.options([.mp4, .png], dir)) { _ in throw BuildFailed() }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [earlier.lastPathComponent])
        #expect(try Data(contentsOf: earlier) == Data("an earlier export".utf8))
    }

    /// An encoder taking over an ffmpeg launched before the size was known writes the same file
    /// as one that starts its own; a launch serves one encoder only, GIF and APNG cannot launch
    /// without a size, and a launch let go stops its ffmpeg without creating the output.
    @Test func anEncoderTakesOverALaunchedFFmpeg() throws {
        guard FFmpeg.locate("ffmpeg") != nil else { return }
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededGenerator(state: 9)
        let frames = (0..<4).map { _ in
            RenderedImage(width: 20, height: 14, premultipliedPixels: VideoFrameWriterTests.randomFrame(20, 14, &rng))!
        }
        let own = dir.appendingPathComponent("own.mp4"), launched = dir.appendingPathComponent("launched.mp4")
        let a = try VideoEncoder(format: .mp4, url: own, width: 20, height: 14, fps: 30)
        for f in frames { try a.append(f) }
        try a.finish()
        let launch = try VideoEncoderLaunch(format: .mp4, url: launched, fps: 30)
        let b = try VideoEncoder(launch: launch, width: 20, height: 14)
        #expect(throws: RenderError.self) { _ = try VideoEncoder(launch: launch, width: 20, height: 14) }
        for f in frames { try b.append(f) }
        try b.finish()
        #expect(try Data(contentsOf: own) == Data(contentsOf: launched))

        #expect(throws: RenderError.self) { _ = try VideoEncoderLaunch(format: .gif, url: dir.appendingPathComponent("x.gif"), fps: 30) }
        #expect(throws: RenderError.self) { _ = try VideoEncoderLaunch(format: .mp4, url: own, fps: .nan) }
        let unused = dir.appendingPathComponent("unused.mp4")
        let idle = try VideoEncoderLaunch(format: .mp4, url: unused, fps: 30)
        idle.cancel()
        #expect(!idle.process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: unused.path))
        #expect(throws: RenderError.self) { _ = try VideoEncoder(launch: idle, width: 20, height: 14) }
        // A bad size stops the launched ffmpeg.
        let badSize = try VideoEncoderLaunch(format: .webm, url: dir.appendingPathComponent("bad.webm"), fps: 30)
        #expect(throws: RenderError.self) { _ = try VideoEncoder(launch: badSize, width: 0, height: 14) }
        #expect(!badSize.process.isRunning)
    }

    /// Encoding ffmpegs keep their freed frame buffers (glibc's thresholds), and inherit the rest
    /// of this process's environment (PATH, a user's own allocator settings).
    @Test func encodersRunWithTheAllocatorKeepingFrameBuffers() {
        let env = FFmpeg.encoderEnvironment
        let own = ProcessInfo.processInfo.environment
        #expect(env["MALLOC_MMAP_THRESHOLD_"] == own["MALLOC_MMAP_THRESHOLD_"] ?? "33554432")
        #expect(env["MALLOC_TRIM_THRESHOLD_"] == own["MALLOC_TRIM_THRESHOLD_"] ?? "268435456")
        #expect(env["PATH"] == own["PATH"])
    }

    /// A frame repeating the one before is not encoded (the one before lasts longer), yet the
    /// video lasts every frame's time and shows at each frame time the frame rendered for it.
    @Test(arguments: [OutputFormat.mp4, .webm])
    func repeatedFramesExtendTheFrameBefore(_ format: OutputFormat) throws {
        guard FFmpeg.locate("ffmpeg") != nil, FFmpeg.locate("ffprobe") != nil else { return }
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("repeats.\(format.rawValue)")
        func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RenderedImage {
            var px = [UInt8](repeating: 255, count: 16 * 16 * 4)
            for i in 0..<256 { px[4 * i] = r; px[4 * i + 1] = g; px[4 * i + 2] = b }
            return RenderedImage(width: 16, height: 16, premultipliedPixels: px)!
        }
        let red = solid(220, 30, 30), blue = solid(30, 30, 220)
        let enc = try VideoEncoder(format: format, url: url, width: 16, height: 16, fps: 10)
        for f in [red, red, red, blue, blue, red, red] { try enc.append(f) }
        try enc.finish()
        #expect(enc.framesSent == 4)  // frames 0, 3, 5 and the last, 6
        let probe = String(decoding: try FFmpeg.run("ffprobe", [
            "-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames:format=duration", "-of", "csv=p=0", url.path]),
            as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(probe.first == "4", "\(probe)")
        #expect(abs((probe.dropFirst().first.flatMap { Double($0) } ?? 0) - 0.7) < 0.0015, "\(probe)")
        // Decoded at 10 fps: every frame at its time.
        let raw = try FFmpeg.run("ffmpeg", ["-v", "error", "-i", url.path, "-vf", "fps=10", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"])
        #expect(raw.count == 7 * 16 * 16 * 3)
        let frameBytes = 16 * 16 * 3, centre = (8 * 16 + 8) * 3
        let reds: [Bool] = (0..<7).map { (i: Int) -> Bool in raw[i * frameBytes + centre] > 128 }
        #expect(reds == [true, true, true, false, false, true, true])
    }

    /// MP4 frames go to ffmpeg as YUV made here: a flat colour comes out as that colour.
    @Test func mp4KeepsColours() throws {
        guard FFmpeg.locate("ffmpeg") != nil else { return }
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("flat.mp4")
        // An odd size: padded to even with black.
        let enc = try VideoEncoder(format: .mp4, url: url, width: 33, height: 17, fps: 10)
        let px = [UInt8]((0..<(33 * 17)).flatMap { _ in [200, 120, 40, 255] as [UInt8] })
        for _ in 0..<3 { try enc.append(RenderedImage(width: 33, height: 17, premultipliedPixels: px)!) }
        try enc.finish()
        let raw = try FFmpeg.run("ffmpeg", ["-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"])
        #expect(raw.count == 34 * 18 * 3)
        let centre = (9 * 34 + 16) * 3
        let rgb = [Int(raw[centre]), Int(raw[centre + 1]), Int(raw[centre + 2])]
        #expect(abs(rgb[0] - 200) <= 3 && abs(rgb[1] - 120) <= 3 && abs(rgb[2] - 40) <= 3, "\(rgb)")
    }
}
