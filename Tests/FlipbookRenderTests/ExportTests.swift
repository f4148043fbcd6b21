import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// `SceneExporter`: identical bytes run to run, numbered frames that decode, GIF's two passes
/// leaving nothing behind, and cancellation removing what was begun.
@MainActor
@Suite(.cleanClock) struct ExportTests {
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

    /// An export handed an already-cancelled token writes nothing.
    @Test func anAlreadyCancelledExportWritesNothing() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cancel = ExportCancellation()
        cancel.cancel()
        #expect(cancel.isCancelled)
        #expect(throws: CancellationError.self) {
            _ = try SceneExporter.export(TestScene.self, options: Self.options([.frames, .png], dir), cancellation: cancel)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
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
