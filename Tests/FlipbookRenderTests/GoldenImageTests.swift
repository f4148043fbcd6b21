import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Builds small layer trees with actions disabled, so model values show immediately.
@MainActor
func makeLayer(_ frame: CGRect, _ color: CGColor? = nil, in parent: CALayer? = nil) -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let l = CALayer()
    l.bounds = CGRect(origin: .zero, size: frame.size)
    l.position = CGPoint(x: frame.midX, y: frame.midY)
    l.backgroundColor = color
    parent?.addSublayer(l)
    return l
}

@MainActor
func withoutActions(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}

let red = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
let blue = CGColor(red: 0.2, green: 0.4, blue: 0.95, alpha: 1)
let white = CGColor.white

private final class DrawingDelegate: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 10, y: 10, width: 60, height: 40))
        ctx.setStrokeColor(CGColor(red: 0.2, green: 0.2, blue: 0.8, alpha: 1))
        ctx.setLineWidth(4)
        ctx.stroke(CGRect(x: 6, y: 6, width: 88, height: 48))
        ctx.drawText("Drawn", in: CGRect(x: 0, y: 60, width: 100, height: 30), fontDescription: "DejaVu Sans Bold 16", color: .black, alignment: .center)
    }
}

/// Golden images, one per content feature and for 3D compositing. Tolerances are per test:
/// geometry-only pictures are exact; text (font rasterisation may vary with library versions)
/// allows small differences.
@MainActor
@Suite(.freshRuntime) struct GoldenImageTests {
    let geometry = SnapshotTolerance(channel: 2, pixelFraction: 0.001)
    let text = SnapshotTolerance(channel: 24, pixelFraction: 0.02)

