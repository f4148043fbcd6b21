import Flipbook
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// `flipbook preview`'s web server: the page (static files from the target's resources), one
/// WebSocket per page at `/ws`, and recordings at `/recordings/<session>/<file>.mp4`.
/// See docs/Preview.md for the protocol and the limits.
public enum PreviewServer {
    public struct Options: Sendable {
        public var scene: String
        public var device: String
        public var scale: Int
        public var host: String
        public var port: Int
        /// How played and touched frames are sent (exact frames are always PNG).
        public var frameEncoding: PreviewFrameEncoding
        public init(
            scene: String, device: String, scale: Int, host: String = "127.0.0.1", port: Int = 8040,
            frameEncoding: PreviewFrameEncoding = .auto
        ) {
            self.scene = scene
            self.device = device
            self.scale = scale
            self.host = host
            self.port = port
            self.frameEncoding = frameEncoding
        }
    }

    /// Whether `host` is a loopback address (the default; anything else is reachable from other
    /// machines and gets a warning).
    public static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// The page's files, by URL path.
    static func pageFiles() throws -> [String: (type: String, body: ByteBuffer)] {
        var out: [String: (String, ByteBuffer)] = [:]
        for (path, name, ext, type) in [
            ("/", "index", "html", "text/html; charset=utf-8"), ("/app.js", "app", "js", "text/javascript; charset=utf-8"),
            ("/style.css", "style", "css", "text/css; charset=utf-8"),
        ] {
            guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Page")
                ?? Bundle.module.url(forResource: name, withExtension: ext)
            else { throw PreviewServerError("the preview page's \(name).\(ext) is missing from the resources bundle") }
            out[path] = (type, ByteBuffer(bytes: try Data(contentsOf: url)))
        }
        return out
    }

    /// `makeRegistry` gives the scenes (called once, on the main actor).
    /// Serves until SIGINT or SIGTERM, then closes every page and returns. `onRunning` gets
    /// the page's URL once the port is bound.
    public static func run(
        registry makeRegistry: @escaping @MainActor @Sendable () -> SceneRegistry, options: Options,
        onRunning: @escaping @Sendable (String) -> Void
    ) async throws {
        let files = try pageFiles()
        let hub = await MainActor.run { PreviewHub(registry: makeRegistry(), defaults: options) }
        var logger = Logger(label: "flipbook.preview")
        logger.logLevel = .warning

        let router = Router(context: BasicWebSocketRequestContext.self)
        for (path, file) in files {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: file.type, .cacheControl: "no-store"],
                    body: .init(byteBuffer: file.body))
            }
        }
        router.get("/recordings/:session/:file") { _, context -> Response in
            let session = context.parameters.get("session") ?? ""
            let file = context.parameters.get("file") ?? ""
            guard let url = await hub.recording(session: session, file: file), let data = try? Data(contentsOf: url) else {
                return Response(status: .notFound)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "video/mp4", .contentDisposition: "attachment; filename=\"\(file)\""],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.ws("/ws") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, _ in
            let outbox = PreviewOutbox()
            let writer = Task {
                for await _ in outbox.signal {
                    while let item = outbox.next() {
                        switch item {
                        case .text(let t): try? await outbound.write(.text(t))
                        case .frame(let head, let body):
                            // One copy (memcpy), not an element-by-element one: frames are megabytes.
                            var buffer = ByteBufferAllocator().buffer(capacity: head.count + body.count)
                            head.withUnsafeBytes { _ = buffer.writeBytes($0) }
                            body.withUnsafeBytes { _ = buffer.writeBytes($0) }
                            try? await outbound.write(.binary(buffer))
                        }
                    }
                }
            }
            guard let session = await hub.open(outbox: outbox) else {
                await writer.value
                return
            }
            do {
                for try await message in inbound.messages(maxSize: PreviewLimits.maxWebSocketMessageBytes) {
                    switch message {
                    case .text(let text):
                        switch Result(catching: { () throws(PreviewMessageError) in try PreviewClientMessage.parse(text) }) {
                        case .success(let parsed): await session.handle(parsed)
                        case .failure(let error): await session.error(error.message, type: error.type)
                        }
                    case .binary:
                        await session.error("binary messages are not accepted; send JSON text", type: nil)
                    }
                }
            } catch {
                // The page went away or broke the protocol: the session ends below.
            }
            await hub.close(session)
            await writer.value
        }

        let address: BindAddress = .hostname(options.host, port: options.port)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(ws: .init(maxFrameSize: PreviewLimits.maxWebSocketMessageBytes, autoPing: .disabled))),
            configuration: .init(address: address, serverName: "flipbook-preview"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
                onRunning("http://\(shownHost):\(port)/")
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            await MainActor.run { hub.shutdown() }
            throw error
        }
        await MainActor.run { hub.shutdown() }
    }
}

/// A preview server failure with its message.
public struct PreviewServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
