import Foundation
import Testing
import FlipbookGeometry
@testable import FlipbookRender

@Suite struct ImageDecoderTests {
    @Test func rejectsGarbage() {
        #expect(ImageDecoder.decode(data: Data()) == nil)
        #expect(ImageDecoder.decode(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])) == nil)
    }

    /// A JPEG made by ffmpeg from a solid colour decodes to that colour (JPEG is lossy: ±4).
    @Test func decodesJPEGThroughFFmpeg() throws {
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
