import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.freshRuntime)
@MainActor
struct CABasicAnimationTests {
    let clock = MediaClock.main

    /// Samples presentation `position.x` of a fresh layer (model x = 100) at `times`.
    func sample(_ anim: CAAnimation, at times: [Double], modelX: CGFloat = 100) -> [Double] {
        sampledX(anim, at: times, modelX: modelX)
    }

    func closeAll(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { close($0, $1, 1e-9) } }

    @Test func fromToByCombinations() {
        #expect(closeAll(sample(basic("position.x", from: 0, to: 50), at: [0.5]), [25]))
        #expect(closeAll(sample(basic("position.x", from: 10, by: 20), at: [0.5]), [20]))
        #expect(closeAll(sample(basic("position.x", to: 50, by: 20), at: [0.5]), [40]))
        #expect(closeAll(sample(basic("position.x", from: 0), at: [0.5]), [50]))
        #expect(closeAll(sample(basic("position.x", to: 200), at: [0.5]), [150]))
        #expect(closeAll(sample(basic("position.x", by: 50), at: [0.5]), [125]))
        #expect(closeAll(sample(basic("position.x"), at: [0.5]), [100]))
    }

    @Test func valuesOfEveryNumericKindAreAccepted() {
        let kinds: [Any] = [CGFloat(40), 40.0, Float(40), 40, NSNumber(value: 40)]
        for v in kinds {
            #expect(closeAll(sample(basic("position.x", from: 0, to: v), at: [0.5]), [20]))
        }
        let point = basic("position", from: NSValue(cgPoint: .zero), to: NSValue(cgPoint: CGPoint(x: 80, y: 8)))
        #expect(closeAll(sample(point, at: [0.25]), [20]))
    }

    @Test func fillModesBeforeAndAfterTheActiveTime() {
        let layer = makeLayer(position: CGPoint(x: 100, y: 0))
        let start = layer.convertTime(CACurrentMediaTime(), from: nil)
        let back = basic("position.x", from: 0, to: 10)
        back.beginTime = start + 0.5
        back.fillMode = .backwards
        layer.add(back, forKey: "back")
        clock.advance(by: 0.25)
        #expect(presentedX(layer) == 0)
        back.fillMode = .removed  // changing the original does nothing: the layer has a copy
        #expect(presentedX(layer) == 0)
        layer.removeAllAnimations()

        let none = basic("position.x", from: 0, to: 10)
        none.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 0.5
        layer.add(none, forKey: "none")
        clock.advance(by: 0.25)
        #expect(presentedX(layer) == 100)
        layer.removeAllAnimations()

        let forwards = basic("position.x", from: 0, to: 10, duration: 0.5)
        forwards.fillMode = .forwards
        forwards.isRemovedOnCompletion = false
        layer.add(forwards, forKey: "fwd")
        clock.advance(by: 1)
        #expect(presentedX(layer) == 10)
        #expect(layer.animation(forKey: "fwd") != nil)
        layer.removeAllAnimations()
        #expect(presentedX(layer) == 100)
    }

    @Test func repeatAndAutoreverse() {
        let a = basic("position.x", from: 0, to: 100, duration: 1)
        a.autoreverses = true
        a.repeatCount = 2
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        #expect(closeAll(sample(a, at: [0.5, 1.5, 2.25, 3.75, 5]), [50, 50, 25, 25, 0]))

        let half = basic("position.x", from: 0, to: 100, duration: 1)
        half.repeatCount = 1.5
        half.fillMode = .forwards
        half.isRemovedOnCompletion = false
        #expect(closeAll(sample(half, at: [1.25, 2]), [25, 50]))

        let byDuration = basic("position.x", from: 0, to: 100, duration: 1)
        byDuration.repeatDuration = 2.5
        #expect(closeAll(sample(byDuration, at: [2.25, 3]), [25, 100]))
    }

    @Test func additiveAddsToTheModelValue() {
        let a = basic("position.x", from: 0, to: 50)
        a.isAdditive = true
        #expect(closeAll(sample(a, at: [0.5]), [125]))
    }

    @Test func cumulativeRepeatsStartWhereThePreviousEnded() {
        let a = basic("position.x", from: 0, to: 10)
        a.isCumulative = true
        a.repeatCount = 3
        #expect(closeAll(sample(a, at: [0.5, 1.5, 2.5]), [5, 15, 25]))
    }

