import Flipbook
import Foundation
import Hummingbird
import HummingbirdCore
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
        /// The access token every request must carry (`--share`): in the URL (`?token=`) or in
        /// the cookie the server sets when a page is loaded with it. Nil: no token asked.
        public var token: String?
        /// The program and arguments that start a gallery thumbnail worker (the same program with
        /// `preview --gallery-worker`); nil: the gallery shows no thumbnails.
        public var galleryWorker: [String]?
        /// The package whose `Tests/**/__Snapshots__` the gallery looks in for failed snapshots.
        public var packageRoot: String
        public init(
            scene: String, device: String, scale: Int, host: String = "127.0.0.1", port: Int = 8040,
            frameEncoding: PreviewFrameEncoding = .auto, token: String? = nil, galleryWorker: [String]? = nil,
            packageRoot: String = FileManager.default.currentDirectoryPath
        ) {
            self.galleryWorker = galleryWorker
            self.packageRoot = packageRoot
            self.token = token
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
            ("/style.css", "style", "css", "text/css; charset=utf-8"), ("/gallery.html", "gallery", "html", "text/html; charset=utf-8"),
            ("/gallery.js", "gallery", "js", "text/javascript; charset=utf-8"),
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
        notices: PreviewNotices? = nil, onRunning: @escaping @Sendable (String) -> Void
    ) async throws {
        let files = try pageFiles()
        let hub = await MainActor.run { PreviewHub(registry: makeRegistry(), defaults: options) }
        if let notices { await MainActor.run { notices.hub = hub } }
        var logger = Logger(label: "flipbook.preview")
        logger.logLevel = .warning

        let router = makeRouter(files: files, hub: hub, token: options.token)
        let app = Application(
            router: router,
            server: makeServer(router: router, token: options.token),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "flipbook-preview"),
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

    /// The routes: the page's files, the recordings and the WebSocket, behind the token when
    /// there is one.
    private static func makeRouter(
        files: [String: (type: String, body: ByteBuffer)], hub: PreviewHub, token: String?
    ) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        if let token { router.add(middleware: PreviewTokenMiddleware(token: token)) }
        for (path, file) in files where path != "/" {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: file.type, .cacheControl: "no-store"],
                    body: .init(byteBuffer: file.body))
            }
        }
        // `/` with a scene is the player; without one, the gallery of every preview and scene.
        if let player = files["/"], let gallery = files["/gallery.html"] {
            router.get("/") { request, _ in
                let file = request.uri.queryParameters["scene"] == nil ? gallery : player
                return Response(
                    status: .ok, headers: [.contentType: file.type, .cacheControl: "no-store"], body: .init(byteBuffer: file.body))
            }
        }
        addGalleryRoutes(to: router, hub: hub)
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
            await serveSocket(inbound: inbound, outbound: outbound, hub: hub)
        }
        return router
    }

    /// HTTP/1 with the WebSocket upgrade; with a token, the socket's token is checked before
    /// the upgrade (403, not the library's 400).
    private static func makeServer(router: Router<BasicWebSocketRequestContext>, token: String?) -> HTTPServerBuilder {
        let upgrade = HTTP1WebSocketUpgradeChannel.Configuration(
            ws: .init(maxFrameSize: PreviewLimits.maxWebSocketMessageBytes, autoPing: .disabled))
        guard let token else { return .http1WebSocketUpgrade(webSocketRouter: router, configuration: upgrade) }
        let webSocketResponder = router.buildResponder()
        return HTTPServerBuilder { responder in
            PreviewTokenGatedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: upgrade),
                token: token)
        }
    }

    /// One page's socket: a session fed by the page's messages, its outbox written back by a
    /// writer task, until the page goes away.
    private static func serveSocket(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, hub: PreviewHub
    ) async {
        let outbox = PreviewOutbox()
        let writer = Task { await drain(outbox, to: outbound) }
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
        // The socket is closing (the page went away, or Ctrl-C closed it): what the writer still
        // holds has no reader. Cancelled, it stops at once, even in the middle of a frame's write
        // waiting for a page that no longer reads, so the server's shutdown never waits on it.
        writer.cancel()
        await writer.value
    }

    /// Writes the outbox's texts and frames to the socket each time it signals, until it closes.
    private static func drain(_ outbox: PreviewOutbox, to outbound: WebSocketOutboundWriter) async {
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
}

