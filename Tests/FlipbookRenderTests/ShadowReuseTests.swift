import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// A shadow's blur is kept while only its colour or shadowOpacity changes (it is only tinted
/// again), and kept whole while its layer only moves, scales or fades; every frame must be a
/// fresh renderer's, byte for byte.
@MainActor
@Suite(.freshRuntime) struct ShadowReuseTests {
    let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// The tint's table gives each level what the per-pixel formula gives: the colour times
    /// level / 255 times its alpha, premultiplied, each byte rounded.
    @Test func theTintTableIsThePerPixelFormula() {
        let levels = (0..<256).map { UInt8($0) }
        let grid = ShadowRasterizer.Grid(w: 16, h: 16, originX: -1, originY: 2, scale: 2)
        let blurred = ShadowRasterizer.Blurred(grid: grid, alpha: levels)
        for color: [CGFloat] in [[0, 0, 0, 0.3], [1, 0.5, 0.25, 1], [0.2, 0.9, 0.4, 0.77], [0, 0, 0, 0.0049]] {
            let placed = ShadowRasterizer.tint(blurred, color: color)
            #expect(placed.originX == -1 && placed.originY == 2 && placed.scaleX == 2)
            for k in 0..<256 {
                var want: [UInt8] = [0, 0, 0, 0]
                if k > 0 {
                    let a = Double(k) / 255 * Double(color[3])
                    want = [
                        UInt8((Double(color[0]) * a * 255).rounded()), UInt8((Double(color[1]) * a * 255).rounded()),
                        UInt8((Double(color[2]) * a * 255).rounded()), UInt8((a * 255).rounded()),
                    ]
                }
                let got = (0..<4).map { placed.raster.data[k * 4 + $0] }
                #expect(got == want, "level \(k), colour \(color)")
            }
        }
    }

    /// A tint's bitmap is handed the flat core of its blur's levels and the uniform rows a scan
    /// would find (from each row's lowest and highest level) instead of being scanned: drawn through scaled and shifted maps, at full and partial opacity, it
    /// gives the bytes of the same pixels scanned afresh, also at an opacity so low that many
    /// levels share a colour (the scan then finds more than the levels give).
    @Test func aTintDrawsTheBytesOfAScannedBitmap() {
        let w = 90, h = 70
        let grid = ShadowRasterizer.Grid(w: w, h: h, originX: 0, originY: 0, scale: 1)
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 20..<50 { for x in 15..<75 { alpha[y * w + x] = 255 } }
        let box = ShadowRasterizer.ExtendedBox(variance: 16)
        for _ in 0..<3 {
            ShadowRasterizer.boxBlur(&alpha, w: w, h: h, box: box, horizontal: true)
            ShadowRasterizer.boxBlur(&alpha, w: w, h: h, box: box, horizontal: false)
        }
        let blurred = ShadowRasterizer.Blurred(grid: grid, alpha: alpha)
        #expect(blurred.levelCore != nil)
        let builder = DisplayListBuilder(scale: 1, cache: ContentCache())
        for color: [CGFloat] in [[0, 0, 0, 0.3], [0, 0, 0, 0.02], [0.2, 0.3, 0.9, 0.8]] {
            let placed = ShadowRasterizer.tint(blurred, color: color)
            var scanned = placed
            scanned.raster = Raster(premultipliedRGBA: placed.raster.pixels, width: w, height: h)
            // The uniform rows handed on are exactly those a scan finds.
            let found = UniformRows.find(in: scanned.raster), given = placed.raster.knownUniformRows
            #expect(given.map { g in (0..<h).allSatisfy { g.color($0) == found.color($0) } } == true, "colour \(color)")
            for (sx, tx, opacity) in [(1.0, 3.0, 1.0), (1.37, 5.25, 0.6), (0.71, -2.5, 1.0), (2.0, 0.0, 0.45)] {
                let plane = Homography.scaleTranslate(sx: sx, sy: sx * 0.9, tx: tx, ty: 4)
                guard let qa = builder.quad(placed, plane: plane, opacity: opacity, clips: []),
                      let qb = builder.quad(scanned, plane: plane, opacity: opacity, clips: [])
                else {
                    Issue.record("no quad")
                    continue
                }
                let ra = Raster(width: 200, height: 150), rb = Raster(width: 200, height: 150)
                ra.fill(r: 240, g: 230, b: 200, a: 255)
                rb.fill(r: 240, g: 230, b: 200, a: 255)
                Compositor.draw(qa, into: ra)
                Compositor.draw(qb, into: rb)
                #expect(ra.pixels == rb.pixels, "colour \(color), scale \(sx), opacity \(opacity)")
            }
        }
    }

