import Foundation
import Testing
import Flipbook
@_spi(Benchmarks) import FlipbookRender
@_spi(Benchmarks) @testable import FlipbookTesting

/// A small deterministic generator (SplitMix64), so every run tests the same images.
struct SeededBytes {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// An image of `width` × `height` valid premultiplied pixels: opaque unless `translucent`,
/// then a mix of opaque, transparent and partly transparent pixels. Runs of equal pixels and
/// smooth ramps make every PNG filter worth choosing somewhere.
func testImage(width: Int, height: Int, translucent: Bool, seed: UInt64) -> RenderedImage {
    var g = SeededBytes(state: seed)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let k = (y * width + x) * 4
            var a: UInt8 = 255
            if translucent {
                switch g.below(4) {
                case 0: a = 0
                case 1: a = g.byte()
                default: a = 255
                }
            }
            for c in 0..<3 {
                let v: UInt8 = g.below(3) == 0 ? g.byte() : UInt8(truncatingIfNeeded: x * (c + 1) + y * 3)
                pixels[k + c] = a == 0 ? 0 : UInt8(Int(v) * Int(a) / 255)
            }
            pixels[k + 3] = a
        }
    }
    return RenderedImage(width: width, height: height, premultipliedPixels: pixels)!
}

/// `image` with `count` pixels changed: by up to `delta` per channel, some made translucent.
func perturbed(_ image: RenderedImage, count: Int, delta: Int, seed: UInt64) -> RenderedImage {
    var g = SeededBytes(state: seed)
    var pixels = image.premultipliedPixels
    for _ in 0..<count {
        let k = g.below(image.width * image.height) * 4
        for c in 0..<4 {
            let d = g.below(2 * delta + 1) - delta
            pixels[k + c] = UInt8(max(0, min(255, Int(pixels[k + c]) + d)))
        }
        let a = pixels[k + 3]
        for c in 0..<3 where pixels[k + c] > a { pixels[k + c] = a }
    }
    return RenderedImage(width: image.width, height: image.height, premultipliedPixels: pixels)!
}

/// A failure message without its diff image's path (a new file each time).
func withoutPath(_ failure: (String, [DiffAttachment])?) -> String? {
    failure.map { $0.0.components(separatedBy: "\nDiff image: ").first! }
}

/// Removes the diff image a failure message names.
func removeDiff(_ failure: (String, [DiffAttachment])?) {
    guard let path = failure?.0.components(separatedBy: "Diff image: ").last, failure?.0.contains("Diff image: ") == true
    else { return }
    try? FileManager.default.removeItem(atPath: path)
}

