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

    static func run(_ args: [String]) throws -> Run {
        guard let exe = binary() else {
            throw CLIError("flipbook binary not found next to \(CommandLine.arguments[0]); build it (swift build) or set FLIPBOOK_BINARY")
        }
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let errData = ErrBox()
        let handle = err.fileHandleForReading
        let t = Thread { errData.data = handle.readDataToEndOfFile() }
        t.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while errData.data == nil { usleep(1000) }
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: errData.data ?? Data(), as: UTF8.self))
    }

    final class ErrBox: @unchecked Sendable { var data: Data? }

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

    @Test func rendersAPNGOfTheDeviceSize() throws {
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
        let mp4 = dir.appendingPathComponent("test.mp4")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                           "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0", mp4.path]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        // 0.5 s at 10 fps, both ends included: 6 frames; 375 × 667 padded to even: 376 × 668.
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "376,668,6")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("test-sheet.png").path))
    }

    @Test(arguments: [
        (["render", "no-such-scene"], "Unknown scene"),
        (["render", "test", "--fps", "0"], "--fps"),
        (["render", "test", "--scale", "4"], "--scale"),
        (["render", "test", "--format", "jpg"], "Unknown format"),
        (["render", "test", "--device", "iphone-99"], "Unknown device"),
        (["render", "test", "--duration", "-1"], "--duration"),
    ])
    func badArgumentsAreRejectedClearly(args: [String], message: String) throws {
        let r = try Self.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.contains("Error:") && r.stderr.contains(message), "\(r.stderr)")
    }
}
