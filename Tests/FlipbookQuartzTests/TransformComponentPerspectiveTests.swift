import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// A rotation animated through a component key path ("transform.rotation.x") on a layer
/// whose own transform carries perspective (m34) tilts the layer in that perspective: the
/// rotation goes before the perspective, as when the transform is built as
/// rotation · perspective by hand.
@Suite(.freshRuntime)
@MainActor
struct TransformComponentPerspectiveTests {
    let depth: CGFloat = -1.0 / 500

    private func perspectiveOnly() -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = depth
        return t
    }

    private func expectSame(_ a: CATransform3D?, _ b: CATransform3D, _ label: String) {
        guard let a else { Issue.record("\(label): no transform"); return }
        let pairs: [(CGFloat, CGFloat)] = [
            (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
            (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
            (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
            (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
        ]
        #expect(pairs.allSatisfy { abs($0.0 - $0.1) < 1e-9 }, "\(label): \(a) is not \(b)")
    }

    @Test func aRotationAnimatedOnAPerspectiveTransformTiltsInPerspective() {
        let layer = makeLayer()
        quietly { layer.transform = perspectiveOnly() }
        CATransaction.flush()
        let turn = basic("transform.rotation.x", from: 0, to: -CGFloat.pi / 2, duration: 1)
        layer.add(turn, forKey: "fold")
        MediaClock.main.advance(by: 0.5)
        let angle = -CGFloat.pi / 4
        let expected = CATransform3DConcat(CATransform3DMakeRotation(angle, 1, 0, 0), perspectiveOnly())
        let shown = layer.presentation()?.transform
        expectSame(shown, expected, "half way")
        // The tilt is visible: a point above the layer's middle and one below it are drawn at
        // different widths (the near edge wider), which a flat rotation would not do.
        if let t = shown {
            func widthScale(atY y: CGFloat) -> CGFloat { 1 / (y * t.m24 + t.m44) }
            #expect(abs(widthScale(atY: -50) - widthScale(atY: 50)) > 0.05)
        }
        // Reading the component back gives the animated angle.
        let read = (layer.presentation()?.value(forKeyPath: "transform.rotation.x") as? NSNumber)?.doubleValue ?? .nan
        #expect(abs(read - Double(angle)) < 1e-9)
    }

    @Test func settingARotationComponentKeepsTheOtherPartsAndThePerspective() {
        let layer = makeLayer()
        var base = CATransform3DMakeTranslation(12, -7, 0)
        base = CATransform3DConcat(base, perspectiveOnly())
        quietly {
            layer.transform = base
            layer.setValue(CGFloat(0.6), forKeyPath: "transform.rotation.y")
        }
        let expected = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(0.6, 0, 1, 0), CATransform3DMakeTranslation(12, -7, 0)),
            perspectiveOnly())
        expectSame(layer.transform, expected, "set rotation.y")
        // Without perspective nothing changes: the translation stays where it was.
        quietly {
            layer.transform = CATransform3DMakeTranslation(5, 6, 0)
            layer.setValue(CGFloat(0.3), forKeyPath: "transform.rotation.z")
        }
        expectSame(layer.transform, CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeTranslation(5, 6, 0)), "flat")
    }
}
