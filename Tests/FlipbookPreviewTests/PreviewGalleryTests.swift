import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookCatalog
@testable import FlipbookPreview

/// The gallery's server side (docs/Preview.md, "The gallery"): its index, its thumbnails drawn
/// by the frame loop at the grid's size, and the snapshot failures read from the files
/// swift-snapshot-testing writes. (The worker processes, a trapping preview and paging are
/// tested in chromium: scripts/browser-tests/test_gallery.py.)
@Suite(.freshRuntime) @MainActor struct PreviewGalleryTests {
    static func registry() -> SceneRegistry {
        var r = SceneRegistry.builtIn
        CatalogScenes.register(in: &r)
        return r
    }

    static func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theIndexListsEveryScene_andSaysHowToAddAPreviewWhenThereIsNone() {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let gallery = PreviewGallery(registry: Self.registry(), packageRoot: root, artifacts: root)
        let index = gallery.index(device: "iphone-se", notice: nil)
        #expect(index.entries.map(\.name) == Self.registry().names)
        #expect(index.entries.allSatisfy { $0.kind == .scene && $0.failures.isEmpty })
        #expect(index.previews == 0)
        #expect(index.help?.contains("#Preview") == true)
        #expect(index.device == "iphone-se" && index.devices == ["iphone-se", "iphone-15", "ipad"])
        #expect(PreviewGallery(registry: Self.registry(), packageRoot: root).build != gallery.build)
    }

    @Test func aThumbnailIsTheFrameLoopsFrameAtTheGridsWidth_lightAndDark() throws {
        let light = PreviewGallery.renderThumbnail(CardFlipScene.self, device: .iPhoneSE, dark: false, pixelWidth: 150, isPreview: false)
        #expect(light.width == 150 && light.height == 267)
        // A screen on the system background follows the appearance (card-flip's own colours do not).
        let plainLight = PreviewGallery.renderThumbnail(PlainScene.self, device: .iPhoneSE, dark: false, pixelWidth: 100, isPreview: true)
        let plainDark = PreviewGallery.renderThumbnail(PlainScene.self, device: .iPhoneSE, dark: true, pixelWidth: 100, isPreview: true)
        #expect(Array(plainLight.premultipliedPixels[0..<4]) == [255, 255, 255, 255])
        #expect(Array(plainDark.premultipliedPixels[0..<4]) == [0, 0, 0, 255])
        // The first frame of the scene, as `SceneRun` draws it for the preview at that scale.
        let run = SceneRun(runtime: AppRuntime(), size: DevicePreset.iPhoneSE.size, scale: 150.0 / 375, framesPerSecond: 60) {
            CardFlipScene(size: $0)
        }
        run.start()
        let same = run.render().premultipliedPixels == light.premultipliedPixels
        #expect(same, "the thumbnail is not the frame loop's first frame at that scale")
        // Widths out of range are clamped.
        let tiny = PreviewGallery.renderThumbnail(TestScene.self, device: .iPhoneSE, dark: false, pixelWidth: 1, isPreview: false)
        #expect(tiny.width == PreviewLimits.thumbnailWidths.lowerBound)
    }

    /// A failed `assertPreviewSnapshots`: the reference under the package's Tests, the new image
    /// in the artifacts folder under the test file's name; the difference is red where they differ.
    @Test func aFailedSnapshotIsFoundAndShownWithItsDifference() throws {
        let root = Self.folder(), artifacts = Self.folder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: artifacts)
        }
        let refs = root.appendingPathComponent("Tests/AppTests/__Snapshots__/PreviewTests", isDirectory: true)
        let news = artifacts.appendingPathComponent("PreviewTests", isDirectory: true)
        try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: news, withIntermediateDirectories: true)
        let a = try #require(RenderedImage(width: 2, height: 1, premultipliedPixels: [0, 0, 0, 255, 10, 20, 30, 255]))
        let b = try #require(RenderedImage(width: 2, height: 1, premultipliedPixels: [0, 0, 0, 255, 40, 80, 120, 255]))
        // `card-flip.iphone-15.dark` as swift-snapshot-testing names the file; an older stale one.
        let name = "previews.card-flip-iphone-15-dark.png"
        try a.pngData().write(to: refs.appendingPathComponent(name))
        try a.pngData().write(to: refs.appendingPathComponent("previews.card-flip-iphone-se.png"))
        try b.pngData().write(to: refs.appendingPathComponent("previews.drop-out-iphone-se.png"))
        Thread.sleep(forTimeInterval: 0.02)
        try b.pngData().write(to: news.appendingPathComponent(name))
        try a.pngData().write(to: news.appendingPathComponent("previews.card-flip-iphone-se.png"))  // equal: passed
        let gallery = PreviewGallery(registry: Self.registry(), packageRoot: root, artifacts: artifacts)
        let index = gallery.index(device: "iphone-15", notice: nil)
        let failed = index.entries.filter { !$0.failures.isEmpty }
        #expect(failed.map(\.name) == ["card-flip"])
        let f = try #require(failed.first?.failures.first)
        #expect(f.variant == "iphone-15-dark")
        #expect(f.reference == "/snapshot/0/reference.png" && f.difference == "/snapshot/0/difference.png")
        #expect(gallery.snapshotImage(0, "reference.png") == a.pngData())
        #expect(gallery.snapshotImage(0, "new.png") == b.pngData())
        #expect(gallery.snapshotImage(0, "../../etc/passwd") == nil && gallery.snapshotImage(1, "new.png") == nil)
        let diffPNG = try #require(gallery.snapshotImage(0, "difference.png"))
        let diff = try #require(ImageDecoder.decode(data: diffPNG))
        #expect(Array(diff.pixels.prefix(4)) == [0, 0, 0, 255])  // equal pixel: the new one, darkened
        #expect(Array(diff.pixels.suffix(4)) == [255, 0, 0, 255])  // differing pixel: red
        // Re-recorded: the reference is newer than the failure, nothing is marked.
        Thread.sleep(forTimeInterval: 0.02)
        try b.pngData().write(to: refs.appendingPathComponent(name))
        #expect(gallery.index(device: "iphone-15", notice: nil).entries.allSatisfy { $0.failures.isEmpty })
    }
}

/// A plain screen on the system background.
final class PlainScene: AppScene {
    static let name = "plain"
    static let summary = "The system background"
    let duration: CFTimeInterval = 1
    let driver: AppDriver
    init(size: CGSize) {
        let vc = UIViewController()
        vc.view.backgroundColor = .systemBackground
        driver = AppDriver(rootViewController: vc, device: .fitting(size))
    }
}
