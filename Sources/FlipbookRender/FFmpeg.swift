import CFlipbookPNG
import FlipbookGeometry
import Foundation

/// Errors from the encoders and decoders that run external tools.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// ffmpeg (or ffprobe) is not on PATH.
    case ffmpegMissing(tool: String)
    /// The tool ran and failed.
    case toolFailed(tool: String, status: Int32, message: String)
    /// Bad input: sizes, frame counts, formats.
    case invalidInput(String)
    case io(String)

    public var description: String {
        switch self {
        case .ffmpegMissing(let tool):
            return "\(tool) was not found on PATH. Flipbook encodes video, GIF and APNG with ffmpeg. Install it with "
                + "`sudo apt-get install ffmpeg` (Debian/Ubuntu), `brew install ffmpeg` (macOS), or run `make deps`."
        case .toolFailed(let tool, let status, let message):
            return "\(tool) failed (exit status \(status)): \(message)"
        case .invalidInput(let m): return m
        case .io(let m): return m
        }
    }
}

/// Finding and running ffmpeg/ffprobe as subprocesses.
public enum FFmpeg {
    /// Makes a write to a pipe whose reader has exited fail with EPIPE (a thrown error that
    /// carries ffmpeg's own message) instead of killing the whole process with SIGPIPE, which
    /// is what the default disposition does. Only a default disposition is changed: a host
    /// that installed its own SIGPIPE handler keeps it. Called before every pipe to ffmpeg.
    static func ignoreBrokenPipes() {
        _ = brokenPipesIgnored
    }

    private static let brokenPipesIgnored: Bool = {
        // SIG_DFL is a null handler: anything else (SIG_IGN or a host's handler) is put back.
        let previous = signal(SIGPIPE, SIG_IGN)
        if previous != nil { _ = signal(SIGPIPE, previous) }
        return previous == nil
    }()

    /// The environment an encoding ffmpeg runs in: this process's, with glibc's allocator told
    /// to keep freed frame buffers (up to 32 MB each) instead of returning them to the kernel.
    /// ffmpeg allocates each incoming frame afresh; served from new pages, every frame cost
    /// hundreds of page faults (a tenth of ffmpeg's CPU time on card-flip, docs/API-Status.md,
    /// "Export performance"). Other C libraries ignore the variables; a user's own settings win.
    static var encoderEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        if env["MALLOC_MMAP_THRESHOLD_"] == nil { env["MALLOC_MMAP_THRESHOLD_"] = String(32 << 20) }
        if env["MALLOC_TRIM_THRESHOLD_"] == nil { env["MALLOC_TRIM_THRESHOLD_"] = String(256 << 20) }
        return env
    }

    /// The full path of `tool` found on PATH (or the FLIPBOOK_FFMPEG directory), or nil.
    public static func locate(_ tool: String = "ffmpeg") -> URL? {
        var dirs: [String] = []
        if let d = ProcessInfo.processInfo.environment["FLIPBOOK_FFMPEG_DIR"] { dirs.append(d) }
        dirs += (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin:/opt/homebrew/bin")
            .split(separator: ":").map(String.init)
        for d in dirs {
            let p = URL(fileURLWithPath: d).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: p.path) { return p }
        }
        return nil
    }

    /// Runs `tool` with `arguments`, feeding `input` on stdin; returns stdout. Throws when the tool is
    /// missing or exits non-zero (with the end of its stderr in the error).
    public static func run(_ tool: String, _ arguments: [String], input: Data = Data()) throws -> Data {
        guard let exe = locate(tool) else { throw RenderError.ffmpegMissing(tool: tool) }
        ignoreBrokenPipes()
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        do { try p.run() } catch { throw RenderError.toolFailed(tool: tool, status: -1, message: "\(error)") }
        let errBox = LockedValue(Data()), outBox = LockedValue(Data())
        let group = DispatchGroup()
        let inHandle = inPipe.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            try? inHandle.write(contentsOf: input)
            try? inHandle.close()
        }
        let errHandle = errPipe.fileHandleForReading
        DispatchQueue.global().async(group: group) { errBox.exchange(errHandle.readDataToEndOfFile()) }
        outBox.exchange(outPipe.fileHandleForReading.readDataToEndOfFile())
        group.wait()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let msg = String(decoding: errBox.current.suffix(600), as: UTF8.self)
            throw RenderError.toolFailed(tool: tool, status: p.terminationStatus, message: msg)
        }
        return outBox.current
    }
}

/// The memory of a process that exports.
public enum ExportMemory {
    /// Tells glibc's allocator to keep freed frame-sized buffers (up to 32 MB each) for reuse
    /// instead of handing their pages back to the kernel, as the encoding ffmpeg is told
    /// (`FFmpeg.encoderEnvironment`). The renderer makes a new image every frame (5.4 MB for
    /// card-flip at 2x) and the one before is freed on another thread; served from new pages,
    /// each frame cost over a thousand page faults and the zeroing of its pages
    /// (docs/Benchmarks.md, "Against headless Chromium"). For one-shot commands (`flipbook
    /// render`): what is kept goes when the process exits. A user's own
    /// `MALLOC_MMAP_THRESHOLD_` / `MALLOC_TRIM_THRESHOLD_` win; other C libraries are left
    /// alone. Returns whether a setting changed.
    @discardableResult
    public static func keepFreedFrameBuffers() -> Bool { flipbook_keep_freed_buffers() != 0 }
}
