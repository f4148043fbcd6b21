import CCairo
import Foundation

/// Conversions between Flipbook's premultiplied RGBA8 and cairo's ARGB32 (premultiplied,
/// native-endian 32-bit words: B, G, R, A bytes on little-endian machines), and PNG I/O.
enum CairoBridge {
    /// A cairo ARGB32 image surface of the given size, transparent; nil when cairo refuses it.
    static func makeSurface(width: Int, height: Int) -> OpaquePointer? {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else { return nil }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            if let s { cairo_surface_destroy(s) }
            return nil
        }
        return s
    }

    /// Copies a cairo ARGB32 surface into a new `Raster` (RGBA premultiplied).
    static func raster(from surface: OpaquePointer) -> Raster {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let out = Raster(width: w, height: h)
        guard let base = cairo_image_surface_get_data(surface) else { return out }
        for y in 0..<h {
            rgbaFromCairo(UnsafeRawPointer(base + y * stride), UnsafeMutableRawPointer(out.data + y * w * 4), count: w)
        }
        return out
    }

    /// Writes premultiplied RGBA pixels into a cairo ARGB32 surface of the same size.
    static func fill(surface: OpaquePointer, premultipliedRGBA pixels: UnsafePointer<UInt8>, width w: Int, height h: Int) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { return }
        for y in 0..<h {
            cairoFromRGBA(UnsafeRawPointer(pixels + y * w * 4), UnsafeMutableRawPointer(base + y * stride), count: w)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Copies `count` cairo ARGB32 pixels (native-endian words A, R, G, B from the high byte
    /// down) to RGBA bytes, a 32-bit word at a time.
    static func rgbaFromCairo(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, count: Int) {
        for x in 0..<count {
            let word = src.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            dst.storeBytes(of: swapRedAndBlue(word).littleEndian, toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// Copies `count` RGBA pixels to cairo ARGB32 words, a 32-bit word at a time.
    static func cairoFromRGBA(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, count: Int) {
        for x in 0..<count {
            let word = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
            dst.storeBytes(of: swapRedAndBlue(word), toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// A × 2²⁴ + R × 2¹⁶ + G × 2⁸ + B ⇄ A × 2²⁴ + B × 2¹⁶ + G × 2⁸ + R: the difference between
    /// a cairo word and RGBA bytes read as a little-endian word.
    @inline(__always)
    private static func swapRedAndBlue(_ word: UInt32) -> UInt32 {
        (word & 0xFF00_FF00) | (word >> 16 & 0xFF) | (word & 0xFF) << 16
    }

    /// A cairo surface holding a copy of premultiplied RGBA pixels; the caller destroys it.
    static func surface(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) -> OpaquePointer? {
        guard pixels.count == width * height * 4, let s = makeSurface(width: width, height: height) else { return nil }
        pixels.withUnsafeBufferPointer { p in
            if let b = p.baseAddress { fill(surface: s, premultipliedRGBA: b, width: width, height: height) }
        }
        return s
    }

    private final class ByteSink {
        var data = Data()
    }

    private final class ByteSource {
        let bytes: [UInt8]
        var offset = 0
        init(_ d: Data) { bytes = [UInt8](d) }
    }

    /// PNG bytes of premultiplied RGBA pixels (cairo unpremultiplies on the way out).
    static func pngData(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) -> Data {
        guard let s = surface(premultipliedRGBA: pixels, width: width, height: height) else { return Data() }
        defer { cairo_surface_destroy(s) }
        let sink = ByteSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        _ = cairo_surface_write_to_png_stream(
            s,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                sink.data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, box.toOpaque())
        return sink.data
    }

    /// Decodes PNG bytes with cairo into a premultiplied RGBA raster; nil if they are not a PNG.
    static func decodePNG(_ data: Data) -> Raster? {
        let source = ByteSource(data)
        let box = Unmanaged.passRetained(source)
        defer { box.release() }
        guard
            let s = cairo_image_surface_create_from_png_stream(
                { closure, out, length in
                    guard let closure, let out else { return CAIRO_STATUS_READ_ERROR }
                    let src = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
                    let n = Int(length)
                    guard src.offset + n <= src.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    src.bytes.withUnsafeBufferPointer { b in
                        if let base = b.baseAddress { out.update(from: base + src.offset, count: n) }
                    }
                    src.offset += n
                    return CAIRO_STATUS_SUCCESS
                }, box.toOpaque())
        else { return nil }
        defer { cairo_surface_destroy(s) }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        // Cairo may decode to RGB24 for opaque images: give those full alpha.
        if cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24 {
            let r = raster(from: s)
            for k in 0..<(r.width * r.height) { r.data[k * 4 + 3] = 255 }
            return r
        }
        return raster(from: s)
    }
}
