import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CALayer.contentsCenter: nine-part stretching of the contents (docs/Semantics.md,
/// "Contents center").
@Suite(.freshRuntime) @MainActor struct ContentsCenterTests {
    /// A 30 × 30 image cut in 10-pixel thirds: red corners, green edges, blue centre.
    static func ninePatch() -> CGImage? {
        var px: [UInt8] = []
        for y in 0..<30 {
            for x in 0..<30 {
                let edgeX = x < 10 || x >= 20, edgeY = y < 10 || y >= 20
                switch (edgeX, edgeY) {
                case (true, true): px += [255, 0, 0, 255]
                case (false, false): px += [0, 0, 255, 255]
                default: px += [0, 255, 0, 255]
                }
            }
        }
        return CGImage(width: 30, height: 30, premultipliedRGBA: px)
    }

    func layer(_ center: CGRect, size: CGSize, scale: CGFloat = 1, contentsRect: CGRect? = nil) -> CALayer {
        let root = makeLayer(CGRect(origin: .zero, size: size), white)
        let l = CALayer()
        withoutActions {
            l.frame = root.bounds
            l.contents = Self.ninePatch()
            l.contentsCenter = center
            l.contentsScale = scale
            if let contentsRect { l.contentsRect = contentsRect }
            root.addSublayer(l)
        }
        return root
    }

    func kind(_ p: RGBA) -> Character {
        if matches(p, 255, 0, 0, tolerance: 40) { return "R" }
        if matches(p, 0, 255, 0, tolerance: 40) { return "G" }
        if matches(p, 0, 0, 255, tolerance: 40) { return "B" }
        return "?"
    }

    @Test func cornersKeepTheirSizeEdgesStretchOneWay() {
        let image = LayerRenderer(scale: 1).render(layer(CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3), size: CGSize(width: 120, height: 90)))
        // Corners: 10 × 10 points at each corner.
        for (x, y) in [(4, 4), (115, 4), (4, 85), (115, 85), (8, 8), (111, 81)] { #expect(kind(image.pixel(x: x, y: y)) == "R", "(\(x), \(y))") }
        // Edges: the top/bottom rows span 10…110 horizontally; the side columns 10…80 vertically.
        for (x, y) in [(13, 4), (60, 4), (106, 85), (4, 13), (4, 45), (115, 76)] { #expect(kind(image.pixel(x: x, y: y)) == "G", "(\(x), \(y))") }
        // Centre: everything else.
        for (x, y) in [(13, 13), (60, 45), (106, 76)] { #expect(kind(image.pixel(x: x, y: y)) == "B", "(\(x), \(y))") }
    }

    @Test func contentsScaleSizesTheCorners() {
        // contentsScale 2: the 10-pixel corners are 5 points.
        let image = LayerRenderer(scale: 1).render(
            layer(CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3), size: CGSize(width: 80, height: 60), scale: 2))
        #expect(kind(image.pixel(x: 2, y: 2)) == "R")
        #expect(kind(image.pixel(x: 7, y: 2)) == "G")
        #expect(kind(image.pixel(x: 7, y: 7)) == "B")
    }

    @Test func zeroSizeCentreStretchesOnePixel() {
        // A centre of zero size at the middle of the image: the middle pixel (blue) stretches.
        let image = LayerRenderer(scale: 1).render(layer(CGRect(x: 0.5, y: 0.5, width: 0, height: 0), size: CGSize(width: 100, height: 100)))
        #expect(kind(image.pixel(x: 50, y: 50)) == "B")
        #expect(kind(image.pixel(x: 5, y: 5)) == "R")
        #expect(kind(image.pixel(x: 50, y: 5)) == "G")
    }

    @Test func unitCentreIsPlainResizing() {
        // The default (unit) centre keeps the direct image path: the whole image scaled.
        let image = LayerRenderer(scale: 1).render(layer(CGRect(x: 0, y: 0, width: 1, height: 1), size: CGSize(width: 120, height: 90)))
        #expect(kind(image.pixel(x: 35, y: 25)) == "R")
        #expect(kind(image.pixel(x: 60, y: 45)) == "B")
    }

    @Test func contentsCenterAnimates() {
        let l = CALayer()
        withoutActions { l.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) }
        let a = CABasicAnimation(keyPath: "contentsCenter")
        a.fromValue = CGRect(x: 0, y: 0, width: 1, height: 1)
        a.toValue = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        l.add(a, forKey: nil)
        MediaClock.main.advance(by: 0.5)
        let r = l.presentation()?.contentsCenter ?? .zero
        #expect(abs(r.minX - 0.2) < 0.02 && abs(r.width - 0.6) < 0.04)
    }

    @Test func ninePartGolden() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 220, height: 100), white)
        withoutActions {
            for (k, size) in [CGSize(width: 40, height: 40), CGSize(width: 70, height: 50), CGSize(width: 60, height: 90), CGSize(width: 12, height: 12)].enumerated() {
                let l = CALayer()
                l.frame = CGRect(x: [5, 50, 125, 195][k], y: 5, width: size.width, height: size.height)
                l.contents = Self.ninePatch()
                l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
                l.cornerRadius = k == 1 ? 8 : 0
                l.masksToBounds = k == 1
                root.addSublayer(l)
            }
        }
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "contents-center-nine-part", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
