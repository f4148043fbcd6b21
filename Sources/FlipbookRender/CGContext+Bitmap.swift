import CCairo
import Foundation
import FlipbookGeometry
import FlipbookQuartz

#if !canImport(CoreGraphics)
// Core Graphics' bitmap contexts on Flipbook's recording `CGContext`: the context records as
// every context does, in Core Graphics' own space (one unit a pixel, origin at the bottom left,
// y up), and `makeImage()` or `flush()` replays what was recorded since the last one with cairo
// over the pixels drawn so far, into the context's buffer (docs/Divergences.md, "Bitmap contexts").
extension CGContext {
    /// The largest side Flipbook draws (cairo's limit).
    private static let maximumSide = 32767

    /// A bitmap context of `width` × `height` pixels, Core Graphics' initialiser: `data` nil
    /// gives the context a buffer of its own (cleared to zero), else it draws into the
    /// caller's `bytesPerRow × height` bytes; `bytesPerRow` 0 is computed. Supported: 8 bits a
    /// component, an RGB space with alpha premultiplied or skipped, first or last, in the
    /// default, big or little 32-bit order, and an 8-bit gray space without alpha. Anything
    /// else (a size that is not positive or too large, rows too short, another format) is
    /// reported and answers nil, as Core Graphics answers NULL.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        func refuse(_ why: String) {
            FlipbookDiagnostics.reportFromAnyContext(
                "CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:): \(why); no context is made (nil).",
                once: "CGContext.bitmap.\(why)")
        }
        guard width > 0, height > 0 else {
            refuse("size \(width) × \(height) pixels is not positive")
            return nil
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            refuse("size \(width) × \(height) pixels is larger than \(Self.maximumSide) on a side")
            return nil
        }
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let format: CGBitmapFormat
        switch CGBitmapFormat.make(bitsPerComponent: bitsPerComponent, components: space.numberOfComponents, bitmapInfo: info) {
        case .success(let f): format = f
        case .failure(let why):
            refuse("unsupported format: \(why.reason)")
            return nil
        }
        let minimumRow = width * format.bytesPerPixel
        let rowBytes = bytesPerRow == 0 ? minimumRow : bytesPerRow
        guard rowBytes >= minimumRow else {
            refuse("bytesPerRow \(bytesPerRow) is less than \(minimumRow), one row of \(width) pixels")
            return nil
        }
        let buffer: CGBitmapBuffer
        if let data {
            buffer = CGBitmapBuffer(bytes: data, owned: false)
        } else {
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            bytes.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
            buffer = CGBitmapBuffer(bytes: bytes, owned: true)
        }
        self.init(size: CGSize(width: width, height: height))
        bitmap = CGBitmapStorage(
            width: width, height: height, bytesPerRow: rowBytes, bitsPerComponent: bitsPerComponent, space: space,
            bitmapInfo: info, format: format, buffer: buffer)
        // Core Graphics' space: origin at the bottom left, y up.
        setInitialTransform(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
    }

    /// An image of a bitmap context's pixels with everything drawn so far (UIKit's image
    /// contexts answer too); nil for a context that is not a bitmap context (reported).
    public func makeImage() -> CGImage? {
        guard let bitmap else {
            if let imageOfRecording { return imageOfRecording() }
            FlipbookDiagnostics.reportFromAnyContext(
                "CGContext.makeImage(): the context is not a bitmap context; nil.", once: "CGContext.makeImage.notBitmap")
            return nil
        }
        drawPendingCommands(into: bitmap)
        return CGImage(width: bitmap.width, height: bitmap.height, premultipliedRGBA: Self.premultipliedRGBA(of: bitmap))
    }

    /// Draws what was recorded into a bitmap context's pixels (nothing for other contexts).
    public func flush() {
        guard let bitmap else { return }
        drawPendingCommands(into: bitmap)
    }

    private func drawPendingCommands(into bitmap: CGBitmapStorage) {
        let commands = takeCommands()
        guard !commands.isEmpty else { return }
        guard let surface = CairoBridge.makeSurface(width: bitmap.width, height: bitmap.height) else { return }
        defer { cairo_surface_destroy(surface) }
        let pixels = Self.premultipliedRGBA(of: bitmap)
        pixels.withUnsafeBufferPointer { p in
            if let base = p.baseAddress {
                CairoBridge.fill(surface: surface, premultipliedRGBA: base, width: bitmap.width, height: bitmap.height)
            }
        }
        guard let cr = cairo_create(surface) else { return }
        DrawingReplay.replay(commands, origin: .zero, cr: cr)
        cairo_destroy(cr)
        Self.store(CairoBridge.raster(from: surface).pixels, into: bitmap)
    }

    /// The bitmap's pixels as premultiplied RGBA, rows top to bottom.
    private static func premultipliedRGBA(of bitmap: CGBitmapStorage) -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = bitmap.buffer.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = src + y * bitmap.bytesPerRow
            for x in 0..<w {
                let o = (y * w + x) * 4
                switch bitmap.format.layout {
                case .gray:
                    let g = row[x]
                    out[o] = g; out[o + 1] = g; out[o + 2] = g; out[o + 3] = 255
                case .rgba(let r, let g, let b, let a, let hasAlpha):
                    let p = row + x * 4
                    out[o] = p[r]; out[o + 1] = p[g]; out[o + 2] = p[b]; out[o + 3] = hasAlpha ? p[a] : 255
                }
            }
        }
        return out
    }

    /// Writes premultiplied RGBA pixels into the bitmap in its format.
    private static func store(_ pixels: [UInt8], into bitmap: CGBitmapStorage) {
        let w = bitmap.width, h = bitmap.height
        let dst = bitmap.buffer.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = dst + y * bitmap.bytesPerRow
            for x in 0..<w {
                let o = (y * w + x) * 4
                switch bitmap.format.layout {
                case .gray:
                    // Rec. 709 luma of the colour over black.
                    let luma = 0.2126 * Double(pixels[o]) + 0.7152 * Double(pixels[o + 1]) + 0.0722 * Double(pixels[o + 2])
                    row[x] = UInt8(max(0, min(255, luma.rounded())))
                case .rgba(let r, let g, let b, let a, let hasAlpha):
                    let p = row + x * 4
                    p[r] = pixels[o]; p[g] = pixels[o + 1]; p[b] = pixels[o + 2]
                    p[a] = hasAlpha ? pixels[o + 3] : 255
                }
            }
        }
    }
}
#endif
