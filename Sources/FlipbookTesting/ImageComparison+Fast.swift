import CFlipbookSnapshot
import Flipbook
import Foundation

// The snapshot comparison's fast path (docs/Testing.md, "Comparing fast"). A test target is
// built for debugging, so every loop over pixels runs in C (the CFlipbookSnapshot target),
// never in unoptimised Swift:
//
// - the reference PNG is read by a small reader over zlib (cairo reads what it does not take);
// - the new image is never encoded: what a PNG round trip would give is computed per pixel;
// - equal images cost one `memcmp`; the difference image is drawn only on a mismatch.
//
// The results are the reference path's, bit for bit: `Diffing.referenceImage` (cairo, a real
// round trip, `ImageComparison(reference:actual:tolerance:)` in Swift); the tests compare both.

extension ImageComparison {
    /// Why a reference could not be read.
    package struct ReadFailure: Error, Equatable {
        package var reason: String
    }

    /// The largest reference read, in pixels (as `ImageDecoder`'s limit: 16 384 × 16 384).
    package static let maximumPixelCount = ImageDecoder.maximumPixelCount

    /// Reads a PNG into premultiplied pixels: FlipbookTesting's reader for 8-bit RGB and RGBA,
    /// cairo for any other PNG; a failure says why in a sentence about the file ("it is not a
    /// PNG file …").
    package static func read(_ data: Data) -> Result<RenderedImage, ReadFailure> {
        data.withUnsafeBytes { raw -> Result<RenderedImage, ReadFailure> in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            var width = 0, height = 0
            var reason: UnsafePointer<CChar>?
            var status = flipbook_snapshot_png_size(base, raw.count, maximumPixelCount, &width, &height, &reason)
            if status == Int32(FLIPBOOK_SNAPSHOT_PNG_TOO_LARGE) {
                return .failure(ReadFailure(reason: sentence(reason) + " (\(width) × \(height))"))
            }
            if status == Int32(FLIPBOOK_SNAPSHOT_PNG_OK) {
                let count = width * height * 4
                let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    status = flipbook_snapshot_png_decode(base, raw.count, buffer.baseAddress, width, height, &reason)
                    initialized = status == Int32(FLIPBOOK_SNAPSHOT_PNG_OK) ? count : 0
                }
                if status == Int32(FLIPBOOK_SNAPSHOT_PNG_OK),
                    let image = RenderedImage(width: width, height: height, premultipliedPixels: pixels)
                {
                    return .success(image)
                }
            }
            // Anything else is cairo's to decide: a kind of PNG the reader leaves alone, or a
            // damaged file cairo may still refuse (then the reader's reason is the clearer one).
            if let image = decodeWithCairo(data) { return .success(image) }
            if status == Int32(FLIPBOOK_SNAPSHOT_PNG_UNSUPPORTED) {
                return .failure(ReadFailure(reason: "it is a PNG that cairo cannot read either"))
            }
            return .failure(ReadFailure(reason: sentence(reason)))
        }
    }

    /// The image as FlipbookTesting's own reader gives it, nil when it leaves the file to cairo
    /// or cannot read it (for the tests that compare the reader with cairo).
    package static func readWithoutCairo(_ data: Data) -> RenderedImage? {
        data.withUnsafeBytes { raw -> RenderedImage? in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            var width = 0, height = 0
            var reason: UnsafePointer<CChar>?
            guard flipbook_snapshot_png_size(base, raw.count, maximumPixelCount, &width, &height, &reason) == 0 else { return nil }
            var status: Int32 = -1
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
                status = flipbook_snapshot_png_decode(base, raw.count, buffer.baseAddress, width, height, &reason)
                initialized = status == 0 ? width * height * 4 : 0
            }
            return status == 0 ? RenderedImage(width: width, height: height, premultipliedPixels: pixels) : nil
        }
    }

    private static func sentence(_ reason: UnsafePointer<CChar>?) -> String {
        reason.map { String(cString: $0) } ?? "it could not be read"
    }

    /// A reference that could not be read stands in as this 1 × 1 image: transparent with
    /// colour bytes, which no PNG decodes to (a transparent pixel decodes as 0, 0, 0, 0).
    static let unreadable = RenderedImage(width: 1, height: 1, premultipliedPixels: [0x46, 0x42, 0x52, 0])!
    private static let unreadableReasonKey = "FlipbookTesting.unreadableReference"

    /// The diffing's `fromData`: the reference image, or `unreadable` with its reason kept for
    /// the comparison that follows on this thread (swift-snapshot-testing reads the reference
    /// and compares it in one call).
    static func readReference(_ data: Data) -> RenderedImage {
        switch read(data) {
        case .success(let image):
            Thread.current.threadDictionary.removeObject(forKey: unreadableReasonKey)
            return image
        case .failure(let failure):
            Thread.current.threadDictionary[unreadableReasonKey] = failure.reason
            return unreadable
        }
    }

    /// The diffing's `diffV2`: nil when `actual` matches `reference`, else the message and the
    /// difference image.
    static func failure(
        reference: RenderedImage, actual: RenderedImage, tolerance: Int, pixelFraction: Double
    ) -> (String, [DiffAttachment])? {
        if reference == unreadable {
            let reason = Thread.current.threadDictionary[unreadableReasonKey] as? String ?? "it is not a readable PNG"
            Thread.current.threadDictionary.removeObject(forKey: unreadableReasonKey)
            return (
                "The reference image could not be read: \(reason). Delete it and run the test again to record it "
                    + "(or run with SNAPSHOT_TESTING_RECORD=all).", []
            )
        }
        if let problem = parameterProblem(tolerance: tolerance, pixelFraction: pixelFraction) { return (problem, []) }
        if reference.width == actual.width, reference.height == actual.height {
            let counts = count(reference: reference, rendered: actual, tolerance: tolerance)
            let fraction = Double(counts.differing) / Double(max(1, actual.width * actual.height))
            if !(fraction > pixelFraction) { return nil }
        }
        let comparison = ImageComparison(reference: reference, rendered: actual, tolerance: tolerance)
        guard comparison.sizesDiffer || comparison.fraction > pixelFraction else { return nil }
        return report(comparison, reference: reference, actual: actual, tolerance: tolerance, pixelFraction: pixelFraction)
    }

    /// Why `tolerance` or `pixelFraction` cannot be used, or nil.
    package static func parameterProblem(tolerance: Int, pixelFraction: Double) -> String? {
        if tolerance < 0 {
            return "tolerance is \(tolerance): give the largest channel difference (0…255) two pixels may have and still count as equal."
        }
        if pixelFraction.isNaN || pixelFraction < 0 {
            return "pixelFraction is \(pixelFraction): give the fraction (0…1) of pixels that may differ, e.g. 0 or 0.001."
        }
        return nil
    }

    /// The failure message (and the diff image, written to the artifacts folder) for a comparison
    /// that does not match.
    static func report(
        _ comparison: ImageComparison, reference: RenderedImage, actual: RenderedImage, tolerance: Int, pixelFraction: Double
    ) -> (String, [DiffAttachment]) {
        let diffData = comparison.diff.pngData()
        let diffPath = writeDiff(diffData)
        var message: String
        if comparison.sizesDiffer {
            message = "The new image is \(actual.width)×\(actual.height) pixels, "
                + "the reference \(reference.width)×\(reference.height)."
        } else {
            message = "\(comparison.differing) of \(actual.width * actual.height) pixels "
                + "(\(String(format: "%.3f", comparison.fraction * 100))%) differ by more than \(tolerance) "
                + "(worst \(comparison.worst)); allowed: \(pixelFraction * 100)%."
        }
        message += "\nDiff image: \(diffPath)"
        return (message, [.data(diffData, name: "difference.png")])
    }

    /// `rendered` compared with `reference` as `init(reference:actual:tolerance:)` compares it
    /// after a PNG round trip of `rendered`, counting only (no difference image): one `memcmp`
    /// when the images are equal.
    package static func count(reference: RenderedImage, rendered: RenderedImage, tolerance: Int) -> (differing: Int, worst: Int) {
        let result = reference.premultipliedPixels.withUnsafeBufferPointer { r in
            rendered.premultipliedPixels.withUnsafeBufferPointer { a in
                flipbook_snapshot_compare(
                    r.baseAddress, reference.width, reference.height, a.baseAddress, rendered.width, rendered.height,
                    Int32(clamping: tolerance), nil)
            }
        }
        return (result.differing, Int(result.worst))
    }

    /// `init(reference:actual:tolerance:)` with `actual` the PNG round trip of `rendered`, the
    /// same numbers and difference image, computed in C without encoding anything.
    package init(reference: RenderedImage, rendered: RenderedImage, tolerance: Int) {
        let w = max(reference.width, rendered.width), h = max(reference.height, rendered.height)
        var result = flipbook_snapshot_comparison(differing: 0, worst: 0)
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            result = reference.premultipliedPixels.withUnsafeBufferPointer { r in
                rendered.premultipliedPixels.withUnsafeBufferPointer { a in
                    flipbook_snapshot_compare(
                        r.baseAddress, reference.width, reference.height, a.baseAddress, rendered.width, rendered.height,
                        Int32(clamping: tolerance), buffer.baseAddress)
                }
            }
            initialized = w * h * 4
        }
        self.init(
            sizesDiffer: reference.width != rendered.width || reference.height != rendered.height,
            differing: result.differing, worst: Int(result.worst),
            diff: RenderedImage(width: w, height: h, premultipliedPixels: out)!)
    }

    /// What a PNG round trip (Flipbook's writer, cairo's reader) gives back for `image`,
    /// computed per pixel.
    package static func roundTrip(_ image: RenderedImage) -> RenderedImage {
        let count = image.width * image.height
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            image.premultipliedPixels.withUnsafeBufferPointer { flipbook_snapshot_round_trip($0.baseAddress, count, buffer.baseAddress) }
            initialized = count * 4
        }
        return RenderedImage(width: image.width, height: image.height, premultipliedPixels: pixels)!
    }
}
