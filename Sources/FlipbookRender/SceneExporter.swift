import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Options for `SceneExporter.export`.
public struct ExportOptions: Sendable {
    public var formats: [OutputFormat]
    public var outputDirectory: URL
    /// Frames per second (> 0).
    public var fps: Double
    /// Pixels per point (1, 2 or 3).
    public var scale: CGFloat
    public var device: DevicePreset
    /// Seconds to render; nil uses the scene's own duration.
    public var duration: CFTimeInterval?
    /// When the `png` still is taken, in seconds; nil takes the middle frame.
    public var stillTime: CFTimeInterval?
    /// Most frames on a contact sheet.
    public var sheetFrames: Int
    /// The speed/size trade-off of MP4 and WebM.
    public var quality: VideoQuality

    public init(
        formats: [OutputFormat], outputDirectory: URL, fps: Double = 30, scale: CGFloat = 2,
        device: DevicePreset = .default, duration: CFTimeInterval? = nil, stillTime: CFTimeInterval? = nil, sheetFrames: Int = 12,
        quality: VideoQuality = .standard
    ) {
        self.formats = formats
        self.outputDirectory = outputDirectory
        self.fps = fps
        self.scale = scale
        self.device = device
        self.duration = duration
        self.stillTime = stillTime
        self.sheetFrames = sheetFrames
        self.quality = quality
    }
}

/// What an export produced.
public struct ExportSummary: Sendable {
    public var scene: String
    public var frameCount: Int
    public var width: Int
    public var height: Int
    /// Files and folders written, in format order.
    public var outputs: [URL]
}

/// Renders a scene frame by frame and writes the chosen formats.
@preconcurrency @MainActor
public enum SceneExporter {
    /// The number of frames for `duration` at `fps`: both ends included (0, 1/fps, …, duration).
    public static func frameCount(duration: CFTimeInterval, fps: Double) -> Int {
        guard duration.isFinite, fps.isFinite, duration > 0, fps > 0 else { return 1 }
        return min(100_000, Int((duration * fps).rounded())) + 1
    }

