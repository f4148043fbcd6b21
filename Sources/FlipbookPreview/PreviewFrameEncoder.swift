import CFlipbookPreviewCodec
import Flipbook
import Foundation

/// How the frames a page sees while the scene moves (playing, or answering a touch) are sent.
/// Frames shown on their own (loaded, scrubbed to, stepped to, the end, a pause) are always the
/// exact PNG `flipbook render` writes. Chosen by measurement (docs/Preview.md, "Frame encoding").
public enum PreviewFrameEncoding: String, CaseIterable, Sendable {
    /// The measured choice: `rectsJPEG`.
    case auto
    /// Whole frames: raw RGBA rows, the exact PNG, or JPEG.
    case raw, png, jpeg
    /// Only the rectangles that changed since the frame sent before (raw, PNG or JPEG each).
    case rectsRaw = "rects-raw", rectsPNG = "rects-png", rectsJPEG = "rects-jpeg"

    /// What `auto` stands for.
    public static let measuredChoice: PreviewFrameEncoding = .rectsJPEG

    var resolved: PreviewFrameEncoding { self == .auto ? Self.measuredChoice : self }
}

/// One part of a frame on the wire: a rectangle of pixels and how its bytes are encoded.
public struct PreviewFramePart: Sendable, Equatable {
    public enum Format: String, Sendable, Codable { case png, jpeg, raw }
    public var x: Int, y: Int, width: Int, height: Int
    public var format: Format
    public var length: Int
}

/// A frame as sent: its parts (drawn in order over what the page shows) and their bytes.
public struct PreviewEncodedFrame: Sendable {
    /// png (the exact whole frame), raw, jpeg or rects.
    public var wireEncoding: PreviewWireEncoding
    /// `wireEncoding`'s name: "png", "raw", "jpeg" or "rects".
    public var encoding: String {
        get { wireEncoding.rawValue }
        set { if let e = PreviewWireEncoding(rawValue: newValue) { wireEncoding = e } }
    }
    public var parts: [PreviewFramePart]
    public var payload: [UInt8]
    /// Whether the page shows the server's pixels exactly once this frame is drawn.
    public var exact: Bool
    public var encodeMilliseconds: Double
}

/// Encodes one page's frames, remembering the last frame sent so the next can send only what
/// changed. Lossy parts (JPEG) leave the page inexact until the next exact frame, which the
/// session sends as soon as the scene stops moving (docs/Preview.md).
public struct PreviewFrameEncoder: Sendable {
    public var mode: PreviewFrameEncoding
    /// JPEG quality (1–100).
    public var jpegQuality: Int32 = 85
    /// At most this many changed rectangles per frame; more are merged into their bounding box.
    public static let maxRects = 8
    /// Changed rows further apart than this many unchanged rows start a new rectangle.
    public static let rowGap = 8
    /// When the changed rectangles cover more than this share of the frame, the whole frame is sent.
    public static let wholeFrameShare = 0.7
    /// The pixels of the last frame sent, and its size (nil: unknown, the next frame is whole).
    private var base: (width: Int, height: Int, pixels: [UInt8])?
    /// Whether the page's pixels equal `base` (no lossy part since the last exact frame).
    public private(set) var pageIsExact = false
    /// Times the encoding (`encodeMilliseconds`).
    var clock: any PreviewClock = PreviewSystemClock()

    public init(mode: PreviewFrameEncoding) {
        self.mode = mode
    }

    init(mode: PreviewFrameEncoding, clock: any PreviewClock) {
        self.mode = mode
        self.clock = clock
    }

    /// Forgets the last frame: the next one is sent whole (the page may not have drawn the last).
    public mutating func reset() {
        base = nil
        pageIsExact = false
    }

    /// The exact PNG of `frame` (its bytes, already encoded, as `flipbook render` writes them).
    public mutating func exact(_ frame: PreviewFrame) -> PreviewEncodedFrame {
        if let pixels = frame.pixels {
            base = (frame.width, frame.height, pixels)
        } else {
            base = nil  // from the cache: the pixels are not kept, so the next frame is whole
        }
        pageIsExact = true
        let part = PreviewFramePart(x: 0, y: 0, width: frame.width, height: frame.height, format: .png, length: frame.png.count)
        return PreviewEncodedFrame(wireEncoding: .png, parts: [part], payload: frame.png, exact: true, encodeMilliseconds: frame.encodeMilliseconds)
    }

