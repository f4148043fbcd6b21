import Foundation
import Testing
import Flipbook
import FlipbookTesting

/// Golden-image comparison shared by every test target.
///
/// A reference lives at `__Snapshots__/<name>.png` beside the test file that asks for it
/// (`name` may contain a subfolder). With `FLIPBOOK_RECORD_SNAPSHOTS=1` the reference is
/// (re)written and the test fails, saying so, so a recording run is never mistaken for a
/// passing one; recording is refused when `CI` is set. On a mismatch the actual image and a
/// diff image (red where pixels differ beyond the tolerance, a darkened copy elsewhere) are
/// written to `$TMPDIR/flipbook-snapshots/` and their paths printed.
public enum GoldenImage {
    /// How far a rendered image may differ from its golden.
    public struct Tolerance: Sendable {
        /// Largest per-channel difference (0…255) a pixel may have and still count as equal.
        public var channel: Int
        /// Fraction of pixels (0…1) allowed to differ by more than `channel`.
        public var pixelFraction: Double

        public init(channel: Int, pixelFraction: Double) {
            self.channel = channel
            self.pixelFraction = pixelFraction
        }

        public static let exact = Tolerance(channel: 0, pixelFraction: 0)
    }

    /// The `__Snapshots__` folder beside the test file `filePath`.
    public static func directory(_ filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    /// Compares `image` with the reference `name` under `tolerance`, recording an issue on a mismatch.
    public static func assert(
        _ image: RenderedImage, named name: String, tolerance: Tolerance,
        environment env: [String: String] = ProcessInfo.processInfo.environment,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let failure = check(image, named: name, tolerance: tolerance, environment: env, filePath: filePath) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// `assert(_:named:tolerance:)` for any test framework: nil when `image` matches the
    /// reference, else the failure's message (also when the reference was just recorded), for
    /// the caller to report (`XCTFail` in XCTest).
    public static func check(
        _ image: RenderedImage, named name: String, tolerance: Tolerance,
        environment env: [String: String] = ProcessInfo.processInfo.environment,
        filePath: String = #filePath
    ) -> String? {
        let reference = directory(filePath).appendingPathComponent("\(name).png")
        if env["FLIPBOOK_RECORD_SNAPSHOTS"] == "1" {
            guard env["CI"] == nil else {
                return "FLIPBOOK_RECORD_SNAPSHOTS is set on CI: refusing to record \(name)"
            }
            do {
                try FileManager.default.createDirectory(
                    at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
                try image.write(to: reference)
                return "Recorded \(reference.path); run again without FLIPBOOK_RECORD_SNAPSHOTS"
            } catch {
                return "Could not record \(reference.path): \(error)"
            }
        }
        guard let data = try? Data(contentsOf: reference), let expected = ImageComparison.decode(data) else {
            let message = "No reference image \(reference.path); actual written to \(write(image, name, "actual")). "
                + "Record with FLIPBOOK_RECORD_SNAPSHOTS=1."
            print(message)
            return message
        }
        // Compare what a PNG round trip of the actual image holds, as the reference went through one.
        let actual = ImageComparison.decode(image.pngData()) ?? image
        let comparison = ImageComparison(reference: expected, actual: actual, tolerance: tolerance.channel)
        guard comparison.sizesDiffer || comparison.fraction > tolerance.pixelFraction else { return nil }
        let diffPath = write(comparison.diff, name, "diff")
        let what = comparison.sizesDiffer
            ? "\(name): \(image.width)×\(image.height) differs from the reference's \(expected.width)×\(expected.height)."
            : "\(name): \(comparison.differing) pixels (\(String(format: "%.3f", comparison.fraction * 100))%) differ by more than "
                + "\(tolerance.channel) (worst \(comparison.worst)); allowed \(tolerance.pixelFraction * 100)%."
        let message = what + "\n  actual: \(write(image, name, "actual"))\n  diff:   \(diffPath)\n  reference: \(reference.path)"
        print(message)
        return message
    }

    /// Frames laid left to right in one image; nil unless every frame has the first one's size.
    public static func filmstrip(_ frames: [RenderedImage]) -> RenderedImage? {
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

    /// Where failing tests write their actual and diff images: `$TMPDIR/flipbook-snapshots/`.
    public static var failureDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshots")
    }

    private static func write(_ image: RenderedImage, _ name: String, _ suffix: String) -> String {
        let url = failureDirectory.appendingPathComponent("\(name)-\(suffix).png")
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try image.write(to: url) } catch { return "(could not write \(url.path))" }
        return url.path
    }
}
