import Foundation
import Testing
@testable import FlipbookRender

/// How far a rendered image may differ from its golden.
struct SnapshotTolerance: Sendable {
    /// Largest per-channel difference (0…255) a pixel may have and still count as equal.
    var channel: Int
    /// Fraction of pixels (0…1) allowed to differ by more than `channel`.
    var pixelFraction: Double

    static let exact = SnapshotTolerance(channel: 0, pixelFraction: 0)
}

/// Golden-image comparison for the renderer's tests.
///
/// References live in `Tests/FlipbookRenderTests/__Snapshots__/<name>.png`. With
/// `FLIPBOOK_RECORD_SNAPSHOTS=1` the reference is (re)written and the test fails, saying so, so a
/// recording run is never mistaken for a passing one; recording is refused when `CI` is set.
/// On a mismatch the actual image and a diff image (red where pixels differ beyond the tolerance,
/// a faded copy elsewhere) are written to `$TMPDIR/flipbook-snapshots/` and their paths printed.
/// (Kept in this test target; a candidate for TestSupport.)
enum Snapshot {
    static func directory(_ filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    static func assert(
        _ image: RenderedImage, named name: String, tolerance: SnapshotTolerance,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let env = ProcessInfo.processInfo.environment
        let reference = directory(filePath).appendingPathComponent("\(name).png")
        if env["FLIPBOOK_RECORD_SNAPSHOTS"] == "1" {
            if env["CI"] != nil {
                Issue.record("FLIPBOOK_RECORD_SNAPSHOTS is set on CI: refusing to record \(name)", sourceLocation: sourceLocation)
                return
            }
            do {
                try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
                try image.write(to: reference)
                Issue.record("Recorded snapshot \(reference.path); run again without FLIPBOOK_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
            } catch {
                Issue.record("Could not record \(reference.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = try? Data(contentsOf: reference), let golden = ImageDecoder.decode(data: data) else {
            let actual = writeFailure(image, name: name, suffix: "actual")
            Issue.record(
                "No reference image \(reference.path). Actual written to \(actual). Record with FLIPBOOK_RECORD_SNAPSHOTS=1.",
                sourceLocation: sourceLocation)
            return
        }
        // Compare straight-alpha colours, as the PNG stores them.
        let decoded = RenderedImage(width: golden.width, height: golden.height, premultipliedPixels: golden.pixels)
        guard let decoded, decoded.width == image.width, decoded.height == image.height else {
            let actual = writeFailure(image, name: name, suffix: "actual")
            Issue.record(
                "\(name): size \(image.width)×\(image.height) differs from reference \(golden.width)×\(golden.height). Actual: \(actual)",
                sourceLocation: sourceLocation)
            return
        }
        let expectedPNG = ImageDecoder.decode(data: image.pngData())
        let actualPixels = expectedPNG?.pixels ?? image.premultipliedPixels
        var bad = 0, worst = 0
        var diff = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for k in 0..<(image.width * image.height) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actualPixels[k * 4 + c]) - Int(decoded.premultipliedPixels[k * 4 + c]))) }
            worst = max(worst, d)
            if d > tolerance.channel {
                bad += 1
                diff[k * 4] = 255; diff[k * 4 + 3] = 255
            } else {
                let g = UInt8(Int(actualPixels[k * 4 + 1]) / 4)
                diff[k * 4] = g; diff[k * 4 + 1] = g; diff[k * 4 + 2] = g; diff[k * 4 + 3] = 255
            }
        }
        let fraction = Double(bad) / Double(image.width * image.height)
        if fraction > tolerance.pixelFraction {
            let actual = writeFailure(image, name: name, suffix: "actual")
            let diffPath = RenderedImage(width: image.width, height: image.height, premultipliedPixels: diff)
                .map { writeFailure($0, name: name, suffix: "diff") } ?? "(none)"
            let message = "\(name): \(bad) pixels (\(String(format: "%.3f", fraction * 100))%) differ by more than \(tolerance.channel) "
                + "(worst \(worst)); allowed \(tolerance.pixelFraction * 100)%.\n  actual: \(actual)\n  diff:   \(diffPath)\n  reference: \(reference.path)"
            print(message)
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    private static func writeFailure(_ image: RenderedImage, name: String, suffix: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshots")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("\(name)-\(suffix).png")
        try? image.write(to: url)
        return url.path
    }
}
