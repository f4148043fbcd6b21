import CJPEG
import Foundation
import FlipbookGeometry

/// Decodes PNG and JPEG bytes into `CGImage`s (premultiplied RGBA8), for layer contents and UIImage.
///
/// PNG is decoded by cairo (libpng) and JPEG by libjpeg(-turbo), both in process. Anything else
/// ffmpeg reads (WebP, BMP, GIF's first frame) is decoded by running `ffmpeg` as a subprocess;
/// without ffmpeg those return nil. A JPEG's EXIF orientation is not applied (see Divergences).
public enum ImageDecoder {
    /// The largest image decoded, in pixels (a 16 384 × 16 384 image is 1 GiB of RGBA): a
    /// header claiming more is refused rather than allocated.
    public static let maximumPixelCount = 16_384 * 16_384
    /// The image in `data`, or nil when the bytes are not an image Flipbook can read.
    public static func decode(data: Data) -> CGImage? {
        guard data.count >= 8 else { return nil }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if Array(data.prefix(8)) == png {
            guard let r = CairoBridge.decodePNG(data) else { return nil }
            return CGImage(width: r.width, height: r.height, premultipliedRGBA: r.pixels)
        }
        if data[data.startIndex] == 0xFF, data[data.startIndex + 1] == 0xD8, data[data.startIndex + 2] == 0xFF {
            return decodeJPEG(data)
        }
        return decodeWithFFmpeg(data)
    }

    /// Decodes JPEG bytes with libjpeg (opaque, so straight and premultiplied pixels agree).
    static func decodeJPEG(_ data: Data) -> CGImage? {
        var w: Int32 = 0, h: Int32 = 0
        let decoded = data.withUnsafeBytes { raw -> UnsafeMutablePointer<UInt8>? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return flipbook_jpeg_decode(base, UInt(raw.count), maximumPixelCount, &w, &h)
        }
        guard let pixels = decoded else { return nil }
        defer { free(pixels) }
        let count = Int(w) * Int(h) * 4
        return CGImage(width: Int(w), height: Int(h), premultipliedRGBA: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// The image in the file at `url`, or nil.
    public static func decode(contentsOf url: URL) -> CGImage? {
        guard let d = try? Data(contentsOf: url) else { return nil }
        return decode(data: d)
    }

    /// Decodes through `ffmpeg … -f image2pipe -c:v pam`, whose header carries the size.
    static func decodeWithFFmpeg(_ data: Data) -> CGImage? {
        guard
            let out = try? FFmpeg.run(
                "ffmpeg",
                ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", "-frames:v", "1", "-pix_fmt", "rgba",
                 "-f", "image2pipe", "-c:v", "pam", "pipe:1"], input: data)
        else { return nil }
        return parsePAM(out)
    }

    /// Parses a PAM (P7) RGB_ALPHA image of straight alpha into a premultiplied CGImage.
    static func parsePAM(_ d: Data) -> CGImage? {
        let bytes = [UInt8](d)
        let marker = Array("ENDHDR\n".utf8)
        var headerEnd = -1
        var i = 0
        while i + marker.count <= min(bytes.count, 512) {
            if Array(bytes[i..<(i + marker.count)]) == marker { headerEnd = i + marker.count; break }
            i += 1
        }
        guard headerEnd > 0 else { return nil }
        let header = String(decoding: bytes[0..<headerEnd], as: UTF8.self)
        var w = 0, h = 0, depth = 0
        for line in header.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            if parts[0] == "WIDTH" { w = Int(parts[1]) ?? 0 }
            if parts[0] == "HEIGHT" { h = Int(parts[1]) ?? 0 }
            if parts[0] == "DEPTH" { depth = Int(parts[1]) ?? 0 }
        }
        guard w > 0, h > 0, depth == 4, bytes.count >= headerEnd + w * h * 4 else { return nil }
        var px = Array(bytes[headerEnd..<(headerEnd + w * h * 4)])
        var k = 0
        while k < px.count {
            let a = Int(px[k + 3])
            if a < 255 {
                for c in 0..<3 { px[k + c] = UInt8((Int(px[k + c]) * a + 127) / 255) }
            }
            k += 4
        }
        return CGImage(width: w, height: h, premultipliedRGBA: px)
    }
}
