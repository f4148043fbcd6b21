import ArgumentParser
import Dispatch
import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender
import FlipbookUIKit

/// `flipbook render <scene>`: renders a scene to images and video.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene to PNG, frames, MP4, WebM, GIF, APNG or a contact sheet.")

    @Argument(help: "The scene to render (see `flipbook list`).")
    var scene: String

    @OptionGroup var options: RenderOptions

    func run() async throws {
        let formats = try options.formats
        // Each frame's image is a new 5 MB buffer: kept by the allocator, not faulted in afresh.
        ExportMemory.keepFreedFrameBuffers()
        let sceneName = scene
        let exportOptions = ExportOptions(
            formats: formats, outputDirectory: URL(fileURLWithPath: options.out, isDirectory: true), fps: options.fps,
            scale: CGFloat(options.scale), device: DevicePreset.named(options.device) ?? .default, duration: options.duration,
            quality: try options.videoQuality)
        // Ctrl-C stops the export: ffmpeg is stopped and the outputs begun are removed (a second
        // Ctrl-C while that happens ends the tool at once).
        let cancellation = ExportCancellation()
        let interrupt = InterruptHandler { cancellation.cancel() }
        defer { interrupt.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let style = options.userInterfaceStyle
        let result: Result<ExportSummary, Error> = await MainActor.run {
            AppDriver.launchUserInterfaceStyle = style
            let registry = CLIScenes.registry()
            guard let type = registry.scene(named: sceneName) else {
                return .failure(ValidationError("Unknown scene '\(sceneName)'. Known scenes: \(registry.names.joined(separator: ", ")). Run `flipbook list`."))
            }
            var bar = ProgressBar(label: "Rendering \(sceneName)")
            do {
                return .success(
                    try SceneExporter.export(
                        type, options: exportOptions, cancellation: cancellation,
                        progress: { done, total in bar.update(done, total) }))
            } catch {
                return .failure(error)
            }
        }
        let summary: ExportSummary
        switch result {
        case .success(let s): summary = s
        case .failure(let e as ValidationError): throw e
        case .failure(is CancellationError):
            FileHandle.standardError.write(Data("\nCancelled: ffmpeg stopped and partial outputs removed.\n".utf8))
            throw ExitCode(130)
        case .failure(let e):
            FileHandle.standardError.write(Data("error: \(e)\n".utf8))
            throw ExitCode.failure
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        for line in RenderReport.lines(summary: summary, seconds: seconds, fps: options.fps) { print(line) }
    }
}

/// Turns SIGINT into a call of `handler` on a background queue while installed; a second
/// SIGINT ends the process with status 130.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    init(_ handler: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let presses = LockedValue(0)
        source.setEventHandler {
            if presses.withLock({ $0 += 1; return $0 }) > 1 { _exit(130) }
            handler()
        }
        source.resume()
        self.source = source
    }

    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
