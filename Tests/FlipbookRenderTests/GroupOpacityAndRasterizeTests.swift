import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// `allowsGroupOpacity` and `shouldRasterize`/`rasterizationScale`, drawn as iOS draws them.
@MainActor
@Suite(.freshRuntime) struct GroupOpacityAndRasterizeTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A translucent (½) layer holding two overlapping opaque squares, red under blue.
    static func overlapping(groups: Bool) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        l.opacity = 0.5
        l.allowsGroupOpacity = groups
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 5, y: 5, width: 32, height: 32)
        a.backgroundColor = pureRed
        b.frame = CGRect(x: 23, y: 23, width: 32, height: 32)
        b.backgroundColor = pureBlue
        l.addSublayer(a)
        l.addSublayer(b)
        return l
    }

    static func scene(_ content: CALayer, width: CGFloat = 60, height: CGFloat = 60) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = white
        root.addSublayer(content)
        return root
    }

    @Test("allowsGroupOpacity defaults to true (iOS 7+) and its key is key-value coded")
    func defaults() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let l = CALayer()
        #expect(l.allowsGroupOpacity)
        #expect(!l.shouldRasterize)
        #expect(l.rasterizationScale == 1)
        l.setValue(false, forKey: "allowsGroupOpacity")
        #expect(!l.allowsGroupOpacity)
        l.setValue(true, forKey: "shouldRasterize")
        #expect(l.shouldRasterize)
    }

    @Test("Group opacity fades the composite; allowsGroupOpacity = false fades each sublayer, so the red shows under the blue")
    func groupOpacity() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let grouped = LayerRenderer(scale: 1).render(Self.scene(Self.overlapping(groups: true))).pixel(x: 30, y: 30)
        let apart = LayerRenderer(scale: 1).render(Self.scene(Self.overlapping(groups: false))).pixel(x: 30, y: 30)
        // Grouped: blue, then ½ over white → (127.5, 127.5, 255).
        #expect(matches(grouped, 128, 128, 255), "\(grouped)")
        // Apart: red ½ over white = (255, 127.5, 127.5); blue ½ over that → (127.5, 63.75, 191.25).
        #expect(matches(apart, 128, 64, 191), "\(apart)")
        // Where only one square is, the two agree: red ½ over white.
        let g1 = LayerRenderer(scale: 1).render(Self.scene(Self.overlapping(groups: true))).pixel(x: 10, y: 10)
        let a1 = LayerRenderer(scale: 1).render(Self.scene(Self.overlapping(groups: false))).pixel(x: 10, y: 10)
        #expect(matches(g1, 255, 128, 128) && matches(a1, 255, 128, 128), "\(g1) \(a1)")
    }

    @Test("Golden: group opacity (left) against allowsGroupOpacity = false (right)")
    func groupOpacityGolden() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let left = LayerRenderer(scale: 2).render(Self.scene(Self.overlapping(groups: true)))
        let right = LayerRenderer(scale: 2).render(Self.scene(Self.overlapping(groups: false)))
        guard let strip = GoldenImage.filmstrip([left, right]) else { Issue.record("no filmstrip"); return }
        Snapshot.assert(strip, named: "allows-group-opacity", tolerance: .init(channel: 1, pixelFraction: 0))
    }

    /// A 40 × 40 checkerboard of 4-point squares (black and white) with a red diagonal bar,
    /// scaled up 3× about its centre.
    static func checker(rasterize: Bool, scale: CGFloat) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.position = CGPoint(x: 70, y: 70)
        l.transform = CATransform3DMakeScale(3, 3, 1)
        l.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        for i in 0..<10 {
            for j in 0..<10 where (i + j) % 2 == 0 {
                let s = CALayer()
                s.frame = CGRect(x: CGFloat(i) * 4, y: CGFloat(j) * 4, width: 4, height: 4)
                s.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                l.addSublayer(s)
            }
        }
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 50, height: 3)
        bar.position = CGPoint(x: 20, y: 20)
        bar.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        bar.backgroundColor = pureRed
        l.addSublayer(bar)
        l.shouldRasterize = rasterize
        l.rasterizationScale = scale
        return l
    }

    @Test("Golden: shouldRasterize under a 3× scale: direct (left), rasterizationScale 2 (middle), 0.5 (right, soft)")
    func rasterizeGolden() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let frames = [(false, 1.0), (true, 2.0), (true, 0.5)].map { r, s in
            LayerRenderer(scale: 1).render(Self.scene(Self.checker(rasterize: r, scale: CGFloat(s)), width: 140, height: 140))
        }
        guard let strip = GoldenImage.filmstrip(frames) else { Issue.record("no filmstrip"); return }
        Snapshot.assert(strip, named: "should-rasterize", tolerance: .init(channel: 2, pixelFraction: 0.001))
        // Sharp cells stay black and white; at 0.5 (a texel per 2 points, each cell 4 points
        // shown 12 px wide) cell edges are soft: many pixels in between.
        func greys(_ img: RenderedImage) -> Int {
            var n = 0
            for y in 20..<120 { for x in 20..<120 { let p = img.pixel(x: x, y: y); if p.g == p.r && p.r > 40 && p.r < 215 { n += 1 } } }
            return n
        }
        #expect(greys(frames[2]) > 4 * max(greys(frames[0]), 50), "\(greys(frames[0])) \(greys(frames[1])) \(greys(frames[2]))")
    }

    @Test("At the screen's scale and no transform, a rasterized layer looks like the direct drawing")
    func rasterizedMatchesDirect() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        func layer(_ r: Bool) -> CALayer {
            let l = Self.checker(rasterize: r, scale: 2)
            l.transform = CATransform3DIdentity
            l.opacity = 0.7
            return l
        }
        let a = LayerRenderer(scale: 2).render(Self.scene(layer(false), width: 140, height: 140))
        let b = LayerRenderer(scale: 2).render(Self.scene(layer(true), width: 140, height: 140))
        var worst = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
        } }
        // The bar's antialiased edges go through two resamplings in the bitmap; flat areas agree.
        #expect(worst <= 40, "worst channel difference \(worst)")
        // A black cell (points 58…62 × 50…54), at 0.7 over white.
        #expect(matches(b.pixel(x: 120, y: 104), 77, 77, 77, tolerance: 2), "\(b.pixel(x: 120, y: 104))")
    }

    @Test("The bitmap is kept while the subtree stays the same (moving or fading the layer), made again when it changes")
    func rasterCache() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let l = Self.checker(rasterize: true, scale: 1)
        let root = Self.scene(l, width: 140, height: 140)
        let r = LayerRenderer(scale: 1)
        _ = r.render(root)
        let n0 = r.contentRasterizations
        l.position = CGPoint(x: 60, y: 75)
        l.opacity = 0.5
        _ = r.render(root)
        #expect(r.contentRasterizations == n0, "moving and fading reuse the bitmap")
        (l.sublayers?.last)?.backgroundColor = pureBlue
        _ = r.render(root)
        #expect(r.contentRasterizations > n0, "a changed sublayer redraws the bitmap")
    }

    @Test("A rasterizationScale of 0 or less is reported and drawn at 1")
    func badScale() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // model values show at once (no implicit animations)
        defer { CATransaction.commit() }
        let l = Self.checker(rasterize: true, scale: 0)
        let log = FlipbookDiagnostics.capture {
            _ = LayerRenderer(scale: 1).render(Self.scene(l, width: 140, height: 140))
        }
        #expect(log.contains { $0.contains("rasterizationScale") })
    }
}
