import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// A layer subclass with custom keys as `flipbook port` writes its `@NSManaged` properties
/// (computed properties over the key-value storage), redrawn when "radius" changes.
final class PieLayer: CALayer {
    /// The radii `draw(in:)` saw, in order, on any layer of this class.
    static var drawnRadii: [CGFloat] = []

    var radius: CGFloat {
        get { value(forKey: "radius") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "radius") }
    }
    var scale: Double {
        get { value(forKey: "scale") as? Double ?? 0 }
        set { setValue(newValue, forKey: "scale") }
    }
    var weight: Float {
        get { value(forKey: "weight") as? Float ?? 0 }
        set { setValue(newValue, forKey: "weight") }
    }
    var count: Int {
        get { value(forKey: "count") as? Int ?? 0 }
        set { setValue(newValue, forKey: "count") }
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "radius" || key == "cornerRadius" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        PieLayer.drawnRadii.append(radius)
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2))
        ctx.fillPath()
    }
}

/// A layer whose custom key has a class default and an action of its own, the usual iOS
/// pattern: animate from what is on screen to the new value.
final class DialLayer: CALayer {
    var angle: CGFloat {
        get { value(forKey: "angle") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "angle") }
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "angle" ? CGFloat(5) : super.defaultValue(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "angle" else { return super.action(forKey: event) }
        let a = CABasicAnimation(keyPath: event)
        a.fromValue = presentation()?.value(forKey: event) ?? value(forKey: event)
        a.duration = 1
        return a
    }
}

/// A layer whose drawing asks for its model's presentation again (as a view's `draw(_:)`
/// reading `layer.presentation()` does).
final class ReentrantLayer: CALayer {
    static var draws = 0
    var level: CGFloat {
        get { value(forKey: "level") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "level") }
    }
    override class func needsDisplay(forKey key: String) -> Bool { key == "level" }
    override func draw(in ctx: CGContext) {
        ReentrantLayer.draws += 1
        _ = model().presentation()
    }
}

/// Custom layer keys (a subclass's `@NSManaged` properties) animate as Core Animation animates
/// them: interpolated on the presentation layer at each time, against the closed form of the
/// timing curve, and redrawn when the class's `needsDisplay(forKey:)` names the key.
@Suite(.freshRuntime, .serialized)
@MainActor
struct CustomLayerKeyTests {
    let clock = MediaClock.main

    func makePie(radius: CGFloat? = 10) -> PieLayer {
        let layer = PieLayer()
        quietly {
            layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            if let radius { layer.radius = radius }
        }
        return layer
    }

    /// Smoothstep: the cubic Bézier (1/3, 0), (2/3, 1) has x(s) = s, so y = 3s² − 2s³.
    let smoothstep = CAMediaTimingFunction(controlPoints: 1 / 3, 0, 2 / 3, 1)
    func smooth(_ f: Double) -> Double { 3 * f * f - 2 * f * f * f }

    @Test func aNumericCustomKeyInterpolatesOnThePresentationLayer() {
        let layer = makePie()
        let a = CABasicAnimation(keyPath: "radius")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        a.timingFunction = smoothstep
        layer.add(a, forKey: "r")
        var now = 0.0
        for t in [0.25, 0.5, 0.8] {
            clock.advance(by: t - now)
            now = t
            // The control points are Floats: x(s) = s to within 1e-7.
            let p = layer.presentation()
            #expect(close(p?.radius ?? .nan, 100 * smooth(t), 1e-5), "at \(t)")
            #expect(close(p?.value(forKey: "radius") as? CGFloat ?? .nan, 100 * smooth(t), 1e-5))
            #expect(close(layer.presentationValue(forKeyPath: "radius") as? CGFloat ?? .nan, 100 * smooth(t), 1e-5))
        }
        #expect(layer.radius == 10)  // the model keeps its value
        clock.advance(by: 0.5)
        #expect(layer.animation(forKey: "r") == nil)
        #expect(layer.presentation()?.radius == 10)
    }

    @Test func thePresentationLayerIsRedrawnWithTheAnimatedValue() {
        let layer = makePie()
        layer.displayIfNeeded()
        let modelDrawing = layer.drawnContent
        layer.add(basic("radius", from: 0, to: 100), forKey: "r")
        clock.advance(by: 0.25)
        PieLayer.drawnRadii = []
        let p1 = layer.presentation()
        #expect(PieLayer.drawnRadii.count == 1 && close(PieLayer.drawnRadii[0], 25, 1e-9))
        #expect(p1?.drawnContent != nil && p1?.drawnContent !== modelDrawing)
        clock.advance(by: 0.5)
        let p2 = layer.presentation()
        #expect(PieLayer.drawnRadii.count == 2 && close(PieLayer.drawnRadii[1], 75, 1e-9))
        #expect(p2?.drawnContent !== p1?.drawnContent)
        #expect(layer.drawnContent === modelDrawing)  // the model's drawing is its own
        // Past the end the animation is gone: no redraw of the copy.
        clock.advance(by: 0.5)
        PieLayer.drawnRadii = []
        #expect(layer.presentation()?.drawnContent == nil)
        #expect(PieLayer.drawnRadii.isEmpty)
    }

