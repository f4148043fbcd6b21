import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.freshRuntime)
@MainActor
struct CALayerGeometryTests {
    @Test func frameIsDerivedAlsoUnderTransforms() {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 50, y: 25))
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        quietly { layer.transform = CATransform3DMakeScale(2, 2, 1) }
        #expect(layer.frame == CGRect(x: -50, y: -25, width: 200, height: 100))
        quietly {
            layer.transform = CATransform3DIdentity
            layer.anchorPoint = .zero
            layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        }
        #expect(layer.position == CGPoint(x: 10, y: 20) && layer.bounds.size == CGSize(width: 30, height: 40))
    }

    /// Under a non-identity transform the setter sizes the bounds as if the transform were the
    /// identity (docs/Divergences.md, "Layer frames under a transform"): a layer kept at a tiny
    /// scale and framed later grows to the framed size when the scale returns to 1.
    @Test func frameSetUnderTransformTakesTheFramesSize() {
        let layer = makeLayer(bounds: .zero, position: .zero)
        quietly {
            layer.transform = CATransform3DMakeScale(0.0001, 0.0001, 0.0001)
            layer.frame = CGRect(x: 10, y: 20, width: 80, height: 60)
        }
        #expect(layer.bounds.size == CGSize(width: 80, height: 60))
        #expect(layer.position == CGPoint(x: 50, y: 50))
        quietly { layer.transform = CATransform3DIdentity }
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 80, height: 60))
    }

    /// A child rotated 60° about y under a parent whose sublayerTransform has perspective
    /// (d = 500), worked by hand with the chain of docs/Semantics.md, "From a layer to its superlayer".
    @Test func convertThroughPerspective() {
        let parent = makeLayer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let child = makeLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        quietly {
            parent.sublayerTransform = p
            child.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            parent.addSublayer(child)
        }
        // (0, 50) → centred (−50, 0, 0) → Ry: (−50·cos, 0, 50·sin) → + (100, 100, 0)
        // → about the parent's centre: (−25, 0, z), w = 1 − z/500.
        let z = 50 * sin(Double.pi / 3), w = 1 - z / 500
        let expected = CGPoint(x: 100 + (-50 * cos(Double.pi / 3)) / w, y: 100)
        let got = child.convert(CGPoint(x: 0, y: 50), to: parent)
        #expect(close(got.x, Double(expected.x), 1e-9) && close(got.y, 100, 1e-9))
        let back = child.convert(got, from: parent)
        #expect(close(back.x, 0, 1e-9) && close(back.y, 50, 1e-9))
        // hitTest takes points in the superlayer's space: the parent is a root, so screen space.
        #expect(parent.hitTest(CGPoint(x: Double(expected.x) + 1, y: 100)) === child)
        #expect(parent.hitTest(CGPoint(x: Double(expected.x) - 1, y: 100)) === parent)
        #expect(parent.hitTest(CGPoint(x: 300, y: 100)) == nil)
        let r = child.convert(child.bounds, to: nil)
        #expect(close(r.minX, Double(expected.x), 1e-9))
    }

    @Test func hitTestSkipsHiddenAndHonoursMasks() {
        let root = makeLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        let outside = makeLayer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 125, y: 25))
        let front = makeLayer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 25, y: 25))
        quietly {
            root.addSublayer(outside)
            root.addSublayer(front)
        }
        #expect(root.hitTest(CGPoint(x: 120, y: 20)) === outside)
        quietly { root.masksToBounds = true }
        #expect(root.hitTest(CGPoint(x: 120, y: 20)) == nil)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === front)
        quietly { front.isHidden = true }
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
    }

    @Test func singularTransformsAreReported() {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        quietly { layer.transform = CATransform3DMakeScale(0, 1, 1) }
        let messages = FlipbookDiagnostics.capture { _ = layer.convert(CGPoint(x: 1, y: 1), from: nil) }
        #expect(messages.count == 1)
    }
}
