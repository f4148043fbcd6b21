import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

@MainActor
@Suite(.freshRuntime) struct LayerRendererTests {
    /// A standalone layer set up with actions disabled (standalone layers animate property
    /// changes implicitly, as on iOS).
    func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer { makeLayer(frame, color) }

    @Test func imageSizeIsBoundsTimesScale() {
        let root = layer(CGRect(x: 0, y: 0, width: 50, height: 30), nil)
        let sizes: [[Int]] = [1, 2, 3].map { (s: Int) -> [Int] in
            let img = LayerRenderer(scale: CGFloat(s)).render(root)
            return [img.width, img.height]
        }
        #expect(sizes == [[50, 30], [100, 60], [150, 90]])
    }

    @Test func solidLayersComposite() {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        _ = makeLayer(CGRect(x: 10, y: 10, width: 10, height: 10), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: root)
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.pixel(x: 5, y: 5) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(img.pixel(x: 15, y: 15) == RGBA(r: 0, g: 0, b: 255, a: 255))
        #expect(img.pixel(x: 10, y: 10) == RGBA(r: 0, g: 0, b: 255, a: 255))
        #expect(img.pixel(x: 20, y: 20) == RGBA(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func halfOpacityBlendsHalfway() {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor.white)
        let child = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor.black, in: root)
        withoutActions { child.opacity = 0.5 }
        let p = LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10)
        #expect(abs(Int(p.r) - 128) <= 1 && p.a == 255)
    }

    @Test func pngRoundTrip() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 8, height: 4), CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))
        let img = LayerRenderer(scale: 1).render(root)
        let data = img.pngData()
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let back = try #require(ImageDecoder.decode(data: data))
        #expect(back.width == 8 && back.height == 4)
        #expect(back.pixels == img.premultipliedPixels)
    }
}
