import FlipbookGeometry
import Foundation
import Testing

/// End-to-end tests: run the built `flipbook` binary as a user would.
///
/// The binary is looked up next to the test bundle (SwiftPM puts every product of a build in
/// the same folder), or at `$FLIPBOOK_BINARY`.
@Suite struct FlipbookCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func binary() -> URL? {
        if let p = ProcessInfo.processInfo.environment["FLIPBOOK_BINARY"] { return URL(fileURLWithPath: p) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("flipbook")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    static func run(_ args: [String], environment: [String: String]? = nil) throws -> Run {
        guard let exe = binary() else {
            throw CLIError("flipbook binary not found next to \(CommandLine.arguments[0]); build it (swift build) or set FLIPBOOK_BINARY")
        }
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let errData = LockedValue<Data?>(nil)
        let handle = err.fileHandleForReading
        let t = Thread { errData.exchange(handle.readDataToEndOfFile()) }
        t.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while errData.current == nil { usleep(1000) }
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: errData.current ?? Data(), as: UTF8.self))
    }

    struct CLIError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    static func tempDir() -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }

    @Test func listShowsTheTestScene() throws {
        let r = try Self.run(["list"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").contains { $0.hasPrefix("test ") })
    }

    @Test func rendersOnePNGOfTheDeviceSize() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["render", "test", "--format", "png", "--out", dir.path, "--scale", "1", "--device", "iphone-se", "--duration", "0.2", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let png = try Data(contentsOf: dir.appendingPathComponent("test.png"))
        // PNG signature, then the IHDR chunk's width and height (big-endian).
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == 375 && h == 667)
        #expect(r.stdout.contains("3 frames"))
    }

    @Test func rendersAnMP4WithTheExpectedFrameCount() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["render", "test", "--format", "mp4,sheet", "--out", dir.path, "--scale", "1", "--device", "iphone-se", "--duration", "0.5", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try Self.probe(dir.appendingPathComponent("test.mp4"))
        // 0.5 s at 10 fps, both ends included: 6 frames; 375 × 667 padded to even: 376 × 668.
        #expect(text == "376,668,6")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("test-sheet.png").path))
    }

    /// "width,height,frames" of the first video stream, as ffprobe counts them by decoding.
    static func probe(_ url: URL) throws -> String {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                           "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0", url.path]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every video format through the binary: size and frame count as ffprobe decodes them, and
    /// the numbered frames folder. 0.3 s at 10 fps, both ends included: 4 frames.
    @Test func rendersEveryAnimatedFormatWithTheExpectedFrames() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["render", "test", "--format", "gif,apng,webm,frames", "--out", dir.path, "--scale", "1",
                              "--device", "iphone-se", "--duration", "0.3", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        // GIF and APNG keep the odd size; WebM (yuv420p) is padded to even.
        #expect(try Self.probe(dir.appendingPathComponent("test.gif")) == "375,667,4")
        #expect(try Self.probe(dir.appendingPathComponent("test.apng")) == "375,667,4")
        #expect(try Self.probe(dir.appendingPathComponent("test.webm")) == "376,668,4")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("test-frames").path).sorted()
        #expect(frames == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00003.png"])
        for name in ["test.gif", "test.apng", "test.webm", "test-frames"] { #expect(r.stdout.contains(name)) }
        #expect(r.stdout.contains("4 frames"))
    }

    /// Without ffmpeg on PATH a video format fails before rendering, saying how to install it,
    /// and nothing is written.
    @Test func missingFFmpegIsExplainedAndWritesNothing() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["render", "test", "--format", "png,mp4", "--out", dir.path, "--scale", "1", "--duration", "0.1"],
                             environment: ["PATH": dir.appendingPathComponent("no-bin").path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("ffmpeg was not found on PATH") && r.stderr.contains("apt-get install ffmpeg"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// ffmpeg failing part-way (here it cannot write its output, a folder of that name is in the
    /// way) is reported with ffmpeg's own words, and the export removes what it had begun; the
    /// tool is not killed by the broken pipe.
    @Test func ffmpegFailingIsReportedAndLeavesNoPartialFiles() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appendingPathComponent("test.mp4")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        let r = try Self.run(["render", "test", "--format", "png,gif,mp4,sheet", "--out", dir.path, "--scale", "1",
                              "--duration", "1", "--fps", "30"])
        #expect(r.status == 1, "status \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("ffmpeg failed"), "\(r.stderr)")
        // The folder in the way is the user's and stays; nothing else is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["test.mp4"])
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: blocker.path, isDirectory: &isDir) && isDir.boolValue)
    }

    @Test(arguments: [
        (["render", "no-such-scene"], "Unknown scene 'no-such-scene'"),
        (["render", "test", "--fps", "0"], "--fps must be a positive number (got 0.0)"),
        (["render", "test", "--fps", "-5"], "--fps must be a positive number (got -5.0)"),
        (["render", "test", "--fps", "nan"], "--fps must be a positive number"),
        (["render", "test", "--fps", "1000"], "--fps must be at most 240"),
        (["render", "test", "--fps", "fast"], "--fps"),
        (["render", "test", "--scale", "4"], "--scale must be 1, 2 or 3 (got 4)"),
        (["render", "test", "--scale", "-2"], "--scale must be 1, 2 or 3 (got -2)"),
        (["render", "test", "--format", "jpg"], "Unknown format 'jpg'"),
        (["render", "test", "--format", ""], "Give at least one --format"),
        (["render", "test", "--device", "iphone-99"], "Unknown device 'iphone-99'"),
        (["render", "test", "--duration", "-1"], "--duration must be between 0 and 600 seconds (got -1.0)"),
        (["render", "test", "--duration", "inf"], "--duration must be between 0 and 600 seconds"),
        (["render", "test", "--out", ""], "--out must name a folder"),
        (["render"], "Missing expected argument '<scene>'"),
        (["paint"], "Unexpected argument 'paint'"),
    ])
    func badArgumentsAreRejectedClearly(args: [String], message: String) throws {
        let r = try Self.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.contains("Error:") && r.stderr.contains(message), "\(r.stderr)")
    }
}
