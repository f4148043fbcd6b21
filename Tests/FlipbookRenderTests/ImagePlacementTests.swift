import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// MARK: - Image placement: contentsScale and contentsGravity

@MainActor
@Suite(.freshRuntime) struct ImagePlacementTests {
    /// A red `w` × `h` pixel image in a 100 × 60 layer filling a white root, gravity `g`.
    func render(_ g: CALayerContentsGravity, w: Int = 20, h: Int = 10, contentsScale: CGFloat = 1, scale: CGFloat = 1,
                bounds: CGRect = CGRect(x: 0, y: 0, width: 100, height: 60)) -> RenderedImage
    {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 60), white)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 60), nil, in: root)
        withoutActions {
            l.bounds = bounds
            l.contents = solidImage(w, h, 255, 0, 0)
            l.contentsGravity = g
            l.contentsScale = contentsScale
        }
        return LayerRenderer(scale: scale).render(root)
    }

    /// A 40 × 20 pixel image, gravity center in a 100 × 60 layer: at contentsScale 1 it is
    /// 40 × 20 pt (x 30…70, y 20…40); at contentsScale 2 it is 20 × 10 pt (x 40…60, y 25…35).
    @Test func contentsScaleDividesTheImagesPixelSize() {
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 1), where: isRed) == [30, 20, 70, 40])
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 2), where: isRed) == [40, 25, 60, 35])
        // contentsScale 4: 10 × 5 pt, x 45…55, y 27.5…32.5: rows 27 and 32 are half covered.
        let quarter = render(.center, w: 40, h: 20, contentsScale: 4)
        #expect(extent(quarter, where: isRed) == [45, 28, 55, 32])
        #expect(matches(quarter.pixel(x: 50, y: 27), 255, 128, 128, tolerance: 3) && matches(quarter.pixel(x: 50, y: 32), 255, 128, 128, tolerance: 3))
        // Rendered at scale 2 the same layouts double in pixels: sizes are in points.
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 2, scale: 2), where: isRed) == [80, 50, 120, 70])
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 1, scale: 2), where: isRed) == [60, 40, 140, 80])
        // A gravity that scales the image ignores contentsScale: resize fills the bounds either way.
        #expect(extent(render(.resize, w: 40, h: 20, contentsScale: 2), where: isRed) == [0, 0, 100, 60])
    }

    /// Where each positioning gravity puts a 20 × 10 pt image in a 100 × 60 layer, as pixel
    /// rectangles [x0, y0, x1, y1] on screen (y down).
    ///
    /// Core Animation names its gravities in its own y-up space: Apple's `contentsGravity`
    /// documentation says that when `contentsAreFlipped()` is true, `top` aligns the content to
    /// the *bottom* of the layer and `bottom` to the top. On iOS a UIKit layer's space is y-down,
    /// so (as iOS developers observe, and as UIKit's own `contentMode` → gravity mapping assumes:
    /// `.top` ↔ `.bottom`, see `UIView.ContentMode.contentsGravity`) `top` shows the image at the
    /// *visual bottom* and `bottom` at the visual top; left and right are not affected. This is
    /// what `ContentRasterizer.gravityRect` implements (y = maxY − h for "top…", minY for
    /// "bottom…"). Flipbook has no `geometryFlipped`, so no other case exists.
    @Test(arguments: [
        ("center", [40, 25, 60, 35]),
        ("left", [0, 25, 20, 35]),
        ("right", [80, 25, 100, 35]),
        ("top", [40, 50, 60, 60]),          // visual bottom
        ("bottom", [40, 0, 60, 10]),        // visual top
        ("topLeft", [0, 50, 20, 60]),       // visual bottom-left
        ("topRight", [80, 50, 100, 60]),    // visual bottom-right
        ("bottomLeft", [0, 0, 20, 10]),     // visual top-left
        ("bottomRight", [80, 0, 100, 10]),  // visual top-right
    ])
    func positioningGravityPlacesTheImage(gravity: String, expected: [Int]) {
        let img = render(CALayerContentsGravity(rawValue: gravity))
        #expect(extent(img, where: isRed) == expected)
        // Fully covered inside, untouched white just outside.
        #expect(matches(img.pixel(x: expected[0], y: expected[1]), 255, 0, 0))
        #expect(matches(img.pixel(x: expected[2] - 1, y: expected[3] - 1), 255, 0, 0))
        // At scale 2 the same rectangle in points.
        #expect(extent(render(CALayerContentsGravity(rawValue: gravity), scale: 2), where: isRed) == expected.map { $0 * 2 })
    }

    /// The gravity rectangle is taken within the layer's bounds, whatever their origin: moving
    /// `bounds.origin` (which shifts sublayers) does not move the contents on screen.
    @Test func boundsOriginDoesNotMoveTheContents() {
        let shifted = CGRect(x: 13, y: -7, width: 100, height: 60)
        #expect(extent(render(.bottomRight, bounds: shifted), where: isRed) == [80, 0, 100, 10])
        #expect(extent(render(.left, bounds: shifted), where: isRed) == [0, 25, 20, 35])
    }

    /// An image larger than the bounds with a corner gravity is pinned by that corner and spills
    /// out the opposite way (no masksToBounds): 140 × 80 pt, gravity bottomLeft (visual top-left)
    /// in the 100 × 60 layer covers x 0…140 (cut by the 100-pt root), y 0…80 (cut at 60).
    @Test func largerImageIsPinnedByItsGravityCorner() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 120), white)
        let l = makeLayer(CGRect(x: 30, y: 20, width: 100, height: 60), nil, in: root)
        withoutActions {
            l.contents = solidImage(140, 80, 255, 0, 0)
            l.contentsGravity = .bottomLeft
        }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isRed) == [30, 20, 170, 100])
        // topRight (visual bottom-right): layer x 100 − 140 = −40, y 60 − 80 = −20, so screen
        // x −10…130, y 0…80, cut at the root's left edge.
        withoutActions { l.contentsGravity = .topRight }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isRed) == [0, 0, 130, 80])
    }

    /// A sub-rectangle of the image (`contentsRect`, a sprite) is placed by gravity like a whole
    /// image and, without masksToBounds, spills outside the bounds just the same, as on iOS. An
    /// 80 × 40 px image, red on the left half and blue on the right, in a 20 × 20 layer at
    /// (40, 40), gravity center: the left half (40 × 40 pt) covers x, y 30…70 in red only, the
    /// right half the same square in blue only; with masksToBounds both are cut to 40…60.
    @Test func subRectangleOfTheImageSpillsLikeTheWholeImage() throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let l = makeLayer(CGRect(x: 40, y: 40, width: 20, height: 20), nil, in: root)
        var px = [UInt8](repeating: 255, count: 80 * 40 * 4)
        for k in 0..<(80 * 40) { px[k * 4] = k % 80 < 40 ? 255 : 0; px[k * 4 + 1] = 0; px[k * 4 + 2] = k % 80 < 40 ? 0 : 255 }
        let image = try #require(CGImage(width: 80, height: 40, premultipliedRGBA: px))
        let isBlue: (RGBA) -> Bool = { $0.b > 200 && $0.r < 60 && $0.g < 60 && $0.a > 200 }
        withoutActions {
            l.contents = image
            l.contentsGravity = .center
        }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isRed) == [10, 30, 50, 70])  // whole image: 80 × 40 pt
        withoutActions { l.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1) }
        let left = LayerRenderer(scale: 1).render(root)
        #expect(extent(left, where: isRed) == [30, 30, 70, 70])
        #expect(extent(left, where: isBlue) == nil)
        withoutActions { l.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1) }
        let right = LayerRenderer(scale: 1).render(root)
        #expect(extent(right, where: isBlue) == [30, 30, 70, 70])
        #expect(extent(right, where: isRed) == nil)
        withoutActions { l.masksToBounds = true }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isBlue) == [40, 40, 60, 60])
    }
}
