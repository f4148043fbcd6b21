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
        let word = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        UnsafeMutableRawPointer(data).withMemoryRebound(to: UInt32.self, capacity: width * height) {
            $0.update(repeating: word, count: width * height)
        }
    }
}

/// Full-frame scratch rasters kept between frames (a renderer's offscreen groups and masks), so a
/// frame allocates and zeroes no full-frame buffers. Every raster handed back must be transparent
/// again (callers clear what they drew).
final class RasterPool {
    private var free: [Raster] = []

    /// A transparent raster of this size (reused when one is free).
    func take(width: Int, height: Int) -> Raster {
        if let k = free.lastIndex(where: { $0.width == max(1, width) && $0.height == max(1, height) }) {
            return free.remove(at: k)
        }
        return Raster(width: width, height: height)
    }

    /// Hands a transparent raster back for reuse (at most a few are kept).
    func give(_ r: Raster) {
        if free.count < 8 { free.append(r) }
    }

    /// Drops rasters of other sizes than the current frame's.
    func keepOnly(width: Int, height: Int) {
        free.removeAll { $0.width != max(1, width) || $0.height != max(1, height) }
    }
}
