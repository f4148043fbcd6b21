import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Layer `contents` images sampled directly, as iOS's GPU does: placed by contentsGravity,
/// spilling outside the bounds unless masksToBounds, bilinear between texel centres, one texture
/// per CGImage.
@MainActor
@Suite(.freshRuntime) struct ImageContentsTests {
    /// A `width` × `height` image of one opaque colour.
    func solid(_ width: Int, _ height: Int, r: UInt8, g: UInt8, b: UInt8) -> CGImage? {
        CGImage(width: width, height: height, premultipliedRGBA: Array((0..<(width * height)).map { _ in [r, g, b, 255] }.joined()))
    }

    func isColor(_ p: RGBA, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 1) -> Bool {
        abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance && p.a == 255
    }

    /// A 2:1 image aspect-filled into a 40 × 40 layer at (30, 30) covers x 10…90, y 30…70.
    func aspectFillScene(masksToBounds: Bool) -> CALayer {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let l = makeLayer(CGRect(x: 30, y: 30, width: 40, height: 40), nil, in: root)
        withoutActions {
            l.contents = solid(4, 2, r: 255, g: 0, b: 0)
            l.contentsGravity = .resizeAspectFill
            l.masksToBounds = masksToBounds
        }
        return root
    }

    @Test func aspectFillSpillsOutsideTheBoundsUnlessMasked() {
        let spill = LayerRenderer(scale: 1).render(aspectFillScene(masksToBounds: false))
        let masked = LayerRenderer(scale: 1).render(aspectFillScene(masksToBounds: true))
        // Left of the bounds, inside the image's gravity rect; inside the bounds; above the image.
        let probes = [(15, 50), (50, 50), (50, 20), (95, 50)]
        let seen = probes.map { isColor(spill.pixel(x: $0.0, y: $0.1), 255, 0, 0) }
        let seenMasked = probes.map { isColor(masked.pixel(x: $0.0, y: $0.1), 255, 0, 0) }
        #expect(seen == [true, true, false, false])
        #expect(seenMasked == [false, true, false, false])
        #expect(isColor(masked.pixel(x: 15, y: 50), 255, 255, 255))
    }

