import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// MARK: - Decoded PNG and JPEG contents

@MainActor
@Suite(.freshRuntime) struct DecodedImageContentsTests {
    /// 32 × 32 pixels in four opaque 16 × 16 quadrants: red top-left, green top-right, blue
    /// bottom-left, yellow bottom-right (16-pixel quadrants line up with JPEG's 16 × 16 blocks).
    static func quadrants() -> RenderedImage? {
        var px = [UInt8](repeating: 255, count: 32 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<32 {
                let k = (y * 32 + x) * 4
                let rgb: [UInt8] = switch (x < 16, y < 16) {
                case (true, true): [255, 0, 0]
                case (false, true): [0, 255, 0]
                case (true, false): [0, 0, 255]
                case (false, false): [255, 255, 0]
                }
                px[k] = rgb[0]; px[k + 1] = rgb[1]; px[k + 2] = rgb[2]
            }
        }
        return RenderedImage(width: 32, height: 32, premultipliedPixels: px)
    }

    static func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-render-tests-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    }

    /// The decoded image as contents of a 64 × 64 layer at (20, 10) in a white 100 × 90 root
    /// (gravity resize: 2 pt per image pixel). Quadrant centres land at (36, 26), (68, 26),
    /// (36, 58), (68, 58); the layer's outside stays white.
    func placed(_ image: CGImage) -> RenderedImage {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 90), white)
        let l = makeLayer(CGRect(x: 20, y: 10, width: 64, height: 64), nil, in: root)
        withoutActions { l.contents = image }
        return LayerRenderer(scale: 1).render(root)
    }

    func checkQuadrants(_ img: RenderedImage, tolerance: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let probes: [((Int, Int), [Int])] = [
            ((36, 26), [255, 0, 0]), ((68, 26), [0, 255, 0]), ((36, 58), [0, 0, 255]), ((68, 58), [255, 255, 0]),
            ((24, 14), [255, 0, 0]), ((79, 69), [255, 255, 0]),  // near the layer's corners, well inside quadrants
            ((10, 40), [255, 255, 255]), ((90, 40), [255, 255, 255]), ((50, 5), [255, 255, 255]), ((50, 80), [255, 255, 255]),
        ]
        for ((x, y), c) in probes {
            let p = img.pixel(x: x, y: y)
            #expect(matches(p, c[0], c[1], c[2], 255, tolerance: tolerance), "(\(x), \(y)): \(p), want \(c)", sourceLocation: sourceLocation)
        }
        // The layer's edges: x 20…84, y 10…74 (whatever the colour there, not white inside).
        #expect(extent(img) { !($0.r > 250 && $0.g > 250 && $0.b > 250) } == [20, 10, 84, 74], sourceLocation: sourceLocation)
    }

    @Test func pngWrittenAndDecodedShowsAtTheRightPlaceInTheRightColours() throws {
        let source = try #require(Self.quadrants())
        let url = Self.temporaryURL("quadrants.png")
        defer { try? FileManager.default.removeItem(at: url) }
        try source.write(to: url)
        let image = try #require(ImageDecoder.decode(contentsOf: url))
        #expect(image.width == 32 && image.height == 32)
        checkQuadrants(placed(image), tolerance: 1)
    }

    @Test func jpegFromFFmpegShowsAtTheRightPlaceInTheRightColours() throws {
        let source = try #require(Self.quadrants())
        let url = Self.temporaryURL("quadrants-src.png")
        defer { try? FileManager.default.removeItem(at: url) }
        try source.write(to: url)
        let jpeg = try FFmpeg.run(
            "ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", url.path, "-frames:v", "1", "-q:v", "2",
                       "-f", "image2pipe", "-c:v", "mjpeg", "pipe:1"])
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        let image = try #require(ImageDecoder.decode(data: jpeg))
        #expect(image.width == 32 && image.height == 32)
        // JPEG is lossy (chroma subsampled); 16 × 16 quadrants keep block centres within ±12.
        checkQuadrants(placed(image), tolerance: 12)
    }

    /// A PNG pixel of straight alpha 50 % blue decodes premultiplied and blends over white to
    /// (127, 127, 255).
    @Test func translucentPNGBlendsOverWhatIsBeneath() throws {
        let half = try #require(RenderedImage(width: 2, height: 2, premultipliedPixels: [UInt8](repeatElement([0, 0, 128, 128], count: 4).joined())))
        let image = try #require(ImageDecoder.decode(data: half.pngData()))
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), white)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), nil, in: root)
        withoutActions { l.contents = image }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10), 127, 127, 255, 255, tolerance: 1))
    }
}
