import CFlipbookPNG
import FlipbookGeometry
import Foundation

/// Streams frames into ffmpeg through a pipe to make MP4, WebM, GIF or APNG: YUV 4:2:0 frames
/// with timestamps for MP4 and WebM (a frame repeating the one before is left out), raw RGBA for
/// GIF and APNG.
///
/// Frames are written as they are rendered and no format holds the sequence, so memory stays
/// bounded whatever the length (docs/Renderer.md, "Exports"). GIF takes two passes: while
/// frames arrive, one ffmpeg both builds the palette (palettegen's colour histogram, a few MB)
/// and writes the frames losslessly to a temporary file next to the output; `finish()` then maps
/// that file through the palette. (One pass would make ffmpeg hold every frame until the
/// palette exists: 2.1 GB for 3.2 s of card-flip.) ffmpeg's stderr is drained on a background
/// queue; its last lines go into the error if it fails.
public final class VideoEncoder {
    public let format: OutputFormat
    public let url: URL
    public let width: Int
    public let height: Int
    /// The speed/size trade-off (MP4 and WebM).
    public let quality: VideoQuality
    private let process: Process
    private let input: FileHandle
    private let stderrBox: LockedValue<Data>
    private let stderrDone: DispatchGroup
    /// Converts and writes frames on its own thread: YUV 4:2:0 for MP4 and WebM, else
    /// straight RGBA.
    private let writer: VideoFrameWriter
    /// GIF's temporary lossless frames and palette (removed when the encoder ends).
    private let gifTemporaries: (frames: URL, palette: URL)?
    /// Lets `interrupt()` stop whichever ffmpeg is running, from any thread.
    let interruption: ProcessInterruption
    public private(set) var frameCount = 0
    private var finished = false

    /// Starts ffmpeg writing `url`. Throws `RenderError.ffmpegMissing` without ffmpeg, and
    /// `invalidInput` for a format that is not video or bad sizes/rates.
    public convenience init(
        format: OutputFormat, url: URL, width: Int, height: Int, fps: Double, quality: VideoQuality = .standard
    ) throws {
        guard format.needsFFmpeg else { throw RenderError.invalidInput("\(format.rawValue) is not a video format") }
        guard width > 0, height > 0, fps.isFinite, fps > 0 else {
            throw RenderError.invalidInput("video needs a positive size and frame rate (got \(width)×\(height) at \(fps) fps)")
        }
        let launch = try VideoEncoderLaunch(format: format, url: url, size: (width, height), fps: fps, quality: quality)
        try self.init(launch: launch, width: width, height: height)
    }

    /// Whether `format`'s ffmpeg can start before the frames' size is known
    /// (`VideoEncoderLaunch(format:url:fps:quality:)`): MP4 and WebM, whose size travels in the
    /// stream's own header.
    static func startsBeforeSize(_ format: OutputFormat) -> Bool { format == .mp4 || format == .webm }