extension PreviewServer {
    /// The gallery's index, thumbnails and snapshot failures (docs/Preview.md, "The gallery").
    fileprivate static func addGalleryRoutes(to router: Router<BasicWebSocketRequestContext>, hub: PreviewHub) {
        @Sendable func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
            Response(
                status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: message)))
        }
        @Sendable func png(_ data: Data) -> Response {
            Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("/gallery.json") { request, _ -> Response in
            let device = request.uri.queryParameters["device"].map(String.init)
            let json = await MainActor.run { () -> Data? in
                let name = device.flatMap { DevicePreset.named($0)?.name } ?? hub.defaults.device
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return try? encoder.encode(hub.gallery.index(device: name, notice: hub.notice))
            }
            guard let json else { return text(.internalServerError, "could not encode the gallery") }
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: json)))
        }
        router.get("/thumbnail") { request, _ -> Response in
            let q = request.uri.queryParameters
            guard let scene = q["scene"].map(String.init), let device = q["device"].flatMap({ DevicePreset.named(String($0))?.name }),
                let width = q["width"].flatMap({ Int(String($0)) }), let appearance = q["appearance"].map(String.init),
                appearance == "light" || appearance == "dark"
            else { return text(.badRequest, "thumbnail: give scene, device, appearance (light or dark) and width") }
            let known = await MainActor.run { hub.engine.registry.scene(named: scene) != nil }
            guard known else { return text(.notFound, "thumbnail: unknown scene '\(scene.prefix(64))'") }
            let clamped = min(max(width, PreviewLimits.thumbnailWidths.lowerBound), PreviewLimits.thumbnailWidths.upperBound)
            switch await hub.thumbnails.thumbnail(scene: scene, device: device, dark: appearance == "dark", width: clamped) {
            case .png(let data): return png(data)
            case .failed(let why): return text(.internalServerError, why)
            }
        }
        router.get("/snapshot/:number/:file") { _, context -> Response in
            let number = context.parameters.get("number").flatMap { Int($0) } ?? -1
            let file = context.parameters.get("file") ?? ""
            guard let data = await MainActor.run(body: { hub.gallery.snapshotImage(number, file) }) else {
                return text(.notFound, "no such snapshot image")
            }
            return png(data)
        }
    }
}

/// Messages for every open page (and every page that opens later, until cleared): `--watch`'s
/// "building", a build error with the compiler's output, "reloading". Safe to hold anywhere;
/// used on the main actor.
@preconcurrency @MainActor
public final class PreviewNotices {
    weak var hub: PreviewHub?
    public init() {}

    /// Shows `message` of `kind` ("building", "build-error", "reloading", …) on every page; nil
    /// clears it.
    public func show(kind: String, message: String) {
        hub?.notice = PreviewNotice(kind: kind, message: message)
    }

    public func clear() { hub?.notice = nil }
}

/// `--share`'s access check (Jupyter's pattern): a request without the token, in its query
/// (`?token=`) or the cookie set when the page was loaded with it, gets 403, the page and the
/// WebSocket alike. Compared in constant time.
struct PreviewTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String
    static var cookieName: String { "flipbook_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let fromQuery = request.uri.queryParameters["token"].map { String($0) }
        let given = fromQuery ?? request.cookies[Self.cookieName]?.value
        guard let given, PreviewServer.constantTimeEqual(given, token) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: "403 Forbidden: open the URL flipbook printed, with its token.\n")))
        }
        var response = try await next(request, context)
        if fromQuery != nil {
            response.headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }
}

extension PreviewServer {
    /// Whether `a` equals `b`, taking the same time wherever they differ (only the length, which
    /// is not secret, ends it early).
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    /// A new random access token: 32 hexadecimal digits (128 bits from the system's generator).
    public static func makeToken() -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &g)) }.joined()
    }
}

/// A preview server failure with its message.
public struct PreviewServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
