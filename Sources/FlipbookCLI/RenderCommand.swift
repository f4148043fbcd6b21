import ArgumentParser
import Foundation
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
        let sceneName = scene
        let exportOptions = ExportOptions(
            formats: formats, outputDirectory: URL(fileURLWithPath: options.out, isDirectory: true), fps: options.fps,
            scale: CGFloat(options.scale), device: DevicePreset.named(options.device) ?? .default, duration: options.duration)
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
                        type, options: exportOptions,
                        progress: { done, total in bar.update(done, total) }))
            } catch {
                return .failure(error)
            }
        }
        let summary: ExportSummary
        switch result {
        case .success(let s): summary = s
        case .failure(let e as ValidationError): throw e
        case .failure(let e):
            FileHandle.standardError.write(Data("error: \(e)\n".utf8))
            throw ExitCode.failure
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("Rendered \(summary.scene): \(summary.frameCount) frames at \(summary.width)×\(summary.height) px in \(String(format: "%.2f", seconds)) s")
        for u in summary.outputs { print("  \(u.path)") }
    }
}