    /// A card casting a shadow along its path whose shadowOpacity fades every frame while the
    /// card moves (a card slider's): blurred once, tinted every frame, each frame a fresh
    /// renderer's.
    @Test func aFadingShadowPathIsBlurredOnce() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), white)
        let card = makeLayer(CGRect(x: 50, y: 40, width: 80, height: 100), red, in: root)
        withoutActions {
            card.shadowPath = CGPath(
                roundedRect: CGRect(x: 0, y: 0, width: 80, height: 100), cornerWidth: 10, cornerHeight: 10, transform: nil)
            card.shadowColor = black
            card.shadowRadius = 8
            card.shadowOffset = CGSize(width: 0, height: 8)
        }
        let renderer = LayerRenderer(scale: 2)
        for i in 0..<8 {
            withoutActions {
                card.shadowOpacity = Float(0.1 + 0.1 * Double(i))
                card.position.x = 90 + CGFloat(i) * 3.5
            }
            let a = renderer.render(root), b = LayerRenderer(scale: 2).render(root)
            let same = a == b
            #expect(same, "frame \(i)")
        }
        #expect(renderer.shadowBlurs == 1)
    }

    /// A popup menu (a rounded body with rows as sublayers, a soft shadow without a path)
    /// growing in from 0.3, fading in, then sliding down: its shadow is blurred once, and with
    /// its shadowOpacity and colour changing as well it is still only tinted again.
    @Test func aPopupGrowingInKeepsItsShadow() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 220, height: 260), white)
        let menu = makeLayer(CGRect(x: 40, y: 30, width: 150, height: 180), white, in: root)
        for k in 0..<5 {
            _ = makeLayer(CGRect(x: 12, y: 12 + CGFloat(k) * 32, width: 100 - CGFloat(k) * 9, height: 14), blue, in: menu)
        }
        withoutActions {
            menu.cornerRadius = 12
            menu.shadowColor = black
            menu.shadowOpacity = 0.25
            menu.shadowRadius = 10
            menu.shadowOffset = CGSize(width: 0, height: 4)
            menu.anchorPoint = CGPoint(x: 1, y: 0)
            menu.position = CGPoint(x: 190, y: 30)
        }
        let renderer = LayerRenderer(scale: 2)
        for i in 0..<12 {
            withoutActions {
                let t = min(1, Double(i) / 6)
                let s = CGFloat(0.3 + 0.7 * t)
                menu.transform = CATransform3DMakeScale(s, s, 1)
                menu.opacity = Float(t)
                if i > 6 { menu.position.y = 30 + CGFloat(i - 6) * 5.5 }
            }
            let a = renderer.render(root), b = LayerRenderer(scale: 2).render(root)
            let same = a == b
            #expect(same, "frame \(i)")
        }
        #expect(renderer.shadowBlurs == 1)
        withoutActions { menu.shadowOpacity = 0.5 }
        let tinted = renderer.render(root)
        #expect(tinted == LayerRenderer(scale: 2).render(root))
        #expect(renderer.shadowBlurs == 1, "only the opacity changed: tinted again, not blurred")
        withoutActions { menu.shadowRadius = 6 }
        let reblurred = renderer.render(root)
        #expect(reblurred == LayerRenderer(scale: 2).render(root))
        #expect(renderer.shadowBlurs == 2)
    }

    /// A lone body's shadow (no sublayers, no path) changing colour keeps its blur too.
    @Test func aLoneBodysShadowChangingColourKeepsItsBlur() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 120), white)
        let dot = makeLayer(CGRect(x: 30, y: 30, width: 50, height: 50), blue, in: root)
        withoutActions {
            dot.cornerRadius = 25
            dot.shadowOpacity = 0.6
            dot.shadowRadius = 5
        }
        let renderer = LayerRenderer(scale: 1)
        for i in 0..<5 {
            withoutActions { dot.shadowColor = CGColor(red: 0.2 * CGFloat(i), green: 0.1, blue: 0.4, alpha: 1) }
            let same = renderer.render(root) == LayerRenderer(scale: 1).render(root)
            #expect(same, "frame \(i)")
        }
        #expect(renderer.shadowBlurs == 1)
    }

    /// Golden: a popup menu halfway grown in (scale 0.65, opacity 0.6) over a list, its soft
    /// shadow without a path, after frames that grew it (the blur kept from the first).
    @Test func popupShadowGolden() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 220, height: 260), white)
        for k in 0..<6 {
            _ = makeLayer(CGRect(x: 10, y: 10 + CGFloat(k) * 42, width: 200, height: 34), CGColor(red: 0.93, green: 0.93, blue: 0.95, alpha: 1), in: root)
        }
        let menu = makeLayer(CGRect(x: 40, y: 30, width: 150, height: 180), white, in: root)
        for k in 0..<5 {
            _ = makeLayer(CGRect(x: 12, y: 12 + CGFloat(k) * 32, width: 100 - CGFloat(k) * 9, height: 14), blue, in: menu)
        }
        withoutActions {
            menu.cornerRadius = 12
            menu.shadowColor = black
            menu.shadowOpacity = 0.25
            menu.shadowRadius = 10
            menu.shadowOffset = CGSize(width: 0, height: 4)
            menu.anchorPoint = CGPoint(x: 1, y: 0)
            menu.position = CGPoint(x: 200, y: 20)
        }
        let renderer = LayerRenderer(scale: 2)
        var image: RenderedImage?
        for i in 0...3 {
            withoutActions {
                let t = Double(i) / 6
                let s = CGFloat(0.3 + 0.7 * t)
                menu.transform = CATransform3DMakeScale(s, s, 1)
                menu.opacity = Float(0.3 + 0.1 * Double(i))
            }
            image = renderer.render(root)
        }
        #expect(renderer.shadowBlurs == 1)
        if let image {
            Snapshot.assert(image, named: "popup-shadow", tolerance: SnapshotTolerance(channel: 2, pixelFraction: 0.001))
        }
    }
}