    /// Takes over the ffmpeg `launch` started and sends it `width × height` frames. Throws
    /// `invalidInput` (stopping that ffmpeg) for bad sizes, or when `launch` was started for
    /// another size or already used or cancelled.
    init(launch: VideoEncoderLaunch, width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            launch.cancel()
            throw RenderError.invalidInput("video needs a positive size and frame rate (got \(width)×\(height) at \(launch.fps) fps)")
        }
        if let size = launch.size, size != (width, height) {
            launch.cancel()
            throw RenderError.invalidInput("the encoder was started for \(size.0)×\(size.1) frames, not \(width)×\(height)")
        }
        guard launch.take() else {
            throw RenderError.invalidInput("the ffmpeg started for \(launch.url.lastPathComponent) was already used or stopped")
        }
        format = launch.format
        url = launch.url
        self.width = width
        self.height = height
        quality = launch.quality
        process = launch.process
        input = launch.input
        stderrBox = launch.stderrBox
        stderrDone = launch.stderrDone
        interruption = launch.interruption
        gifTemporaries = launch.gifTemporaries
        // MP4 and WebM get YUV 4:2:0 made here (padded to even sizes): 2.7 times fewer bytes
        // through the pipe, and ffmpeg's own conversion, serial in its main thread, was a third
        // of the MP4 time (docs/API-Status.md, "Export performance").
        let sendsYUV = Self.startsBeforeSize(format)
        // The YUV frames go with their timestamps (Matroska), so repeated frames are left out
        // and not encoded: the frame before lasts longer (docs/Divergences.md, "Video frame
        // timing"). The encoder's time base of one frame turns the timestamps back into exact
        // frame times.
        let framing = sendsYUV ? MatroskaFraming(width: width + width % 2, height: height + height % 2, fps: launch.fps) : nil
        writer = VideoFrameWriter(
            layout: sendsYUV ? .yuv420 : .straightRGBA, width: width, height: height, fd: input.fileDescriptor, framing: framing)
    }

    /// ffmpeg's arguments for `format` into `url`; `size` is only read for GIF and APNG (raw
    /// frames carry no size), MP4 and WebM get theirs from the Matroska header.
    static func arguments(
        format: OutputFormat, url: URL, size: (width: Int, height: Int), fps: Double, quality: VideoQuality,
        gifTemporaries: (frames: URL, palette: URL)?
    ) -> [String] {
        let sendsYUV = startsBeforeSize(format)
        var args = ["-hide_banner", "-loglevel", "error", "-y"]
        args += sendsYUV ? ["-f", "matroska"]
            : ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(size.width)x\(size.height)", "-framerate", VideoEncoder.rate(fps)]
        args += ["-i", "pipe:0"]
        let timing = ["-fps_mode", "passthrough", "-enc_time_base", VideoEncoder.frameDuration(fps)]
        switch format {
        case .mp4:
            let x264 = quality.x264
            args += ["-c:v", "libx264", "-threads", String(x264Threads()), "-preset", x264.preset, "-crf", x264.crf,
                     "-pix_fmt", "yuv420p"] + timing
                + ["-movflags", "+faststart", "-f", "mp4", url.path]
        case .webm:
            let vp9 = quality.vp9
            // libvpx looks 25 frames ahead by default, each held in ffmpeg: 8 keeps the 60-s
            // card-flip export at 322 MB instead of 395 (docs/API-Status.md, "Export performance").
            args += ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", vp9.crf, "-deadline", "good",
                     "-cpu-used", vp9.cpuUsed, "-lag-in-frames", "8", "-pix_fmt", "yuv420p", "-row-mt", "1"] + timing
                + ["-f", "webm", url.path]
        case .gif:
            let t = gifTemporaries ?? VideoEncoder.gifTemporaryURLs(for: url)
            args += ["-map", "0:v"] + VideoEncoder.gifIntermediateCodec + [t.frames.path,
                     "-map", "0:v", "-vf", "palettegen=stats_mode=full", "-frames:v", "1", "-update", "1",
                     "-f", "image2", t.palette.path]
        case .apng:
            args += ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng", url.path]
        default: break
        }
        return args
    }

    /// x264's threads: the cores the renderer leaves free (it draws with
    /// `DisplayListExecutor.workers` threads), at least one. x264's own choice (1.5 frame threads
    /// a core, plus a look-ahead thread) competes with the renderer for those cores: on two
    /// cores it cost 15 % more CPU for the same frames and slowed the whole export by 5–15 %
    /// (docs/Benchmarks.md, "Translucent spans, group compositing and x264's threads"). The
    /// bytes x264 writes depend on its thread count, as they did on the machine's core count.
    static func x264Threads(processors: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, processors - DisplayListExecutor.workers)
    }

    deinit {
        if !finished {
            writer.drain()
            try? input.close()
            process.waitUntilExit()
            removeTemporaries()
        }
    }

    /// The lossless intermediate of a GIF's first pass: x264's RGB encoder at qp 0 keeps the
    /// colours exactly (alpha is dropped: exported frames are opaque, see docs/Divergences.md),
    /// 4 times less CPU than FFV1 and 30 times smaller than UT Video on card-flip
    /// (docs/API-Status.md, "Export performance").
    static let gifIntermediateCodec = ["-c:v", "libx264rgb", "-qp", "0", "-preset", "ultrafast", "-f", "matroska"]

    /// Hidden files next to `url` (same volume; not /tmp, which may be memory).
    static func gifTemporaryURLs(for url: URL) -> (frames: URL, palette: URL) {
        let dir = url.deletingLastPathComponent(), name = url.lastPathComponent
        return (dir.appendingPathComponent(".\(name).frames.mkv"), dir.appendingPathComponent(".\(name).palette.png"))
    }

    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(format: "%.6f", fps)
    }

    /// One frame's duration as ffmpeg's `num:den` ratio: exact for whole rates and for the
    /// NTSC ones (30000/1001 …), else the nearest fraction with a denominator up to 1001.
    static func frameDuration(_ fps: Double) -> String {
        var best = (num: 1, den: max(1, Int(fps.rounded()))), bestError = Double.infinity
        for num in 1...1001 {
            let den = (fps * Double(num)).rounded()
            guard den >= 1, den < 1e9 else { continue }
            let error = abs(den / Double(num) - fps)
            if error < bestError - 1e-12 { best = (num, Int(den)); bestError = error }
            if error < 1e-9 { break }
        }
        return "\(best.num):\(best.den)"
    }

    /// Sends one frame; its size must match the encoder's. The frame is converted and written
    /// on the encoder's own thread (at most two frames behind); a failed write shows up here on
    /// the next frame, or in `finish()`.
    public func append(_ image: RenderedImage) throws {
        guard !finished else { throw RenderError.invalidInput("the encoder for \(url.lastPathComponent) is already finished") }
        guard image.width == width, image.height == height else {
            throw RenderError.invalidInput("frame is \(image.width)×\(image.height), encoder expects \(width)×\(height)")
        }
        do { try writer.submit(image.premultipliedPixels) } catch {
            try finish()  // ffmpeg's own message, when it failed
            throw error
        }
        frameCount += 1
    }

    /// Row pairs (MP4, WebM) or frames (GIF, APNG) converted, and skipped because they repeat
    /// the frame before.
    var conversions: (converted: Int, skipped: Int) { writer.conversions }

    /// Frames sent to ffmpeg (MP4 and WebM leave out repeated frames; after `finish()`).
    var framesSent: Int { writer.framesSent }

    /// Stops ffmpeg without finishing the file and removes what it wrote: for an export that
    /// failed part-way, so no truncated video is left looking like a whole one.
    public func cancel() {
        guard !finished else { return }
        finished = true
        interruption.interrupt()
        writer.drain()  // ffmpeg is gone: the writes in flight fail at once
        try? input.close()
        process.waitUntilExit()
        stderrDone.wait()
        interruption.running(0)
        removeTemporaries()
        VideoEncoder.removeRegularFile(at: url)
    }

    /// Stops the running ffmpeg from any thread (an export being cancelled); the encoder's own
    /// thread then sees it fail.
    func interrupt() { interruption.interrupt() }

    /// Removes the file at `url` if it is a regular file (never a folder a user put there).
    static func removeRegularFile(at url: URL) {
        let fm = FileManager.default
        guard let type = try? fm.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType,
            type == .typeRegular
        else { return }
        try? fm.removeItem(at: url)
    }

    private func removeTemporaries() {
        guard let t = gifTemporaries else { return }
        VideoEncoder.removeRegularFile(at: t.frames)
        VideoEncoder.removeRegularFile(at: t.palette)
    }

    /// Closes the pipe and waits for ffmpeg (for GIF, then runs the palette pass); throws if it failed.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        defer { removeTemporaries() }
        writer.end()
        try? input.close()
        process.waitUntilExit()
        stderrDone.wait()
        interruption.running(0)
        guard process.terminationStatus == 0 else {
            let msg = String(decoding: stderrBox.current.suffix(800), as: UTF8.self)
            throw RenderError.toolFailed(tool: "ffmpeg", status: process.terminationStatus, message: msg)
        }
        if let e = writer.error { throw e }
        if let t = gifTemporaries {
            try runStep([
                "-hide_banner", "-loglevel", "error", "-y", "-i", t.frames.path, "-i", t.palette.path,
                "-lavfi", "[0:v][1:v]paletteuse=dither=sierra2_4a", "-loop", "0", "-f", "gif", url.path,
            ])
        }
    }

    /// Runs one more ffmpeg to the end (stoppable through `interruption`).
    private func runStep(_ args: [String]) throws {
        guard !interruption.isInterrupted else { throw CancellationError() }
        guard let exe = FFmpeg.locate("ffmpeg") else { throw RenderError.ffmpegMissing(tool: "ffmpeg") }
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        let errPipe = Pipe()
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errPipe
        do { try p.run() } catch { throw RenderError.toolFailed(tool: "ffmpeg", status: -1, message: "\(error)") }
        interruption.running(p.processIdentifier)
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        interruption.running(0)
        guard p.terminationStatus == 0 else {
            throw RenderError.toolFailed(tool: "ffmpeg", status: p.terminationStatus, message: String(decoding: err.suffix(800), as: UTF8.self))
        }
    }
}

