import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// MARK: - Straight alpha from pixel(x:y:)

@MainActor
@Suite(.freshRuntime) struct StraightAlphaTests {
    /// Pure red at opacity 0.5 over nothing: stored premultiplied as (≈128, 0, 0, ≈128);
    /// `pixel(x:y:)` un-premultiplies to (255, 0, 0, ≈128).
    @Test func translucentLayerReadsBackWithStraightAlpha() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), pureRed, in: root)
        withoutActions { l.opacity = 0.5 }
        let img = LayerRenderer(scale: 1).render(root)
        let p = img.pixel(x: 10, y: 10)
        #expect(p.r == 255 && p.g == 0 && p.b == 0 && abs(Int(p.a) - 128) <= 1, "\(p)")
        let k = (10 * 20 + 10) * 4
        let stored = Array(img.premultipliedPixels[k..<(k + 4)])
        #expect(abs(Int(stored[0]) - 128) <= 1 && stored[1] == 0 && stored[2] == 0 && stored[0] <= stored[3], "\(stored)")
    }

    /// A translucent background colour (0.4, 0.2, 0.8, 0.25): straight values 102, 51, 204 and
    /// alpha 64, within the 8-bit premultiplied storage's quantisation (255 / 64 / 2 ≈ 2, plus rounding).
    @Test func translucentBackgroundColourReadsBackUnpremultiplied() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 0.4, green: 0.2, blue: 0.8, alpha: 0.25))
        let p = LayerRenderer(scale: 1).render(root).pixel(x: 5, y: 5)
        #expect(matches(p, 102, 51, 204, 64, tolerance: 3), "\(p)")
    }

    /// Fully transparent pixels read as (0, 0, 0, 0); opaque ones unchanged.
    @Test func transparentAndOpaquePixels() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 10), nil)
        _ = makeLayer(CGRect(x: 10, y: 0, width: 10, height: 10), CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1), in: root)
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(matches(img.pixel(x: 15, y: 5), 51, 153, 255, 255, tolerance: 1))
    }
}
