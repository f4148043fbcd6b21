import Flipbook
import FlipbookTesting
import Foundation
import Testing
import TestSupport

/// `#Preview` in every UIKit form, found with no list, at its traits.
@MainActor
@Suite(.freshRuntime) struct PreviewDiscoveryTests {
    /// Every preview of this target, in file and line order, with the names the tools use.
    @Test func everyPreviewIsFoundWithNoList() {
        let entries = PreviewCatalog.entries.filter { $0.registry.fileID.hasPrefix("FlipbookPreviewsTests/") }
        #expect(entries.map(\.location) == [
            "MorePreviews.swift:4", "MorePreviews.swift:6",
            "SamplePreviews.swift:56", "SamplePreviews.swift:58", "SamplePreviews.swift:64",
            "SamplePreviews.swift:66", "SamplePreviews.swift:68", "SamplePreviews.swift:74",
        ])
        #expect(entries.map(\.previewName) == ["Card deck", nil, "Card deck", nil, "Landscape", "Fixed", "Fits", "Throws"])
        #expect(entries.map(\.sceneName) == [
            "card-deck", "morepreviews-6", "card-deck-samplepreviews-56", "samplepreviews-58", "landscape", "fixed", "fits", "throws",
        ])
    }

    /// A registry of scenes gets one scene per preview, after its own scenes.
    @Test func previewsJoinARegistry() {
        var registry = SceneRegistry.builtIn
        PreviewCatalog.register(in: &registry)
        #expect(registry.names.first == "test")
        #expect(registry.names.contains("landscape"))
        #expect(registry.scene(named: "fits")?.summary == "#Preview \"Fits\" at SamplePreviews.swift:68")
        // Registering again into the same registry renames nothing.
        let before = registry.names
        PreviewCatalog.register(in: &registry)
        #expect(registry.names == before)
    }

    /// A scene named like a preview keeps its name; the preview is renamed and the clash reported.
    @Test func aSceneNameIsNotTakenByAPreview() {
        final class Landscape: AppScene {
            static let name = "landscape"
            static let summary = "a scene"
            let duration: CFTimeInterval = 1
            let driver: AppDriver
            init(size: CGSize) { driver = AppDriver(rootViewController: UIViewController(), device: .fitting(size)) }
        }
        var registry = SceneRegistry([Landscape.self])
        PreviewCatalog.register(in: &registry)
        #expect(registry.scene(named: "landscape").map(ObjectIdentifier.init) == ObjectIdentifier(Landscape.self))
        #expect(registry.names.contains("landscape-samplepreviews-64"))
        #expect(PreviewCatalog.problems.contains { $0.contains("'landscape'") && $0.contains("SamplePreviews.swift:64") })
        var plain = SceneRegistry()
        PreviewCatalog.register(in: &plain)
        #expect(plain.names.contains("landscape"))  // names follow the registry registered into
    }

    private func scene(_ name: String, size: CGSize = CGSize(width: 393, height: 852)) -> (any RenderScene)? {
        var registry = SceneRegistry()
        PreviewCatalog.register(in: &registry)
        guard let type = registry.scene(named: name) else { return nil }
        let scene = type.init(size: size)
        scene.start()
        scene.update(elapsed: 0)
        return scene
    }

    @Test func viewControllerBodyIsTheRoot() throws {
        let s = try #require(scene("card-deck") as? any AppScene)
        #expect(s.driver.rootViewController is SwatchViewController)
        #expect(s.rootLayer.bounds.size == CGSize(width: 393, height: 852))
    }

    /// A body with statements returning a view: the view fills a plain controller's view.
    @Test func viewBodyFillsAPlainController() throws {
        let s = try #require(scene("samplepreviews-58") as? any AppScene)
        let root = try #require(s.driver.rootViewController)
        #expect(type(of: root) == UIViewController.self)
        let badge = try #require(root.view.subviews.first as? BadgeView)
        #expect(badge.count == 3)
        #expect(badge.frame == root.view.bounds)
    }

    @Test func traitsSetTheScreen() throws {
        #expect(scene("landscape")?.rootLayer.bounds.size == CGSize(width: 852, height: 393))
        #expect(scene("fixed")?.rootLayer.bounds.size == CGSize(width: 200, height: 100))
        #expect(scene("fits")?.rootLayer.bounds.size == CGSize(width: 60, height: 40))
        // On another device, the same traits.
        #expect(scene("landscape", size: CGSize(width: 375, height: 667))?.rootLayer.bounds.size == CGSize(width: 667, height: 375))
    }

    /// A body that throws shows its error on the screen and reports it.
    @Test func throwingBodyShowsTheError() throws {
        var reports: [String] = []
        let id = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(id) }
        let s = try #require(scene("throws") as? any AppScene)
        let label = try #require(s.driver.rootViewController?.view.subviews.first as? UILabel)
        #expect(label.text == "#Preview at SamplePreviews.swift:74 threw: the sample data is missing")
        #expect(reports.contains("#Preview at SamplePreviews.swift:74 threw: the sample data is missing"))
    }

    /// The traits read as Apple's: the last orientation and layout given win.
    @Test func traitValues() {
        let p = Preview("x", traits: .landscapeRight, .fixedLayout(width: 10, height: 20), .portraitUpsideDown, .defaultLayout) { UIView() }
        #expect(p.orientation == .portraitUpsideDown)
        #expect(p.layout == .device)
        #expect(Preview { UIViewController() }.orientation == .portrait)
        #expect(Preview(traits: .sizeThatFitsLayout) { UIView() }.layout == .sizeThatFits)
    }

    /// Every preview of this module as a snapshot test, in one call (light and dark).
    @Test func allPreviewsAsSnapshots() {
        assertPreviewSnapshots(module: "FlipbookPreviewsTests", appearances: [.light, .dark])
    }

    @Test func noPreviewInAModuleIsAFailure() {
        withKnownIssue {
            assertPreviewSnapshots(module: "NoSuchModule")
        }
    }
}
