import Foundation

#if !canImport(CoreGraphics)
/// A bitmap image, CoreGraphics' `CGImage`.
///
/// Flipbook stores every image as 8-bit RGBA, premultiplied alpha, rows top to
/// bottom, `bytesPerRow == width * 4`. Decoding from PNG/JPEG lives in the
/// renderer (FlipbookRender), which owns the codecs; this type is only the
/// pixels, so every layer can hold one. Immutable, so it is safe to share.
public final class CGImage: Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8 pixels, `width * height * 4` bytes.
    public let pixels: [UInt8]
    public var bytesPerRow: Int { width * 4 }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }

    /// Wraps premultiplied RGBA8 pixels; nil when the sizes disagree or are not positive.
    public init?(width: Int, height: Int, premultipliedRGBA pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
#endif
