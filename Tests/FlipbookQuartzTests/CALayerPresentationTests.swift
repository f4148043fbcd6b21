import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.freshRuntime)
@MainActor
struct CALayerPresentationTests {
    let clock = MediaClock.main

    @Test func presentationIsAPureFunctionOfModelAnimationsAndTime() {
        let parent = makeLayer()
        let child = makeLayer()
        quietly { parent.addSublayer(child) }
        child.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "o")
        clock.advance(by: 0.5)
        let a = parent.presentation()
        let b = parent.presentation()
        #expect(a !== b)
        #expect(a?.sublayers?.first?.opacity == 0.5 && b?.sublayers?.first?.opacity == 0.5)
        #expect(a?.sublayers?.first?.model() === child)
        #expect(a?.sublayers?.first?.superlayer === a)
        #expect(a?.presentation() == nil)
        #expect(child.model() === child)
        #expect(child.opacity == 1)  // the model is untouched
        #expect(child.presentationValue(forKeyPath: "opacity") as? CGFloat == 0.5)
        #expect(child.presentedLayer(parentTime: parent.currentLocalTime()).opacity == 0.5)
        child.removeAllAnimations()
    }

    @Test func groupsTimeTheirChildren() {
        let layer = makeLayer()
        let move = basic("position.x", from: 0, to: 100, duration: 1)
        let late = basic("opacity", from: 0, to: 1, duration: 1)
        late.beginTime = 1
        late.fillMode = .backwards
        let group = CAAnimationGroup()
        group.animations = [move, late]
        group.duration = 1.5
        layer.add(group, forKey: "g")
        clock.advance(by: 0.5)
        #expect(close(presentedX(layer), 50, 1e-9) && layer.presentation()?.opacity == 0)
        clock.advance(by: 0.75)
        #expect(close(presentedX(layer), 0, 1e-9) && layer.presentation()?.opacity == 0.25)
        clock.advance(by: 0.5)
        #expect(layer.animation(forKey: "g") == nil && layer.presentation()?.opacity == 1)
    }

    @Test func transitionsShowTheNewContentArriving() {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 200, height: 100))
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 1
        layer.add(push, forKey: kCATransition)
        let fade = CATransition()
        fade.duration = 1
        let other = makeLayer()
        other.add(fade, forKey: kCATransition)
        clock.advance(by: 0.25)
        #expect(close(layer.presentation()?.transform.m41 ?? 0, 150, 1e-9))
        #expect(other.presentation()?.opacity == 0.25)
        layer.removeAllAnimations()
        other.removeAllAnimations()
    }

    @Test func subclassPropertiesAnimate() {
        let shape = CAShapeLayer()
        shape.add(basic("strokeEnd", from: 0, to: 1), forKey: "s")
        let text = CATextLayer()
        text.add(basic("fontSize", from: 10, to: 20), forKey: "f")
        let gradient = CAGradientLayer()
        quietly { gradient.colors = [CGColor.black, CGColor.white] }
        gradient.add(basic("colors", to: [CGColor.white, CGColor.black]), forKey: "c")
        clock.advance(by: 0.5)
        #expect(close(shape.presentation()?.strokeEnd ?? 0, 0.5, 1e-9))
        #expect(close(text.presentation()?.fontSize ?? 0, 15, 1e-9))
        #expect(gradient.presentation()?.cgColors.first?.components?.first.map { close($0, 0.5, 1e-9) } == true)
        // presentation copies keep the subclass and its properties
        quietly { text.string = "Hi" }
        #expect(text.presentation()?.plainString == "Hi")
        shape.removeAllAnimations()
        text.removeAllAnimations()
        gradient.removeAllAnimations()
    }

    @Test func layerClassInitAndCopyInitialiser() {
        let cls: CALayer.Type = CAShapeLayer.self
        let made = cls.init(_flipbookNew: ())
        #expect(made is CAShapeLayer)
        let source = CAShapeLayer()
        quietly { source.lineWidth = 7 }
        let copy = CAShapeLayer(layer: source)
        #expect(copy.lineWidth == 7)
    }

    final class Drawer: NSObject, CALayerDelegate {
        let recorder: EventRecorder
        init(_ r: EventRecorder) { recorder = r }
        func layoutSublayers(of layer: CALayer) { recorder.record("layout \(layer.name ?? "")") }
        func draw(_ layer: CALayer, in ctx: CGContext) { recorder.record("draw \(layer.name ?? "") \(ctx.size.width)x\(ctx.size.height)") }
    }

    @Test func displayAndLayoutRunAtCommit() {
        let recorder = EventRecorder()
        let drawer = Drawer(recorder)
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 20, height: 10))
        quietly { layer.name = "L" }
        layer.delegate = drawer
        layer.setNeedsDisplay()
        layer.setNeedsLayout()
        #expect(layer.needsDisplay() && layer.needsLayout())
        clock.advanceFrames(1)
        #expect(!layer.needsDisplay() && !layer.needsLayout())
        #expect(recorder.events == ["layout L", "draw L 20.0x10.0"])
        #expect(layer.drawnContent != nil)
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(recorder.events.last == "layout L")
    }

    @Test func keyValueCoding() {
        let layer = makeLayer()
        quietly {
            layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
            layer.setValue(3, forKey: "cornerRadius")
            layer.setValue("tag", forKey: "myTag")
        }
        #expect(close(layer.transform.m12, 1, 1e-12))
        #expect(layer.cornerRadius == 3)
        #expect(layer.value(forKey: "myTag") as? String == "tag")
        #expect(close((layer.value(forKeyPath: "transform.rotation.z") as? CGFloat) ?? 0, Double.pi / 2, 1e-12))
    }

    /// Layers animating alike share memos (Flipbook's presentation walk): values must still
    /// be each layer's own, whatever the evaluation order.
    @Test func layersAnimatingAlikeAndUnlikeGetTheirOwnValues() {
        func tint(_ from: CGColor, _ to: CGColor) -> CALayer {
            let layer = makeLayer()
            let a = basic("backgroundColor", from: from, to: to, duration: 2)
            a.beginTime = 100
            layer.add(a, forKey: "tint")
            return layer
        }
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1), white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let (a, c, b) = (tint(red, blue), tint(green, white), tint(red, blue))
        // Fraction 0.25 at parent time 100.5.
        let colors = [a, c, b].map { $0.presentedValues(parentTime: 100.5).backgroundColor?.components ?? [] }
        #expect(colors == [[0.75, 0, 0.25, 1], [0.25, 1, 0.25, 1], [0.75, 0, 0.25, 1]])
        func spin(_ model: CATransform3D) -> CALayer {
            let layer = makeLayer()
            quietly { layer.transform = model }
            let r = basic("transform.rotation.z", from: 0, to: Double.pi / 2, duration: 2)
            r.beginTime = 100
            layer.add(r, forKey: "spin")
            return layer
        }
        // Half way: π/4 about z, after the model's linear part (scale 2 for the second).
        let plain = spin(CATransform3DIdentity).presentedValues(parentTime: 101).transform
        let scaled = spin(CATransform3DMakeScale(2, 2, 1)).presentedValues(parentTime: 101).transform
        let h = 0.5.squareRoot()
        #expect(close(plain.m11, h, 1e-12) && close(plain.m12, h, 1e-12) && close(plain.m21, -h, 1e-12))
        #expect(close(plain.m33, 1, 1e-12) && plain.m41 == 0)
        #expect(close(scaled.m11, 2 * h, 1e-12) && close(scaled.m12, 2 * h, 1e-12) && close(scaled.m22, 2 * h, 1e-12))
        for layer in [a, b, c] { layer.removeAllAnimations() }
    }
}