    @Test func keyPathComponents() {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 40))
        layer.add(basic("bounds.size.width", from: 0, to: 200), forKey: "w")
        layer.add(basic("transform.translation.x", from: 0, to: 40), forKey: "tx")
        layer.add(basic("transform.scale.y", from: 1, to: 3), forKey: "sy")
        layer.add(basic("position.y", from: 0, to: 8), forKey: "y")
        clock.advance(by: 0.5)
        let p = layer.presentation()
        #expect(p?.bounds.width == 100 && p?.bounds.height == 40)
        #expect(p?.transform.m41 == 20 && p?.transform.m22 == 2 && p?.transform.m11 == 1)
        #expect(p?.position == CGPoint(x: 0, y: 4))
        #expect(layer.presentationValue(forKeyPath: "bounds.size.width") as? CGFloat == 100)
        layer.removeAllAnimations()
    }

    /// "transform.rotation.z" from 0 to 2π turns a full circle (the whole-matrix interpolation
    /// would not move): at a quarter the matrix is a rotation by π/2.
    @Test func rotationKeyPathTurnsFullCircles() {
        let layer = makeLayer()
        layer.add(basic("transform.rotation.z", from: 0, to: 2 * Double.pi), forKey: "spin")
        clock.advance(by: 0.25)
        let t = layer.presentation()?.transform ?? CATransform3DIdentity
        #expect(close(t.m11, 0, 1e-9) && close(t.m12, 1, 1e-9) && close(t.m21, -1, 1e-9))
        clock.advance(by: 0.25)
        let h = layer.presentation()?.transform ?? CATransform3DIdentity
        #expect(close(h.m11, -1, 1e-9))
        layer.removeAllAnimations()
    }

    /// A transform animation keeps its ends decomposed between frames (`TransformInterpolation`),
    /// but only while they stay the same: an animation with only `toValue` starts from the model's
    /// transform, and once that changes the presentation follows the new start, exactly as
    /// `interpolated(to:fraction:)` from it.
    @Test func cachedTransformEndsFollowAChangedStart() {
        let to = CATransform3DScale(CATransform3DRotate(CATransform3DMakeTranslation(-30, 400, 0), 1.3, 0, 0, 1), 0.6, 0.6, 1)
        let layer = makeLayer()
        let anim = basic("transform", to: NSValue(caTransform3D: to), duration: 1)
        anim.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(anim, forKey: "t")
        let first = CATransform3DMakeRotation(0.4, 0, 0, 1)
        let second = CATransform3DMakeTranslation(12, -7, 0)
        for (step, start) in [first, first, second, second, first].enumerated() {
            quietly { layer.transform = start }
            clock.advance(by: 0.15)
            let f = 0.15 * Double(step + 1)
            let got = layer.presentation()?.transform ?? CATransform3DIdentity
            let expected = start.interpolated(to: to, fraction: f)
            #expect(zip(got.elements, expected.elements).allSatisfy { close(Double($0), Double($1), 1e-9) }, "step \(step): \(got) vs \(expected)")
        }
        layer.removeAllAnimations()
        // Both ends given: decomposed once when added, and the model's value does not matter.
        let from = CATransform3DMakeRotation(-0.3, 0, 0, 1)
        let fixed = basic("transform", from: NSValue(caTransform3D: from), to: NSValue(caTransform3D: to), duration: 1)
        fixed.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(fixed, forKey: "fixed")
        for (step, start) in [first, second, first].enumerated() {
            quietly { layer.transform = start }
            clock.advance(by: 0.2)
            let expected = from.interpolated(to: to, fraction: 0.2 * Double(step + 1))
            let got = layer.presentation()?.transform ?? CATransform3DIdentity
            #expect(zip(got.elements, expected.elements).allSatisfy { close(Double($0), Double($1), 1e-9) }, "fixed step \(step): \(got) vs \(expected)")
        }
    }

    /// Transform values interpolate by decomposition (docs/Semantics.md, "Interpolation by decomposition"):
    /// translation linearly,
    /// rotation by slerp about the shared axis, perspective linearly.
    @Test func transformInterpolatesByDecomposition() {
        let axis: (CGFloat, CGFloat, CGFloat) = (1, 1, 0)
        let from = CATransform3DMakeRotation(0.2, axis.0, axis.1, axis.2)
        let to = CATransform3DConcat(CATransform3DMakeRotation(1.2, axis.0, axis.1, axis.2), CATransform3DMakeTranslation(100, 0, 0))
        let layer = makeLayer()
        layer.add(basic("transform", from: NSValue(caTransform3D: from), to: NSValue(caTransform3D: to)), forKey: "t")
        clock.advance(by: 0.5)
        let got = layer.presentation()?.transform ?? CATransform3DIdentity
        let expected = CATransform3DConcat(CATransform3DMakeRotation(0.7, axis.0, axis.1, axis.2), CATransform3DMakeTranslation(50, 0, 0))
        #expect(zip(got.elements, expected.elements).allSatisfy { close($0, Double($1), 1e-7) }, "\(got) vs \(expected)")
        layer.removeAllAnimations()

        var persp = CATransform3DIdentity
        persp.m34 = -1.0 / 500
        layer.add(basic("sublayerTransform", from: CATransform3DIdentity, to: persp), forKey: "p")
        clock.advance(by: 0.5)
        #expect(close(layer.presentation()?.sublayerTransform.m34 ?? 0, -0.001, 1e-12))
        layer.removeAllAnimations()
    }

    @Test func valueFunctionsBuildTheTransform() {
        let layer = makeLayer()
        let a = basic("transform", from: 0, to: Double.pi, duration: 1)
        a.valueFunction = CAValueFunction(name: .rotateZ)
        layer.add(a, forKey: "r")
        let s = basic("sublayerTransform", from: [1.0, 1.0, 1.0], to: [3.0, 5.0, 1.0], duration: 1)
        s.valueFunction = CAValueFunction(name: .scale)
        layer.add(s, forKey: "s")
        clock.advance(by: 0.5)
        let p = layer.presentation()
        #expect(close(p?.transform.m11 ?? 1, 0, 1e-9) && close(p?.transform.m12 ?? 0, 1, 1e-9))
        #expect(close(p?.sublayerTransform.m11 ?? 0, 2, 1e-9) && close(p?.sublayerTransform.m22 ?? 0, 3, 1e-9))
        layer.removeAllAnimations()
    }

    @Test func colorsInterpolateByComponent() {
        let layer = makeLayer()
        layer.add(basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1), to: CGColor(red: 0, green: 0, blue: 1, alpha: 0)), forKey: "c")
        clock.advance(by: 0.25)
        let c = layer.presentation()?.backgroundColor?.components ?? []
        #expect(c.count == 4 && close(c[0], 0.75) && close(c[2], 0.25) && close(c[3], 0.75))
        layer.removeAllAnimations()
    }

    @Test func badInputIsReportedWithAppleFallbacks() {
        let layer = makeLayer(position: CGPoint(x: 100, y: 0))
        let messages = FlipbookDiagnostics.capture {
            layer.add(basic("noSuchKey", from: 0, to: 1), forKey: "bad")
            layer.add(basic("position.x", from: 0, to: Double.nan), forKey: "nan")
            layer.add(basic("position", from: CGColor.white, to: CGColor.black), forKey: "kind")
            let negative = basic("opacity", from: 0, to: 1, duration: -2)
            layer.add(negative, forKey: "neg")
            clock.advance(by: 0.1)
            _ = layer.presentation()
        }
        #expect(messages.contains { $0.contains("noSuchKey") })
        #expect(messages.contains { $0.contains("not finite") })
        #expect(messages.contains { $0.contains("does not fit") })
        #expect(messages.contains { $0.contains("duration -2") })
        let p = layer.presentation()
        #expect(p?.position.x.isFinite == true)
        #expect(p?.position.y == 0)
        #expect(close(Double(p?.opacity ?? 0), 0.4, 1e-6))  // negative duration reads as 0.25 s
        layer.removeAllAnimations()
    }

    /// "transform.scale" sets all three row lengths, keeping the rotation: from 1 to 3 over
    /// 1 s (linear), at ½ the scale is 2, so m11 = 2cos(π/6), m12 = 2sin(π/6), m33 = 2.
    @Test func transformScaleKeyPathScalesEveryAxis() {
        let layer = makeLayer()
        quietly { layer.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1) }
        #expect(close(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 1, 1e-12))
        layer.add(basic("transform.scale", from: 1, to: 3), forKey: "s")
        clock.advance(by: 0.5)
        let t = layer.presentation()?.transform ?? CATransform3DIdentity
        #expect(near(t.m11, 2 * cos(Double.pi / 6)) && near(t.m12, 2 * sin(Double.pi / 6)))
        #expect(near(t.m21, -2 * sin(Double.pi / 6)) && near(t.m22, 2 * cos(Double.pi / 6)) && near(t.m33, 2))
        #expect(close(layer.presentationValue(forKeyPath: "transform.scale") as? CGFloat ?? 0, 2, 1e-9))
        layer.removeAllAnimations()
        quietly { layer.setValue(0.5, forKeyPath: "transform.scale") }
        #expect(near(layer.transform.m33, 0.5) && near(layer.transform.m11, 0.5 * cos(Double.pi / 6)))
    }

    /// "bounds" from A to B with easeInEaseOut: at ¼ the progress is 0.1291619310.
    @Test func boundsAnimatesAsARect() {
        let layer = makeLayer()
        let a = CGRect(x: 0, y: 0, width: 100, height: 100), b = CGRect(x: 20, y: -40, width: 300, height: 60)
        let anim = basic("bounds", from: NSValue(cgRect: a), to: NSValue(cgRect: b))
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(anim, forKey: "b")
        clock.advance(by: 0.25)
        let u = 0.1291619310
        let r = layer.presentation()?.bounds ?? .null
        // The published progress is good to about 1e-8 (the solver's x tolerance): ×200 here.
        #expect(near(r.origin.x, 20 * u, 1e-5) && near(r.origin.y, -40 * u, 1e-5))
        #expect(near(r.width, 100 + 200 * u, 1e-5) && near(r.height, 100 - 40 * u, 1e-5), "\(r)")
        layer.removeAllAnimations()
    }

    /// "bounds.size" from CGSize boxes with the default curve: at ½ the progress is 0.8024033911.
    @Test func boundsSizeAnimatesAsASize() {
        let layer = makeLayer(bounds: CGRect(x: 5, y: 6, width: 10, height: 10))
        let anim = basic("bounds.size", from: NSValue(cgSize: CGSize(width: 10, height: 20)), to: CGSize(width: 110, height: 70))
        anim.timingFunction = CAMediaTimingFunction(name: .default)
        layer.add(anim, forKey: "s")
        clock.advance(by: 0.5)
        let u = 0.8024033911
        let r = layer.presentation()?.bounds ?? .null
        #expect(r.origin == CGPoint(x: 5, y: 6))
        #expect(near(r.width, 10 + 100 * u, 1e-5) && near(r.height, 20 + 50 * u, 1e-5))
        layer.removeAllAnimations()
    }

    /// "transform" accepts CGAffineTransform values: translation 0 → 100 (linear) is 50 at ½,
    /// and a pure scale 1 → 3 is 2. CALayer has no "affineTransform" key path (affineTransform()
    /// is a method on iOS): it is reported and shows nothing.
    @Test func affineTransformsAnimateTheTransform() {
        let layer = makeLayer()
        let from = NSValue(cgAffineTransform: .identity)
        let to = NSValue(cgAffineTransform: CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 3, y: 3))
        layer.add(basic("transform", from: from, to: to), forKey: "t")
        clock.advance(by: 0.5)
        let t = layer.presentation()?.transform ?? CATransform3DIdentity
        #expect(near(t.m41, 50, 1e-9) && near(t.m42, 0, 1e-9) && near(t.m11, 2, 1e-9) && near(t.m22, 2, 1e-9))
        #expect(near(t.m33, 1, 1e-9))
        layer.removeAllAnimations()
        let messages = FlipbookDiagnostics.capture {
            layer.add(basic("affineTransform", from: from, to: to), forKey: "a")
        }
        #expect(messages.contains { $0.contains("\"affineTransform\"") })
        clock.advance(by: 0.5)
        #expect(CATransform3DIsIdentity(layer.presentation()?.transform ?? CATransform3DMakeScale(2, 2, 2)))
        layer.removeAllAnimations()
    }

    /// shadowOffset animates as a size.
    @Test func shadowOffsetAnimatesAsASize() {
        let layer = makeLayer()
        layer.add(basic("shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 10, height: -20)), forKey: "o")
        clock.advance(by: 0.25)
        #expect(near(layer.presentation()?.shadowOffset, CGSize(width: 2.5, height: -5)))
        layer.removeAllAnimations()
    }
}