    /// `frame` (with its pixels) in this encoder's mode; `delta`: whether the page is known to
    /// draw the previous frame before this one (otherwise the frame is sent whole).
    ///
    /// A frame drawn at half scale (smaller than its canvas, for a page that shows the frame
    /// small) is encoded as it is, and its parts are placed on the canvas at twice their
    /// position and size, to be stretched there.
    public mutating func motion(_ frame: PreviewFrame, delta: Bool = true) -> PreviewEncodedFrame {
        guard let pixels = frame.pixels else { return exact(frame) }
        let started = clock.now
        let w = frame.width, h = frame.height
        let mode = self.mode.resolved
        var encoded: PreviewEncodedFrame
        switch mode {
        case .rectsRaw, .rectsPNG, .rectsJPEG:
            let format: PreviewFramePart.Format = mode == .rectsRaw ? .raw : mode == .rectsPNG ? .png : .jpeg
            if delta, let base, base.width == w, base.height == h,
                let rects = Self.changedRects(from: base.pixels, to: pixels, width: w, height: h)
            {
                encoded = encode(pixels, width: w, rects: rects, format: format)
                encoded.wireEncoding = .rects
                if format == .jpeg && !rects.isEmpty { pageIsExact = false }
                encoded.exact = pageIsExact
            } else {
                encoded = encode(pixels, width: w, rects: [(0, 0, w, h)], format: format)
                encoded.wireEncoding = format.wholeFrame
                pageIsExact = format != .jpeg
                encoded.exact = pageIsExact
            }
        default:
            let format: PreviewFramePart.Format = mode == .raw ? .raw : mode == .png ? .png : .jpeg
            encoded = encode(pixels, width: w, rects: [(0, 0, w, h)], format: format)
            encoded.wireEncoding = format.wholeFrame
            pageIsExact = format != .jpeg
            encoded.exact = pageIsExact
        }
        base = (w, h, pixels)
        if let cw = frame.canvasWidth, let ch = frame.canvasHeight, cw != w || ch != h {
            // Drawn at half scale: the parts are stretched over twice their size on the canvas.
            encoded.parts = encoded.parts.map { p in
                var q = p
                q.x = min(cw, p.x * 2); q.y = min(ch, p.y * 2)
                q.width = min(cw - q.x, p.width * 2); q.height = min(ch - q.y, p.height * 2)
                return q
            }
            pageIsExact = pageIsExact && encoded.parts.isEmpty
            encoded.exact = pageIsExact
        }
        encoded.encodeMilliseconds = PreviewEngine.ms(clock.now - started)
        return encoded
    }

    typealias Rect = (x: Int, y: Int, w: Int, h: Int)

    /// The rectangles of `current` that differ from `previous` (empty when nothing changed), or
    /// nil when they cover most of the frame (send it whole).
    static func changedRects(from previous: [UInt8], to current: [UInt8], width: Int, height: Int) -> [Rect]? {
        guard previous.count == width * height * 4, current.count == previous.count else { return nil }
        var lo = [Int32](repeating: -1, count: height)
        var hi = [Int32](repeating: -1, count: height)
        let changed = previous.withUnsafeBufferPointer { a in
            current.withUnsafeBufferPointer { b in
                flipbook_preview_changed_rows(a.baseAddress, b.baseAddress, width, height, &lo, &hi)
            }
        }
        if changed == 0 { return [] }
        var rects: [Rect] = []
        var run: (y0: Int, y1: Int, lo: Int, hi: Int)?
        func close() {
            if let r = run { rects.append((r.lo, r.y0, r.hi - r.lo + 1, r.y1 - r.y0 + 1)) }
            run = nil
        }
        for y in 0..<height where lo[y] >= 0 {
            let l = Int(lo[y]), r = Int(hi[y])
            if var open = run, y - open.y1 <= rowGap + 1 {
                open.y1 = y
                open.lo = min(open.lo, l)
                open.hi = max(open.hi, r)
                run = open
            } else {
                close()
                run = (y, y, l, r)
            }
        }
        close()
        if rects.count > maxRects {
            let x0 = rects.map(\.x).min()!, y0 = rects[0].y
            let x1 = rects.map { $0.x + $0.w }.max()!, y1 = rects[rects.count - 1].y + rects[rects.count - 1].h
            rects = [(x0, y0, x1 - x0, y1 - y0)]
        }
        let area = rects.reduce(0) { $0 + $1.w * $1.h }
        return Double(area) > wholeFrameShare * Double(width * height) ? nil : rects
    }

    private func encode(_ pixels: [UInt8], width: Int, rects: [Rect], format: PreviewFramePart.Format) -> PreviewEncodedFrame {
        var parts: [PreviewFramePart] = []
        var payload: [UInt8] = []
        let stride = width * 4
        pixels.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress else { return }
            for r in rects {
                let bytes: [UInt8]
                var f = format
                switch format {
                case .jpeg:
                    var length = 0
                    if let out = flipbook_preview_jpeg(base, stride, r.x, r.y, r.w, r.h, jpegQuality, &length) {
                        bytes = [UInt8](UnsafeBufferPointer(start: out, count: length))
                        free(out)
                    } else {
                        bytes = Self.copy(base, stride: stride, r)  // libjpeg failed: raw pixels
                        f = .raw
                    }
                case .png:
                    if r.w == width && r.x == 0 {
                        bytes = [UInt8](PNGEncoder.encode(premultipliedRGBA: base + r.y * stride, width: r.w, height: r.h))
                    } else {
                        let sub = Self.copy(base, stride: stride, r)
                        bytes = sub.withUnsafeBufferPointer { [UInt8](PNGEncoder.encode(premultipliedRGBA: $0.baseAddress!, width: r.w, height: r.h)) }
                    }
                case .raw:
                    // The whole frame is the pixels themselves (no copy).
                    bytes = r.w == width && r.h * stride == pixels.count ? pixels : Self.copy(base, stride: stride, r)
                }
                parts.append(PreviewFramePart(x: r.x, y: r.y, width: r.w, height: r.h, format: f, length: bytes.count))
                if rects.count == 1 { payload = bytes } else { payload += bytes }
            }
        }
        return PreviewEncodedFrame(wireEncoding: format.wholeFrame, parts: parts, payload: payload, exact: false, encodeMilliseconds: 0)
    }

    private static func copy(_ base: UnsafePointer<UInt8>, stride: Int, _ r: Rect) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: r.w * r.h * 4) { out, count in
            flipbook_preview_copy_rect(base, stride, r.x, r.y, r.w, r.h, out.baseAddress)
            count = r.w * r.h * 4
        }
    }
}

extension PreviewFramePart.Format {
    /// A whole frame sent as one part in this format.
    var wholeFrame: PreviewWireEncoding {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .raw: .raw
        }
    }
}