    /// Renders `sceneType` for `options`. `progress(done, total)` is called after each frame.
    /// Cancelling `cancellation` (from any thread) stops ffmpeg, removes the outputs begun and
    /// throws `CancellationError`.
    ///
    /// The frame loop is a `SceneRun`'s: between frames it advances `MediaClock.main` by one
    /// export frame (firing display links, scheduled steps and animation callbacks on the way,
    /// as the running app would see them), then asks the scene to catch up
    /// (`update(elapsed:)`); the exporter renders each frame and writes it.
    public static func export(
        _ sceneType: any RenderScene.Type, options: ExportOptions, cancellation: ExportCancellation? = nil,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> ExportSummary {
        try export(
            named: sceneType.name, options: options, cancellation: cancellation, progress: progress,
            scene: { sceneType.init(size: $0) })
    }

    /// Renders the scene `make` builds (for the device's screen size, in the export's own
    /// runtime) for `options`, naming the outputs after `name`. `prepare` sees the `SceneRun`
    /// before it starts: set its input hook (`onFrame`) there to deliver inputs at their frames
    /// (the live preview's recording does). Otherwise as `export(_:options:cancellation:progress:)`.
    public static func export(
        named name: String, options: ExportOptions, cancellation: ExportCancellation? = nil,
        progress: (Int, Int) -> Void = { _, _ in }, prepare: (SceneRun) -> Void = { _ in },
        scene make: (CGSize) throws -> any RenderScene
    ) throws -> ExportSummary {
        guard options.fps.isFinite, options.fps > 0 else { throw RenderError.invalidInput("fps must be positive (got \(options.fps))") }
        guard [1, 2, 3].contains(options.scale) else { throw RenderError.invalidInput("scale must be 1, 2 or 3 (got \(options.scale))") }
        let formats = options.formats.reduce(into: [OutputFormat]()) { if !$0.contains($1) { $0.append($1) } }
        guard !formats.isEmpty else { throw RenderError.invalidInput("no output format chosen") }
        let fm = FileManager.default
        do { try fm.createDirectory(at: options.outputDirectory, withIntermediateDirectories: true) } catch {
            throw RenderError.io("cannot create \(options.outputDirectory.path): \(error.localizedDescription)")
        }
        if formats.contains(where: \.needsFFmpeg), FFmpeg.locate("ffmpeg") == nil { throw RenderError.ffmpegMissing(tool: "ffmpeg") }

        // The scene runs in a runtime of its own: a clock at its initial time, an application
        // of its own, so an export sees the times a fresh `flipbook render` process sees and
        // leaves nothing running behind.
        let runtime = AppRuntime()
        defer { runtime.clock.reset() }  // lets go of what the scene left running
        // Cancelling stops every ffmpeg at once, even while this thread waits for one.
        let interruptions = LockedValue<[ProcessInterruption]>([])
        let handler = cancellation?.onCancel { for i in interruptions.current { i.interrupt() } }
        defer { if let handler { cancellation?.removeHandler(handler) } }
        // MP4's and WebM's ffmpeg start now, before the scene is built: their frames' size is in
        // the stream they will read, and their start (loading ffmpeg's libraries) then runs
        // beside the scene's construction. One not taken by an encoder below (the scene failed)
        // is stopped when `launches` goes; it has not opened its output yet.
        var launches: [OutputFormat: VideoEncoderLaunch] = [:]
        defer { for l in launches.values { l.cancel() } }
        for f in formats where VideoEncoder.startsBeforeSize(f) {
            let l = try VideoEncoderLaunch(
                format: f, url: options.outputDirectory.appendingPathComponent(f.fileName(scene: name)), fps: options.fps,
                quality: options.quality)
            launches[f] = l
            interruptions.withLock { $0.append(l.interruption) }
            if cancellation?.isCancelled == true { l.interruption.interrupt() }
        }
        return try runtime.run {
            // The scene is built with snapshots drawn at the frames' scale (AppRuntime.frameScale).
            let run = try SceneRun(
                runtime: runtime, size: options.device.size, scale: options.scale, framesPerSecond: options.fps, scene: make)
            let scene = run.scene!
            let duration = options.duration ?? scene.duration
            guard duration.isFinite, duration >= 0 else { throw RenderError.invalidInput("duration must be zero or more seconds (got \(duration))") }
            let count = frameCount(duration: duration, fps: options.fps)
            let size = run.renderer.pixelSize(of: run.rootLayer)
            func url(_ f: OutputFormat) -> URL { options.outputDirectory.appendingPathComponent(f.fileName(scene: name)) }

            var encoders: [VideoEncoder] = []
            // Numbered frames are encoded on background threads, a few at a time (memory stays bounded).
            let frameWriter = formats.contains(.frames) ? ParallelPNGWriter() : nil
            // On any failure part-way, stop the encoders and remove what this export began, so a
            // failed run leaves no truncated video or half-filled frames folder behind.
            var begun: [URL] = []
            func abandon() {
                frameWriter?.drain()
                for e in encoders {
                    e.cancel()
                    // An encoder whose ffmpeg already ended (stopped by a cancellation, or failing
                    // while a frame was sent) may have left a truncated file.
                    VideoEncoder.removeRegularFile(at: e.url)
                }
                for u in begun {
                    if u == url(.frames) { try? fm.removeItem(at: u) } else { VideoEncoder.removeRegularFile(at: u) }
                }
            }
            do {
                for f in formats where f.needsFFmpeg {
                    let e: VideoEncoder
                    if let launch = launches.removeValue(forKey: f) {
                        e = try VideoEncoder(launch: launch, width: size.width, height: size.height)
                    } else {
                        e = try VideoEncoder(
                            format: f, url: url(f), width: size.width, height: size.height, fps: options.fps, quality: options.quality)
                        interruptions.withLock { $0.append(e.interruption) }
                    }
                    encoders.append(e)
                    if cancellation?.isCancelled == true { e.interrupt() }
                }
                if formats.contains(.frames) {
                    try? fm.removeItem(at: url(.frames))
                    try fm.createDirectory(at: url(.frames), withIntermediateDirectories: true)
                    begun.append(url(.frames))
                }
                let stillIndex = min(count - 1, max(0, Int(((options.stillTime ?? duration / 2) * options.fps).rounded())))
                let sheetIndices = Set(ContactSheet.sampleIndices(count: count, maximum: options.sheetFrames))
                var sheet = ContactSheet()

                prepare(run)
                for i in 0..<count {
                    if cancellation?.isCancelled == true { throw CancellationError() }
                    // The frame loop (SceneRun): the clock one frame on, update(elapsed:), inputs.
                    if i == 0 { run.start() } else { run.step(toFrame: i) }
                    let t = run.elapsed
                    let image = run.render()
                    for e in encoders { try e.append(image) }
                    if let frameWriter {
                        try frameWriter.submit(image, to: url(.frames).appendingPathComponent(String(format: "frame-%05d.png", i)))
                    }
                    if formats.contains(.png) && i == stillIndex {
                        begun.append(url(.png))
                        try image.write(to: url(.png))
                    }
                    if formats.contains(.sheet) && sheetIndices.contains(i) { sheet.add(image, time: t) }
                    progress(i + 1, count)
                }
                try frameWriter?.finish()
                for e in encoders {
                    begun.append(e.url)  // finished or failed, the file is this export's
                    try e.finish()  // on failure `abandon` cancels the ones not finished yet
                }
                if formats.contains(.sheet), let img = sheet.render() {
                    begun.append(url(.sheet))
                    try img.write(to: url(.sheet))
                }
                if cancellation?.isCancelled == true { throw CancellationError() }
            } catch {
                abandon()
                // ffmpeg stopped by a cancellation fails too: report the cancellation, not its exit status.
                if cancellation?.isCancelled == true { throw CancellationError() }
                throw error
            }
            return ExportSummary(scene: name, frameCount: count, width: size.width, height: size.height, outputs: formats.map(url))
        }
    }
}
