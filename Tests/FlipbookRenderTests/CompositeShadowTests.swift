import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Without a shadowPath, Core Animation shapes a layer's shadow from the layer drawn whole: its
/// body, its sublayers (even outside its bounds) and its border. Hard shadows (radius 0) on a
/// white screen at scale 1, so each pixel is either shadow (black at the opacity) or not.
@MainActor
@Suite(.freshRuntime) struct CompositeShadowTests {
    let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// A white 200 × 200 screen and a layer at (50, 50), 100 × 100, casting a hard shadow
    /// offset by (0, 60).
    func scene(_ configure: (CALayer) -> Void) -> RenderedImage {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), white)
        let l = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), nil, in: root)
        withoutActions {
            l.shadowColor = black
            l.shadowOpacity = 1
            l.shadowRadius = 0
            l.shadowOffset = CGSize(width: 0, height: 60)
            configure(l)
        }
        return LayerRenderer(scale: 1).render(root)
    }

    /// `ok` about pixel (x, y); a failure prints that pixel (not the whole image, as a macro
    /// expanding the image argument would).
    func expectPixel(_ ok: Bool, _ img: RenderedImage, _ x: Int, _ y: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(ok, "pixel (\(x), \(y)) is \(img.pixel(x: x, y: y))", sourceLocation: sourceLocation)
    }

    func isShadow(_ img: RenderedImage, _ x: Int, _ y: Int) -> Bool {
        let p = img.pixel(x: x, y: y)
        return p.r < 20 && p.g < 20 && p.b < 20
    }

    func isWhite(_ img: RenderedImage, _ x: Int, _ y: Int) -> Bool {
        let p = img.pixel(x: x, y: y)
        return p.r > 240 && p.g > 240 && p.b > 240
    }

    /// No body of its own, one red sublayer at (10, 10, 30 × 30) in its bounds: the shadow is
    /// that square moved down 60 (screen 60…90 × 120…150), nothing where the layer is empty.
    @Test func aSublayerCastsItsParentsShadow() {
        let img = scene { l in
            _ = makeLayer(CGRect(x: 10, y: 10, width: 30, height: 30), red, in: l)
        }
        expectPixel(isShadow(img, 75, 135), img, 75, 135)  // under the square, 60 down
        expectPixel(isWhite(img, 120, 135), img, 120, 135)  // where the layer has nothing
        expectPixel(isWhite(img, 75, 155), img, 75, 155)  // past the square's shadow
        let square = img.pixel(x: 75, y: 75)
        #expect(square.r > 200)  // the square itself is drawn on top
    }

    /// A sublayer reaching outside its parent's bounds casts shadow there too.
    @Test func sublayersOutsideTheBoundsCastShadow() {
        let img = scene { l in
            _ = makeLayer(CGRect(x: 90, y: 0, width: 40, height: 20), red, in: l)  // screen x 140…180, y 50…70
        }
        expectPixel(isShadow(img, 170, 120), img, 170, 120)  // 60 below the part outside the bounds
        expectPixel(isWhite(img, 100, 120), img, 100, 120)
    }

    /// A border alone (no background) casts a ring: the hollow middle casts nothing. The layer
    /// spans 50…150 with a 6-pt border, its shadow 60 lower; the border itself is drawn on top.
    @Test func aBorderCastsARing() {
        let img = scene { l in
            l.borderWidth = 6
            l.borderColor = blue
        }
        let leftBand = isShadow(img, 53, 170), topBand = isShadow(img, 100, 113), hollow = isWhite(img, 100, 180)
        #expect(leftBand && topBand && hollow, "\(img.pixel(x: 53, y: 170)) \(img.pixel(x: 100, y: 113)) \(img.pixel(x: 100, y: 180))")
    }

    /// A shadowPath wins over the drawing, sublayers or not.
    @Test func aShadowPathWins() {
        let img = scene { l in
            _ = makeLayer(CGRect(x: 10, y: 10, width: 30, height: 30), red, in: l)
            l.shadowPath = CGPath(rect: CGRect(x: 60, y: 0, width: 40, height: 40), transform: nil)
        }
        expectPixel(isShadow(img, 130, 130), img, 130, 130)
        expectPixel(isWhite(img, 75, 135), img, 75, 135)
    }

    /// The layer's opacity fades its shadow as a whole; the shape is the drawing's alpha at full
    /// opacity (a half-transparent layer does not cast a quarter shadow).
    @Test func opacityAppliesOnceToTheWholeShadow() {
        let img = scene { l in
            _ = makeLayer(CGRect(x: 10, y: 10, width: 30, height: 30), red, in: l)
            l.opacity = 0.5
        }
        let p = img.pixel(x: 75, y: 135)
        #expect(abs(Int(p.r) - 128) <= 3, "\(p)")  // black at 0.5 over white
    }

    /// The shadow is kept while the layer's own drawing stays: moving the layer reuses it (no
    /// new bitmap), moving a sublayer redraws it, and each frame equals a fresh renderer's.
    @Test func theShadowIsRedrawnOnlyWhenTheDrawingChanges() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), white)
        let l = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), nil, in: root)
        let square = makeLayer(CGRect(x: 10, y: 10, width: 30, height: 30), red, in: l)
        withoutActions {
            l.shadowColor = black
            l.shadowOpacity = 0.8
            l.shadowRadius = 4
        }
        let renderer = LayerRenderer(scale: 1)
        _ = renderer.render(root)
        let made = renderer.contentRasterizations
        withoutActions { l.position.x += 17 }
        let moved = renderer.render(root)
        #expect(renderer.contentRasterizations == made)
        #expect(moved == LayerRenderer(scale: 1).render(root))
        withoutActions { square.position.x += 20 }
        let changed = renderer.render(root)
        #expect(renderer.contentRasterizations == made + 1)
        #expect(changed == LayerRenderer(scale: 1).render(root))
    }
}
