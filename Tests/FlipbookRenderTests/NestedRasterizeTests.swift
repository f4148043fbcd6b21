import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// A `shouldRasterize` layer inside another (a card cell rasterized for its shadow, holding an
/// image view rasterized too) draws like the same layers drawn directly, frame after frame.
@MainActor
@Suite(.freshRuntime) struct NestedRasterizeTests {
    static func card(rasterize: Bool) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let outer = CALayer()
        outer.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
        outer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        outer.shouldRasterize = rasterize
        outer.rasterizationScale = 2
        let inner = CALayer()
        inner.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        inner.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        inner.shouldRasterize = rasterize
        inner.rasterizationScale = 2
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        dot.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        inner.addSublayer(dot)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        return root
    }

    @Test func nestedRasterizedLayersDraw() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let direct = LayerRenderer(scale: 2).render(Self.card(rasterize: false))
        let renderer = LayerRenderer(scale: 2)
        let scene = Self.card(rasterize: true)
        // Twice: the second frame reuses the cached bitmaps.
        for _ in 0..<2 {
            let img = renderer.render(scene)
            // Pixels at scale 2: outer 20–140, inner 40–120, dot 60–100.
            #expect(img.pixel(x: 30, y: 30) == RGBA(r: 0, g: 0, b: 255, a: 255))
            #expect(img.pixel(x: 50, y: 50) == RGBA(r: 255, g: 0, b: 0, a: 255))
            #expect(img.pixel(x: 80, y: 80) == RGBA(r: 0, g: 255, b: 0, a: 255))
            #expect(img.pixel(x: 5, y: 5) == direct.pixel(x: 5, y: 5))
        }
    }
}