/// An ffmpeg started for a `VideoEncoder` that does not have its frames yet. The exporter starts
/// the MP4 and WebM ffmpeg before it builds the scene (their frames' size is in the stream's
/// header, written later), so ffmpeg's own start — loading its libraries, a tenth of a second of
/// one core — runs beside the scene's construction instead of after it (docs/Renderer.md,
/// "Exports"). `VideoEncoder(launch:width:height:)` takes it over; otherwise `cancel()` (or
/// letting go of it) stops that ffmpeg before it wrote anything.
final class VideoEncoderLaunch: Sendable {
    let format: OutputFormat
    let url: URL
    let fps: Double
    let quality: VideoQuality
    /// The size the arguments were made for (GIF and APNG), nil when the stream will carry it.
    let size: (Int, Int)?
    let process: Process
    let input: FileHandle
    let stderrBox = LockedValue(Data())
    let stderrDone = DispatchGroup()
    let interruption = ProcessInterruption()
    let gifTemporaries: (frames: URL, palette: URL)?
    /// Whether an encoder (or `cancel()`) took the process.
    private let taken = LockedValue(false)

    /// Starts ffmpeg for MP4 or WebM, before the frames' size is known.
    convenience init(format: OutputFormat, url: URL, fps: Double, quality: VideoQuality = .standard) throws {
        guard VideoEncoder.startsBeforeSize(format) else {
            throw RenderError.invalidInput("\(format.rawValue) needs the frames' size before ffmpeg starts")
        }
        try self.init(format: format, url: url, size: nil, fps: fps, quality: quality)
    }

