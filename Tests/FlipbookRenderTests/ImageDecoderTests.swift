import Foundation
import Testing
import TestSupport
import FlipbookGeometry
@testable import FlipbookRender

@Suite(.freshRuntime) struct ImageDecoderTests {
    @Test func rejectsGarbage() {
        #expect(ImageDecoder.decode(data: Data()) == nil)
        #expect(ImageDecoder.decode(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])) == nil)
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name))
    }

    static func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let k = (y * image.width + x) * 4
        return Array(image.pixels[k..<(k + 4)]).map(Int.init)
    }

    static func close(_ a: [Int], _ b: [Int], within d: Int) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= d } }

    /// JPEG is decoded in process by libjpeg, with no ffmpeg on PATH (fixtures made by Pillow:
    /// 4:4:4 colour, grey, and Adobe's inverted CMYK). JPEG is lossy: ±4 away from edges.
    @Test func decodesJPEGInProcess() throws {
        let two = try #require(ImageDecoder.decodeJPEG(Self.fixture("two-colours.jpg")))
        #expect(two.width == 16 && two.height == 8)
        #expect(Self.close(Self.rgba(two, 2, 3), [0x33, 0x66, 0xCC, 255], within: 4))
        #expect(Self.close(Self.rgba(two, 13, 3), [0xEE, 0x88, 0x22, 255], within: 4))
        let grey = try #require(ImageDecoder.decode(data: Self.fixture("grey.jpg")))
        #expect(Self.close(Self.rgba(grey, 4, 4), [128, 128, 128, 255], within: 2))
        let cmyk = try #require(ImageDecoder.decode(data: Self.fixture("cmyk-red.jpg")))
        #expect(Self.close(Self.rgba(cmyk, 4, 4), [255, 0, 0, 255], within: 4))
    }

    /// Broken JPEGs give nil, never a crash or an exit (libjpeg's fatal errors would end the
    /// process by default): a cut header, garbage after the marker, and a header claiming
    /// 60 000 × 60 000 pixels (refused before allocating).
    @Test func rejectsBrokenJPEGs() throws {
        let good = try Self.fixture("two-colours.jpg")
        #expect(ImageDecoder.decodeJPEG(good.prefix(40)) == nil)
        #expect(ImageDecoder.decodeJPEG(Data([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3, 4, 5, 6, 7, 8])) == nil)
        var huge = [UInt8](good)
        // SOF0 (FF C0): length(2) precision(1) height(2) width(2).
        let sof = try #require((0..<(huge.count - 1)).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge[sof + 5] = 0xEA; huge[sof + 6] = 0x60; huge[sof + 7] = 0xEA; huge[sof + 8] = 0x60
        #expect(ImageDecoder.decodeJPEG(Data(huge)) == nil)
        // A truncated body still decodes (libjpeg pads it, as browsers show partial images).
        #expect(ImageDecoder.decodeJPEG(good.prefix(good.count - 8))?.width == 16)
    }

    /// A JPEG made by ffmpeg from a solid colour decodes to that colour (JPEG is lossy: ±4).
    @Test func decodesJPEGMadeByFFmpeg() throws {
        let jpeg = try FFmpeg.run(
            "ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=0x3366CC:s=16x8", "-frames:v", "1",
                       "-f", "image2pipe", "-c:v", "mjpeg", "pipe:1"])
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        let image = try #require(ImageDecoder.decode(data: jpeg))
        #expect(image.width == 16 && image.height == 8)
        let k = (4 * 16 + 8) * 4
        let px = Array(image.pixels[k..<(k + 4)]).map(Int.init)
        #expect(abs(px[0] - 0x33) <= 4 && abs(px[1] - 0x66) <= 4 && abs(px[2] - 0xCC) <= 4 && px[3] == 255)
    }

    @Test func textMeasuresWrapAndLineLimit() {
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: 20)
        let one = TextRenderer.measure("Hello", style: style)
        let wrapped = TextRenderer.measure("Hello world, this wraps onto several lines", style: style, maxWidth: 100)
        var limited = style
        limited.maximumNumberOfLines = 2
        let two = TextRenderer.measure("Hello world, this wraps onto several lines", style: limited, maxWidth: 100)
        #expect(one.width > 30 && one.width < 80 && one.height > 18 && one.height < 30)
        #expect(wrapped.width <= 100 && wrapped.height > 3 * one.height - 1)
        #expect(abs(two.height - 2 * one.height) < 1)
    }
}
