import Flipbook
import Foundation

// The gallery (docs/Preview.md, "The gallery"): `/` with no scene shows every `#Preview` and
// scene of the program as thumbnails, light and dark, on the chosen device. The page asks for
// the index (`/gallery.json`) and then for each thumbnail it shows (`/thumbnail?…`), which a
// worker process draws (`PreviewThumbnails`), so a preview that traps costs one cell, not the
// server.

/// One cell of the gallery.
public struct PreviewGalleryEntry: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case preview, scene }
    public var name: String
    public var summary: String
    public var kind: Kind
    /// "File.swift:12" for a `#Preview`.
    public var location: String?
    /// The snapshot variants of this preview whose last `assertPreviewSnapshots` run failed.
    public var failures: [PreviewSnapshotFailure] = []
}

/// A failed snapshot of a preview: the reference, the new image swift-snapshot-testing wrote
/// beside it in its artifacts folder, and their difference, as URLs of this server.
public struct PreviewSnapshotFailure: Codable, Sendable, Equatable {
    /// `<device>` or `<device>-dark`.
    public var variant: String
    public var reference: String
    public var new: String
    public var difference: String
    /// The files on this machine.
    public var referencePath: String
    public var newPath: String
}

/// `/gallery.json`.
public struct PreviewGalleryIndex: Codable, Sendable, Equatable {
    /// Changes with every server start (a new build under `--watch`): the page redraws the grid.
    public var build: String
    public var device: String
    public var devices: [String]
    public var entries: [PreviewGalleryEntry]
    public var previews: Int
    /// How to add a preview, when the program has none.
    public var help: String?
    /// The notice every page shows (`--watch`: building, a build error).
    public var notice: PreviewNotice?
    /// Where snapshot failures were looked for.
    public var snapshotSearch: String
}