    @Test func settingTheModelValueMarksTheLayerForDisplay() {
        let layer = makePie()
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        layer.radius = 30
        #expect(layer.needsDisplay())
        #expect(layer.animation(forKey: "radius") == nil)  // a custom key has no default action
        PieLayer.drawnRadii = []
        layer.displayIfNeeded()
        #expect(PieLayer.drawnRadii == [30])
    }

    @Test func aStandardKeyNamedByNeedsDisplayRedrawsToo() {
        let layer = makePie()
        layer.add(basic("cornerRadius", from: 0, to: 8), forKey: "c")
        clock.advance(by: 0.5)
        PieLayer.drawnRadii = []
        let p = layer.presentation()
        #expect(close(p?.cornerRadius ?? .nan, 4, 1e-9))
        #expect(PieLayer.drawnRadii == [10])
        #expect(p?.drawnContent != nil)
    }

    @Test func initLayerCopiesCustomValues() {
        let layer = makePie(radius: 12)
        quietly {
            layer.count = 3
            layer.setValue("tag", forKey: "label")
        }
        let copy = PieLayer(layer: layer)
        #expect(copy.radius == 12 && copy.count == 3 && copy.value(forKey: "label") as? String == "tag")
        let plain = makeLayer()
        quietly { plain.setValue(CGFloat(4), forKey: "custom") }
        #expect(plain.presentation()?.value(forKey: "custom") as? CGFloat == 4)
        #expect(layer.presentation()?.radius == 12)
    }

    @Test func numbersKeepTheTypeTheModelStores() {
        let layer = makePie()
        quietly {
            layer.scale = 1
            layer.weight = 2
            layer.count = 0
            layer.setValue(NSNumber(value: 0), forKey: "boxed")
        }
        layer.add(basic("scale", from: 0, to: 10), forKey: "s")
        layer.add(basic("weight", from: Float(0), to: Float(10)), forKey: "w")
        layer.add(basic("count", from: 0, to: 10), forKey: "c")
        layer.add(basic("boxed", from: 0, to: 10), forKey: "b")
        clock.advance(by: 0.35)
        let p = layer.presentation()
        #expect(close(p?.scale ?? .nan, 3.5, 1e-9))
        #expect(close(Double(p?.weight ?? .nan), 3.5, 1e-6))
        #expect(p?.count == 3)  // truncated toward zero, as NSNumber.intValue
        #expect(close((p?.value(forKey: "boxed") as? NSNumber)?.doubleValue ?? .nan, 3.5, 1e-9))
    }

    @Test func aKeyWithNoValueAnimatesFromZeroWithoutAReport() {
        let layer = makePie(radius: nil)
        let seen = reports { layer.add(basic("radius", to: 80), forKey: "r") }
        #expect(seen.isEmpty)
        clock.advance(by: 0.5)
        #expect(close(layer.presentation()?.radius ?? .nan, 40, 1e-9))
        #expect(layer.radius == 0)
        // Flipbook's own classes still report a key they do not have.
        let plain = makeLayer()
        let plainReports = reports { plain.add(basic("radiusTypo", to: 1), forKey: "t") }
        #expect(plainReports.contains { $0.key == "CAPropertyAnimation.keyPath.radiusTypo" })
    }

