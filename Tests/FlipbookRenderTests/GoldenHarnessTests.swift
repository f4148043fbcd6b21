import Foundation
import Testing
import FlipbookRender
import TestSupport

/// The golden-image harness itself: recording, refusal on CI, tolerance, and what a failure
/// leaves for the person reading it (the actual and a diff image, their paths in the message).
@Suite(.freshRuntime) struct GoldenHarnessTests {
    /// A fake test file in a fresh folder, so references land in its own `__Snapshots__`.
    let testFile: String
    let name = "harness-\(UUID().uuidString)"

    init() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        testFile = dir.appendingPathComponent("FakeTests.swift").path
    }

    func solid(_ w: Int, _ h: Int, _ rgba: [UInt8]) -> RenderedImage {
        RenderedImage(width: w, height: h, premultipliedPixels: Array((0..<(w * h)).map { _ in rgba }.joined()))!
    }

    var reference: URL { GoldenImage.directory(testFile).appendingPathComponent("\(name).png") }
    func failureFile(_ suffix: String) -> URL { GoldenImage.failureDirectory.appendingPathComponent("\(name)-\(suffix).png") }

    @Test func recordsThenMatches() {
        let image = solid(4, 3, [200, 10, 10, 255])
        withKnownIssue("a recording run fails, saying so") {
            GoldenImage.assert(image, named: name, tolerance: .exact, environment: ["FLIPBOOK_RECORD_SNAPSHOTS": "1"], filePath: testFile)
        }
        #expect(FileManager.default.fileExists(atPath: reference.path))
        GoldenImage.assert(image, named: name, tolerance: .exact, environment: [:], filePath: testFile)
    }

    @Test func refusesToRecordOnCI() {
        withKnownIssue("recording is refused when CI is set") {
            GoldenImage.assert(
                solid(2, 2, [0, 0, 0, 255]), named: name, tolerance: .exact,
                environment: ["FLIPBOOK_RECORD_SNAPSHOTS": "1", "CI": "true"], filePath: testFile)
        }
        #expect(!FileManager.default.fileExists(atPath: reference.path))
    }

    @Test func mismatchWritesActualAndDiff() throws {
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try solid(4, 4, [255, 0, 0, 255]).write(to: reference)
        var image = solid(4, 4, [255, 0, 0, 255]).premultipliedPixels
        image[0..<4] = [0, 0, 255, 255]  // one pixel of sixteen differs
        let actual = RenderedImage(width: 4, height: 4, premultipliedPixels: image)!
        withKnownIssue("one pixel in sixteen differs; none allowed") {
            GoldenImage.assert(actual, named: name, tolerance: .exact, environment: [:], filePath: testFile)
        }
        let diff = try #require(ImageDecoder.decode(data: Data(contentsOf: failureFile("diff"))))
        #expect(Array(diff.pixels[0..<4]) == [255, 0, 0, 255])  // red where they differ
        #expect(diff.pixels[4] != 255 || diff.pixels[5] != 0)  // not red where they agree
        #expect(FileManager.default.fileExists(atPath: failureFile("actual").path))
        // The same picture passes when the tolerance allows that one pixel.
        GoldenImage.assert(
            actual, named: name, tolerance: .init(channel: 0, pixelFraction: 1.0 / 16), environment: [:], filePath: testFile)
        // ... or its channel difference.
        GoldenImage.assert(
            actual, named: name, tolerance: .init(channel: 255, pixelFraction: 0), environment: [:], filePath: testFile)
    }

    @Test func missingReferenceWritesTheActual() {
        withKnownIssue("no reference") {
            GoldenImage.assert(solid(2, 2, [1, 2, 3, 255]), named: name, tolerance: .exact, environment: [:], filePath: testFile)
        }
        #expect(FileManager.default.fileExists(atPath: failureFile("actual").path))
    }

    @Test func sizeMismatchWritesADiffOfBothExtents() throws {
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try solid(3, 2, [0, 255, 0, 255]).write(to: reference)
        withKnownIssue("sizes differ") {
            GoldenImage.assert(solid(2, 4, [0, 255, 0, 255]), named: name, tolerance: .exact, environment: [:], filePath: testFile)
        }
        let diff = try #require(ImageDecoder.decode(data: Data(contentsOf: failureFile("diff"))))
        #expect(diff.width == 3 && diff.height == 4)
        #expect(Array(diff.pixels[0..<4]) != [255, 0, 0, 255])  // (0, 0) is in both and equal
        #expect(Array(diff.pixels[(3 * 3 + 2) * 4..<(3 * 3 + 2) * 4 + 4]) == [255, 0, 0, 255])  // (2, 3) in neither
    }
}