    @Test func maskedRoundedImageHasAntialiasedCorners() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let l = makeLayer(CGRect(x: 20, y: 20, width: 60, height: 60), nil, in: root)
        withoutActions {
            l.contents = solid(3, 3, r: 0, g: 0, b: 255)
            l.masksToBounds = true
            l.cornerRadius = 20
        }
        let img = LayerRenderer(scale: 1).render(root)
        // Corner pixel (20, 20): its centre is 27.6 pt from the corner circle's centre (40, 40): outside.
        #expect(isColor(img.pixel(x: 20, y: 20), 255, 255, 255))
        #expect(isColor(img.pixel(x: 50, y: 50), 0, 0, 255))
        // Pixel (26, 25): centre (26.5, 25.5) is √392.5 = 19.812 pt from (40, 40), 0.188 px inside
        // the arc: coverage 0.5 + 0.188 = 0.688, so red = 255 × (1 − 0.688) ≈ 79.6 over white.
        let edge = img.pixel(x: 26, y: 25)
        let expectedRed = 255 * (1 - (0.5 + (20 - 392.5.squareRoot())))
        #expect(abs(Double(edge.r) - expectedRed) <= 3 && edge.b == 255)
    }

    @Test func magnifiedImageInterpolatesBilinearlyBetweenTexelCentres() {
        // Texels (red channel): (0,0) = 0, (1,0) = 200, (0,1) = 100, (1,1) = 40, all opaque.
        let px: [UInt8] = [0, 0, 0, 255, 200, 0, 0, 255, 100, 0, 0, 255, 40, 0, 0, 255]
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), nil)
        withoutActions { root.contents = CGImage(width: 2, height: 2, premultipliedRGBA: px) }
        let img = LayerRenderer(scale: 1).render(root)
        // Pixel centre (x + 0.5) maps to texel coordinate (x + 0.5) / 100; texel centres sit at 0.5
        // and 1.5, so the weight of the second texel is (x + 0.5) / 100 − 0.5, clamped to 0…1.
        func expected(_ x: Int, _ y: Int) -> Double {
            let fx = min(1, max(0, (Double(x) + 0.5) / 100 - 0.5)), fy = min(1, max(0, (Double(y) + 0.5) / 100 - 0.5))
            return (1 - fx) * (1 - fy) * 0 + fx * (1 - fy) * 200 + (1 - fx) * fy * 100 + fx * fy * 40
        }
        let probes = [(10, 10), (190, 10), (10, 190), (190, 190), (99, 49), (124, 124), (70, 130), (150, 75)]
        let errors = probes.map { abs(Double(img.pixel(x: $0.0, y: $0.1).r) - expected($0.0, $0.1)) }
        #expect(errors.allSatisfy { $0 <= 2 }, "errors \(errors)")
        #expect(probes.allSatisfy { img.pixel(x: $0.0, y: $0.1).a == 255 })
    }

    @Test func movingAnImageLayerDrawsNothingNew() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 40, height: 40), nil, in: root)
        withoutActions { l.contents = TestScene.landscape() }
        let r = LayerRenderer(scale: 2)
        var counts: [Int] = []
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.position = CGPoint(x: 60, y: 60) }
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions {
            l.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
            l.opacity = 0.5
        }
        _ = r.render(root); counts.append(r.contentRasterizations)
        withoutActions { l.bounds = CGRect(x: 0, y: 0, width: 70, height: 30) }  // a new size: the image is not redrawn either
        _ = r.render(root); counts.append(r.contentRasterizations)
        // One texture (the image's pixels); no bounds-sized body bitmap since there is no background.
        #expect(counts == [1, 1, 1, 1])
    }

    @Test func layersShowingOneImageShareItsTexture() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let image = TestScene.checkerboard()
        let a = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), nil, in: root)
        let b = makeLayer(CGRect(x: 50, y: 50, width: 30, height: 20), nil, in: root)
        withoutActions {
            a.contents = image
            b.contents = image
            b.contentsGravity = .resizeAspect
        }
        let r = LayerRenderer(scale: 2)
        _ = r.render(root)
        let shared = r.contentRasterizations
        let c = makeLayer(CGRect(x: 50, y: 0, width: 40, height: 40), nil, in: root)
        withoutActions { c.contents = TestScene.landscape() }
        _ = r.render(root)
        let counts: [Int] = [shared, r.contentRasterizations]
        #expect(counts == [1, 2])
    }

    @Test func shadowFollowsTheSpilledImage() {
        // A 2:1 image aspect-filled into a 20 × 20 layer at (40, 40) covers x 30…70, y 40…60;
        // a hard black shadow 30 pt lower covers x 30…70, y 70…90.
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let l = makeLayer(CGRect(x: 40, y: 40, width: 20, height: 20), nil, in: root)
        withoutActions {
            l.contents = solid(4, 2, r: 255, g: 0, b: 0)
            l.contentsGravity = .resizeAspectFill
            l.shadowOpacity = 1
            l.shadowRadius = 0
            l.shadowOffset = CGSize(width: 0, height: 30)
        }
        let img = LayerRenderer(scale: 1).render(root)
        let probes = [(32, 80), (50, 80), (67, 80), (25, 80), (50, 95)]
        #expect(probes.map { isColor(img.pixel(x: $0.0, y: $0.1), 0, 0, 0) } == [true, true, true, false, false])
        #expect(isColor(img.pixel(x: 32, y: 50), 255, 0, 0))
    }

    @Test func translucentImageOverBackgroundFadesAsOnePicture() {
        // An opaque image over an opaque background at opacity 0.5: the background does not show
        // through the image (the layer fades as a whole): 0.5 × red + 0.5 × white.
        let root = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), white)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), blue, in: root)
        withoutActions {
            l.contents = solid(2, 2, r: 255, g: 0, b: 0)
            l.opacity = 0.5
        }
        let p = LayerRenderer(scale: 1).render(root).pixel(x: 20, y: 20)
        #expect(isColor(p, 255, 128, 128, tolerance: 2))
    }

    @Test func badImageInputDrawsLikeBefore() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), white)
        let empty = makeLayer(CGRect(x: 0, y: 0, width: 0, height: 0), nil, in: root)
        let nanScale = makeLayer(CGRect(x: 10, y: 10, width: 20, height: 20), nil, in: root)
        withoutActions {
            empty.contents = solid(4, 4, r: 255, g: 0, b: 0)
            empty.contentsGravity = .center
            nanScale.contents = solid(4, 4, r: 0, g: 0, b: 255)
            nanScale.contentsGravity = .center
            nanScale.contentsScale = .nan
        }
        let img = LayerRenderer(scale: 1).render(root)
        // NaN contentsScale reads as 1: a 4 × 4 pt image centred in (10…30): x, y 18…22.
        let probes = [(1, 1), (19, 19), (16, 19), (21, 21)]
        #expect(probes.map { isColor(img.pixel(x: $0.0, y: $0.1), 0, 0, 255) } == [false, true, false, true])
        #expect(isColor(img.pixel(x: 1, y: 1), 255, 255, 255))
    }
}
