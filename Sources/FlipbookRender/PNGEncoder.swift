import CFlipbookPNG
import Foundation

/// Flipbook's own PNG writer: straight-alpha 8-bit RGBA (or RGB when every pixel is opaque),
/// rows filtered and deflated by zlib in one pass (the CFlipbookPNG target), one IDAT chunk.
///
/// A fast level with one fixed filter is what exports need (docs/Renderer.md, "Exports"):
/// on the card-flip frames zlib level 1 with the Up filter writes a 786 × 1704 frame in a few
/// milliseconds, where cairo's libpng writer at its default level took about 40. The output is
/// a pure function of the pixels and the settings: the same image gives the same bytes, run
/// to run and on every thread.
public enum PNGEncoder {
    /// The filter every row uses (PNG spec 9.2); `.adaptive` picks per row by the smallest sum
    /// of absolute differences, as libpng does.
    public enum Filter: Int32, Sendable, CaseIterable {
        case none = 0, sub = 1, up = 2, average = 3, paeth = 4, adaptive = -1
    }

    /// The settings exports use: deflate level 1, Up filter (chosen by measurement, see
    /// docs/API-Status.md, "Export performance").
    public static let defaultLevel: Int32 = 1
    public static let defaultFilter: Filter = .up

    /// The PNG bytes of premultiplied RGBA8 pixels (`width * 4` bytes a row). `level` is zlib's
    /// 1 (fastest) … 9 (smallest); out-of-range levels are clamped. Empty data only when memory
    /// runs out or the sizes are not positive.
    public static func encode(
        premultipliedRGBA pixels: UnsafePointer<UInt8>, width: Int, height: Int,
        level: Int32 = defaultLevel, filter: Filter = defaultFilter
    ) -> Data {
        guard width > 0, height > 0 else { return Data() }
        var length = 0
        guard
            let bytes = flipbook_png_encode(
                pixels, width, height, min(9, max(1, level)), Int32(FLIPBOOK_PNG_DEFAULT_STRATEGY), filter.rawValue, &length)
        else { return Data() }
        return Data(bytesNoCopy: bytes, count: length, deallocator: .free)
    }

    /// The PNG bytes of `image`.
    public static func encode(_ image: RenderedImage, level: Int32 = defaultLevel, filter: Filter = defaultFilter) -> Data {
        guard image.premultipliedPixels.count == image.width * image.height * 4 else { return Data() }
        return image.premultipliedPixels.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return Data() }
            return encode(premultipliedRGBA: base, width: image.width, height: image.height, level: level, filter: filter)
        }
    }
}