@preconcurrency @MainActor
package final class PreviewGallery {
    let registry: SceneRegistry
    let build = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    /// The package's folder (snapshot references under its `Tests`) and the artifacts folder.
    let packageRoot: URL
    let artifacts: URL
    /// The failures found by the last index, by number (the URLs name them by number: no paths
    /// from the page ever reach the file system).
    private(set) var failureFiles: [(reference: URL, new: URL)] = []

    static let help = """
        This package has no #Preview yet. Add one to any file of a target that depends on the \
        FlipbookPreviews product, e.g. `#Preview("Card deck") { DeckViewController() }`, then build \
        again (with --watch the gallery reloads by itself). docs/Preview.md, "Your own previews and scenes".
        """

    init(registry: SceneRegistry, packageRoot: URL, artifacts: URL? = nil) {
        self.registry = registry
        self.packageRoot = packageRoot
        let env = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]
        self.artifacts = artifacts ?? URL(fileURLWithPath: env ?? NSTemporaryDirectory(), isDirectory: true)
    }

    /// The gallery's index for `device`, with the snapshot failures found now.
    func index(device: String, notice: PreviewNotice?) -> PreviewGalleryIndex {
        let previewNames = Dictionary(
            PreviewCatalog.entries.map { ($0.sceneName, $0.location) }, uniquingKeysWith: { a, _ in a })
        let found = PreviewSnapshotFiles.failures(packageRoot: packageRoot, artifacts: artifacts)
        failureFiles = []
        var entries: [PreviewGalleryEntry] = []
        for type in registry.sceneTypes {
            let location = previewNames[type.name]
            var entry = PreviewGalleryEntry(
                name: type.name, summary: type.summary, kind: location == nil ? .scene : .preview, location: location)
            for f in found where f.matches(scene: type.name) {
                let n = failureFiles.count
                failureFiles.append((f.reference, f.new))
                entry.failures.append(
                    PreviewSnapshotFailure(
                        variant: f.variant(of: type.name), reference: "/snapshot/\(n)/reference.png", new: "/snapshot/\(n)/new.png",
                        difference: "/snapshot/\(n)/difference.png", referencePath: f.reference.path, newPath: f.new.path))
            }
            entries.append(entry)
        }
        let previews = entries.filter { $0.kind == .preview }.count
        return PreviewGalleryIndex(
            build: build, device: device, devices: DevicePreset.all.map(\.name), entries: entries, previews: previews,
            help: previews == 0 ? Self.help : nil, notice: notice,
            snapshotSearch: "\(packageRoot.appendingPathComponent("Tests").path)/**/__Snapshots__ and \(artifacts.path)")
    }

    /// A failure's image: the reference, the new image, or their difference (red where they
    /// differ, a darkened new image elsewhere, as FlipbookTesting's failure diff). Nil: no such file.
    func snapshotImage(_ number: Int, _ which: String) -> Data? {
        guard failureFiles.indices.contains(number) else { return nil }
        let files = failureFiles[number]
        switch which {
        case "reference.png": return try? Data(contentsOf: files.reference)
        case "new.png": return try? Data(contentsOf: files.new)
        case "difference.png":
            guard let r = try? Data(contentsOf: files.reference), let n = try? Data(contentsOf: files.new),
                let a = ImageDecoder.decode(data: r), let b = ImageDecoder.decode(data: n)
            else { return nil }
            return Self.difference(reference: a, new: b).pngData()
        default: return nil
        }
    }

    static func difference(reference a: CGImage, new b: CGImage) -> RenderedImage {
        let w = max(a.width, b.width), h = max(a.height, b.height)
        let pa = a.pixels, pb = b.pixels
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let k = (y * w + x) * 4
                out[k + 3] = 255
                guard x < a.width, y < a.height, x < b.width, y < b.height else {
                    out[k] = 255
                    continue
                }
                let ka = (y * a.width + x) * 4, kb = (y * b.width + x) * 4
                if pa[ka] != pb[kb] || pa[ka + 1] != pb[kb + 1] || pa[ka + 2] != pb[kb + 2] || pa[ka + 3] != pb[kb + 3] {
                    out[k] = 255
                } else {
                    out[k] = pb[kb] / 4
                    out[k + 1] = pb[kb + 1] / 4
                    out[k + 2] = pb[kb + 2] / 4
                }
            }
        }
        return RenderedImage(width: w, height: h, premultipliedPixels: out)!
    }

    // MARK: Thumbnails

    /// The thumbnail of `type` on `device` in `dark` or light appearance, `pixelWidth` pixels
    /// wide: the scene built in a fresh runtime and run by the frame loop every tool uses
    /// (`SceneRun`, 60 fps), drawn at the scale that makes the device's screen that wide. A
    /// `#Preview` is drawn once still (nothing animating, at most 2 s); a scene at its first frame.
    static func renderThumbnail(_ type: any RenderScene.Type, device: DevicePreset, dark: Bool, pixelWidth: Int, isPreview: Bool)
        -> RenderedImage
    {
        let saved = AppDriver.launchUserInterfaceStyle
        AppDriver.launchUserInterfaceStyle = dark ? .dark : .light
        defer { AppDriver.launchUserInterfaceStyle = saved }
        let width = min(max(pixelWidth, PreviewLimits.thumbnailWidths.lowerBound), PreviewLimits.thumbnailWidths.upperBound)
        let scale = CGFloat(width) / device.size.width
        let run = SceneRun(
            runtime: AppRuntime(), size: device.size, scale: scale, framesPerSecond: PreviewLimits.fps, scene: { type.init(size: $0) })
        run.start()
        if isPreview {
            let limit = Int(2 * PreviewLimits.fps)
            while run.frame < limit, !run.runtime.run({ MediaClock.main.isIdle }) { run.step(toFrame: run.frame + 1) }
        }
        let image = run.render()
        run.runtime.run { ((run.rootLayer.delegate as? UIView) as? UIWindow)?.isHidden = true }
        run.runtime.clock.reset()
        return image
    }

    /// The worker process's loop (`flipbook preview --gallery-worker`): one request a line on
    /// standard input, `<scene>\t<device>\t<light|dark>\t<pixel width>\t<output PNG path>`, one
    /// answer a line on standard output, `PreviewThumbnails.answerPrefix` then `ok` or `error
    /// <message>`. Ends at the end of its input. A scene that traps ends the process; the
    /// server sees it and starts another worker for the next request.
    package static func serveWorker(registry: SceneRegistry) {
        let previews = Set(PreviewCatalog.entries.map(\.sceneName))
        while let line = readLine() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func answer(_ s: String) {
                FileHandle.standardOutput.write(Data((PreviewThumbnails.answerPrefix + s + "\n").utf8))
            }
            guard f.count == 5, let type = registry.scene(named: f[0]), let device = DevicePreset.named(f[1]), let width = Int(f[3])
            else {
                answer("error bad request or unknown scene")
                continue
            }
            let image = renderThumbnail(type, device: device, dark: f[2] == "dark", pixelWidth: width, isPreview: previews.contains(f[0]))
            do {
                try image.pngData().write(to: URL(fileURLWithPath: f[4]))
                answer("ok")
            } catch {
                answer("error could not write the thumbnail: \(error)")
            }
        }
    }
}

