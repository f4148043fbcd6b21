import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// The animatable properties that subclasses declare (CAShapeLayer, CATextLayer,
/// CAGradientLayer) animate implicitly like CALayer's own, and a NaN is still refused.
/// Setting one used to trap: the implicit action read the property while the setter's
/// check still held it.
@Suite(.freshRuntime)
@MainActor
struct SubclassImplicitAnimationTests {
    @Test func shapeLayerPropertiesAnimateImplicitly() {
        let shape = committed(CAShapeLayer())
        shape.lineWidth = 4
        shape.strokeEnd = 0.5
        shape.miterLimit = 4
        shape.lineDashPhase = 2
        shape.strokeStart = 0.1
        for key in ["lineWidth", "strokeEnd", "miterLimit", "lineDashPhase", "strokeStart"] {
            let animation = shape.animation(forKey: key) as? CABasicAnimation
            #expect(animation != nil, "no implicit animation for \(key)")
            #expect(animation?.duration == 0.25)
        }
        #expect((shape.animation(forKey: "lineWidth") as? CABasicAnimation)?.fromValue as? CGFloat == 1)
        MediaClock.main.runUntilIdle()
        #expect(shape.lineWidth == 4)
        #expect(shape.strokeEnd == 0.5)
    }

    @Test func textAndGradientLayerPropertiesAnimateImplicitly() {
        let text = committed(CATextLayer())
        text.fontSize = 20
        #expect(text.animation(forKey: "fontSize") != nil)
        let gradient = committed(CAGradientLayer())
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        #expect(gradient.animation(forKey: "startPoint") != nil)
        #expect(gradient.animation(forKey: "endPoint") != nil)
        MediaClock.main.runUntilIdle()
        #expect(text.fontSize == 20)
        #expect(gradient.endPoint == CGPoint(x: 1, y: 1))
    }

    @Test func nonFiniteValuesAreStillRefused() {
        let shape = CAShapeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.lineWidth = 3
        CATransaction.commit()
        let reports = FlipbookDiagnostics.capture {
            shape.lineWidth = .nan
            shape.strokeEnd = .infinity
        }
        #expect(shape.lineWidth == 3)
        #expect(shape.strokeEnd == 1)
        #expect(reports.count == 2)
        #expect(shape.animation(forKey: "lineWidth") == nil)
    }
}
