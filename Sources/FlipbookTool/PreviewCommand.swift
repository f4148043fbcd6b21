import ArgumentParser
import Flipbook
import FlipbookGeometry
import Foundation
import FlipbookPreview
import FlipbookRender

/// `flipbook preview <scene>`: serves the live browser preview until Ctrl-C (docs/Preview.md).
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Play, scrub and touch a scene live in the browser (a local web server).")

    @Argument(help: "The scene or preview to open first (see `flipbook list`; default: the first preview, else the first scene); the page can switch.")
    var scene: String?

    @Flag(name: .long, help: "Rebuild when a source file of the package in the current folder changes; the page shows the new build at the same scene time, or the build's errors.")
    var watch = false

    @Flag(name: .long, help: "Serve on the local network behind a random access token; prints the URL and a QR code (for a phone).")
    var share = false

    @Option(name: .long, help: "Screen: iphone-se (375x667), iphone-15 (393x852) or ipad (820x1180).")
    var device: String = DevicePreset.default.name

    @Option(name: .long, parsing: .unconditional, help: "Pixels per point: 1, 2 or 3.")
    var scale: Int = 2

    @Option(name: .long, parsing: .unconditional, help: "Port to listen on (0: any free port).")
    var port: Int = 8040

    @Option(name: .long, help: "Address to listen on. Anything but loopback exposes the preview to the network.")
    var host: String = "127.0.0.1"

    @Option(
        name: .long,
        help: "How played and touched frames are sent: \(PreviewFrameEncoding.allCases.map(\.rawValue).joined(separator: ", ")) (auto: the measured best; exact frames are always PNG).")
    var frameEncoding: String = PreviewFrameEncoding.auto.rawValue

    @Flag(name: .long, help: .hidden)
    var measureEncodings = false

    /// The gallery's thumbnail worker (the server starts it: docs/Preview.md, "The gallery").
    @Flag(name: .long, help: .hidden)
    var galleryWorker = false

    func validate() throws {
        guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale)).") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (got \(port)).") }
        guard DevicePreset.named(device) != nil else {
            throw ValidationError("Unknown device '\(device)'. Choose from: \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
        }
        guard !host.isEmpty, host.count <= 255 else { throw ValidationError("--host must name an address.") }
        guard PreviewFrameEncoding(rawValue: frameEncoding) != nil else {
            throw ValidationError(
                "--frame-encoding must be one of \(PreviewFrameEncoding.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(frameEncoding)').")
        }
    }

    func run() async throws {
        if galleryWorker {
            await MainActor.run { PreviewGallery.serveWorker(registry: CLIScenes.registry()) }
            return
        }
        let (known, firstPreview, problems) = await MainActor.run { () -> ([String], String?, [String]) in
            let names = CLIScenes.registry().names
            return (names, PreviewCatalog.entries.first?.sceneName, PreviewCatalog.problems)
        }
        for p in problems { FileHandle.standardError.write(Data("warning: \(p)\n".utf8)) }
        let sceneName = scene ?? firstPreview ?? known.first(where: { $0 != "test" }) ?? "test"
        guard known.contains(sceneName) else {
            throw ValidationError("Unknown scene '\(sceneName)'. Known scenes: \(known.joined(separator: ", ")). Run `flipbook list`.")
        }
        if measureEncodings {
            // For `make bench-preview`: every encoding on this scene's frames, as a Markdown table.
            let d = device, s = scale
            let table = await MainActor.run {
                PreviewEncodingBenchmark.run(registry: CLIScenes.registry(), scene: sceneName, device: d, scale: s)
            }
            print(table)
            return
        }
        // --share: every address, a token (kept across --watch's restarts, so the phone's page
        // reconnects), and the machine's address on the network in the printed URL.
        let token = share ? (ProcessInfo.processInfo.environment["FLIPBOOK_SHARE_TOKEN"] ?? PreviewServer.makeToken()) : nil
        let listenHost = share && host == "127.0.0.1" ? "0.0.0.0" : host
        if !PreviewServer.isLoopback(listenHost), token == nil {
            FileHandle.standardError.write(
                Data("warning: listening on \(listenHost): anyone who can reach this address can use the preview (it has no login; --share asks for a token).\n".utf8))
        }
        let watcher = watch ? try SourceWatcher(packageRoot: FileManager.default.currentDirectoryPath) : nil
        let notices = await MainActor.run { PreviewNotices() }
        if !problems.isEmpty {
            await MainActor.run { notices.show(kind: "duplicate", message: problems.joined(separator: "\n")) }
        }
        let options = PreviewServer.Options(
            scene: sceneName, device: device, scale: scale, host: listenHost, port: port,
            frameEncoding: PreviewFrameEncoding(rawValue: frameEncoding) ?? .auto, token: token,
            galleryWorker: [Self.executablePath(), "preview", "--gallery-worker"])
        let shownHost = share ? (Self.networkAddress() ?? listenHost) : nil
        let watchTask = watcher.map { w in Task { await w.run(notices: notices) } }
        // The port the server was bound to (told from the server's thread).
        let boundPort = LockedValue<Int?>(nil)
        do {
            try await PreviewServer.run(registry: { CLIScenes.registry() }, options: options, notices: notices) { url in
                boundPort.exchange(URLComponents(string: url)?.port)
                // With a scene named: its player; without: the gallery of every preview and scene.
                let query = scene == nil ? [] : ["scene=\(sceneName)"]
                var base = url
                if let shownHost, var parts = URLComponents(string: url) {
                    parts.host = shownHost
                    base = parts.string ?? url
                }
                let items = query + (token.map { ["token=\($0)"] } ?? [])
                let shown = base + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
                if scene == nil {
                    print("Flipbook preview gallery (every preview and scene; a click opens one): \(shown)")
                } else {
                    print("Flipbook preview of \(sceneName): \(shown)")
                }
                if token != nil {
                    print("Anyone with this URL (token included) can use the preview; without the token: 403.")
                    print(QRCode.terminalText(for: shown) ?? "(the URL is too long for a QR code)")
                }
                if watch { print("Watching the package's sources: a save rebuilds and the page shows the new build.") }
                print("Open it in a browser; press Ctrl-C to stop.")
                fflush(nil)
            }
        } catch {
            watchTask?.cancel()
            FileHandle.standardError.write(Data("error: preview server: \(error)\n".utf8))
            throw ExitCode.failure
        }
        watchTask?.cancel()
        if let watcher, watcher.reloadRequested {
            // The new build takes over: same arguments, same port, same token; the pages reconnect.
            if let token { setenv("FLIPBOOK_SHARE_TOKEN", token, 1) }
            watcher.execNewBuild(boundPort: boundPort.current)
        }
        print("Preview stopped.")
    }

    /// This program's file (a `--watch` rebuild replaces it in place).
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// This machine's first IPv4 address that is not loopback (for the printed URL of --share).
    static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let addr = entry.pointee.ifa_addr, addr.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(addr, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }
}
