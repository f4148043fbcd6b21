import FlipbookGeometry
import Foundation
import Testing

/// `flipbook render` as a user runs it: Ctrl-C part-way, the report when done, `--quality`.
@Suite struct RenderInterruptTests {
    /// The ffmpeg processes whose command line mentions `path`.
    static func ffmpegProcesses(mentioning path: String) -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        for pid in (try? fm.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(pid) != nil {
            guard let raw = fm.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let cmd = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            if cmd.contains("ffmpeg"), cmd.contains(path) { found.append(pid) }
        }
        return found
    }

    /// SIGINT (what Ctrl-C sends) while frames, MP4 and GIF are being written: the tool stops
    /// ffmpeg, removes every partial output, says so and exits with 130.
    @Test func interruptingARenderStopsFFmpegAndRemovesPartialOutputs() throws {
        guard let exe = FlipbookCommandTests.binary() else { throw FlipbookCommandTests.CLIError("flipbook binary not found") }
        #if os(Linux)
        let dir = FlipbookCommandTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = Process()
        p.executableURL = exe
        p.arguments = ["render", "test", "--format", "frames,mp4,gif", "--out", dir.path, "--scale", "1",
                       "--device", "iphone-se", "--duration", "120", "--fps", "30"]
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let errBox = LockedValue<Data?>(nil)
        let handle = err.fileHandleForReading
        Thread { errBox.exchange(handle.readDataToEndOfFile()) }.start()
        // Wait until frames are being written and ffmpeg runs.
        let framesDir = dir.appendingPathComponent("test-frames").path
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, p.isRunning,
            ((try? FileManager.default.contentsOfDirectory(atPath: framesDir).count) ?? 0) < 5
                || Self.ffmpegProcesses(mentioning: dir.path).isEmpty
        {
            usleep(20_000)
        }
        #expect(p.isRunning, "the render ended before it could be interrupted")
        kill(p.processIdentifier, SIGINT)
        let stop = Date().addingTimeInterval(60)
        while p.isRunning && Date() < stop { usleep(20_000) }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        while errBox.current == nil { usleep(1000) }
        let stderr = String(decoding: errBox.current ?? Data(), as: UTF8.self)
        #expect(p.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("Cancelled"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        // ffmpeg was stopped, not left running (give the kernel a moment to reap it).
        var left = Self.ffmpegProcesses(mentioning: dir.path)
        for _ in 0..<50 where !left.isEmpty {
            usleep(20_000)
            left = Self.ffmpegProcesses(mentioning: dir.path)
        }
        #expect(left.isEmpty)
        #endif
    }

    /// When done, the tool prints the frames, the time and each output with its size.
    @Test func theReportListsFramesTimeAndSizes() throws {
        let dir = FlipbookCommandTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try FlipbookCommandTests.run(["render", "test", "--format", "png,frames", "--out", dir.path, "--scale", "1",
                                              "--device", "iphone-se", "--duration", "0.3", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("Rendered test: 4 frames at 375×667 px in ") == true, "\(r.stdout)")
        #expect(lines.first?.contains(" s") == true)
        #expect(lines.contains { $0.contains("test.png") && $0.hasSuffix(" KB") }, "\(r.stdout)")
        #expect(lines.contains { $0.contains("test-frames") && $0.contains("4 files, ") }, "\(r.stdout)")
    }

    @Test(arguments: [
        (["render", "test", "--quality", "ultra"], "Unknown quality 'ultra'. Choose from: draft, standard, high."),
        (["render", "test", "--quality", ""], "Unknown quality ''. Choose from: draft, standard, high."),
    ])
    func badQualitiesAreRejectedClearly(args: [String], message: String) throws {
        let r = try FlipbookCommandTests.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.contains("Error:") && r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func everyQualityMakesAnMP4() throws {
        let dir = FlipbookCommandTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for q in ["draft", "STANDARD", "high"] {
            let r = try FlipbookCommandTests.run(["render", "test", "--format", "mp4", "--quality", q, "--out", dir.path,
                                                  "--scale", "1", "--device", "iphone-se", "--duration", "0.2", "--fps", "10"])
            #expect(r.status == 0, "\(q): \(r.stderr)")
            #expect(try FlipbookCommandTests.probe(dir.appendingPathComponent("test.mp4")) == "376,668,3")
        }
    }
}