    @Test func roundedCornersCircularAndContinuous() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 60), white)
        let a = makeLayer(CGRect(x: 5, y: 5, width: 50, height: 50), red, in: root)
        let b = makeLayer(CGRect(x: 65, y: 5, width: 50, height: 50), blue, in: root)
        withoutActions {
            a.cornerRadius = 16
            b.cornerRadius = 16
            b.cornerCurve = .continuous
            b.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner, .layerMaxXMinYCorner]
        }
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "rounded-corners", tolerance: geometry)
    }

    /// Corners of different radii (a view's corner configuration gives its layer each corner's
    /// share of `cornerRadius`): 10, 20, 30 and 40 points, drawn as such.
    @Test func cornersOfDifferentRadii() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let card = makeLayer(CGRect(x: 5, y: 5, width: 90, height: 90), blue, in: root)
        withoutActions {
            card.cornerRadius = 40
            card.cornerRadiusShares = [0.25, 0.5, 0.75, 1]
        }
        let img = LayerRenderer(scale: 2).render(root)
        // Just inside each corner's curve, 1 point in along the diagonal from where a
        // radius-40 curve would leave it white: the small corners are filled, the large one not.
        let blueish: (RGBA) -> Bool = { $0.b > 200 && $0.r < 100 }
        #expect(blueish(img.pixel(x: 2 * 9, y: 2 * 9)))
        #expect(!blueish(img.pixel(x: 2 * 91, y: 2 * 91)))
        #expect(!blueish(img.pixel(x: 2 * 7, y: 2 * 7)))
        Snapshot.assert(img, named: "corners-of-different-radii", tolerance: geometry)
    }

    @Test func borderIsDrawnInsideAndAboveSublayers() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 80, height: 80), white)
        let box = makeLayer(CGRect(x: 10, y: 10, width: 60, height: 60), blue, in: root)
        _ = makeLayer(CGRect(x: -10, y: 20, width: 40, height: 20), red, in: box)
        withoutActions {
            box.borderWidth = 6
            box.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
            box.cornerRadius = 12
        }
        let img = LayerRenderer(scale: 2).render(root)
        // The border (dark) covers the red sublayer where they overlap: at x = 12 pt, inside the border.
        let p = img.pixel(x: 2 * 12, y: 2 * 30)
        #expect(p.r < 40 && p.g < 40 && p.b < 40)
        Snapshot.assert(img, named: "border", tolerance: geometry)
    }

    @Test func blurredShadowHonoursOffsetAndRadius() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let card = makeLayer(CGRect(x: 25, y: 20, width: 50, height: 50), blue, in: root)
        withoutActions {
            card.cornerRadius = 10
            card.shadowOpacity = 0.8
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 10)
        }
        let img = LayerRenderer(scale: 1).render(root)
        // y-down offset: the shadow shows below the card, not above it.
        let below = img.pixel(x: 50, y: 78), above = img.pixel(x: 50, y: 14)
        #expect(below.r < 200 && above.r > 235)
        Snapshot.assert(img, named: "shadow", tolerance: geometry)
    }

    @Test func imageContentsWithGravity() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 150, height: 60), white)
        let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .resizeAspectFill]
        for (k, g) in gravities.enumerated() {
            let l = makeLayer(CGRect(x: 5 + 50 * k, y: 5, width: 40, height: 50), CGColor(gray: 0.85, alpha: 1), in: root)
            withoutActions {
                l.contents = TestScene.landscape()
                l.contentsGravity = g
                l.masksToBounds = true
            }
        }
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "image-gravity", tolerance: geometry)
    }

    @Test func textWrapsLimitsLinesAlignsAndShowsEmoji() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 120), white)
        let t = CATextLayer()
        withoutActions {
            t.bounds = CGRect(x: 0, y: 0, width: 180, height: 100)
            t.position = CGPoint(x: 100, y: 60)
            t.string = "Flipbook wraps long text at word boundaries 🎬 and ends the last line with an ellipsis when it is cut short"
            t.font = "DejaVu Sans"
            t.fontSize = 15
            t.foregroundColor = CGColor(gray: 0.1, alpha: 1)
            t.isWrapped = true
            t.alignmentMode = .center
            t.truncationMode = .end
            t.maximumNumberOfLines = 3
            root.addSublayer(t)
        }
        let img = LayerRenderer(scale: 2).render(root)
        // Three lines of 15 pt text: nothing drawn below ~3 × 18 pt from the top of the text layer.
        var inkBelow = 0
        for y in (2 * 75)..<(2 * 110) { for x in 0..<img.width where img.pixel(x: x, y: y).r < 128 { inkBelow += 1 } }
        #expect(inkBelow == 0)
        Snapshot.assert(img, named: "text", tolerance: text)
    }

    @Test func maskLayerCutsToItsAlpha() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 80, height: 80), white)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 60, height: 60), red, in: root)
        let m = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 60), .black)
        withoutActions {
            m.cornerRadius = 30
            l.mask = m
        }
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.pixel(x: 12, y: 12) == RGBA(r: 255, g: 255, b: 255, a: 255))  // outside the circle
        #expect(img.pixel(x: 40, y: 40).g < 80)  // inside
        Snapshot.assert(img, named: "mask", tolerance: geometry)
    }

    @Test func masksToBoundsClipsSublayersToRoundedBounds() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 80, height: 80), white)
        let clip = makeLayer(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(gray: 0.8, alpha: 1), in: root)
        _ = makeLayer(CGRect(x: -20, y: -20, width: 60, height: 60), blue, in: clip)
        withoutActions {
            clip.masksToBounds = true
            clip.cornerRadius = 20
        }
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.pixel(x: 5, y: 5) == RGBA(r: 255, g: 255, b: 255, a: 255))  // outside the clip
        #expect(img.pixel(x: 12, y: 12) == RGBA(r: 255, g: 255, b: 255, a: 255))  // cut by the rounded corner
        Snapshot.assert(img, named: "masks-to-bounds", tolerance: geometry)
    }

    @Test func translucentLayerWithSublayersIsOneGroup() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 30), white)
        let group = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 30), nil, in: root)
        _ = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 30), .black, in: group)
        _ = makeLayer(CGRect(x: 20, y: 0, width: 40, height: 30), .black, in: group)
        withoutActions { group.opacity = 0.5 }
        let img = LayerRenderer(scale: 1).render(root)
        // The overlap is as light as the rest: 50 % black over white = 127/128 everywhere.
        let values = [10, 30, 50].map { Int(img.pixel(x: $0, y: 15).r) }
        #expect(values.allSatisfy { abs($0 - 128) <= 1 })
        #expect(values[0] == values[1] && values[1] == values[2])
    }

    @Test func perspectiveRotationAboutY() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 100), CGColor(gray: 0.95, alpha: 1))
        var p = CATransform3DIdentity
        p.m34 = -1 / 300
        withoutActions { root.sublayerTransform = p }
        for (k, angle) in [CGFloat.pi / 3, CGFloat.pi * 2 / 3].enumerated() {
            let card = makeLayer(CGRect(x: 20 + 100 * CGFloat(k), y: 15, width: 60, height: 70), k == 0 ? red : blue, in: root)
            _ = makeLayer(CGRect(x: 5, y: 5, width: 20, height: 20), white, in: card)
            withoutActions {
                card.cornerRadius = 8
                card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            }
        }
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "perspective", tolerance: geometry)
    }

    @Test func singleSidedLayerIsCulledWhenFacingAway() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), white)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 20, height: 20), red, in: root)
        withoutActions {
            l.isDoubleSided = false
            l.transform = CATransform3DMakeRotation(.pi * 0.75, 0, 1, 0)
        }
        #expect(LayerRenderer(scale: 1).render(root).pixel(x: 20, y: 20) == RGBA(r: 255, g: 255, b: 255, a: 255))
        withoutActions { l.isDoubleSided = true }
        #expect(LayerRenderer(scale: 1).render(root).pixel(x: 20, y: 20).g < 100)
    }

    @Test func shapeGradientAndDrawnContent() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 300, height: 100), white)
        let shape = CAShapeLayer()
        let gradient = CAGradientLayer()
        let drawn = makeLayer(CGRect(x: 200, y: 0, width: 100, height: 100), nil, in: root)
        let delegate = DrawingDelegate()
        withoutActions {
            shape.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            shape.position = CGPoint(x: 50, y: 50)
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 15, y: 15, width: 70, height: 70))
            shape.path = path
            shape.fillColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
            shape.strokeColor = CGColor(red: 0.3, green: 0.2, blue: 0.1, alpha: 1)
            shape.lineWidth = 6
            shape.strokeEnd = 0.75
            root.addSublayer(shape)
            gradient.bounds = CGRect(x: 0, y: 0, width: 90, height: 90)
            gradient.position = CGPoint(x: 150, y: 50)
            gradient.colors = [red, blue]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            root.addSublayer(gradient)
            drawn.delegate = delegate
            drawn.setNeedsDisplay()
            drawn.displayIfNeeded()
        }
        Snapshot.assert(LayerRenderer(scale: 1).render(root), named: "shape-gradient-drawing", tolerance: text)
    }
}
