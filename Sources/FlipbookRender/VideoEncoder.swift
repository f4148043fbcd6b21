import Foundation

/// Streams frames into ffmpeg (raw RGBA through a pipe) to make MP4, WebM, GIF or APNG.
///
/// Frames are written as they are rendered, so memory stays bounded. ffmpeg's stderr is drained
/// on a background queue; its last lines go into the error if it fails.
public final class VideoEncoder {
    public let format: OutputFormat
    public let url: URL
    public let width: Int
    public let height: Int
    private let process: Process
    private let input: FileHandle
    private let stderrBox = DataBox()
    private let stderrDone = DispatchGroup()
    public private(set) var frameCount = 0
    private var finished = false

    /// Starts ffmpeg writing `url`. Throws `RenderError.ffmpegMissing` without ffmpeg, and
    /// `invalidInput` for a format that is not video or bad sizes/rates.
    public init(format: OutputFormat, url: URL, width: Int, height: Int, fps: Double) throws {
        guard format.needsFFmpeg else { throw RenderError.invalidInput("\(format.rawValue) is not a video format") }
        guard width > 0, height > 0, fps.isFinite, fps > 0 else {
            throw RenderError.invalidInput("video needs a positive size and frame rate (got \(width)×\(height) at \(fps) fps)")
        }
        guard let exe = FFmpeg.locate("ffmpeg") else { throw RenderError.ffmpegMissing(tool: "ffmpeg") }
        self.format = format
        self.url = url
        self.width = width
        self.height = height
        var args = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
            "-s", "\(width)x\(height)", "-framerate", VideoEncoder.rate(fps), "-i", "pipe:0",
        ]
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch format {
        case .mp4:
            args += ["-vf", even, "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
                     "-threads", "2", "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p",
                     "-row-mt", "1", "-f", "webm"]
        case .gif:
            args += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                     "-loop", "0", "-f", "gif"]
        case .apng:
            args += ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
        default: break
        }
        args.append(url.path)
        FFmpeg.ignoreBrokenPipes()
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        let inPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errPipe
        do { try p.run() } catch { throw RenderError.toolFailed(tool: "ffmpeg", status: -1, message: "\(error)") }
        process = p
        input = inPipe.fileHandleForWriting
        let handle = errPipe.fileHandleForReading, box = stderrBox
        DispatchQueue.global().async(group: stderrDone) { box.set(handle.readDataToEndOfFile()) }
    }

    deinit {
        if !finished {
            try? input.close()
            process.waitUntilExit()
        }
    }

    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(format: "%.6f", fps)
    }

    /// Sends one frame; its size must match the encoder's.
    public func append(_ image: RenderedImage) throws {
        guard !finished else { throw RenderError.invalidInput("the encoder for \(url.lastPathComponent) is already finished") }
        guard image.width == width, image.height == height else {
            throw RenderError.invalidInput("frame is \(image.width)×\(image.height), encoder expects \(width)×\(height)")
        }
        do { try input.write(contentsOf: Data(image.straightRGBA)) } catch {
            try finish()
            throw RenderError.toolFailed(tool: "ffmpeg", status: process.terminationStatus, message: "pipe closed: \(error)")
        }
        frameCount += 1
    }

    /// Stops ffmpeg without finishing the file and removes what it wrote: for an export that
    /// failed part-way, so no truncated video is left looking like a whole one.
    public func cancel() {
        guard !finished else { return }
        finished = true
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        stderrDone.wait()
        VideoEncoder.removeRegularFile(at: url)
    }

    /// Removes the file at `url` if it is a regular file (never a folder a user put there).
    static func removeRegularFile(at url: URL) {
        let fm = FileManager.default
        guard let type = try? fm.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType,
            type == .typeRegular
        else { return }
        try? fm.removeItem(at: url)
    }

    /// Closes the pipe and waits for ffmpeg; throws if it failed.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        try? input.close()
        process.waitUntilExit()
        stderrDone.wait()
        guard process.terminationStatus == 0 else {
            let msg = String(decoding: stderrBox.get().suffix(800), as: UTF8.self)
            throw RenderError.toolFailed(tool: "ffmpeg", status: process.terminationStatus, message: msg)
        }
    }
}
