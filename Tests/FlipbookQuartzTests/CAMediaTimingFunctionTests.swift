import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.freshRuntime)
@MainActor
struct CAMediaTimingFunctionTests {
    /// The published spot values (docs/Semantics.md, "Timing functions"; WebKit/Chromium agree to ~1e-6).
    @Test func namedFunctionsMatchPublishedSpotValues() {
        #expect(close(CAMediaTimingFunction(name: .default).value(at: 0.5), 0.8024033911))
        #expect(close(CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.25), 0.1291619310))
        #expect(close(CAMediaTimingFunction(name: .easeIn).value(at: 0.5), 0.3153567343))
        #expect(close(CAMediaTimingFunction(name: .easeOut).value(at: 0.5), 0.6846432657))
        #expect(CAMediaTimingFunction(name: .linear).value(at: 0.3) == 0.3)
    }

    /// Own vector from the formula: for control points (1/3, 1/3, 2/3, 2/3) the Bézier is the
    /// identity; for (0, 0, 1, 1)-style ease curves the ends are fixed.
    @Test func controlPointsAndEnds() {
        let f = CAMediaTimingFunction(controlPoints: 1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        #expect(close(f.value(at: 0.37), 0.37, 1e-6))
        let e = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(e.value(at: 0) == 0 && close(e.value(at: 1), 1, 1e-9))
        // Symmetry of ease-in-ease-out: y(1 − x) = 1 − y(x).
        #expect(close(e.value(at: 0.8), 1 - e.value(at: 0.2), 1e-7))
        var pt: [Float] = [0, 0]
        e.getControlPoint(at: 1, values: &pt)
        #expect(pt == [0.42, 0])
        e.getControlPoint(at: 3, values: &pt)
        #expect(pt == [1, 1])
    }

    @Test func timingFunctionPacesABasicAnimation() {
        let layer = makeLayer()
        let a = basic("position.x", from: 0, to: 1, duration: 1)
        a.timingFunction = CAMediaTimingFunction(name: .default)
        layer.add(a, forKey: "x")
        MediaClock.main.advance(by: 0.5)
        #expect(close(presentedX(layer), 0.8024033911))
        layer.removeAllAnimations()
    }

    @Test func badControlPointsAreClampedWithADiagnostic() {
        var f: CAMediaTimingFunction?
        let layer = makeLayer()
        let messages = FlipbookDiagnostics.capture {
            f = CAMediaTimingFunction(controlPoints: -1, .nan, 2, 1)
            let a = basic("opacity", from: 0, to: 1)
            a.timingFunction = f
            layer.add(a, forKey: "o")
        }
        layer.removeAllAnimations()
        #expect(messages.count == 1)
        #expect(f.map { $0.c1x == 0 && $0.c1y == 0 && $0.c2x == 1 } == true)
        #expect(f.map { $0.value(at: 0.5).isFinite } == true)
    }
}
