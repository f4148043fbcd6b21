import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CAShapeLayer's dashes, dash phase (and its "marching ants" animation), trimming with dashes,
/// miter limit, joins, caps and fill rule, drawn as Core Graphics strokes them
/// (docs/Semantics.md, "Shape layers").
@Suite(.freshRuntime) @MainActor struct ShapeDashTests {
    /// A horizontal line from x = 10 to x = 110 at y = 20, 6 points wide, red, butt caps.
    func dashedLine(_ pattern: [NSNumber]?, phase: CGFloat = 0, start: CGFloat = 0, end: CGFloat = 1) -> (CALayer, CAShapeLayer) {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 40), white)
        let shape = CAShapeLayer()
        withoutActions {
            shape.frame = root.bounds
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: 20))
            p.addLine(to: CGPoint(x: 110, y: 20))
            shape.path = p
            shape.strokeColor = pureRed
            shape.fillColor = nil
            shape.lineWidth = 6
            shape.lineDashPattern = pattern
            shape.lineDashPhase = phase
            shape.strokeStart = start
            shape.strokeEnd = end
            root.addSublayer(shape)
        }
        return (root, shape)
    }

    /// Which of the sample columns x = 10.5 … 109.5 (pixel centres along the line) are red.
    func painted(_ image: RenderedImage) -> [Bool] {
        (10..<110).map { isRed(image.pixel(x: $0, y: 20)) }
    }

    /// The expected coverage: a pixel is painted when its centre (at distance d = x + 0.5 − 10
    /// from the path's start) lies inside an "on" interval of the pattern shifted by the phase.
    func expected(_ pattern: [Double], phase: Double, from a: Double = 0, to b: Double = 100) -> [Bool] {
        let period = pattern.reduce(0, +)
        return (0..<100).map { i in
            let d = Double(i) + 0.5
            guard d >= a && d <= b else { return false }
            var u = (d + phase).truncatingRemainder(dividingBy: period)
            if u < 0 { u += period }
            var k = 0, acc = 0.0
            while acc + pattern[k % pattern.count] <= u { acc += pattern[k % pattern.count]; k += 1 }
            return k % 2 == 0
        }
    }

    @Test func dashPatternAndPhase() {
        for (pattern, phase) in [([10.0, 5.0], 0.0), ([10.0, 5.0], 3.0), ([4.0, 2.0, 8.0, 6.0], 7.0), ([7.0], 0.0)] {
            let (root, _) = dashedLine(pattern.map { NSNumber(value: $0) }, phase: CGFloat(phase))
            let image = LayerRenderer(scale: 1).render(root)
            let want = expected(pattern.count % 2 == 1 ? pattern + pattern : pattern, phase: phase)
            let got = painted(image)
            let same = got == want
            #expect(same, "pattern \(pattern) phase \(phase)")
        }
    }

    @Test func trimmingKeepsTheDashesInPlace() {
        // strokeStart 0.25 and strokeEnd 0.8 keep [25, 80] of the 100-point line; the dashes stay
        // where the untrimmed pattern puts them.
        let (root, _) = dashedLine([10, 5], phase: 2, start: 0.25, end: 0.8)
        let got = painted(LayerRenderer(scale: 1).render(root))
        let want = expected([10, 5], phase: 2, from: 25, to: 80)
        let same = got == want
        #expect(same)
    }

    @Test func badPatternsDrawSolid() {
        for pattern: [NSNumber] in [[], [0, 0], [-4, 4], [NSNumber(value: Double.nan), 3]] {
            let (root, _) = dashedLine(pattern)
            let got = painted(LayerRenderer(scale: 1).render(root))
            #expect(got.allSatisfy { $0 }, "pattern \(pattern)")
        }
    }

    @Test func marchingAnts() {
        // The classic marching ants: lineDashPhase animated from 0 to the pattern's length, linear,
        // repeating. At each time the frame equals the still frame at phase = 15 × (t mod 1).
        let (root, shape) = dashedLine([10, 5])
        let ants = CABasicAnimation(keyPath: "lineDashPhase")
        ants.fromValue = 0
        ants.toValue = 15
        ants.duration = 1
        ants.timingFunction = CAMediaTimingFunction(name: .linear)
        ants.repeatCount = .infinity
        shape.add(ants, forKey: "ants")
        CATransaction.flush()
        let begin = MediaClock.main.now
        for step in [0.2, 0.33, 0.6] {
            MediaClock.main.advance(by: step)
            let t = MediaClock.main.now - begin
            let phase = 15 * (t.truncatingRemainder(dividingBy: 1))
            let presented = shape.presentation()?.lineDashPhase ?? -1
            #expect(abs(Double(presented) - phase) < 1e-6)
            let got = painted(LayerRenderer(scale: 1).render(root))
            let want = expected([10, 5], phase: phase)
            let same = got == want
            #expect(same, "t \(t) phase \(phase)")
        }
    }

    @Test func miterLimit() {
        // Two strokes meeting at 30°: the miter is 1 / sin(15°) ≈ 3.86 line widths long. Limit 10
        // keeps the point; limit 2 cuts it to a bevel.
        func tip(_ limit: CGFloat) -> Bool {
            let root = makeLayer(CGRect(x: 0, y: 0, width: 140, height: 80), white)
            let shape = CAShapeLayer()
            withoutActions {
                shape.frame = root.bounds
                let p = CGMutablePath()
                let half = 15.0 * Double.pi / 180
                p.move(to: CGPoint(x: 20 + 100 * cos(half), y: 40 - 100 * sin(half)))
                p.addLine(to: CGPoint(x: 20, y: 40))
                p.addLine(to: CGPoint(x: 20 + 100 * cos(half), y: 40 + 100 * sin(half)))
                shape.path = p
                shape.fillColor = nil
                shape.strokeColor = pureRed
                shape.lineWidth = 8
                shape.miterLimit = limit
                root.addSublayer(shape)
            }
            // The miter's point reaches 4 / sin(15°) ≈ 15.5 points left of the corner; a bevel
            // stops at 4 × sin(15°) ≈ 1 point.
            return isRed(LayerRenderer(scale: 1).render(root).pixel(x: 9, y: 40))
        }
        #expect(tip(10))
        #expect(!tip(2))
    }

    @Test func strokeGolden() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 240, height: 120), white)
        withoutActions {
            @MainActor func add(_ build: (CGMutablePath) -> Void, _ configure: (CAShapeLayer) -> Void) {
                let s = CAShapeLayer()
                s.frame = root.bounds
                let p = CGMutablePath()
                build(p)
                s.path = p
                s.fillColor = nil
                s.strokeColor = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
                s.lineWidth = 4
                configure(s)
                root.addSublayer(s)
            }
            // Marching-ants rectangle, round-capped dotted circle, trimmed dashed arc, zig-zag joins.
            add({ $0.addRect(CGRect(x: 10, y: 10, width: 100, height: 50)) }) { $0.lineDashPattern = [8, 4]; $0.lineDashPhase = 3; $0.lineWidth = 2 }
            add({ $0.addEllipse(in: CGRect(x: 130, y: 10, width: 50, height: 50)) }) {
                $0.lineDashPattern = [0, 9]; $0.lineCap = .round; $0.lineWidth = 5
            }
            add({ $0.addEllipse(in: CGRect(x: 190, y: 10, width: 44, height: 44)) }) {
                $0.lineDashPattern = [6, 3]; $0.strokeEnd = 0.7; $0.lineWidth = 6
            }
            for (k, join) in [CAShapeLayerLineJoin.miter, .round, .bevel].enumerated() {
                add({ p in
                    let x = 15 + CGFloat(k) * 75
                    p.move(to: CGPoint(x: x, y: 110)); p.addLine(to: CGPoint(x: x + 20, y: 75)); p.addLine(to: CGPoint(x: x + 40, y: 110))
                }) { $0.lineJoin = join; $0.lineWidth = 9; $0.lineCap = k == 1 ? .round : (k == 2 ? .square : .butt) }
            }
            // Even-odd fill: a ring.
            let ring = CAShapeLayer()
            ring.frame = root.bounds
            let p = CGMutablePath()
            p.addEllipse(in: CGRect(x: 195, y: 70, width: 40, height: 40))
            p.addEllipse(in: CGRect(x: 205, y: 80, width: 20, height: 20))
            ring.path = p
            ring.fillRule = .evenOdd
            ring.fillColor = CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 1)
            root.addSublayer(ring)
        }
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "shape-dashes-joins", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
