import CFlipbookBlend
import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The span blends (`flipbook_blend_over_color`, `flipbook_blend_over_span`: four pixels at a
/// time) and the whole-pixel blit that uses them give exactly the bytes of `Pixel.over` taken
/// one pixel at a time.
@Suite struct CompositorBlendTests {
    typealias Generator = CompositorShortcutTests.Generator

    /// A texel for the tests: transparent (sometimes with colour bytes left in it), opaque,
    /// translucent, or any four bytes.
    static func texel(_ g: inout Generator) -> UInt32 {
        let kind = Int(g.next() * 5), bytes = UInt32(truncatingIfNeeded: Int(g.next() * Double(1 << 32)))
        switch kind {
        case 0: return g.next() < 0.5 ? 0 : bytes & 0x00FF_FFFF
        case 1: return 0xFF00_0000 | bytes
        case 2:
            let a = UInt32(1 + Int(g.next() * 254))
            let c = { (v: UInt32) in v % (a + 1) }
            return a << 24 | c(bytes & 0xFF) | c((bytes >> 8) & 0xFF) << 8 | c((bytes >> 16) & 0xFF) << 16
        default: return bytes
        }
    }

    /// What the compositor does with one texel at opacity `k` / 256 over one pixel.
    static func reference(_ w: UInt32, k: Int, over d: UInt32) -> UInt32 {
        guard w >= 0x0100_0000 else { return d }
        var p = Pixel.unpack(w)
        if k < 256 { p = (p &* Int32(k) &+ 128) &>> 8 }
        return Pixel.over(p, Pixel.unpack(d))
    }

    @Test func spanBlendIsPixelOverBitForBit() {
        var g = Generator(state: 7)
        var blended = 0
        for round in 0..<600 {
            let count = round % 23, offset = Int(g.next() * 3)
            let k = [0, 1, 77, 128, 255, 256][round % 6]
            let src = (0..<(count + offset)).map { _ in Self.texel(&g) }
            let dst = (0..<(count + offset)).map { _ in Self.texel(&g) }
            // Runs of equal texels too, as flat layers give.
            let source = round % 4 == 3 ? [UInt32](repeating: src.first ?? 0, count: src.count) : src
            let expected = dst.indices.map { $0 < offset ? dst[$0] : Self.reference(source[$0], k: k, over: dst[$0]) }
            var fast = dst, plain = dst
            fast.withUnsafeMutableBufferPointer { d in
                source.withUnsafeBufferPointer { s in flipbook_blend_over_span(d.baseAddress! + offset, s.baseAddress! + offset, count, Int32(k)) }
            }
            plain.withUnsafeMutableBufferPointer { d in
                source.withUnsafeBufferPointer { s in
                    flipbook_blend_over_span_portable(d.baseAddress! + offset, s.baseAddress! + offset, count, Int32(k))
                }
            }
            #expect(fast == expected, "span of \(count) at opacity \(k)")
            #expect(plain == expected, "portable span of \(count) at opacity \(k)")
            if expected != dst { blended += 1 }
        }
        #expect(blended > 300)
    }

    @Test func colourBlendIsPixelOverBitForBit() {
        var g = Generator(state: 11)
        for round in 0..<400 {
            let count = round % 19
            // The colour as callers pass it: already scaled, neither transparent nor opaque.
            var color = Self.texel(&g)
            if color >= 0xFF00_0000 { color &= 0xFEFF_FFFF }
            let dst = (0..<count).map { _ in Self.texel(&g) }
            let expected = dst.map { Pixel.over(Pixel.unpack(color), Pixel.unpack($0)) }
            var fast = dst, plain = dst
            fast.withUnsafeMutableBufferPointer { flipbook_blend_over_color($0.baseAddress!, count, color) }
            plain.withUnsafeMutableBufferPointer { flipbook_blend_over_color_portable($0.baseAddress!, count, color) }
            #expect(fast == expected)
            #expect(plain == expected)
        }
    }

    @Test func blendsAreVectorisedOnX86() {
        #if arch(x86_64)
        #expect(flipbook_blend_is_vectorised() == 1)
        #endif
    }

    /// Sources for whole-pixel blits: a translucent card with a flat middle, an opaque card, a
    /// ring with a transparent middle, and texels of every kind.
    static func blitSource(_ kind: Int, _ g: inout Generator) -> Raster {
        let w = 80, h = 60  // big enough for the compositor to look for a flat core
        let r = Raster(width: w, height: h)
        let words = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            for x in 0..<w {
                let edge = x < 3 || x >= w - 3 || y < 3 || y >= h - 3
                switch kind {
                case 0: words[y * w + x] = edge ? 0x4010_2030 : 0x8020_4060
                case 1: words[y * w + x] = edge ? 0x8040_2010 : 0xFF30_80E0
                case 2: words[y * w + x] = edge ? 0xC0C0_C0C0 : 0
                default: words[y * w + x] = texel(&g)
                }
            }
        }
        return r
    }

    @Test func wholePixelBlitsGiveTheBytesOfPixelOver() {
        var g = Generator(state: 5)
        let size = 128
        for round in 0..<80 {
            let src = Self.blitSource(round % 4, &g)
            let dx = Int(g.range(-40, 90)), dy = Int(g.range(-30, 100))
            let opacity = [1.0, 0.5, 0.9, 0.02][round % 4]
            let corners = [(0.0, 0.0), (80.0, 0.0), (80.0, 60.0), (0.0, 60.0)].map {
                HPoint(x: $0.0 + Double(dx), y: $0.1 + Double(dy), w: 1)
            }
            let toSource = Homography(a: 1, b: 0, c: Double(-dx), d: 0, e: 1, f: Double(-dy), g: 0, h: 0, i: 1)
            let q = QuadDraw(source: src, toSource: toSource, polygon: PolygonClip.clipAndProject(corners), opacity: opacity, clips: [])
            #expect(QuadJob.blitOffset(q) != nil)
            Compositor.prepare(q)
            if round % 4 < 2 { #expect(src.knownUniformCore != nil) }  // the core's own path is taken
            let dest = CompositorShortcutTests.destination(size), reference = CompositorShortcutTests.destination(size)
            Compositor.draw(q, into: dest, share: .all)
            let k = Int(opacity * 256 + 0.5)
            let s = UnsafeMutableRawPointer(src.data).assumingMemoryBound(to: UInt32.self)
            let o = UnsafeMutableRawPointer(reference.data).assumingMemoryBound(to: UInt32.self)
            for y in 0..<size {
                for x in 0..<size {
                    let tx = x - dx, sy = y - dy
                    guard tx >= 0, tx < src.width, sy >= 0, sy < src.height else { continue }
                    o[y * size + x] = Self.reference(s[sy * src.width + tx], k: k, over: o[y * size + x])
                }
            }
            #expect(dest.pixels == reference.pixels, "source \(round % 4) at (\(dx), \(dy)), opacity \(opacity)")
        }
    }

    /// A group composited over its parent gives what the one-pixel loop gave: lanes scaled by
    /// the opacity, then each destination lane × (255 − a) divided by 255 and rounded.
    @Test func groupCompositeIsTheOnePixelLoop() {
        var g = Generator(state: 23)
        for round in 0..<40 {
            let w = 37, h = 9
            let group = Raster(width: w, height: h), dest = Raster(width: w, height: h), reference = Raster(width: w, height: h)
            let gs = UnsafeMutableRawPointer(group.data).assumingMemoryBound(to: UInt32.self)
            let ds = UnsafeMutableRawPointer(dest.data).assumingMemoryBound(to: UInt32.self)
            let rs = UnsafeMutableRawPointer(reference.data).assumingMemoryBound(to: UInt32.self)
            for i in 0..<(w * h) {
                var t = Self.texel(&g)
                if t >> 24 == 0 && round % 2 == 0 { t = 0 }  // valid premultiplied in half the rounds
                gs[i] = t
                ds[i] = Self.texel(&g); rs[i] = ds[i]
            }
            let opacity = [1.0, 0.5, 0.3, 0.999, 2, .nan, 0][round % 7]
            let rect = PixelRect(x0: Int(g.range(-3, 10)), y0: Int(g.range(-2, 3)), x1: Int(g.range(20, 45)), y1: Int(g.range(5, 12)))
            GroupBlend.composite(group, over: dest, opacity: opacity, in: rect)
            // The loop this replaced, byte by byte.
            let k = opacity > 0 ? Int((min(opacity, 1) * 256).rounded()) : 0
            if k > 0 {
                for y in max(0, rect.y0)..<min(h, rect.y1) {
                    for x in max(0, rect.x0)..<min(w, rect.x1) {
                        let s = gs[y * w + x], d = rs[y * w + x]
                        var sa = Int(s >> 24)
                        if sa == 0 { continue }
                        var c = (Int(s & 0xFF), Int((s >> 8) & 0xFF), Int((s >> 16) & 0xFF))
                        if k < 256 {
                            sa = (sa * k + 128) >> 8
                            c = ((c.0 * k + 128) >> 8, (c.1 * k + 128) >> 8, (c.2 * k + 128) >> 8)
                        }
                        let ia = 255 - sa
                        func lane(_ v: Int, _ shift: UInt32) -> UInt32 {
                            UInt32(min(255, v + (Int((d >> shift) & 0xFF) * ia + 127) / 255)) << shift
                        }
                        rs[y * w + x] = lane(c.0, 0) | lane(c.1, 8) | lane(c.2, 16) | lane(sa, 24)
                    }
                }
            }
            #expect(dest.pixels == reference.pixels, "opacity \(opacity), rect \(rect)")
        }
    }
}
