import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// A white rectangle rotated about y under perspective, checked against the closed-form
/// projection: every pixel whose 1-pixel neighbourhood lies wholly inside the analytic image is
/// fully covered, every pixel whose neighbourhood lies wholly outside is empty. So edges and
/// corners land within 1 px of the analytic projection, including past 90° and behind the eye.
@MainActor
@Suite(.freshRuntime) struct ProjectionTests {
    /// Closed form for a `w × h` rectangle centred at the container's anchor (cx, cy), rotated by
    /// θ about y, under m34 = −1/d: a plane point (x, y) (relative to the rectangle's centre) goes
    /// to X = x·cos θ, Z = −x·sin θ, w = 1 − Z/d = 1 + x·sin θ/d, screen = centre + (X, y)/w.
    /// Inverting per pixel: x = u / (cos θ − u·sin θ/d), y = v·w, visible only where w > 0.
    struct Analytic {
        let w: Double, h: Double, theta: Double, d: Double, cx: Double, cy: Double, scale: Double
        func inside(_ px: Double, _ py: Double) -> Bool {
            let u = px / scale - cx, v = py / scale - cy
            let c = cos(theta), s = sin(theta)
            let denom = c - u * s / d
            guard abs(denom) > 1e-12 else { return false }
            let x = u / denom
            let wv = 1 + x * s / d
            guard wv > 0 else { return false }
            let y = v * wv
            return abs(x) <= w / 2 && abs(y) <= h / 2
        }
        /// The analytic projection of a corner (nil when it is behind the eye).
        func corner(_ x: Double, _ y: Double) -> (Double, Double)? {
            let wv = 1 + x * sin(theta) / d
            guard wv > 0 else { return nil }
            return ((cx + x * cos(theta) / wv) * scale, (cy + y / wv) * scale)
        }
    }

    func render(theta: Double, d: Double, width: Double = 120, height: Double = 80) -> (RenderedImage, Analytic) {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 160), nil)
        let card = makeLayer(CGRect(x: 100 - width / 2, y: 80 - height / 2, width: width, height: height), .white, in: root)
        withoutActions {
            var p = CATransform3DIdentity
            p.m34 = -1 / CGFloat(d)
            root.sublayerTransform = p
            card.transform = CATransform3DMakeRotation(CGFloat(theta), 0, 1, 0)
        }
        let image = LayerRenderer(scale: 1).render(root)
        return (image, Analytic(w: width, h: height, theta: theta, d: d, cx: 100, cy: 80, scale: 1))
    }

    /// Pixels that disagree with the analytic picture beyond the 1-pixel band.
    func mismatches(_ image: RenderedImage, _ a: Analytic) -> [String] {
        var bad: [String] = []
        let offsets: [(Double, Double)] = [(0, 0), (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let flags = offsets.map { a.inside(px + $0.0, py + $0.1) }
                let alpha = image.pixel(x: x, y: y).a
                if flags.allSatisfy({ $0 }) && alpha < 250 { bad.append("(\(x),\(y)) inside but alpha \(alpha)") }
                if flags.allSatisfy({ !$0 }) && alpha > 5 { bad.append("(\(x),\(y)) outside but alpha \(alpha)") }
            }
        }
        return bad
    }

    @Test(arguments: [0.0, 0.6, 1.2, Double.pi / 2 + 0.3, 2.2, Double.pi, 3.9])
    func rotatedRectangleMatchesClosedForm(theta: Double) {
        let (image, a) = render(theta: theta, d: 400)
        #expect(Array(mismatches(image, a).prefix(5)) == [])
    }

    @Test func cornersLandWithinOnePixel() {
        let (image, a) = render(theta: 0.9, d: 300)
        for (x, y) in [(-60.0, -40.0), (60.0, -40.0), (60.0, 40.0), (-60.0, 40.0)] {
            guard let c = a.corner(x, y) else { Issue.record("corner behind the eye"); continue }
            // Some pixel within 1 px of the analytic corner is covered, and the corner's
            // outward neighbour 1.5 px away is not.
            let cx = Int(c.0.rounded(.down)), cy = Int(c.1.rounded(.down))
            let near = (-1...1).flatMap { dy in (-1...1).map { dx in image.pixel(x: cx + dx, y: cy + dy).a } }
            #expect(near.contains { $0 > 100 }, "corner (\(x), \(y)) at \(c)")
            let ox = c.0 + (x < 0 ? -1.5 : 1.5), oy = c.1 + (y < 0 ? -1.5 : 1.5)
            #expect(image.pixel(x: Int(ox.rounded(.down)), y: Int(oy.rounded(.down))).a < 10, "outside corner (\(x), \(y))")
        }
    }

    /// With the eye 50 pt away, the left part of a 120-pt-wide card swings behind the eye: that
    /// part must be cut away before the divide instead of wrapping around onto the screen.
    @Test(arguments: [0.7, 1.3, 2.0])
    func geometryBehindTheEyeIsClipped(theta: Double) {
        let (image, a) = render(theta: theta, d: 50)
        #expect(Array(mismatches(image, a).prefix(5)) == [])
        // Something is visible (the near part of the card runs off screen on one side).
        #expect((0..<image.width).contains { image.pixel(x: $0, y: 80).a > 0 })
    }
}
