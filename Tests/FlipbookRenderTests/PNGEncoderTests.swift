import Foundation
import Testing
@testable @_spi(Benchmarks) import FlipbookRender

/// Flipbook's own PNG writer: valid PNG (read back by the project's decoder and by ffprobe),
/// the same pixels as cairo's writer, every filter, and the same bytes every time.
@Suite struct PNGEncoderTests {
    /// A premultiplied image with flat areas, gradients, hard edges and (optionally) alpha.
    static func image(width: Int = 67, height: Int = 41, translucent: Bool) -> RenderedImage {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let k = (y * width + x) * 4
                let a = translucent ? [0, 1, 37, 128, 200, 255][(x / 7 + y / 5) % 6] : 255
                let r = (x * 255) / max(1, width - 1), g = y < height / 2 ? 90 : (y * 255) / height, b = (x ^ y) & 0xFF
                px[k] = UInt8(r * a / 255); px[k + 1] = UInt8(g * a / 255); px[k + 2] = UInt8(b * a / 255); px[k + 3] = UInt8(a)
            }
        }
        return RenderedImage(width: width, height: height, premultipliedPixels: px)!
    }

    /// IHDR's width, height, bit depth and colour type.
    static func header(_ png: Data) -> [Int] {
        let b = [UInt8](png)
        func be(_ o: Int) -> Int { b[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return [be(16), be(20), Int(b[24]), Int(b[25])]
    }

    @Test(arguments: [false, true], PNGEncoder.Filter.allCases)
    func decodesToTheSamePixelsAsCairosWriter(translucent: Bool, filter: PNGEncoder.Filter) throws {
        let img = Self.image(translucent: translucent)
        let ours = PNGEncoder.encode(img, level: 1, filter: filter)
        #expect(Array(ours.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // Opaque images are written as RGB (colour type 2), others as RGBA (6).
        #expect(Self.header(ours) == [67, 41, 8, translucent ? 6 : 2])
        let decoded = try #require(ImageDecoder.decode(data: ours))
        let reference = try #require(ImageDecoder.decode(data: img.cairoPNGData()))
        let same = decoded.pixels == reference.pixels
        #expect(same)
        if !translucent { #expect(decoded.pixels == img.premultipliedPixels) }
    }

    @Test func theSamePixelsGiveTheSameBytesOnEveryThread() {
        let img = Self.image(width: 300, height: 200, translucent: true)
        let first = img.pngData()
        let results = SendableResults(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { i in results.set(i, PNGEncoder.encode(img)) }
        let same = results.all.allSatisfy { $0 == first }
        #expect(same)
        #expect(PNGEncoder.encode(img, level: 9, filter: .adaptive).count < first.count)
    }

    @Test func ffprobeReadsIt() throws {
        guard FFmpeg.locate("ffprobe") != nil else { return }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.image(translucent: true).write(to: url)
        let out = try FFmpeg.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height,pix_fmt", "-of", "csv=p=0", url.path])
        #expect(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "png,67,41,rgba")
        // ffmpeg decodes every pixel without complaint (a bad CRC or zlib stream is an error).
        let raw = try FFmpeg.run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"])
        #expect(raw.count == 67 * 41 * 4)
    }

    @Test func emptyOrMismatchedImagesGiveNoBytes() {
        var px: [UInt8] = [1, 2, 3, 255]
        let one = px.withUnsafeMutableBufferPointer { PNGEncoder.encode(premultipliedRGBA: $0.baseAddress!, width: 0, height: 1) }
        #expect(one.isEmpty)
        px = [0, 0, 0, 0]
        let tiny = px.withUnsafeMutableBufferPointer { PNGEncoder.encode(premultipliedRGBA: $0.baseAddress!, width: 1, height: 1) }
        #expect(ImageDecoder.decode(data: tiny)?.pixels == [0, 0, 0, 0])
    }
}

/// Results written by concurrent iterations, each at its own index.
final class SendableResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Data]
    init(count: Int) { values = Array(repeating: Data(), count: count) }
    func set(_ i: Int, _ d: Data) { lock.lock(); values[i] = d; lock.unlock() }
    var all: [Data] { lock.lock(); defer { lock.unlock() }; return values }
}