    /// Starts ffmpeg; `size` is needed by GIF and APNG.
    init(format: OutputFormat, url: URL, size: (Int, Int)?, fps: Double, quality: VideoQuality) throws {
        guard format.needsFFmpeg else { throw RenderError.invalidInput("\(format.rawValue) is not a video format") }
        guard fps.isFinite, fps > 0 else {
            let s = size.map { "\($0.0)×\($0.1)" } ?? "any size"
            throw RenderError.invalidInput("video needs a positive size and frame rate (got \(s) at \(fps) fps)")
        }
        guard size != nil || VideoEncoder.startsBeforeSize(format) else {
            throw RenderError.invalidInput("\(format.rawValue) needs the frames' size before ffmpeg starts")
        }
        guard let exe = FFmpeg.locate("ffmpeg") else { throw RenderError.ffmpegMissing(tool: "ffmpeg") }
        self.format = format
        self.url = url
        self.fps = fps
        self.quality = quality
        self.size = VideoEncoder.startsBeforeSize(format) ? nil : size
        let temporaries = format == .gif ? VideoEncoder.gifTemporaryURLs(for: url) : nil
        gifTemporaries = temporaries
        let args = VideoEncoder.arguments(
            format: format, url: url, size: size ?? (0, 0), fps: fps, quality: quality, gifTemporaries: temporaries)
        FFmpeg.ignoreBrokenPipes()
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        p.environment = FFmpeg.encoderEnvironment
        let inPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errPipe
        do { try p.run() } catch { throw RenderError.toolFailed(tool: "ffmpeg", status: -1, message: "\(error)") }
        process = p
        interruption.running(p.processIdentifier)
        input = inPipe.fileHandleForWriting
        let handle = errPipe.fileHandleForReading, box = stderrBox
        DispatchQueue.global().async(group: stderrDone) { box.exchange(handle.readDataToEndOfFile()) }
    }

    deinit { cancel() }

    /// Hands the process to an encoder: false if it was taken or cancelled before.
    fileprivate func take() -> Bool {
        !taken.exchange(true)
    }

    /// Stops this ffmpeg (if no encoder took it) and waits for it. It was still waiting for the
    /// stream's header, so it has not opened the output: nothing is removed (a file already
    /// at `url` is left alone).
    func cancel() {
        guard take() else { return }
        interruption.interrupt()
        try? input.close()
        process.waitUntilExit()
        stderrDone.wait()
        interruption.running(0)
    }
}
