import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// NSValue boxes of the geometry types: round trips, and how the animation engine reads them.
@Suite(.freshRuntime)
@MainActor
struct NSValueBoxTests {
    /// Each NSValue box gives back what it was made from, a box read as another kind gives the
    /// identity, and the animation engine reads each box as its own kind.
    @Test func nsValueBoxesRoundTrip() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        let s = CGSize(width: 5, height: 6)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgRect: r).cgRectValue == r)
        #expect(NSValue(cgSize: s).cgSizeValue == s)
        #expect(NSValue(cgPoint: CGPoint(x: 7, y: 8)).cgPointValue == CGPoint(x: 7, y: 8))
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        // A box of another kind reads as the identity.
        #expect(NSValue(cgSize: s).cgAffineTransformValue == .identity)
        #expect(CATransform3DIsIdentity(NSValue(cgRect: r).caTransform3DValue))
        // The engine reads each box as its kind.
        guard case .rect(let rr)? = AnimatableValue(NSValue(cgRect: r)), case .size(let ss)? = AnimatableValue(NSValue(cgSize: s)),
            case .affine(let aa)? = AnimatableValue(NSValue(cgAffineTransform: a))
        else {
            Issue.record("boxes not read as their kinds")
            return
        }
        #expect(rr == r && ss == s && aa == a)
    }

    /// Key-value coding answers as on iOS: numbers as `NSNumber`, structs as `NSValue`, and
    /// either casts to the Swift type (`as? CGSize`, `as? CGFloat`, `as? Double`) or to the box.
    /// An animator that reads `value(forKeyPath: "bounds.size") as? NSValue` takes its iOS branch.
    @Test func valuesReadByKeyCastAsOnIOS() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        layer.position = CGPoint(x: 5, y: 6)
        layer.opacity = 0.5
        let size = layer.value(forKeyPath: "bounds.size")
        #expect(size is NSValue)
        #expect((size as? NSValue)?.cgSizeValue == CGSize(width: 30, height: 40))
        #expect(size as? CGSize == CGSize(width: 30, height: 40))
        #expect(size as? CGPoint == nil, "a boxed size is not a point")
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 5, y: 6))
        #expect(layer.value(forKey: "bounds") as? CGRect == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(layer.value(forKey: "transform") as? CATransform3D == CATransform3DIdentity)
        let opacity = layer.value(forKey: "opacity")
        #expect(opacity is NSNumber)
        #expect(opacity as? CGFloat == 0.5)
        #expect(opacity as? Double == 0.5)
        #expect(opacity as? Float == 0.5)
        #expect((opacity as? NSNumber)?.doubleValue == 0.5)
        #expect(layer.value(forKeyPath: "transform.scale.x") as? CGFloat == 1)
        // And the Swift values cast to their boxes, as on iOS.
        #expect((CGFloat(2) as Any) as? NSNumber == NSNumber(value: 2.0))
        #expect(((CGPoint(x: 1, y: 2) as Any) as? NSValue)?.cgPointValue == CGPoint(x: 1, y: 2))
        #expect(((CATransform3DMakeScale(2, 2, 1) as Any) as? NSValue)?.caTransform3DValue == CATransform3DMakeScale(2, 2, 1))
        // What the engine is given back animates from where the layer is.
        guard case .size(let read)? = AnimatableValue(layer.value(forKeyPath: "bounds.size")) else {
            Issue.record("a size read by key is not read back as a size")
            return
        }
        #expect(read == CGSize(width: 30, height: 40))
    }
}
