import Foundation
import Testing

@testable import FlipbookGeometry

/// `CGPath.copy(using:)` and `mutableCopy(using:)`: every point moved by the transform, as a
/// message library moves a mask's rounded path to its shadow's origin.
@Suite struct CGPathCopyTests {
    @Test func copyUsingTransformsEveryPoint() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 5))
        var transform = CGAffineTransform(translationX: 5, y: 7)
        let moved = path.copy(using: &transform)
        #expect(moved?.boundingBox == path.boundingBox.offsetBy(dx: 5, dy: 7))
        #expect(moved?.currentPoint == CGPoint(x: 15, y: 17))
        var scale = CGAffineTransform(scaleX: 2, y: 3)
        #expect(path.mutableCopy(using: &scale)?.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 30))
        #expect(path.copy(using: nil)?.boundingBox == path.boundingBox)
    }
}
