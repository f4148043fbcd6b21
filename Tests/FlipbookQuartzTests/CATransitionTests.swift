import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// CATransition's built-in types and subtypes, read off the presentation layer.
@Suite(.freshRuntime)
@MainActor
struct CATransitionTests {
    let clock = MediaClock.main

    /// moveIn slides the layer in from the subtype's side by (1 − p) × its size (y down, as
    /// in UIKit); reveal fades it in (opacity × p). Linear progress, 100 × 50 layer, p = ¼.
    @Test(arguments: [
        (CATransitionType.moveIn, CATransitionSubtype?.some(.fromLeft), -75.0, 0.0, 1.0),
        (.moveIn, .fromRight, 75, 0, 1), (.moveIn, .fromTop, 0, -37.5, 1), (.moveIn, .fromBottom, 0, 37.5, 1),
        (.moveIn, nil, -75, 0, 1), (.reveal, .fromTop, 0, 0, 0.25), (.fade, nil, 0, 0, 0.25),
    ])
    func transitionTypesAndSubtypes(
        type: CATransitionType, subtype: CATransitionSubtype?, dx: Double, dy: Double, opacity: Double
    ) {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50))
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        layer.add(t, forKey: kCATransition)
        clock.advance(by: 0.25)
        let p = layer.presentation()
        #expect(near(p?.transform.m41 ?? .nan, dx) && near(p?.transform.m42 ?? .nan, dy))
        #expect(close(Double(p?.opacity ?? -1), opacity, 1e-6))
        layer.removeAllAnimations()
    }
}
