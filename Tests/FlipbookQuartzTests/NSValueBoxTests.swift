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
}