/// The fast comparison (C, no PNG round trip of the new image, one memcmp for equal images)
/// against the reference path it replaced: the same pixels, counts, diff images and messages.
@Suite(.freshRuntime)
struct ImageComparisonFastTests {
    /// Every (channel, alpha) pair, valid premultiplied or not: the per-pixel round trip is
    /// what Flipbook's PNG writer and cairo's reader give back.
    @Test func roundTripIsWhatAPNGRoundTripGives() throws {
        var pixels: [UInt8] = []
        for a in 0..<256 {
            for c in 0..<256 { pixels += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] }
        }
        let image = RenderedImage(width: 256, height: 256, premultipliedPixels: pixels)!
        let viaPNG = try #require(ImageComparison.decodeWithCairo(image.pngData()))
        #expect(ImageComparison.roundTrip(image) == viaPNG)
        // What a reader gives is kept by a second round trip (the fast equality test relies on it).
        #expect(ImageComparison.roundTrip(viaPNG) == viaPNG)
    }

    /// The reader gives cairo's pixels for every filter, opaque (RGB) and translucent (RGBA),
    /// from Flipbook's writer and from cairo's (libpng's) own.
    @Test func readerGivesCairosPixels() throws {
        var cases = 0
        for (i, size) in [(1, 1), (2, 1), (1, 3), (7, 3), (33, 17), (250, 40)].enumerated() {
            for translucent in [false, true] {
                let image = testImage(width: size.0, height: size.1, translucent: translucent, seed: UInt64(i * 2 + (translucent ? 1 : 0)))
                var encodings = PNGEncoder.Filter.allCases.map { PNGEncoder.encode(image, level: 6, filter: $0) }
                encodings.append(image.cairoPNGData())
                for data in encodings {
                    let cairo = try #require(ImageComparison.decodeWithCairo(data))
                    let own = try #require(ImageComparison.readWithoutCairo(data))
                    #expect(own == cairo, "\(size) translucent \(translucent)")
                    cases += 1
                }
            }
        }
        #expect(cases == 6 * 2 * 7)
    }

    /// Every reference image of this package's test targets (written by Flipbook's writer or,
    /// earlier, by cairo's) reads as cairo reads it, none left to cairo.
    @Test func readerReadsThisPackagesReferences() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "png" && $0.path.contains("/__Snapshots__/") }
        #expect(files.count > 20)
        for file in files {
            let data = try Data(contentsOf: file)
            let own = ImageComparison.readWithoutCairo(data)
            #expect(own != nil && own == ImageComparison.decodeWithCairo(data), "\(file.lastPathComponent)")
        }
    }

    /// Random references and new images (equal, a few pixels off by a little or a lot, translucent
    /// changes, other sizes), every tolerance: the same counts, worst difference and diff image.
    @Test func comparisonAgreesWithTheReferenceBitForBit() throws {
        for seed in UInt64(1)...6 {
            let drawn = testImage(width: 37, height: 23, translucent: seed % 2 == 0, seed: seed)
            let reference = try #require(ImageComparison.decodeWithCairo(drawn.pngData()))
            let candidates = [
                drawn, perturbed(drawn, count: 3, delta: 2, seed: seed), perturbed(drawn, count: 40, delta: 90, seed: seed),
                perturbed(drawn, count: 851, delta: 1, seed: seed), testImage(width: 37, height: 23, translucent: true, seed: seed + 99),
                testImage(width: 40, height: 20, translucent: seed % 2 == 1, seed: seed), testImage(width: 30, height: 30, translucent: true, seed: seed),
            ]
            for actual in candidates {
                for tolerance in [0, 1, 2, 5, 89, 254, 255, 1000, Int.max] {
                    let slow = ImageComparison(
                        reference: reference, actual: try #require(ImageComparison.decodeWithCairo(actual.pngData())), tolerance: tolerance)
                    let fast = ImageComparison(reference: reference, rendered: actual, tolerance: tolerance)
                    #expect(fast.sizesDiffer == slow.sizesDiffer && fast.differing == slow.differing && fast.worst == slow.worst)
                    #expect(fast.fraction == slow.fraction && fast.diff == slow.diff)
                    let counted = ImageComparison.count(reference: reference, rendered: actual, tolerance: tolerance)
                    #expect(counted.differing == slow.differing && counted.worst == slow.worst)
                }
            }
        }
    }

    /// A reference that no reader gave (translucent pixels that a round trip changes, colour
    /// bytes above alpha) is still compared as the reference path compares it.
    @Test func arbitraryReferencesAgreeToo() throws {
        let odd = RenderedImage(width: 4, height: 1, premultipliedPixels: [200, 10, 10, 100, 7, 7, 7, 0, 1, 2, 3, 3, 50, 60, 70, 77])!
        for actual in [odd, ImageComparison.roundTrip(odd)] {
            for tolerance in [0, 1, 3, 255] {
                let slow = ImageComparison(reference: odd, actual: try #require(ImageComparison.decodeWithCairo(actual.pngData())), tolerance: tolerance)
                let fast = ImageComparison(reference: odd, rendered: actual, tolerance: tolerance)
                #expect(fast.differing == slow.differing && fast.worst == slow.worst && fast.diff == slow.diff)
                #expect(ImageComparison.count(reference: odd, rendered: actual, tolerance: tolerance) == (slow.differing, slow.worst))
            }
        }
    }

    /// The whole diffing, through PNG bytes as swift-snapshot-testing drives it: the same
    /// verdicts and messages at every tolerance and pixel fraction, including the edges
    /// (exactly the allowed fraction, an infinite one, a size change with everything allowed).
    @Test func diffingAgreesWithTheReference() throws {
        let drawn = testImage(width: 50, height: 20, translucent: true, seed: 42)
        let stored = drawn.pngData()
        let candidates = [
            drawn, perturbed(drawn, count: 10, delta: 3, seed: 7), perturbed(drawn, count: 10, delta: 100, seed: 8),
            testImage(width: 51, height: 20, translucent: true, seed: 42),
        ]
        for actual in candidates {
            for tolerance in [0, 2, 3, 255] {
                for fraction in [0, 0.001, 0.01, 10.0 / 1000, 0.5, 1, .infinity] {
                    let fast = Diffing<RenderedImage>.image(tolerance: tolerance, pixelFraction: fraction)
                    let slow = Diffing<RenderedImage>.referenceImage(tolerance: tolerance, pixelFraction: fraction)
                    let a = fast.diffV2(fast.fromData(stored), actual), b = slow.diffV2(slow.fromData(stored), actual)
                    #expect(withoutPath(a) == withoutPath(b), "tolerance \(tolerance), fraction \(fraction)")
                    if case .data(let x, _)? = a?.1.first, case .data(let y, _)? = b?.1.first { #expect(x == y) }
                    removeDiff(a)
                    removeDiff(b)
                }
            }
        }
    }

    @Test func equalImagesMatchWithoutADiffImage() {
        let image = testImage(width: 20, height: 10, translucent: true, seed: 3)
        let diffing = Diffing<RenderedImage>.image()
        #expect(diffing.diffV2(diffing.fromData(diffing.toData(image)), image) == nil)
    }

    // MARK: Bad input

    /// A valid PNG of `image` with its header's width and height replaced (CRC recomputed).
    func pngClaiming(width: UInt32, height: UInt32) -> Data {
        var bytes = [UInt8](testImage(width: 4, height: 4, translucent: false, seed: 1).pngData())
        for (i, v) in [width, height].enumerated() {
            for j in 0..<4 { bytes[16 + i * 4 + j] = UInt8(truncatingIfNeeded: v >> (24 - 8 * j)) }
        }
        let crc = crc32(bytes[12..<29])
        for j in 0..<4 { bytes[29 + j] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * j)) }
        return Data(bytes)
    }

    func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    func failureMessage(reference data: Data) -> String? {
        let diffing = Diffing<RenderedImage>.image()
        let failure = diffing.diffV2(diffing.fromData(data), testImage(width: 4, height: 4, translucent: false, seed: 1))
        removeDiff(failure)
        return failure?.0
    }

    @Test func unreadableReferencesSayWhy() {
        let good = testImage(width: 4, height: 4, translucent: false, seed: 1).pngData()
        #expect(failureMessage(reference: good) == nil)
        #expect(failureMessage(reference: Data("not an image".utf8))?.contains("could not be read: it is not a PNG file") == true)
        #expect(failureMessage(reference: Data())?.contains("it is not a PNG file") == true)
        #expect(failureMessage(reference: good.prefix(good.count - 20))?.contains("truncated") == true)
        var damaged = [UInt8](good)
        damaged[45] ^= 0x10  // inside the IDAT chunk: its CRC no longer matches
        #expect(failureMessage(reference: Data(damaged))?.contains("checksum (CRC)") == true)
        #expect(failureMessage(reference: pngClaiming(width: 0, height: 4))?.contains("width or height of 0 pixels") == true)
        #expect(failureMessage(reference: pngClaiming(width: 200_000, height: 200_000))?.contains("more pixels than a reference") == true)
        // Every message tells how to record it again.
        #expect(failureMessage(reference: Data([1, 2, 3]))?.contains("SNAPSHOT_TESTING_RECORD=all") == true)
    }

    @Test func badParametersFailWithASentence() {
        let image = testImage(width: 4, height: 4, translucent: false, seed: 1)
        let nan = Diffing<RenderedImage>.image(pixelFraction: .nan)
        #expect(nan.diffV2(image, image)?.0.hasPrefix("pixelFraction is nan") == true)
        #expect(Diffing<RenderedImage>.image(pixelFraction: -0.1).diffV2(image, image)?.0.hasPrefix("pixelFraction is -0.1") == true)
        #expect(Diffing<RenderedImage>.image(tolerance: -1).diffV2(image, image)?.0.hasPrefix("tolerance is -1") == true)
    }

    /// Through the library: a missing reference is recorded, a reference of another size and a
    /// corrupt file fail with what happened, a zero-size view is drawn as one pixel; none crash.
    @MainActor @Test func badReferencesThroughTheLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fast-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let view = makeSwatch()
        let missing = try #require(
            verifySnapshot(of: view, as: .image(scale: 1), named: "swatch", record: .never, snapshotDirectory: folder.path))
        #expect(missing.contains("No reference was found on disk"))
        _ = verifySnapshot(of: view, as: .image(scale: 1), named: "swatch", record: .all, snapshotDirectory: folder.path)
        let other = try #require(
            verifySnapshot(of: view, as: .image(scale: 2), named: "swatch", record: .never, snapshotDirectory: folder.path))
        #expect(other.contains("The new image is 120×80 pixels, the reference 60×40."))
        let file = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first)
        try Data("garbage".utf8).write(to: file)
        let corrupt = try #require(
            verifySnapshot(of: view, as: .image(scale: 1), named: "swatch", record: .never, snapshotDirectory: folder.path))
        #expect(corrupt.contains("The reference image could not be read: it is not a PNG file"))
        let empty = UIView(frame: .zero)
        #expect(verifySnapshot(of: empty, as: .image, named: "empty", record: .all, snapshotDirectory: folder.path) != nil)
        #expect(verifySnapshot(of: empty, as: .image, named: "empty", record: .never, snapshotDirectory: folder.path) == nil)
    }
}
