import Foundation

/// A mutable premultiplied RGBA8 pixel buffer, rows top to bottom, `width * 4` bytes per row.
///
/// The compositor's working surface and the content cache's bitmaps. A class so that large
/// buffers are never copied by accident.
// @unchecked: the compositor's worker threads write disjoint rows of one buffer (see `Compositor`), never the same bytes.
final class Raster: @unchecked Sendable {
    let width: Int
    let height: Int
    let data: UnsafeMutablePointer<UInt8>
    var byteCount: Int { width * height * 4 }
    /// The flat-colour core once `uniformCore` has looked for it (see there).
    private var coreState: CoreState = .unknown
    private enum CoreState { case unknown, none, found(UniformCore) }
    /// The rows of one colour once `uniformRows` has looked for them (see there).
    private var rowsState: UniformRows?
    /// False for a view of memory someone else owns (`init(viewing:width:height:)`).
    private let ownsData: Bool

    /// A transparent buffer; sizes below 1 become 1 so the pointer is always valid.
    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        data = .allocate(capacity: self.width * self.height * 4)
        data.initialize(repeating: 0, count: self.width * self.height * 4)
        ownsData = true
    }

    /// A view of `width × height × 4` bytes at `pointer`, owned by the caller, which keeps them
    /// alive while the view is used (the renderer draws a frame straight into the image's
    /// storage this way). The bytes are left as they are.
    init(viewing pointer: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        data = pointer
        ownsData = false
    }

    /// A buffer of one premultiplied colour (`word`: RGBA bytes read as a little-endian word),
    /// whose flat core, the whole buffer, is known without scanning.
    init(width: Int, height: Int, uniform word: UInt32) {
        self.width = max(1, width)
        self.height = max(1, height)
        let n = self.width * self.height
        data = .allocate(capacity: n * 4)
        ownsData = true
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt32.self, repeating: word.littleEndian, count: n)
        // What `UniformCore.find` gives for a bitmap of one colour: one rectangle, all of it.
        if self.width >= 2, self.height >= 2 {
            coreState = .found(UniformCore(color: word.littleEndian, rects: [PixelRect(x0: 0, y0: 0, x1: self.width, y1: self.height)]))
        }
        // And what `UniformRows.find` gives: every row of that colour.
        rowsState = UniformRows(allRowsOf: word.littleEndian, height: self.height)
    }

    /// A buffer whose bytes the caller writes, every one, before anyone reads them (a shadow's
    /// tint), given the flat core and uniform rows it will have: each a region where every texel
    /// is truly one colour (fewer than a scan would find is fine: the compositor's shortcuts
    /// give the bytes of its general path wherever they apply).
    init(width: Int, height: Int, uninitializedWithCore core: UniformCore?, rows: UniformRows) {
        self.width = max(1, width)
        self.height = max(1, height)
        data = .allocate(capacity: self.width * self.height * 4)
        ownsData = true
        coreState = core.map { .found($0) } ?? .none
        rowsState = rows
    }

    convenience init(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) {
        self.init(width: width, height: height)
        let n = min(pixels.count, byteCount)
        pixels.withUnsafeBufferPointer { src in
            if let base = src.baseAddress { data.update(from: base, count: n) }
        }
    }

    deinit { if ownsData { data.deallocate() } }

    func clear() { data.update(repeating: 0, count: byteCount) }

    /// Clears only the pixel rectangle `[x0, x1) × [y0, y1)` (clamped).
    func clear(x0: Int, y0: Int, x1: Int, y1: Int) {
        let xa = max(0, x0), xb = min(width, x1), ya = max(0, y0), yb = min(height, y1)
        guard xa < xb, ya < yb else { return }
        for y in ya..<yb { (data + (y * width + xa) * 4).update(repeating: 0, count: (xb - xa) * 4) }
    }

    /// Where this bitmap is one flat colour: found on first use by scanning (once per bitmap),
    /// so only for bitmaps that no longer change (content bitmaps). Call from one thread; workers
    /// read `knownUniformCore`.
    var uniformCore: UniformCore? {
        switch coreState {
        case .unknown:
            let core = UniformCore.find(in: self)
            coreState = core.map { .found($0) } ?? .none
            return core
        case .none: return nil
        case .found(let c): return c
        }
    }

    /// Which rows are one colour all along: found on first use by scanning (once per bitmap), so
    /// only for bitmaps that no longer change, like `uniformCore`. Call from one thread; workers
    /// read `knownUniformRows`.
    var uniformRows: UniformRows {
        if let r = rowsState { return r }
        let r = UniformRows.find(in: self)
        rowsState = r
        return r
    }

    /// The rows if `uniformRows` was already computed (never scans; safe for workers).
    var knownUniformRows: UniformRows? { rowsState }

    /// The core if `uniformCore` was already computed (never scans; safe for workers).
    var knownUniformCore: UniformCore? {
        if case .found(let c) = coreState { return c }
        return nil
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

/// Up to two texel rectangles of a bitmap in which every texel is the same premultiplied colour:
/// the "plus" shape of a rounded rectangle's flat middle (one wide band, one tall band). The
/// compositor fills pixels whose bilinear footprint lies inside without sampling.
struct UniformCore: Sendable, Equatable {
    /// The colour as a packed RGBA8 word (premultiplied).
    var color: UInt32
    /// Texel rectangles `[x0, x1) × [y0, y1)`, each at least 2 × 2.
    var rects: [PixelRect]

    /// Scans a bitmap: the colour at its centre, the widest run of it through the centre row
    /// grown up and down while whole rows of the run match, and the tallest run through the
    /// centre column grown left and right likewise.
    static func find(in r: Raster) -> UniformCore? {
        let w = r.width, h = r.height
        guard w >= 2, h >= 2 else { return nil }
        let px = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        @inline(__always) func t(_ x: Int, _ y: Int) -> UInt32 { px[y * w + x] }
        let cx = w / 2, cy = h / 2
        let c = t(cx, cy)
        func rowMatches(_ y: Int, _ x0: Int, _ x1: Int) -> Bool {
            for x in x0..<x1 where t(x, y) != c { return false }
            return true
        }
        var rects: [PixelRect] = []
        // The wide band.
        var l = cx, rr = cx + 1
        while l > 0 && t(l - 1, cy) == c { l -= 1 }
        while rr < w && t(rr, cy) == c { rr += 1 }
        var top = cy, bottom = cy + 1
        while top > 0 && rowMatches(top - 1, l, rr) { top -= 1 }
        while bottom < h && rowMatches(bottom, l, rr) { bottom += 1 }
        if rr - l >= 2 && bottom - top >= 2 { rects.append(PixelRect(x0: l, y0: top, x1: rr, y1: bottom)) }
        // The tall band.
        var t0 = cy, t1 = cy + 1
        while t0 > 0 && t(cx, t0 - 1) == c { t0 -= 1 }
        while t1 < h && t(cx, t1) == c { t1 += 1 }
        // Grown while whole columns of rows t0..<t1 match: the columns left (right) of the centre
        // reach as far as the shortest run of the colour in any of those rows, found a row at a
        // time (memory order; a column at a time strided through the whole bitmap).
        var left = 0, right = w
        for y in t0..<t1 {
            var a = cx
            while a > left && t(a - 1, y) == c { a -= 1 }
            left = a
            var b = cx + 1
            while b < right && t(b, y) == c { b += 1 }
            right = b
        }
        let tall = PixelRect(x0: left, y0: t0, x1: right, y1: t1)
        if right - left >= 2 && t1 - t0 >= 2 && !rects.contains(tall) { rects.append(tall) }
        return rects.isEmpty ? nil : UniformCore(color: c, rects: rects)
    }
}

/// The rows of a bitmap whose texels are all one colour (a vertical gradient's every row, a
/// text bitmap's empty rows): a bilinear sample whose two tap rows are such rows is the same
/// wherever along them it is taken, so the compositor computes it once per output row (see
/// `QuadJob.row`).
struct UniformRows: Sendable {
    /// Per row: its colour in the low 32 bits, bit 32 set when the row is uniform.
    private var words: [UInt64]
    /// Whether any row is uniform (none: the bitmap needs no per-row look-up).
    let any: Bool

    /// The colour of row y when every texel of it has that colour; nil otherwise or out of range.
    @inline(__always) func color(_ y: Int) -> UInt32? {
        guard y >= 0, y < words.count else { return nil }
        let w = words[y]
        return w >> 32 != 0 ? UInt32(truncatingIfNeeded: w) : nil
    }

    /// Every one of `height` rows of the colour `word`.
    init(allRowsOf word: UInt32, height: Int) {
        words = [UInt64](repeating: 1 << 32 | UInt64(word), count: height)
        any = height > 0
    }

    private init(words: [UInt64], any: Bool) {
        self.words = words
        self.any = any
    }

    /// Rows given as `find` would give them: per row its colour in the low 32 bits, bit 32 set
    /// when the row is uniform (a shadow's tint, from its levels).
    init(words: [UInt64]) {
        self.words = words
        any = words.contains { $0 >> 32 != 0 }
    }

    static func find(in r: Raster) -> UniformRows {
        let w = r.width
        let px = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        var words = [UInt64](repeating: 0, count: r.height)
        var any = false
        for y in 0..<r.height {
            let row = px + y * w
            let c = row[0]
            var x = 1
            while x < w && row[x] == c { x += 1 }
            if x == w {
                words[y] = 1 << 32 | UInt64(c)
                any = true
            }
        }
        return UniformRows(words: words, any: any)
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
