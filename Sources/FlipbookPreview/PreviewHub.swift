import Flipbook
import Foundation

/// The server's main-actor side: the engine, the open sessions and their recordings.
@preconcurrency @MainActor
final class PreviewHub {
    let engine: PreviewEngine
    let defaults: PreviewServer.Options
    /// How sessions send played and touched frames (`--frame-encoding`).
    var encoding: PreviewFrameEncoding { defaults.frameEncoding }
    let recordings: URL
    private(set) var sessions: [Int: PreviewSession] = [:]
    private var nextID = 0
    /// The notice every page shows (`PreviewNotices`), sent to the open pages when it changes
    /// and to each new page with its hello.
    var notice: PreviewNotice? {
        didSet {
            let message = notice ?? .cleared
            for s in sessions.values { s.reply(message) }
        }
    }
    /// Where a session's frames are encoded (by session id): a serial background queue of its
    /// own (`PreviewFramePipeline`), or what a test supplies.
    let encodeRunner: (Int) -> PreviewFramePipeline.Runner
    /// The server's wall time and wake-ups (`PreviewClock`): the system's, or a test's manual one.
    let clock: any PreviewClock
    /// The gallery's index and snapshot failures, and its thumbnails' workers.
    let gallery: PreviewGallery
    nonisolated let thumbnails: PreviewThumbnails

    init(
        registry: SceneRegistry, defaults: PreviewServer.Options,
        encodeRunner: ((Int) -> PreviewFramePipeline.Runner)? = nil, clock: any PreviewClock = PreviewSystemClock()
    ) {
        engine = PreviewEngine(registry: registry)
        engine.clock = clock
        self.clock = clock
        self.defaults = defaults
        self.encodeRunner = encodeRunner ?? { PreviewFramePipeline.backgroundRunner(label: "flipbook.preview.encode.\($0)") }
        gallery = PreviewGallery(registry: registry, packageRoot: URL(fileURLWithPath: defaults.packageRoot, isDirectory: true))
        thumbnails = PreviewThumbnails(command: defaults.galleryWorker)
        recordings = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flipbook-preview-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    }

    /// A new session, or nil (with an error reply) when `PreviewLimits.maxSessions` are open.
    func open(outbox: PreviewOutbox) -> PreviewSession? {
        nextID += 1
        let session = PreviewSession(id: nextID, hub: self, outbox: outbox)
        guard sessions.count < PreviewLimits.maxSessions else {
            session.error("too many pages open (limit \(PreviewLimits.maxSessions)); close one and reload", type: nil)
            session.close()
            return nil
        }
        sessions[session.id] = session
        session.reply(
            PreviewHello(
                session: session.id,
                scenes: engine.registry.sceneTypes.map { .init(name: $0.name, summary: $0.summary) },
                devices: DevicePreset.all.map { .init(name: $0.name, width: Double($0.size.width), height: Double($0.size.height)) },
                notice: notice,
                defaults: .init(scene: defaults.scene, device: defaults.device, scale: defaults.scale),
                limits: .init(
                    maxMessageBytes: PreviewLimits.maxMessageBytes, maxSessions: PreviewLimits.maxSessions,
                    framesInFlight: PreviewLimits.framesInFlight, bytesInFlight: PreviewLimits.bytesInFlight, fps: PreviewLimits.fps,
                    speeds: PreviewClientMessage.allowedSpeeds)))
        return session
    }

    func close(_ session: PreviewSession) {
        session.close()
        sessions.removeValue(forKey: session.id)
    }

    /// Records `timeline` to MP4; returns the URL path the page downloads it from and the
    /// file's path on this machine (kept until the server stops).
    func record(_ timeline: PreviewTimeline, session: Int) throws -> (url: String, path: String) {
        let folder = recordings.appendingPathComponent("\(session)", isDirectory: true)
        let file = try engine.record(timeline, to: folder)
        return ("/recordings/\(session)/\(file.lastPathComponent)", file.path)
    }

    /// The recording file for a request path's parts, if it exists (no path tricks).
    func recording(session: String, file: String) -> URL? {
        guard let id = Int(session), id > 0, file.range(of: #"^[A-Za-z0-9._-]+\.mp4$"#, options: .regularExpression) != nil,
            !file.hasPrefix(".")
        else { return nil }
        let url = recordings.appendingPathComponent("\(id)").appendingPathComponent(file)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    func shutdown() {
        for s in sessions.values { s.close() }
        sessions = [:]
        engine.shutdown()
        thumbnails.shutdown()
        try? FileManager.default.removeItem(at: recordings)
    }
}
