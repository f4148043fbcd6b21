import CCairo
import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The content rasterizer's shortcuts give the bytes of the full cairo path (docs/Renderer.md:
/// fast paths are tested bit for bit against the reference path).
@Suite struct ContentRasterizerTests {
    /// A body that is only a background filling square-cornered bounds is one colour repeated:
    /// the same bytes as cairo's drawing for every colour, size, origin and scale tried,
    /// fractional bitmap edges included, and its flat core is the whole bitmap.
    @Test func aPlainBackgroundIsCairosFillByteForByte() throws {
        var rng = SeededGenerator(state: 0x5011D)
        var solid = 0
        for i in 0..<300 {
            let w = CGFloat(rng.unit() * 120 + 0.25), h = CGFloat(rng.unit() * 120 + 0.25)
            let bounds = CGRect(x: CGFloat(rng.unit() * 40 - 20), y: CGFloat(rng.unit() * 40 - 20), width: w, height: h)
            let scale = [1.0, 2.0, 3.0, 1.37][i % 4]
            // Opaque, translucent, nearly transparent and out-of-range components.
            let alpha = [1.0, rng.unit(), 0.004, 1.0][i % 4]
            let color = [CGFloat(rng.unit()), CGFloat(rng.unit()), CGFloat(i % 7 == 0 ? 1.3 : rng.unit()), CGFloat(alpha)]
            let c = try #require(Self.content(bounds: bounds, scale: scale, color: color))
            let drawn = try #require(ContentRasterizer.drawn(c))
            let fast = try #require(ContentRasterizer.rasterize(c)?.raster)
            #expect(ContentRasterizer.solidColor(c) != nil)
            #expect(fast.width == drawn.width && fast.height == drawn.height)
            #expect(fast.pixels == drawn.pixels, "bounds \(bounds) scale \(scale) colour \(color)")
            #expect(fast.knownUniformCore == UniformCore.find(in: drawn))
            solid += 1
        }
        #expect(solid == 300)
    }

    /// Rounded corners, a shape smaller than the bounds, or anything drawn over the background
    /// take the drawn path.
    @Test func onlyPlainBackgroundsTakeTheShortcut() throws {
        let b = CGRect(x: 0, y: 0, width: 40, height: 30)
        let plain = try #require(Self.content(bounds: b, scale: 2, color: [1, 0, 0, 1]))
        #expect(ContentRasterizer.solidColor(plain) != nil)
        var rounded = plain
        rounded.shape = RoundedRectShape(rect: b, cornerRadius: 4, maskedCorners: Self.allCorners, curve: .circular)
        #expect(ContentRasterizer.solidColor(rounded) == nil)
        var inset = plain
        inset.shape = RoundedRectShape(rect: b.insetBy(dx: 1, dy: 0), cornerRadius: 0, maskedCorners: Self.allCorners, curve: .circular)
        #expect(ContentRasterizer.solidColor(inset) == nil)
        var text = plain
        text.text = TextContent(string: "A", style: TextStyle())
        #expect(ContentRasterizer.solidColor(text) == nil)
        var clear = plain
        clear.background = [1, 0, 0, 0]
        #expect(ContentRasterizer.solidColor(clear) == nil)
    }

    /// Cairo words to RGBA bytes and back, a word at a time, against the byte-by-byte rule.
    @Test func pixelWordConversionsMatchTheByteRule() {
        var rng = SeededGenerator(state: 77)
        for count in [0, 1, 3, 17, 64, 1001] {
            let words = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            var rgba = [UInt8](repeating: 0, count: count * 4)
            words.withUnsafeBytes { src in rgba.withUnsafeMutableBytes { dst in
                CairoBridge.rgbaFromCairo(src.baseAddress!, dst.baseAddress!, count: count)
            } }
            let expected = words.flatMap { w in
                [UInt8(truncatingIfNeeded: w >> 16), UInt8(truncatingIfNeeded: w >> 8), UInt8(truncatingIfNeeded: w), UInt8(truncatingIfNeeded: w >> 24)]
            }
            #expect(rgba == expected)
            var back = [UInt32](repeating: 0, count: count)
            rgba.withUnsafeBytes { src in back.withUnsafeMutableBytes { dst in
                CairoBridge.cairoFromRGBA(src.baseAddress!, dst.baseAddress!, count: count)
            } }
            #expect(back == words)
        }
        // Through an unaligned source.
        let bytes: [UInt8] = [0, 0x10, 0x20, 0x30, 0x40]
        var out: UInt32 = 0
        bytes.withUnsafeBytes { src in withUnsafeMutableBytes(of: &out) { dst in
            CairoBridge.cairoFromRGBA(src.baseAddress! + 1, dst.baseAddress!, count: 1)
        } }
        #expect(out == 0x4010_2030)
    }

    static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    static func content(bounds: CGRect, scale: Double, color: [CGFloat]) -> LayerContent? {
        guard let size = ContentRasterizer.pixelSize(bounds: bounds, scale: scale) else { return nil }
        return LayerContent(
            pixelWidth: size.w, pixelHeight: size.h, bounds: bounds,
            shape: RoundedRectShape(rect: bounds, cornerRadius: 0, maskedCorners: Self.allCorners, curve: .circular),
            background: color, masksToBounds: false, image: nil, gravity: "", contentsRect: .zero, contentsScale: 0,
            text: nil, drawing: nil, shapeLayer: nil, gradient: nil)
    }
}
