import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// `CAAnimation` as a key-value coding container: values under keys that are no property are
/// kept and travel with the animation's copies; property keys read and set the property.
@Suite(.freshRuntime)
@MainActor
struct CAAnimationKeyValueCodingTests {
    /// Tags an animation as animation code does and reads the tag back from the copy the
    /// delegate is told about.
    final class TagReader: NSObject, CAAnimationDelegate {
        var tags: [String] = []
        var layers: [CALayer] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if let tag = anim.value(forKey: "name") as? String { tags.append(tag) }
            if let layer = anim.value(forKey: "layer") as? CALayer { layers.append(layer) }
        }
    }

    @Test func aTagTravelsWithTheCopyTheDelegateIsToldAbout() {
        let root = CALayer()
        let circle = CALayer()
        root.addSublayer(circle)
        let reader = TagReader()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.toValue = 0
        anim.duration = 0.2
        anim.delegate = reader
        anim.setValue("fade", forKey: "name")
        anim.setValue(circle, forKey: "layer")
        let reports = FlipbookDiagnostics.capture {
            circle.add(anim, forKey: "fade")
            MediaClock.main.advance(by: 0.5)
        }
        #expect(reader.tags == ["fade"])
        #expect(reader.layers.count == 1 && reader.layers.first === circle)
        #expect(reports.isEmpty)
        #expect(anim.value(forKey: "missing") == nil)
    }

    @Test func propertyKeysReadAndSetTheProperties() {
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.setValue(0.75, forKey: "duration")
        anim.setValue(NSNumber(value: true), forKey: "autoreverses")
        anim.setValue(10, forKey: "toValue")
        #expect(anim.duration == 0.75 && anim.autoreverses)
        #expect(anim.toValue as? Int == 10)
        #expect((anim.value(forKey: "duration") as? NSNumber)?.doubleValue == 0.75)
        #expect(anim.value(forKey: "keyPath") as? String == "position.x")
        let reports = FlipbookDiagnostics.capture { anim.setValue("slow", forKey: "duration") }
        #expect(anim.duration == 0.75)
        #expect(reports.count == 1)
    }
}
