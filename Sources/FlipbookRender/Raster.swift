import Foundation

/// A mutable premultiplied RGBA8 pixel buffer, rows top to bottom, `width * 4` bytes per row.
///
/// The compositor's working surface and the content cache's bitmaps. A class so that large
/// buffers are never copied by accident; `@unchecked Sendable` because the compositor's worker
/// threads write disjoint rows of one buffer (see `Compositor`), never the same bytes.
final class Raster: @unchecked Sendable {
    let width: Int
    let height: Int
    let data: UnsafeMutablePointer<UInt8>
    var byteCount: Int { width * height * 4 }

    /// A transparent buffer; sizes below 1 become 1 so the pointer is always valid.
    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        data = .allocate(capacity: self.width * self.height * 4)
        data.initialize(repeating: 0, count: self.width * self.height * 4)
    }

    convenience init(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) {
        self.init(width: width, height: height)
        let n = min(pixels.count, byteCount)
        pixels.withUnsafeBufferPointer { src in
            if let base = src.baseAddress { data.update(from: base, count: n) }
        }
    }

    deinit { data.deallocate() }

    func clear() { data.update(repeating: 0, count: byteCount) }

    /// Clears only the pixel rectangle `[x0, x1) × [y0, y1)` (clamped).
    func clear(x0: Int, y0: Int, x1: Int, y1: Int) {
        let xa = max(0, x0), xb = min(width, x1), ya = max(0, y0), yb = min(height, y1)
        guard xa < xb, ya < yb else { return }
        for y in ya..<yb { (data + (y * width + xa) * 4).update(repeating: 0, count: (xb - xa) * 4) }
    }

    var pixels: [UInt8] { Array(UnsafeBufferPointer(start: data, count: byteCount)) }

    /// Fills the whole buffer with one premultiplied colour.
    func fill(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        for k in 0..<(width * height) {
            let p = data + k * 4
            p[0] = r; p[1] = g; p[2] = b; p[3] = a
        }
    }
}
