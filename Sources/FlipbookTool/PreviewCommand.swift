import ArgumentParser
import Foundation
import FlipbookPreview
import FlipbookRender

/// `flipbook preview <scene>`: serves the live browser preview until Ctrl-C (docs/Preview.md).
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Play, scrub and touch a scene live in the browser (a local web server).")

    @Argument(help: "The scene to open first (see `flipbook list`); the page can switch.")
    var scene: String

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
        let sceneName = scene
        let known = await MainActor.run { CLIScenes.registry().names }
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
        if !PreviewServer.isLoopback(host) {
            FileHandle.standardError.write(
                Data("warning: listening on \(host): anyone who can reach this address can use the preview (it has no login).\n".utf8))
        }
        let options = PreviewServer.Options(
            scene: sceneName, device: device, scale: scale, host: host, port: port,
            frameEncoding: PreviewFrameEncoding(rawValue: frameEncoding) ?? .auto)
        do {
            try await PreviewServer.run(registry: { CLIScenes.registry() }, options: options) { url in
                print("Flipbook preview of \(sceneName): \(url)?scene=\(sceneName)")
                print("Open it in a browser; press Ctrl-C to stop.")
                fflush(nil)
            }
        } catch {
            FileHandle.standardError.write(Data("error: preview server: \(error)\n".utf8))
            throw ExitCode.failure
        }
        print("Preview stopped.")
    }
}
