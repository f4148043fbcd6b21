import Foundation
import Flipbook
import SnapshotTesting
import Testing

// Every `#Preview` as a snapshot test, and scenes as filmstrips (docs/Testing.md, "Previews
// as snapshot tests"):
//
//     @Test(.freshRuntime) func previews() { assertPreviewSnapshots() }
//     @Test(.freshRuntime) func deckScene() { assertSceneFilmstrip(DeckScene.self, at: [0, 0.5, 0.8, 1.2]) }

/// Snapshots every `#Preview` linked into the test program (optionally only `module`'s), each
/// at its traits, on each of `devices`, in each of `appearances`, through swift-snapshot-testing:
/// one reference image per preview, device and appearance, named
/// `<preview>.<device>[.dark]` (the preview's scene name, as `flipbook list` shows it; the
/// reference file is `<test>.<preview>-<device>[-dark].png`).
///
/// A preview is drawn once it is still: built as `flipbook preview` builds it, started, and run
/// until nothing animates (at most `settleLimit` seconds of the clock, so a preview that never
/// settles is drawn as it is then). A body that throws is drawn as its error and recorded like
/// that, so the test fails once it throws where it did not. Call it on the main actor with the
/// `.freshRuntime` trait. No preview at all is a test failure (the target does not depend on
/// `FlipbookPreviews`, or `module` is misspelt).
@preconcurrency @MainActor
public func assertPreviewSnapshots(
    module: String? = nil,
    devices: [UIScreen.Device] = [.iPhone15],
    appearances: [UIUserInterfaceStyle] = [.light],
    scale: CGFloat = 1,
    settleLimit: CFTimeInterval = 5,
    tolerance: Int = 0,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let entries = PreviewCatalog.entries.filter { module == nil || $0.registry.fileID.hasPrefix(module! + "/") }
    guard !entries.isEmpty else {
        recordIssue(
            "No #Preview found\(module.map { " in module \($0)" } ?? ""): does the target depend on the FlipbookPreviews product?",
            fileID: fileID, filePath: filePath, line: line, column: column)
        return
    }
    let savedStyle = AppDriver.launchUserInterfaceStyle
    defer { AppDriver.launchUserInterfaceStyle = savedStyle }
    for entry in entries {
        let type = PreviewCatalog.sceneType(of: entry.registry)
        for device in devices {
            for style in appearances {
                AppDriver.launchUserInterfaceStyle = style
                let image = SceneFrames.render(type, size: device.size, times: [], scale: scale, settleLimit: settleLimit)
                let name = entry.sceneName + "." + device.name + (style == .dark ? ".dark" : "")
                assertSnapshot(
                    of: image, as: .image(tolerance: tolerance), named: name,
                    fileID: fileID, file: filePath, testName: testName, line: line, column: column)
            }
        }
    }
}

/// Snapshots `scene` as a filmstrip: its frames at `times` (seconds after its start,
/// ascending) laid left to right, run as `flipbook render` runs it.
@preconcurrency @MainActor
public func assertSceneFilmstrip(
    _ scene: any RenderScene.Type, at times: [CFTimeInterval], device: UIScreen.Device = .iPhone15, scale: CGFloat = 1,
    tolerance: Int = 0, named name: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let image = SceneFrames.render(scene, size: device.size, times: times, scale: scale, settleLimit: nil)
    assertSnapshot(
        of: image, as: .image(tolerance: tolerance), named: name ?? scene.name,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

extension Snapshotting where Value == RenderedImage, Format == RenderedImage {
    /// The image itself, stored as PNG, compared with `tolerance` per channel.
    public static func image(tolerance: Int = 0, pixelFraction: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, pixelFraction: pixelFraction)) { $0 }
    }
}

@preconcurrency @MainActor
enum SceneFrames {
    /// Builds `type` for `size`, starts it as the exporter does, and draws it at each of
    /// `times` (a filmstrip), or once settled when `times` is empty: a freely paced `SceneRun`
    /// in the current runtime (the test's), one frame at each time.
    static func render(
        _ type: any RenderScene.Type, size: CGSize, times: [CFTimeInterval], scale: CGFloat, settleLimit: CFTimeInterval?
    ) -> RenderedImage {
        let runtime = AppRuntime.current
        runtime.frameScale = scale
        defer { runtime.frameScale = nil }
        let scene = type.init(size: size)
        let origin = MediaClock.main.now
        let run = SceneRun(
            rootLayer: scene.rootLayer, runtime: runtime, renderer: LayerRenderer(scale: scale),
            origin: origin, start: { scene.start() }, update: { scene.update(elapsed: $0) })
        run.start()
        if times.isEmpty {
            if let settleLimit { MediaClock.main.runUntilIdle(limit: settleLimit) }
            run.step(to: MediaClock.main.now - origin)
            return run.render()
        }
        var frames: [RenderedImage] = []
        for t in times where t.isFinite {
            run.step(to: t)
            frames.append(run.render())
        }
        return RenderedImage.filmstrip(frames) ?? RenderedImage(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 0])!
    }
}

private func recordIssue(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
            fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
}
