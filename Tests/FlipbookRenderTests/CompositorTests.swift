import Foundation
import Testing
import TestSupport
import FlipbookGeometry
@testable import FlipbookRender

/// The compositor against a double-precision reference: straightforward inverse mapping and
/// bilinear interpolation in Double, computed here independently.
@Suite(.freshRuntime) struct CompositorTests {
    /// A deterministic 32 × 32 opaque texture (a smooth pattern plus a hard-edged square).
    static func texture() -> Raster {
        let n = 32
        let r = Raster(width: n, height: n)
        for y in 0..<n {
            for x in 0..<n {
                let k = (y * n + x) * 4
                let hard = (x / 8 + y / 8) % 2 == 0
                r.data[k] = UInt8((x * 255) / (n - 1))
                r.data[k + 1] = UInt8((y * 255) / (n - 1))
                r.data[k + 2] = hard ? 220 : 30
                r.data[k + 3] = 255
            }
        }
        return r
    }

    @Test func projectiveBilinearMatchesDoubleReference() throws {
        let tex = Self.texture()
        // Texel space -> output: a scale, a rotation and a perspective term.
        let forward = Homography(a: 2.1, b: 0.6, c: 20, d: -0.4, e: 2.3, f: 30, g: 0.004, h: 0.002, i: 1)
        let inverse = try #require(forward.inverse)
        let corners = [(0.0, 0.0), (32.0, 0.0), (32.0, 32.0), (0.0, 32.0)].map { c -> HPoint in
            let p = forward.apply(c.0, c.1)
            return HPoint(x: p.x, y: p.y, w: p.w)
        }
        let dest = Raster(width: 120, height: 120)
        Compositor.draw(
            QuadDraw(source: tex, toSource: inverse, polygon: PolygonClip.clipAndProject(corners), opacity: 1, clips: []), into: dest)
        var worst = 0, checked = 0
        for y in 0..<120 {
            for x in 0..<120 {
                // Reference: map the pixel centre back in Double, bilinear in Double.
                let p = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let u = p.x / p.w, v = p.y / p.w
                guard u > 2, v > 2, u < 30, v < 30 else { continue }  // away from the antialiased edges
                let sx = u - 0.5, sy = v - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0), fy = sy - Double(y0)
                for c in 0..<4 {
                    func t(_ i: Int, _ j: Int) -> Double { Double(tex.data[(j * 32 + i) * 4 + c]) }
                    let ref = (t(x0, y0) * (1 - fx) + t(x0 + 1, y0) * fx) * (1 - fy) + (t(x0, y0 + 1) * (1 - fx) + t(x0 + 1, y0 + 1) * fx) * fy
                    worst = max(worst, abs(Int(dest.data[(y * 120 + x) * 4 + c]) - Int(ref.rounded())))
                }
                checked += 1
            }
        }
        #expect(checked > 2000)
        #expect(worst <= 2)
    }

    @Test func sourceOverIsPremultiplied() {
        let src = Raster(width: 1, height: 1)
        src.data[0] = 100; src.data[1] = 0; src.data[2] = 0; src.data[3] = 128  // premultiplied
        let dest = Raster(width: 4, height: 4)
        dest.fill(r: 0, g: 0, b: 200, a: 255)
        let h = Homography.scaleTranslate(sx: 4, sy: 4, tx: 0, ty: 0)
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { c -> HPoint in
            let p = h.apply(c.0, c.1)
            return HPoint(x: p.x, y: p.y, w: p.w)
        }
        Compositor.draw(QuadDraw(source: src, toSource: h.inverse!, polygon: PolygonClip.clipAndProject(corners), opacity: 1, clips: []), into: dest)
        // Centre pixel: src + dst × (1 − 128/255) = (100, 0, 200 × 127/255 ≈ 99.6, 255).
        let k = (1 * 4 + 1) * 4
        #expect([dest.data[k], dest.data[k + 1], dest.data[k + 2], dest.data[k + 3]] == [100, 0, 100, 255])
    }
}
