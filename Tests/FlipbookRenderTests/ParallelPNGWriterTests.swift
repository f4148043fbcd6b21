import Foundation
import Testing
import TestSupport
@testable import FlipbookRender

/// Numbered frames written in parallel: every file is the frame's own PNG, and a frame that
/// repeats the one before is written from the earlier bytes instead of being encoded again.
@Suite struct ParallelPNGWriterTests {
    @Test func repeatedFramesGetTheSameBytesWithoutBeingEncodedAgain() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-pngwriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededGenerator(state: 11)
        let (w, h) = (9, 6)
        let a = RenderedImage(width: w, height: h, premultipliedPixels: VideoFrameWriterTests.randomFrame(w, h, &rng))!
        let b = RenderedImage(width: w, height: h, premultipliedPixels: VideoFrameWriterTests.randomFrame(w, h, &rng))!
        // A copy with its own storage: compared by bytes, not by identity.
        let aCopy = RenderedImage(width: w, height: h, premultipliedPixels: Array(a.premultipliedPixels[...]))!
        let frames = [a, aCopy, a, b, a, b, b]
        let writer = ParallelPNGWriter(maximumInFlight: 2)
        for (i, f) in frames.enumerated() { try writer.submit(f, to: dir.appendingPathComponent("f\(i).png")) }
        try writer.finish()
        let mismatched = try frames.indices.filter { i in
            try Data(contentsOf: dir.appendingPathComponent("f\(i).png")) != PNGEncoder.encode(frames[i])
        }
        #expect(mismatched.isEmpty, "\(mismatched)")
        #expect(writer.encodedCount == 4 && writer.repeatedCount == 3)
    }

    /// A failed write (the folder is gone) surfaces from a later submit or from finish, for
    /// encoded and repeated frames alike.
    @Test func aFailedWriteSurfaces() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-pngwriter-missing-\(UUID().uuidString)")
        var rng = SeededGenerator(state: 12)
        let a = RenderedImage(width: 4, height: 4, premultipliedPixels: VideoFrameWriterTests.randomFrame(4, 4, &rng))!
        let writer = ParallelPNGWriter(maximumInFlight: 2)
        var threw = false
        do {
            for i in 0..<4 { try writer.submit(a, to: dir.appendingPathComponent("f\(i).png")) }
            try writer.finish()
        } catch {
            threw = true
        }
        writer.drain()
        #expect(threw)
    }
}