/// The reference images under a package's `Tests/**/__Snapshots__` whose new image
/// swift-snapshot-testing left in its artifacts folder (`$SNAPSHOT_ARTIFACTS`, else the
/// temporary folder): `<artifacts>/<test file name>/<reference file name>`, written when the
/// comparison failed. Kept when the new image is newer than the reference and differs from it.
enum PreviewSnapshotFiles {
    struct Found {
        var reference: URL
        var new: URL
        /// The reference's name without the test's name and the extension: `<preview>-<device>[-dark]`
        /// (`assertPreviewSnapshots` names a snapshot `<preview>.<device>[.dark]`, sanitized).
        var identifier: String

        func matches(scene: String) -> Bool { variantSuffix(scene) != nil }
        func variant(of scene: String) -> String { variantSuffix(scene) ?? identifier }

        private func variantSuffix(_ scene: String) -> String? {
            guard identifier.hasPrefix(scene + "-") else { return nil }
            let rest = String(identifier.dropFirst(scene.count + 1))
            for d in DevicePreset.all.map(\.name).map(PreviewSnapshotFiles.sanitized) where rest == d || rest == d + "-dark" { return rest }
            return nil
        }
    }

    /// swift-snapshot-testing's file-name sanitizing: runs of non-word characters become `-`.
    static func sanitized(_ s: String) -> String {
        s.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// At most 2 000 references are looked at (a bound on the walk).
    static func failures(packageRoot: URL, artifacts: URL) -> [Found] {
        let fm = FileManager.default
        let tests = packageRoot.appendingPathComponent("Tests", isDirectory: true)
        guard let walk = fm.enumerator(at: tests, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles])
        else { return [] }
        var out: [Found] = []
        var seen = 0
        for case let url as URL in walk {
            guard url.pathExtension == "png", url.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent == "__Snapshots__"
            else { continue }
            seen += 1
            if seen > 2000 { break }
            let testFile = url.deletingLastPathComponent().lastPathComponent
            let new = artifacts.appendingPathComponent(testFile).appendingPathComponent(url.lastPathComponent)
            guard let newDate = modified(new), let refDate = modified(url), newDate >= refDate else { continue }
            guard let a = try? Data(contentsOf: url), let b = try? Data(contentsOf: new), a != b else { continue }
            let stem = url.deletingPathExtension().lastPathComponent
            guard let dot = stem.firstIndex(of: ".") else { continue }
            out.append(Found(reference: url, new: new, identifier: String(stem[stem.index(after: dot)...])))
        }
        return out
    }

    private static func modified(_ url: URL) -> Date? {
        (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
    }
}
