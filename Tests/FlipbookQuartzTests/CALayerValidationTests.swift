import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// What a layer refuses: non-finite model values and unknown animation key paths are reported
/// (once per key) and leave the layer as it was.
@Suite(.freshRuntime)
@MainActor
struct CALayerValidationTests {
    /// Regression test from the FlipbookQuartz audit: NaN or infinite model values are refused (the
    /// old value stays) and reported once per key; an infinite `repeatCount` is legitimate.
    @Test func nonFiniteModelValuesAreRefusedAndReportedPerKey() {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 10, height: 20), position: CGPoint(x: 3, y: 4))
        let seen = reports {
            quietly {
                layer.position = CGPoint(x: CGFloat.nan, y: 0)
                layer.position = CGPoint(x: 0, y: CGFloat.infinity)
                layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)
                var t = CATransform3DIdentity
                t.m34 = .nan
                layer.transform = t
                layer.sublayerTransform = t
                layer.anchorPoint = CGPoint(x: CGFloat.nan, y: 0)
                layer.opacity = .nan
                layer.cornerRadius = .infinity
                layer.zPosition = .nan
                layer.borderWidth = -.infinity
                layer.shadowOffset = CGSize(width: CGFloat.nan, height: 0)
                layer.shadowRadius = .nan
                layer.shadowOpacity = .nan
                layer.speed = .nan
                layer.beginTime = .nan
                layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            }
        }
        #expect(layer.position == CGPoint(x: 3, y: 4))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(CATransform3DIsIdentity(layer.transform) && CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && layer.opacity == 1 && layer.cornerRadius == 0)
        #expect(layer.zPosition == 0 && layer.borderWidth == 0 && layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3 && layer.shadowOpacity == 0 && layer.speed == 1 && layer.beginTime == 0)
        let keys = seen.compactMap(\.key)
        #expect(keys.filter { $0 == "CALayer.nonfinite.position" }.count == 2)  // one key, printed once
        for key in ["bounds", "transform", "sublayerTransform", "anchorPoint", "opacity", "cornerRadius", "zPosition",
            "borderWidth", "shadowOffset", "shadowRadius", "shadowOpacity", "speed", "beginTime", "frame"]
        {
            #expect(keys.contains("CALayer.nonfinite.\(key)"), "\(key)")
        }
        #expect(seen.first?.message.contains("position contains NaN or infinity") == true)
        // An infinite repeat count is legitimate (for ever); NaN is not.
        layer.repeatCount = .infinity
        #expect(layer.repeatCount == .infinity)
        layer.repeatCount = .nan
        #expect(layer.repeatCount == .infinity)
    }

    /// Regression test from the FlipbookQuartz audit: the numbers of CAShapeLayer and CATextLayer
    /// refuse non-finite values too.
    @Test func subclassNumbersRefuseNonFiniteValues() {
        let shape = CAShapeLayer()
        quietly {
            shape.lineWidth = .nan
            shape.strokeEnd = .infinity
        }
        #expect(shape.lineWidth == 1 && shape.strokeEnd == 1)
        let text = CATextLayer()
        quietly { text.fontSize = .nan }
        #expect(text.fontSize == 36)
    }

    /// Regression test from the FlipbookQuartz audit: an animation inside a group (at any depth)
    /// with an unknown key path, or none, is reported as it would be if added directly.
    @Test func unknownKeyPathsInsideGroupsAreReported() {
        let layer = makeLayer()
        let inner = CAAnimationGroup()
        inner.animations = [basic("nestedNonsenseKey", to: 1), CABasicAnimation()]
        let group = CAAnimationGroup()
        group.animations = [basic("groupNonsenseKey", to: 1), basic("opacity", to: 0), inner]
        let seen = reports { layer.add(group, forKey: "g") }
        let keys = seen.compactMap(\.key)
        #expect(keys.contains("CAPropertyAnimation.keyPath.groupNonsenseKey"))
        #expect(keys.contains("CAPropertyAnimation.keyPath.nestedNonsenseKey"))
        #expect(keys.contains("CAPropertyAnimation.noKeyPath"))
        #expect(!keys.contains("CAPropertyAnimation.keyPath.opacity"))
        #expect(seen.first?.message.contains("in a CAAnimationGroup") == true)
        layer.removeAllAnimations()
    }
}
