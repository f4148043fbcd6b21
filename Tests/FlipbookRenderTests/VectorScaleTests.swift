import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Shape layers seen magnified are drawn at the scale they are seen at (docs/Renderer.md,
/// "Vector content under a magnifying transform").
@Suite(.freshRuntime) @MainActor struct VectorScaleTests {
    /// A circular reveal's mask: a 2-point circle scaled 40 times is a sharp 80-point disc.
    @Test func aCircleScaledUpKeepsASharpEdge() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 0, alpha: 1))
        let circle = CAShapeLayer()
        withoutActions {
            circle.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
            circle.position = CGPoint(x: 50, y: 50)
            circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
            circle.fillColor = CGColor.white
            circle.transform = CATransform3DMakeScale(40, 40, 1)
            root.addSublayer(circle)
        }
        let image = LayerRenderer(scale: 1).render(root)
        // Radius 40 about (50, 50): inside at 38, outside at 42, a transition of about a pixel.
        #expect(matches(image.pixel(x: 50 + 37, y: 50), 255, 255, 255, tolerance: 2))
        #expect(matches(image.pixel(x: 50 + 42, y: 50), 0, 0, 0, tolerance: 2))
        #expect(matches(image.pixel(x: 50, y: 50 - 37), 255, 255, 255, tolerance: 2))
        #expect(matches(image.pixel(x: 50 + 29, y: 50 + 29), 0, 0, 0, tolerance: 2), "outside the disc at 41 points on the diagonal")
    }

    /// A ring mask grown from a hole in a huge scaled rectangle (a favourite button's burst): the
    /// hole shows, though the rectangle is far larger than any bitmap.
    @Test func aHoleInAHugelyScaledMaskShows() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 0, alpha: 1))
        let disc = CAShapeLayer()
        let mask = CAShapeLayer()
        withoutActions {
            disc.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            disc.position = CGPoint(x: 50, y: 50)
            disc.path = CGPath(ellipseIn: disc.bounds, transform: nil)
            disc.fillColor = CGColor.white
            mask.bounds = disc.bounds
            mask.position = CGPoint(x: 30, y: 30)
            let p = CGMutablePath()
            p.addRect(disc.bounds)
            p.addArc(center: CGPoint(x: 30, y: 30), radius: 0.1, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            mask.path = p
            mask.fillRule = .evenOdd
            mask.transform = CATransform3DMakeScale(200, 200, 1)  // the hole's radius is 20
            disc.mask = mask
            root.addSublayer(disc)
        }
        let image = LayerRenderer(scale: 1).render(root)
        #expect(matches(image.pixel(x: 50, y: 50), 0, 0, 0, tolerance: 2), "the hole")
        #expect(matches(image.pixel(x: 50 + 15, y: 50), 0, 0, 0, tolerance: 2))
        #expect(matches(image.pixel(x: 50 + 25, y: 50), 255, 255, 255, tolerance: 2), "the ring")
    }
}
