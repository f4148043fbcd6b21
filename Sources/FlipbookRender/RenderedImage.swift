import Foundation
import FlipbookGeometry

/// One pixel with straight (not premultiplied) alpha, 0…255 per channel.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }
}

/// A rendered frame: premultiplied RGBA8 pixels, origin top-left, `width * 4` bytes per row.
///
/// Produced by `LayerRenderer.render(_:)`. Value type; equal images have equal bytes.
public struct RenderedImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA8 pixels, rows top to bottom.
    public let premultipliedPixels: [UInt8]

    /// Wraps premultiplied RGBA8 pixels; nil when the sizes disagree or are not positive.
    public init?(width: Int, height: Int, premultipliedPixels: [UInt8]) {
        guard width > 0, height > 0, premultipliedPixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.premultipliedPixels = premultipliedPixels
    }

    init(raster: Raster) {
        width = raster.width
        height = raster.height
        premultipliedPixels = raster.pixels
    }

    /// The pixel at column `x`, row `y` (origin top-left) with straight alpha; transparent black
    /// outside the image.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        let k = (y * width + x) * 4
        let a = premultipliedPixels[k + 3]
        guard a > 0 else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        func un(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }
        return RGBA(r: un(premultipliedPixels[k]), g: un(premultipliedPixels[k + 1]), b: un(premultipliedPixels[k + 2]), a: a)
    }

    /// The image encoded as PNG (8-bit, straight alpha; RGB when every pixel is opaque, else
    /// RGBA) by Flipbook's own writer (`PNGEncoder`, zlib level 1, Up filter).
    /// Deterministic: the same pixels give the same bytes.
    public func pngData() -> Data {
        PNGEncoder.encode(self)
    }

    /// The PNG written by cairo/libpng at its default settings, as before `PNGEncoder`: the
    /// benchmarks' reference.
    @_spi(Benchmarks) public func cairoPNGData() -> Data {
        CairoBridge.pngData(premultipliedRGBA: premultipliedPixels, width: width, height: height)
    }

    /// Writes `pngData()` to `url`.
    public func write(to url: URL) throws {
        try pngData().write(to: url, options: .atomic)
    }

    /// The pixels as a `CGImage` (shares the premultiplied layout), e.g. to use as layer contents.
    public var cgImage: CGImage? {
        CGImage(width: width, height: height, premultipliedRGBA: premultipliedPixels)
    }

    /// The image as straight-alpha RGBA bytes (what video encoders take as `rgba`).
    public var straightRGBA: [UInt8] {
        var out = premultipliedPixels
        var k = 0
        while k < out.count {
            let a = Int(out[k + 3])
            if a > 0 && a < 255 {
                for c in 0..<3 { out[k + c] = UInt8(min(255, (Int(out[k + c]) * 255 + a / 2) / a)) }
            }
            k += 4
        }
        return out
    }
}
