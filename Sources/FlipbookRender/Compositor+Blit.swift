import CFlipbookBlend
import Foundation

/// Whole-pixel translations (`Compositor.draw` blits them row by row): texels copied or blended
/// one to one, flat-colour cores without reading texels, translucent spans four pixels at a
/// time (CFlipbookBlend).
extension QuadJob {
    /// Integer offset when the map is a pure whole-pixel translation (then texels copy 1:1).
    var blitOffset: (dx: Int, dy: Int)? { Self.blitOffset(quad) }

    static func blitOffset(_ quad: QuadDraw) -> (dx: Int, dy: Int)? {
        let m = quad.toSource
        guard quad.clips.isEmpty, m.a == 1, m.b == 0, m.d == 0, m.e == 1, m.g == 0, m.h == 0, m.i == 1 else { return nil }
        if let w = quad.sourceWindow {
            // A window of whole texels only; a fractional one takes the sampled path.
            guard w.minX == w.minX.rounded(), w.minY == w.minY.rounded(), w.maxX == w.maxX.rounded(),
                  w.maxY == w.maxY.rounded()
            else { return nil }
        }
        let dx = m.c.rounded(), dy = m.f.rounded()
        guard abs(m.c - dx) < 1e-9, abs(m.f - dy) < 1e-9, abs(dx) < 1e9, abs(dy) < 1e9 else { return nil }
        return (Int(dx), Int(dy))
    }

    /// True when the quad paints every pixel of a `width` × `height` target with one opaque
    /// colour (a full-screen background): then nothing under it needs drawing.
    func coversOpaquely(width: Int, height: Int) -> Bool {
        guard quad.sourceWindow == nil, let (dx, dy) = blitOffset, dx == 0, dy == 0, Int(quad.opacity * 256 + 0.5) >= 256,
              let core, core.color >= 0xFF00_0000
        else { return false }
        return core.rects.contains { $0.x0 <= 0 && $0.y0 <= 0 && $0.x1 >= width && $0.y1 >= height }
    }

    /// Source-over of one row for a whole-pixel translation: texel (x + dx, y + dy) onto pixel
    /// (x, y). Where the row crosses the source's flat-colour core, the core's colour is stored or
    /// blended without reading texels (what blending them one by one would give).
    func blitRow(_ y: Int, dx: Int, dy: Int, columns: (Int, Int)) {
        let src = quad.source
        let sy = y + dy
        // Texels copied: the whole source, or its window (whole texels: see `blitOffset`).
        let wx0 = quad.sourceWindow.map { Int($0.minX) } ?? 0, wx1 = quad.sourceWindow.map { Int($0.maxX) } ?? src.width
        let wy0 = quad.sourceWindow.map { Int($0.minY) } ?? 0, wy1 = quad.sourceWindow.map { Int($0.maxY) } ?? src.height
        guard sy >= max(0, wy0), sy < min(src.height, wy1) else { return }
        let xa = max(0, wx0 - dx, -dx, columns.0), xb = min(dest.width, src.width - dx, wx1 - dx, columns.1)
        guard xa < xb else { return }
        let k = Int(quad.opacity * 256 + 0.5)
        guard k > 0 else { return }
        if let core, let r = core.rects.first(where: { $0.y0 <= sy && sy < $0.y1 && $0.x1 - dx > xa && $0.x0 - dx < xb }) {
            // Where the row crosses the source's flat-colour core, every texel is the core's
            // colour: it is scaled and blended once for the whole stretch, without reading texels.
            let fa = max(xa, r.x0 - dx), fb = min(xb, r.x1 - dx)
            blitSpan(y, sy, dx, xa, fa, k)
            let o = UnsafeMutableRawPointer(dest.data + y * dest.width * 4).assumingMemoryBound(to: UInt32.self)
            Self.overColor(core.color, k: k, o + fa, fb - fa)
            blitSpan(y, sy, dx, fb, xb, k)
        } else {
            blitSpan(y, sy, dx, xa, xb, k)
        }
    }

    /// The texel `color` at opacity `k` / 256 over `count` pixels from `o`: what blending that
    /// texel at each of them gives (a transparent texel leaves them alone, an opaque one at full
    /// opacity is stored).
    @inline(__always)
    static func overColor(_ color: UInt32, k: Int, _ o: UnsafeMutablePointer<UInt32>, _ count: Int) {
        guard count > 0, color >= 0x0100_0000 else { return }
        var c = color
        if k < 256 { c = Pixel.pack((Pixel.unpack(color) &* Int32(k) &+ 128) &>> 8) }
        if c >= 0xFF00_0000 {
            o.update(repeating: c, count: count)
        } else if c != 0 {
            flipbook_blend_over_color(o, count, c)
        }
    }

    /// Texels `xa..<xb` of source row `sy` (shifted by `dx`) over the same columns of row `y`.
    /// At full opacity, runs of opaque texels are copied and runs of transparent ones skipped;
    /// the rest, and every texel under a lower opacity, go through the span blend
    /// (`flipbook_blend_over_span`: `Pixel.over` four pixels at a time).
    private func blitSpan(_ y: Int, _ sy: Int, _ dx: Int, _ xa: Int, _ xb: Int, _ k: Int) {
        guard xa < xb, k > 0 else { return }
        let src = quad.source
        let s = UnsafeMutableRawPointer(src.data + (sy * src.width + dx) * 4).assumingMemoryBound(to: UInt32.self)
        let o = UnsafeMutableRawPointer(dest.data + y * dest.width * 4).assumingMemoryBound(to: UInt32.self)
        if k < 256 {
            flipbook_blend_over_span(o + xa, s + xa, xb - xa, Int32(k))
            return
        }
        var x = xa
        while x < xb {
            let w = s[x]
            if w < 0x0100_0000 { x += 1; continue }  // transparent texel
            var e = x + 1
            if w >= 0xFF00_0000 {
                // A run of opaque texels copies straight through.
                while e < xb && s[e] >= 0xFF00_0000 { e += 1 }
                (o + x).update(from: s + x, count: e - x)
            } else {
                // Translucent texels up to the next opaque one (transparent ones among them are
                // skipped by the span blend).
                while e < xb && s[e] < 0xFF00_0000 { e += 1 }
                flipbook_blend_over_span(o + x, s + x, e - x, 256)
            }
            x = e
        }
    }
}
