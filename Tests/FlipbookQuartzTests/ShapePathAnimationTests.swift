import Foundation
import Testing
import TestSupport
import FlipbookGeometry
@testable import FlipbookQuartz

/// CAShapeLayer.path animations: paths of the same structure interpolate point by point, others
/// switch halfway (docs/Semantics.md, "Shape layers"); replicator presentations carry their
/// delayed instances.
@Suite(.freshRuntime) @MainActor struct ShapePathAnimationTests {
    func circle(_ c: CGPoint, _ r: CGFloat) -> CGPath {
        CGPath(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), transform: nil)
    }

    @Test func circlesInterpolatePointByPoint() {
        let shape = CAShapeLayer()
        let c = CGPoint(x: 300, y: 700)
        let anim = CABasicAnimation(keyPath: "path")
        anim.fromValue = circle(c, 30)
        anim.toValue = circle(c, 830)
        anim.duration = 1
        anim.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(anim, forKey: "reveal")
        CATransaction.flush()
        MediaClock.main.advance(by: 0.25)
        // A quarter of the way: the circle of radius 30 + 0.25 × 800 = 230, exactly (the
        // interpolation of two ellipses of the same centre is the ellipse of the mean radius).
        let got = shape.presentation()?.path
        let want = circle(c, 230)
        let close = got.map { g in
            zip(g.elements, want.elements).allSatisfy { a, b in
                a.type == b.type && zip(a.points, b.points).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }
            } && g.elements.count == want.elements.count
        } ?? false
        #expect(close)
    }

    @Test func differentStructuresSwitchHalfway() {
        let shape = CAShapeLayer()
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let round = circle(CGPoint(x: 5, y: 5), 5)
        #expect(!PathInterpolation.isCompatible(square, round))
        let anim = CABasicAnimation(keyPath: "path")
        anim.fromValue = square
        anim.toValue = round
        anim.duration = 1
        anim.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(anim, forKey: nil)
        CATransaction.flush()
        MediaClock.main.advance(by: 0.4)
        #expect(shape.presentation()?.path == square)
        MediaClock.main.advance(by: 0.2)
        #expect(shape.presentation()?.path == round)
    }

    @Test func implicitPathAnimationInterpolates() {
        let shape = committed(CAShapeLayer())
        withoutActionsQuartz { shape.path = circle(.zero, 10) }
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        shape.path = circle(.zero, 20)
        CATransaction.commit()
        MediaClock.main.advance(by: 0.5)
        let r = shape.presentation()?.path?.boundingBox.width ?? 0
        #expect(abs(r - 30) < 1e-6)
    }

    @Test func replicatorPresentationDelaysInstances() {
        let r = CAReplicatorLayer()
        let dot = CALayer()
        withoutActionsQuartz {
            r.instanceCount = 3
            r.instanceDelay = 0.2
            r.addSublayer(dot)
        }
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        dot.add(move, forKey: nil)
        CATransaction.flush()
        MediaClock.main.advance(by: 0.5)
        guard let p = r.presentation() else { Issue.record("no presentation"); return }
        let xs = (0..<3).map { Double(p.instanceSublayers($0).first?.position.x ?? -1) }
        #expect(abs(xs[0] - 50) < 1e-6 && abs(xs[1] - 30) < 1e-6 && abs(xs[2] - 10) < 1e-6, "\(xs)")
        #expect(r.instanceMultiplier(0) == SIMD4(1, 1, 1, 1))
    }
}

@MainActor
private func withoutActionsQuartz(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}
