import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CAGradientLayer's conic and radial types against their closed forms
/// (docs/Semantics.md, "Gradient layers").
@Suite(.freshRuntime) @MainActor struct GradientTypeTests {
    func gradient(_ type: CAGradientLayerType, size: CGSize, start: CGPoint, end: CGPoint, locations: [NSNumber]? = nil) -> CALayer {
        let root = makeLayer(CGRect(origin: .zero, size: size), nil)
        let g = CAGradientLayer()
        withoutActions {
            g.frame = root.bounds
            g.type = type
            g.colors = [pureRed, pureBlue]
            g.locations = locations
            g.startPoint = start
            g.endPoint = end
            root.addSublayer(g)
        }
        return root
    }

    /// Red→blue at fraction t: red = 255(1 − t), blue = 255 t.
    func near(_ p: RGBA, _ t: Double, tolerance: Int = 3) -> Bool {
        matches(p, Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255, tolerance: tolerance)
    }

    @Test func conicStartsAlongStartToEndAndTurnsClockwise() {
        // Centre (50, 50); colour 0 along +x (end point to the right); clockwise on screen.
        let image = LayerRenderer(scale: 1).render(gradient(.conic, size: CGSize(width: 100, height: 100), start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        for (x, y) in [(90, 50), (50, 90), (10, 50), (50, 10), (80, 80), (20, 20), (70, 30)] {
            let angle = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
            let t = (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
            #expect(near(image.pixel(x: x, y: y), t), "(\(x), \(y)) t \(t): \(image.pixel(x: x, y: y))")
        }
        // The start direction follows endPoint: towards the top, colour 0 is straight up.
        let up = LayerRenderer(scale: 1).render(gradient(.conic, size: CGSize(width: 100, height: 100), start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 0.5, y: 0)))
        #expect(near(up.pixel(x: 52, y: 10), 0.03, tolerance: 8))
        #expect(near(up.pixel(x: 90, y: 50), 0.25))
        #expect(near(up.pixel(x: 10, y: 50), 0.75))
    }

    @Test func conicHonoursLocations() {
        // locations [0.25, 0.75]: red until a quarter turn, blue from three quarters.
        let image = LayerRenderer(scale: 1).render(
            gradient(.conic, size: CGSize(width: 100, height: 100), start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5), locations: [0.25, 0.75]))
        #expect(near(image.pixel(x: 80, y: 62), 0))  // about 0.06 of a turn: before 0.25
        #expect(near(image.pixel(x: 10, y: 50), 0.5, tolerance: 4))  // half a turn: midway
        #expect(near(image.pixel(x: 80, y: 38), 1))  // about 0.94 of a turn: after 0.75
    }

    @Test func radialIsAnEllipseOfTheEndPointsOffsets() {
        // 200 × 100 bounds, centre (100, 50), end (1, 0.75): half-axes 100 and 25 points.
        let image = LayerRenderer(scale: 1).render(gradient(.radial, size: CGSize(width: 200, height: 100), start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.75)))
        for (x, y) in [(150, 50), (100, 62), (130, 40), (100, 50), (190, 50), (100, 90)] {
            let dx = (Double(x) + 0.5 - 100) / 100, dy = (Double(y) + 0.5 - 50) / 25
            let t = min(1, (dx * dx + dy * dy).squareRoot())
            #expect(near(image.pixel(x: x, y: y), t), "(\(x), \(y)) t \(t): \(image.pixel(x: x, y: y))")
        }
    }

    @Test func gradientGolden() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 260, height: 100), white)
        withoutActions {
            let colors = [
                CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1), CGColor(red: 1, green: 0.9, blue: 0.1, alpha: 1),
                CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 1), CGColor(red: 0.2, green: 0.3, blue: 1, alpha: 1),
                CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1),
            ]
            let conic = CAGradientLayer()
            conic.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
            conic.type = .conic
            conic.colors = colors
            conic.startPoint = CGPoint(x: 0.5, y: 0.5)
            conic.endPoint = CGPoint(x: 0.5, y: 0)
            conic.cornerRadius = 40
            conic.masksToBounds = true
            root.addSublayer(conic)
            let ring = CAGradientLayer()
            ring.frame = CGRect(x: 100, y: 10, width: 80, height: 80)
            ring.type = .conic
            ring.colors = [CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 0), CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)]
            ring.locations = [0.1, 0.9]
            ring.startPoint = CGPoint(x: 0.5, y: 0.5)
            ring.endPoint = CGPoint(x: 1, y: 0.5)
            let mask = CAShapeLayer()
            mask.path = CGPath(ellipseIn: CGRect(x: 6, y: 6, width: 68, height: 68), transform: nil)
            mask.fillColor = nil
            mask.strokeColor = CGColor.black
            mask.lineWidth = 10
            ring.mask = mask
            root.addSublayer(ring)
            let radial = CAGradientLayer()
            radial.frame = CGRect(x: 190, y: 10, width: 60, height: 80)
            radial.type = .radial
            radial.colors = [CGColor.white, CGColor(red: 0.5, green: 0.1, blue: 0.6, alpha: 1)]
            radial.startPoint = CGPoint(x: 0.5, y: 0.5)
            radial.endPoint = CGPoint(x: 1, y: 1)
            root.addSublayer(radial)
        }
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "gradient-conic-radial", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