    @Test func structuredValuesInterpolateAndOthersSwitchAtTheMidpoint() {
        let layer = makePie()
        quietly {
            layer.setValue(CGPoint.zero, forKey: "centre")
            layer.setValue(CGSize.zero, forKey: "extent")
            layer.setValue(CGRect.zero, forKey: "box")
            layer.setValue(CGColor(red: 0, green: 0, blue: 0, alpha: 1), forKey: "tint")
            layer.setValue(CATransform3DIdentity, forKey: "turn")
            layer.setValue("a", forKey: "word")
            layer.setValue(CGPoint(x: 5, y: 5), forKey: "pin")
        }
        layer.add(basic("centre", from: CGPoint(x: 0, y: 10), to: CGPoint(x: 40, y: 50)), forKey: "1")
        layer.add(basic("extent", from: CGSize(width: 0, height: 0), to: CGSize(width: 8, height: 4)), forKey: "2")
        layer.add(basic("box", from: CGRect(x: 0, y: 0, width: 0, height: 0), to: CGRect(x: 4, y: 8, width: 12, height: 16)), forKey: "3")
        layer.add(
            basic("tint", from: CGColor(red: 0, green: 0, blue: 0, alpha: 1), to: CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
            forKey: "4")
        layer.add(basic("turn", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(100, 0, 0)), forKey: "5")
        layer.add(basic("word", from: "a", to: "b"), forKey: "6")
        layer.add(basic("pin.x", from: 0, to: 8, duration: 2), forKey: "7")  // a component of a custom key
        clock.advance(by: 0.25)
        var p = layer.presentation()
        #expect(near(p?.value(forKey: "centre") as? CGPoint, CGPoint(x: 10, y: 20)))
        #expect(near(p?.value(forKey: "extent") as? CGSize, CGSize(width: 2, height: 1)))
        #expect((p?.value(forKey: "box") as? CGRect).map { near($0.origin, CGPoint(x: 1, y: 2)) && near($0.size, CGSize(width: 3, height: 4)) } == true)
        let tint = (p?.value(forKey: "tint") as! CGColor).components ?? []
        #expect(tint.count == 4 && close(tint[0], 0.25) && close(tint[1], 0.125) && close(tint[3], 1))
        #expect(close((p?.value(forKey: "turn") as? CATransform3D)?.m41 ?? .nan, 25, 1e-9))
        #expect(p?.value(forKey: "word") as? String == "a")
        #expect(near(p?.value(forKey: "pin") as? CGPoint, CGPoint(x: 1, y: 5)))
        #expect(close(p?.value(forKeyPath: "pin.x") as? CGFloat ?? .nan, 1, 1e-9))
        clock.advance(by: 0.5)
        p = layer.presentation()
        #expect(p?.value(forKey: "word") as? String == "b")
        #expect(layer.value(forKey: "word") as? String == "a")
    }

    @Test func springsAndKeyframesOnACustomKey() {
        let layer = makePie()
        let spring = CASpringAnimation(keyPath: "radius")  // m 1, k 100, c 10: ω0 10, ζ 0.5
        spring.fromValue = 0
        spring.toValue = 100
        spring.duration = 10
        layer.add(spring, forKey: "s")
        clock.advance(by: 0.3)
        let t = 0.3, w0 = 10.0, z = 0.5, wd = w0 * (1 - z * z).squareRoot()
        let expected = 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 / wd) * sin(wd * t))
        #expect(close(layer.presentation()?.radius ?? .nan, 100 * expected, 1e-9))
        layer.removeAllAnimations()

        let keys = CAKeyframeAnimation(keyPath: "radius")
        keys.values = [0, 100, 40]
        keys.keyTimes = [0, 0.5, 1]
        keys.timingFunctions = [smoothstep, smoothstep]
        keys.duration = 1
        layer.add(keys, forKey: "k")
        clock.advance(by: 0.2)
        #expect(close(layer.presentation()?.radius ?? .nan, 100 * smooth(0.4), 1e-5))
        clock.advance(by: 0.4)
        #expect(close(layer.presentation()?.radius ?? .nan, 100 + (40 - 100) * smooth(0.2), 1e-5))
    }

    @Test func defaultValueAndActionForKeyWorkWithCustomKeys() {
        let dial = DialLayer()
        #expect(dial.angle == 5)  // the class default
        dial.add(basic("angle", to: 25), forKey: "a")
        clock.advance(by: 0.5)
        #expect(close(dial.presentation()?.angle ?? .nan, 15, 1e-9))
        dial.removeAllAnimations()

        // The action is asked before the value changes: it animates from what was shown.
        dial.angle = 45
        let action = dial.animation(forKey: "angle") as? CABasicAnimation
        #expect(action?.fromValue as? CGFloat == 5)
        #expect(dial.angle == 45)
        clock.advance(by: 0.25)
        #expect(close(dial.presentation()?.angle ?? .nan, 5 + 40 * 0.25, 1e-9))
        // Interrupted a quarter of the way: the new animation starts from the presented value.
        dial.angle = 0
        let again = dial.animation(forKey: "angle") as? CABasicAnimation
        #expect(close(again?.fromValue as? CGFloat ?? .nan, 15, 1e-9))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        dial.angle = 1
        CATransaction.commit()
        #expect(dial.angle == 1)
    }

    @Test func aDrawingThatAsksForThePresentationAgainDoesNotRecurse() {
        let layer = ReentrantLayer()
        layer.add(basic("level", from: 0, to: 1), forKey: "l")
        clock.advance(by: 0.5)
        ReentrantLayer.draws = 0
        let p = layer.presentation()
        #expect(ReentrantLayer.draws == 1)
        #expect(close(p?.level ?? .nan, 0.5, 1e-9))
    }

    @Test func nonFiniteValuesOnACustomKeyAreReportedNotShown() {
        let layer = makePie()
        let seen = reports {
            layer.add(basic("radius", from: 0, to: Double.nan), forKey: "n")
        }
        #expect(seen.contains { $0.key == "CABasicAnimation.nonfinite" })
        clock.advance(by: 0.5)
        #expect(layer.presentation()?.radius.isFinite == true)
    }
}
