import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The compositor's shortcuts (interior runs without coverage tests, flat-colour fills, row
/// shares on several workers) must give exactly the bytes of the plain per-pixel path.
@Suite(.freshRuntime) struct CompositorShortcutTests {
    /// A small deterministic generator (64-bit LCG), so every run draws the same cases.
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
    }

    /// Sources: a flat rounded card, a translucent flat card, a ring with a transparent middle,
    /// and a gradient with no flat part.
    static func source(_ kind: Int) -> Raster {
        let w = 48, h = 36
        let r = Raster(width: w, height: h)
        let words = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            for x in 0..<w {
                let corner = (x < 6 || x >= w - 6) && (y < 6 || y >= h - 6)
                let edge = x < 4 || x >= w - 4 || y < 4 || y >= h - 4
                let word: UInt32
                switch kind {
                case 0: word = corner ? 0x8040_2010 : 0xFF30_80E0
                case 1: word = corner ? 0 : 0x9918_4060
                case 2: word = edge ? 0xFFFF_FFFF : 0
                default: word = 0xFF00_0000 | UInt32(x * 5) | UInt32(y * 7) << 8 | UInt32((x + y) * 3) << 16
                }
                words[y * w + x] = word
            }
        }
        return r
    }

    /// A random placement: scale, rotation in 3D and perspective, about the output's middle.
    static func placement(_ g: inout Generator, source: Raster, size: Int) -> Homography {
        var m = CATransform3DMakeTranslation(-CGFloat(source.width) / 2, -CGFloat(source.height) / 2, 0)
        let s = CGFloat(g.range(0.6, 3.5))
        m = CATransform3DConcat(m, CATransform3DMakeScale(s, s * CGFloat(g.range(0.7, 1.4)), 1))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(g.range(-3.2, 3.2)), 0, 0, 1))
        if g.next() < 0.7 {
            m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(g.range(-1.5, 1.5)), CGFloat(g.next()), CGFloat(g.next()), 0))
            var p = CATransform3DIdentity
            p.m34 = -1 / CGFloat(g.range(60, 400))
            m = CATransform3DConcat(m, p)
        }
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(size) / 2 + CGFloat(g.range(-20, 20)), CGFloat(size) / 2, 0))
        return Homography(planeOf: LayerGeometry.flatten(m))
    }

    static func quad(_ g: inout Generator, size: Int) -> QuadDraw? {
        let src = source(Int(g.next() * 4))
        let forward = placement(&g, source: src, size: size)
        guard let inverse = forward.inverse else { return nil }
        let w = Double(src.width), h = Double(src.height)
        let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map { c -> HPoint in
            let p = forward.apply(c.0, c.1)
            return HPoint(x: p.x, y: p.y, w: p.w)
        }
        var clips: [ClipShape] = []
        for _ in 0..<Int(g.next() * 3) {
            let c = CGRect(x: g.range(0, 40), y: g.range(0, 40), width: g.range(20, 90), height: g.range(20, 90))
            let shape = RoundedRectShape(
                rect: c, cornerRadius: CGFloat(g.range(0, 25)), maskedCorners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner, .layerMaxXMinYCorner],
                curve: g.next() < 0.5 ? .circular : .continuous)
            let toShape = placement(&g, source: Raster(width: 96, height: 96), size: size).inverse ?? .identity
            clips.append(ClipShape(toShape: toShape, shape: shape))
        }
        let opacity = g.next() < 0.5 ? 1 : g.range(0.05, 1)
        return QuadDraw(source: src, toSource: inverse, polygon: PolygonClip.clipAndProject(corners), opacity: opacity, clips: clips)
    }

    /// A destination with a pattern under the quad, so blending shows.
    static func destination(_ size: Int) -> Raster {
        let d = Raster(width: size, height: size)
        let words = UnsafeMutableRawPointer(d.data).assumingMemoryBound(to: UInt32.self)
        for k in 0..<(size * size) { words[k] = (k / 7) % 3 == 0 ? 0 : (k % 2 == 0 ? 0xFF20_3040 : 0x8010_1010) }
        return d
    }

    /// Draws `q` three ways (the per-pixel reference, with shortcuts, and with shortcuts on
    /// `shares` row shares), expects the same bytes, and says whether the reference drew anything.
    static func drawsLikeThePerPixelPath(_ q: QuadDraw, size: Int, shares: Int = 2, _ label: String = "") -> Bool {
        let reference = destination(size), fast = destination(size), shared = destination(size)
        Compositor.draw(q, into: reference, share: .all, shortcuts: false)
        Compositor.draw(q, into: fast, share: .all)
        for share in RowShare.split(shares) { Compositor.draw(q, into: shared, share: share) }
        #expect(fast.pixels == reference.pixels, "\(label)")
        #expect(shared.pixels == reference.pixels, "\(label)")
        return reference.pixels != destination(size).pixels
    }

    @Test func shortcutsGiveTheBytesOfThePerPixelPath() {
        var g = Generator(state: 42)
        let size = 120
        var drawn = 0
        for _ in 0..<160 {
            guard let q = Self.quad(&g, size: size) else { continue }
            Compositor.prepare(q)
            if Self.drawsLikeThePerPixelPath(q, size: size, shares: 3) { drawn += 1 }
        }
        #expect(drawn > 100)  // most cases really draw something
    }

    /// A random placement without perspective: scale (sometimes mirrored), a rotation about the
    /// screen's normal (none half the time, as in a scroll or a zoom) and a fractional translation.
    static func affinePlacement(_ g: inout Generator, source: Raster, size: Int) -> Homography {
        var m = CATransform3DMakeTranslation(-CGFloat(source.width) / 2, -CGFloat(source.height) / 2, 0)
        let s = CGFloat(g.range(0.4, 3.5)) * (g.next() < 0.2 ? -1 : 1)
        m = CATransform3DConcat(m, CATransform3DMakeScale(s, abs(s) * CGFloat(g.range(0.7, 1.4)), 1))
        if g.next() < 0.5 { m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(g.range(-3.2, 3.2)), 0, 0, 1)) }
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(
            CGFloat(size) / 2 + CGFloat(g.range(-30, 30)), CGFloat(size) / 2 + CGFloat(g.range(-30, 30)), 0))
        return Homography(planeOf: LayerGeometry.flatten(m))
    }

    /// Affine quads under affine clips (the covers of a scrolling or zooming grid: each clipped
    /// by its cell and by the collection view) take exact edge and clip bands and skip clips
    /// that cover a pixel fully: the bytes are still those of the per-pixel path, with quad
    /// edges and clip outlines crossing at every angle, scale and fraction of a pixel.
    @Test func affineQuadsUnderAffineClipsGiveTheBytesOfThePerPixelPath() {
        var g = Generator(state: 2028)
        let size = 120
        var drawn = 0, clipped = 0
        for _ in 0..<240 {
            let src = g.next() < 0.5 ? Self.source(Int(g.next() * 4)) : Self.rowSource(Int(g.next() * 3), &g)
            let forward = Self.affinePlacement(&g, source: src, size: size)
            guard let inverse = forward.inverse else { continue }
            let w = Double(src.width), h = Double(src.height)
            let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map { c -> HPoint in
                let p = forward.apply(c.0, c.1)
                return HPoint(x: p.x, y: p.y, w: p.w)
            }
            var clips: [ClipShape] = []
            for _ in 0..<Int(g.next() * 5) {
                let c = CGRect(x: g.range(0, 40), y: g.range(0, 40), width: g.range(10, 90), height: g.range(10, 90))
                let shape = RoundedRectShape(
                    rect: c, cornerRadius: g.next() < 0.5 ? 0 : CGFloat(g.range(0, 25)),
                    maskedCorners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner],
                    curve: g.next() < 0.5 ? .circular : .continuous)
                // Often the quad's own outline (a cover clipped to its own bounds), else anywhere.
                let toShape = g.next() < 0.4 ? inverse : (Self.affinePlacement(&g, source: Raster(width: 96, height: 96), size: size).inverse ?? .identity)
                clips.append(ClipShape(toShape: toShape, shape: shape))
            }
            let opacity = g.next() < 0.5 ? 1 : g.range(0.05, 1)
            let q = QuadDraw(source: src, toSource: inverse, polygon: PolygonClip.clipAndProject(corners), opacity: opacity, clips: clips)
            Compositor.prepare(q)
            if Self.drawsLikeThePerPixelPath(q, size: size) {
                drawn += 1
                if !clips.isEmpty { clipped += 1 }
            }
        }
        #expect(drawn > 150)
        #expect(clipped > 80)
    }

    /// Sources with rows of one colour: a vertical gradient (every row), a translucent vertical
    /// gradient, and "text": stray texels on some rows, empty rows between them.
    static func rowSource(_ kind: Int, _ g: inout Generator) -> Raster {
        let w = 40 + Int(g.next() * 40), h = 30 + Int(g.next() * 40)
        let r = Raster(width: w, height: h)
        let words = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            for x in 0..<w {
                let word: UInt32
                switch kind {
                case 0: word = 0xFF00_0000 | UInt32(y * 3) | UInt32(255 - y * 2) << 8 | 0x40 << 16
                case 1: let a = UInt32(y * 255 / h); word = a << 24 | (a / 2) | (a / 3) << 8
                default: word = (y % 5 == 2 && (x * 7 + y) % 3 == 0) ? 0xC060_3010 : 0
                }
                words[y * w + x] = word
            }
        }
        return r
    }

    /// The constant-row shortcut (an affine map without rotation over rows of one colour each)
    /// gives the bytes of the per-pixel path: fractional translations as a scroll makes them,
    /// scales as a zoom makes them, mirrored, faded and clipped, on one and several workers.
    @Test func constantRowsGiveTheBytesOfThePerPixelPath() {
        var g = Generator(state: 7)
        let size = 120
        var drawn = 0, constant = 0
        for n in 0..<240 {
            let src = Self.rowSource(n % 3, &g)
            let sx = n % 4 == 0 ? 1 : g.range(0.5, 3), sy = n % 4 == 0 ? 1 : g.range(0.5, 3) * (g.next() < 0.2 ? -1 : 1)
            var m = CATransform3DMakeScale(CGFloat(sx), CGFloat(sy), 1)
            if n % 7 == 3 { m = CATransform3DConcat(m, CATransform3DMakeRotation(0.3, 0, 0, 1)) }  // not taken: v varies along a row
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(g.range(-30, 70)), CGFloat(g.range(-30, 70)), 0))
            let forward = Homography(planeOf: m)
            guard let inverse = forward.inverse else { continue }
            let w = Double(src.width), h = Double(src.height)
            let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map { c -> HPoint in
                let p = forward.apply(c.0, c.1)
                return HPoint(x: p.x, y: p.y, w: p.w)
            }
            var clips: [ClipShape] = []
            if g.next() < 0.4 {
                let c = CGRect(x: g.range(0, 40), y: g.range(0, 40), width: g.range(30, 90), height: g.range(30, 90))
                clips.append(ClipShape(toShape: .identity, shape: RoundedRectShape(
                    rect: c, cornerRadius: CGFloat(g.range(0, 12)), maskedCorners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner], curve: .circular)))
            }
            let opacity = g.next() < 0.5 ? 1 : g.range(0.05, 1)
            let q = QuadDraw(source: src, toSource: inverse, polygon: PolygonClip.clipAndProject(corners), opacity: opacity, clips: clips)
            Compositor.prepare(q)
            _ = src.uniformRows  // small quads skip the scan in `prepare`; these always look
            if src.uniformRows.any && inverse.d == 0 { constant += 1 }
            if Self.drawsLikeThePerPixelPath(q, size: size, "case \(n)") { drawn += 1 }
        }
        #expect(drawn > 150)
        #expect(constant > 150)
    }

    /// The interior search with its row-independent parts kept per quad (`RowInvariants`: scale
    /// and translation, the covers of a scroll or a zoom, under clips of the same kind) finds
    /// on every row the interval, per-clip full ranges and clip reach the whole search finds:
    /// mirrored, fractional, clips on the quad's own outline or elsewhere, rounded or square,
    /// and (not taken) rotated quads and clips. Fails if a row constraint is kept.
    @Test func keptRowInvariantsGiveTheWholeSearch() {
        var g = Generator(state: 2031)
        let size = 120
        var kept = 0, reached = 0, rows = 0, inside = 0, narrowed = 0
        func placement(_ w: Int, _ h: Int, rotated: Bool) -> Homography {
            var m = CATransform3DMakeTranslation(-CGFloat(w) / 2, -CGFloat(h) / 2, 0)
            let s = CGFloat(g.range(0.4, 3.5)) * (g.next() < 0.2 ? -1 : 1)
            m = CATransform3DConcat(m, CATransform3DMakeScale(s, abs(s) * CGFloat(g.range(0.7, 1.4)) * (g.next() < 0.1 ? -1 : 1), 1))
            if rotated { m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(g.range(-3.2, 3.2)), 0, 0, 1)) }
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(
                CGFloat(size) / 2 + CGFloat(g.range(-30, 30)), CGFloat(size) / 2 + CGFloat(g.range(-30, 30)), 0))
            return Homography(planeOf: LayerGeometry.flatten(m))
        }
        for n in 0..<400 {
            let src = g.next() < 0.5 ? Self.source(Int(g.next() * 4)) : Self.rowSource(Int(g.next() * 3), &g)
            let forward = placement(src.width, src.height, rotated: n % 10 == 9)
            guard let inverse = forward.inverse else { continue }
            let w = Double(src.width), h = Double(src.height)
            let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map { c -> HPoint in
                let p = forward.apply(c.0, c.1)
                return HPoint(x: p.x, y: p.y, w: p.w)
            }
            var clips: [ClipShape] = []
            for _ in 0..<Int(g.next() * 6) {
                let c = CGRect(x: g.range(-10, 40), y: g.range(-10, 40), width: g.range(4, 90), height: g.range(4, 90))
                let shape = RoundedRectShape(
                    rect: c, cornerRadius: g.next() < 0.4 ? 0 : CGFloat(g.range(0, 30)),
                    maskedCorners: g.next() < 0.7 ? [.layerMinXMinYCorner, .layerMaxXMaxYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner]
                        : [.layerMinXMinYCorner, .layerMaxXMaxYCorner],
                    curve: g.next() < 0.5 ? .circular : .continuous)
                let toShape = g.next() < 0.4 ? inverse : (placement(96, 96, rotated: g.next() < 0.1).inverse ?? .identity)
                clips.append(ClipShape(toShape: toShape, shape: shape))
            }
            let q = QuadDraw(source: src, toSource: inverse, polygon: PolygonClip.clipAndProject(corners), opacity: 1, clips: clips)
            let dest = Self.destination(size)
            let fast = QuadJob(quad: q, dest: dest), whole = QuadJob(quad: q, dest: dest, rowInvariants: false)
            #expect(whole.invariants == nil)
            guard let invariants = fast.invariants, let affine = fast.affine,
                  let sp = Compositor.spans(of: q.polygon, width: size, height: size)
            else { continue }
            kept += 1
            if invariants.reach != nil { reached += 1 }
            for (k, s) in sp.xs.enumerated() where s.0 < s.1 {
                let py = Double(sp.y0 + k) + 0.5
                let a = fast.interior(py, s.0, s.1, bandU: affine.bands.0, bandV: affine.bands.1)
                let b = whole.interior(py, s.0, s.1, bandU: affine.bands.0, bandV: affine.bands.1)
                #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2, "case \(n) row \(sp.y0 + k)")
                let columns = (s.0 + Int(g.next() * 4), s.1 - Int(g.next() * 4))
                let ra = fast.clipReach(py, s.0, s.1, columns), rb = whole.clipReach(py, s.0, s.1, columns)
                #expect(ra == rb, "case \(n) row \(sp.y0 + k)")
                let qa = fast.quadReach(py, s.0, s.1, columns), qb = whole.quadReach(py, s.0, s.1, columns)
                #expect(qa == qb, "case \(n) row \(sp.y0 + k)")
                if qa.1 - qa.0 < columns.1 - columns.0 { narrowed += 1 }
                rows += 1
                if a.0 < a.1 { inside += 1 }
            }
        }
        #expect(kept > 250)
        #expect(reached > 200)
        #expect(rows > 10_000)
        #expect(inside > 2_000)  // many rows really have an interior
        #expect(narrowed > 2_000)  // and the quads' own reach narrows many
    }

    /// Sources whose rows are of one colour or not, row by row (a gradient broken by stray
    /// texels, transparent rows, one- and two-row bitmaps that clamp their taps), under
    /// scales and fractional translations (a scroll, a zoom; mirrored, faded, clipped) and,
    /// now and then, a rotation: the edge pixels that take their taps from the rows' colours
    /// (`EdgeTaps`) and the quads' reach (`quadReach`) give the bytes of the per-pixel path.
    @Test func edgePixelsOverRowsOfOneColourGiveTheBytesOfThePerPixelPath() {
        var g = Generator(state: 2029)
        let size = 96
        var drawn = 0, uniformEdges = 0
        for n in 0..<300 {
            let w = n % 5 == 0 ? 1 + Int(g.next() * 3) : 3 + Int(g.next() * 50)
            let h = n % 7 == 0 ? 1 + Int(g.next() * 2) : 3 + Int(g.next() * 40)
            let src = Raster(width: w, height: h)
            let words = UnsafeMutableRawPointer(src.data).assumingMemoryBound(to: UInt32.self)
            for y in 0..<h {
                let kind = Int(g.next() * 4)
                let base: UInt32 = kind == 0 ? 0 : (kind == 1 ? 0xFF00_0000 | UInt32(y * 9 % 256) << 8 | 0x30 : 0x8040_2000 | UInt32(y * 5 % 128))
                for x in 0..<w { words[y * w + x] = kind == 3 && (x + y) % 4 == 1 ? 0xFFE0_1020 : base }
            }
            _ = src.uniformRows  // known, as `prepare` makes it for large quads
            let sx = g.range(0.3, 4) * (g.next() < 0.15 ? -1 : 1), sy = g.range(0.3, 4) * (g.next() < 0.15 ? -1 : 1)
            var m = CATransform3DMakeScale(CGFloat(sx), CGFloat(sy), 1)
            if n % 9 == 4 { m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(g.range(-1, 1)), 0, 0, 1)) }
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(g.range(-10, 80)), CGFloat(g.range(-10, 80)), 0))
            let forward = Homography(planeOf: m)
            guard let inverse = forward.inverse else { continue }
            let corners = [(0.0, 0.0), (Double(w), 0.0), (Double(w), Double(h)), (0.0, Double(h))].map { c -> HPoint in
                let p = forward.apply(c.0, c.1)
                return HPoint(x: p.x, y: p.y, w: p.w)
            }
            var clips: [ClipShape] = []
            if g.next() < 0.5 {
                // Often the quad's own outline, as every cover's layers are clipped to the cover.
                let own = g.next() < 0.5
                let c = own ? CGRect(x: 0, y: 0, width: w, height: h)
                    : CGRect(x: g.range(0, 50), y: g.range(0, 50), width: g.range(5, 60), height: g.range(5, 60))
                clips.append(ClipShape(toShape: own ? inverse : .identity, shape: RoundedRectShape(
                    rect: c, cornerRadius: g.next() < 0.5 ? 0 : CGFloat(g.range(0, 8)),
                    maskedCorners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner], curve: .continuous)))
            }
            let opacity = g.next() < 0.6 ? 1 : g.range(0.05, 1)
            let q = QuadDraw(source: src, toSource: inverse, polygon: PolygonClip.clipAndProject(corners), opacity: opacity, clips: clips)
            if inverse.d == 0 && (0..<h).contains(where: { src.uniformRows.color($0) != nil }) { uniformEdges += 1 }
            if Self.drawsLikeThePerPixelPath(q, size: size, "case \(n)") { drawn += 1 }
        }
        #expect(drawn > 200)
        #expect(uniformEdges > 200)
    }

    /// The row spans, worked out row by row as they are drawn (a vertical edge without its
    /// divisions), are those of the plain interpolation over every edge: axis-aligned
    /// rectangles at fractions of a pixel (every cover of a scroll), rotated quads, triangles,
    /// degenerate edges and polygons partly outside the raster.
    @Test func rowSpansAreThoseOfThePlainInterpolation() {
        func reference(_ polygon: [CGPoint], _ y: Int, _ width: Int) -> (Int, Int) {
            let n = polygon.count
            let ya = Double(y) - 1, yb = Double(y) + 2
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<n {
                let p = polygon[k], q = polygon[(k + 1) % n]
                let py = Double(p.y), qy = Double(q.y), px = Double(p.x), qx = Double(q.x)
                let emin = min(py, qy), emax = max(py, qy)
                if emax < ya || emin > yb { continue }
                let ta = max(ya, emin), tb = min(yb, emax)
                if qy == py {
                    lo = min(lo, px, qx); hi = max(hi, px, qx)
                } else {
                    let xa = px + (qx - px) * (ta - py) / (qy - py), xb = px + (qx - px) * (tb - py) / (qy - py)
                    lo = min(lo, xa, xb); hi = max(hi, xa, xb)
                }
            }
            if lo > hi { return (0, 0) }
            let xa = max(0, Int((lo - 1).rounded(.down))), xb = min(width, Int((hi + 1).rounded(.up)))
            return xa < xb ? (xa, xb) : (0, 0)
        }
        var g = Generator(state: 11)
        let width = 80, height = 60
        var rows = 0
        for n in 0..<600 {
            var polygon: [CGPoint]
            let x0 = g.range(-20, 90), y0 = g.range(-20, 70)
            switch n % 4 {
            case 0, 1:
                // Axis-aligned, sometimes on whole pixels, sometimes zero or negative width.
                let x1 = n % 8 == 0 ? x0.rounded() + 0 : x0 + g.range(-5, 60), y1 = y0 + g.range(-3, 50)
                polygon = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
            case 2:
                polygon = (0..<4).map { k in
                    let a = Double(k) * .pi / 2 + g.range(0, 1.5)
                    return CGPoint(x: x0 + 20 * cos(a), y: y0 + 20 * sin(a))
                }
            default:
                polygon = [CGPoint(x: x0, y: y0), CGPoint(x: x0, y: y0 + g.range(0, 30)), CGPoint(x: x0 + g.range(-30, 30), y: y0 + g.range(-10, 30))]
            }
            guard let sp = Compositor.spans(of: polygon, width: width, height: height) else { continue }
            for (k, s) in sp.xs.enumerated() {
                let r = reference(polygon, sp.y0 + k, width)
                #expect(s == r, "case \(n) row \(sp.y0 + k)")
                rows += 1
            }
        }
        #expect(rows > 10_000)
    }

    /// The three-piece union the interior search uses gives the array form's interval, ties and
    /// empty pieces included.
    @Test func longestUnionOfThreeMatchesTheArrayForm() {
        var g = Generator(state: 3)
        func piece() -> RowInterval {
            switch Int(g.next() * 5) {
            case 0: return RowInterval(lo: 5, hi: -.infinity)  // empty
            case 1: return RowInterval(lo: Double(Int(g.next() * 8)), hi: Double(Int(g.next() * 8) + 4))  // ties likely
            default:
                let lo = g.range(-20, 20)
                return RowInterval(lo: lo, hi: lo + g.range(-2, 15))
            }
        }
        for _ in 0..<5000 {
            let a = piece(), b = piece(), c: RowInterval? = g.next() < 0.5 ? piece() : nil
            let expected = RowInterval.longestUnion(([a, b] + (c.map { [$0] } ?? [])).filter { !$0.isEmpty })
            let got = RowInterval.longestUnion(a, b, c)
            #expect(got.isEmpty == expected.isEmpty)
            if !expected.isEmpty { #expect(got.lo == expected.lo && got.hi == expected.hi) }
        }
    }

    @Test func uniformRowsFound() {
        let r = Raster(width: 4, height: 3)
        let words = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        for x in 0..<4 { words[x] = 0xFF11_2233; words[8 + x] = 0 }
        words[4] = 1
        #expect(r.uniformRows.color(0) == 0xFF11_2233)
        #expect(r.uniformRows.color(1) == nil)
        #expect(r.uniformRows.color(2) == 0)
        #expect(r.uniformRows.color(3) == nil)
        #expect(r.uniformRows.any)
        // A one-colour buffer knows its rows without scanning, as a scan would find them.
        let flat = Raster(width: 5, height: 4, uniform: 0x8040_2010)
        for y in 0..<4 { #expect(flat.knownUniformRows?.color(y) == UniformRows.find(in: flat).color(y)) }
        #expect(flat.knownUniformRows?.color(0) == 0x8040_2010)
    }

    @Test func flatCoreOfARoundedCard() throws {
        let core = try #require(UniformCore.find(in: Self.source(0)))
        #expect(core.color == 0xFF30_80E0)
        #expect(core.rects == [PixelRect(x0: 0, y0: 6, x1: 48, y1: 30), PixelRect(x0: 6, y0: 0, x1: 42, y1: 36)])
        let ring = try #require(UniformCore.find(in: Self.source(2)))
        #expect(ring.color == 0)
        #expect(ring.rects == [PixelRect(x0: 4, y0: 4, x1: 44, y1: 32)])
        #expect(UniformCore.find(in: Self.source(3)) == nil)
    }

    /// The tall band grown a row at a time gives what growing it a whole column at a time gives,
    /// on bitmaps with a flat middle and stray texels of other colours anywhere.
    @Test func flatCoreMatchesColumnByColumnGrowth() {
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            let w = 2 + next(40), h = 2 + next(40)
            let r = Raster(width: w, height: h)
            let px = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
            for i in 0..<(w * h) { px[i] = 0xFF00_00FF }
            for _ in 0..<next(12) { px[next(w * h)] = next(2) == 0 ? 0xFF00_FF00 : 0 }
            // The old growth: column by column.
            let cx = w / 2, cy = h / 2, c = px[cy * w + cx]
            var t0 = cy, t1 = cy + 1
            while t0 > 0 && px[(t0 - 1) * w + cx] == c { t0 -= 1 }
            while t1 < h && px[t1 * w + cx] == c { t1 += 1 }
            func column(_ x: Int) -> Bool { (t0..<t1).allSatisfy { px[$0 * w + x] == c } }
            var left = cx, right = cx + 1
            while left > 0 && column(left - 1) { left -= 1 }
            while right < w && column(right) { right += 1 }
            let tall = PixelRect(x0: left, y0: t0, x1: right, y1: t1)
            let found = UniformCore.find(in: r)
            if right - left >= 2 && t1 - t0 >= 2 {
                #expect(found?.rects.contains(tall) == true, "\(w)×\(h): \(String(describing: found)) should hold \(tall)")
            } else {
                #expect(found?.rects.contains(tall) != true)
            }
        }
    }

    @Test func rowSharesCoverEveryRowOnce() {
        for count in 1...3 {
            var seen = [Int](repeating: 0, count: 77)
            for share in RowShare.split(count) {
                share.forEachRow(5, 77) { y in
                    seen[y] += 1
                    #expect(share.owns(y))
                }
            }
            #expect(seen[0..<5].allSatisfy { $0 == 0 })
            #expect(seen[5...].allSatisfy { $0 == 1 })
        }
    }

    @Test func scratchRastersForNestedGroupsAndMasks() {
        let q = QuadDraw(source: Raster(width: 1, height: 1), toSource: .identity, polygon: [], opacity: 1, clips: [])
        #expect(DisplayListExecutor.scratchCount([.quad(q)]) == 0)
        #expect(DisplayListExecutor.scratchCount([.beginGroup, .beginGroup, .endGroup(opacity: 1, mask: nil), .endGroup(opacity: 1, mask: nil)]) == 2)
        // A group whose mask itself holds a group: group + mask raster + the mask's group.
        let mask: [DisplayItem] = [.beginGroup, .quad(q), .endGroup(opacity: 0.5, mask: nil)]
        #expect(DisplayListExecutor.scratchCount([.beginGroup, .endGroup(opacity: 1, mask: mask)]) == 3)
    }

    @MainActor @Test func framesAreTheSameOnOneOrTwoWorkers() {
        let scene = TestScene(size: CGSize(width: 160, height: 280))
        scene.update(elapsed: 1.1)
        let builder = DisplayListBuilder(scale: 2, cache: ContentCache())
        let items = builder.build(root: LayerPresentation.presented(scene.rootLayer))
        let one = Raster(width: 320, height: 560), two = Raster(width: 320, height: 560)
        DisplayListExecutor.execute(items, into: one, background: 0xFF00_0000, workers: 1)
        DisplayListExecutor.execute(items, into: two, background: 0xFF00_0000, workers: 2)
        #expect(one.pixels == two.pixels)
        #expect(one.pixels.contains { $0 != 0 && $0 != 255 })
    }
}
