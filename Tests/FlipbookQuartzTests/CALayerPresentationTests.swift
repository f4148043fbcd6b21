import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

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
        #expect(shape.presentation()?.strokeEnd == 0.5)
        #expect(text.presentation()?.fontSize == 15)
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
        let made = cls.init()
        #expect(made is CAShapeLayer)
        let source = CAShapeLayer()
        quietly { source.lineWidth = 7 }
        let copy = CAShapeLayer(layer: source)
        #expect(copy.lineWidth == 7)
    }

    final class Drawer: CALayerDelegate {
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
}
