import Flipbook
import Foundation
import Testing

/// Golden filmstrips for the catalog's apps: several frames side by side in one PNG.
///
/// References live in `Tests/FlipbookCatalogTests/__Snapshots__/<name>.png`. With
/// `FLIPBOOK_RECORD_SNAPSHOTS=1` (refused when `CI` is set) the reference is written and the
/// test fails, saying so. On a mismatch the actual strip and a diff (red where a pixel differs
/// by more than the tolerance) go to `$TMPDIR/flipbook-snapshots/` and their paths are printed.
enum Filmstrip {
    /// Frames laid left to right; every frame must have the first one's size.
    static func join(_ frames: [RenderedImage]) -> RenderedImage? {
        guard let first = frames.first, frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            return nil
        }
        let w = first.width, h = first.height, total = w * frames.count
        var pixels = [UInt8](repeating: 0, count: total * h * 4)
        for (i, frame) in frames.enumerated() {
            for y in 0..<h {
                let src = y * w * 4
                let dst = (y * total + i * w) * 4
                pixels.replaceSubrange(dst..<(dst + w * 4), with: frame.premultipliedPixels[src..<(src + w * 4)])
            }
        }
        return RenderedImage(width: total, height: h, premultipliedPixels: pixels)
    }

    static func directory(_ filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    /// Compares `image` with the reference `name`: at most `pixelFraction` of the pixels may
    /// differ by more than `channel` (0…255) in any channel.
    static func assert(
        _ image: RenderedImage, named name: String, channel: Int = 2, pixelFraction: Double = 0.001,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let env = ProcessInfo.processInfo.environment
        let reference = directory(filePath).appendingPathComponent("\(name).png")
        if env["FLIPBOOK_RECORD_SNAPSHOTS"] == "1" {
            guard env["CI"] == nil else {
                Issue.record("FLIPBOOK_RECORD_SNAPSHOTS is set on CI: refusing to record \(name)", sourceLocation: sourceLocation)
                return
            }
            do {
                try image.write(to: reference)
                Issue.record("Recorded \(reference.path); run again without FLIPBOOK_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
            } catch {
                Issue.record("Could not record \(reference.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = try? Data(contentsOf: reference), let golden = ImageDecoder.decode(data: data),
            let expected = RenderedImage(width: golden.width, height: golden.height, premultipliedPixels: golden.pixels)
        else {
            Issue.record(
                "No reference \(reference.path); actual written to \(write(image, name, "actual")). Record with FLIPBOOK_RECORD_SNAPSHOTS=1.",
                sourceLocation: sourceLocation)
            return
        }
        guard expected.width == image.width, expected.height == image.height else {
            Issue.record(
                "\(name): \(image.width)×\(image.height) differs from the reference's \(expected.width)×\(expected.height); actual: \(write(image, name, "actual"))",
                sourceLocation: sourceLocation)
            return
        }
        // Compare what a PNG round trip of the actual image holds, as the reference went through one.
        let actual = ImageDecoder.decode(data: image.pngData())?.pixels ?? image.premultipliedPixels
        let want = expected.premultipliedPixels
        var bad = 0
        var diff = [UInt8](repeating: 0, count: actual.count)
        for k in 0..<(image.width * image.height) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actual[k * 4 + c]) - Int(want[k * 4 + c]))) }
            if d > channel {
                bad += 1
                diff[k * 4] = 255
            } else {
                let g = UInt8(Int(actual[k * 4 + 1]) / 4)
                diff[k * 4] = g; diff[k * 4 + 1] = g; diff[k * 4 + 2] = g
            }
            diff[k * 4 + 3] = 255
        }
        let fraction = Double(bad) / Double(max(1, image.width * image.height))
        if fraction > pixelFraction {
            let diffImage = RenderedImage(width: image.width, height: image.height, premultipliedPixels: diff)
            Issue.record(
                "\(name): \(bad) pixels (\(fraction * 100)%) differ by more than \(channel); actual: \(write(image, name, "actual")), diff: \(diffImage.map { write($0, name, "diff") } ?? "-")",
                sourceLocation: sourceLocation)
        }
    }

    private static func write(_ image: RenderedImage, _ name: String, _ suffix: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshots")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("\(name)-\(suffix).png")
        do { try image.write(to: url) } catch { return "(could not write \(url.path))" }
        return url.path
    }
}
