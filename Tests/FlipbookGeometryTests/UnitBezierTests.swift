import Foundation
import Testing

@testable import FlipbookGeometry

@Suite struct UnitBezierTests {
    static let easeDefault = UnitBezier(p1x: 0.25, p1y: 0.1, p2x: 0.25, p2y: 1)
    static let easeIn = UnitBezier(p1x: 0.42, p1y: 0, p2x: 1, p2y: 1)
    static let easeOut = UnitBezier(p1x: 0, p1y: 0, p2x: 0.58, p2y: 1)
    static let easeInOut = UnitBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)

    @Test func publishedSpotValues() {
        // docs/Semantics.md, "Timing functions" (WebKit/Chromium values).
        #expect(abs(Self.easeDefault.solve(0.5) - 0.8024033911) < 1e-6)
        #expect(abs(Self.easeInOut.solve(0.25) - 0.1291619310) < 1e-6)
        #expect(abs(Self.easeIn.solve(0.5) - 0.3153567343) < 1e-6)
        #expect(abs(Self.easeOut.solve(0.5) - 0.6846432657) < 1e-6)
    }

    /// The Bernstein form, independent of the solver's Horner form.
    static func bernstein(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ t: Double) -> Double {
        let u = 1 - t
        return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
    }

    @Test(arguments: [0.0, 0.05, 0.3, 0.5, 0.77, 0.99, 1.0])
    func pointsOnTheCurve(_ t: Double) {
        // For a known parameter t, x(t) and y(t) from the Bernstein form: solve(x) must be y.
        for c in [Self.easeDefault, Self.easeIn, Self.easeOut, Self.easeInOut, UnitBezier(p1x: 0.1, p1y: 1.5, p2x: 0.3, p2y: -0.6)] {
            let x = Self.bernstein(0, c.p1x, c.p2x, 1, t), y = Self.bernstein(0, c.p1y, c.p2y, 1, t)
            #expect(abs(c.solve(x) - y) < 1e-6)
            #expect(abs(c.solveCurveX(x, epsilon: 1e-9) - t) < 1e-6)
        }
    }

    @Test func linearIsTheIdentity() {
        let l = UnitBezier(p1x: 0, p1y: 0, p2x: 1, p2y: 1)
        for x in stride(from: 0.0, through: 1.0, by: 0.125) { #expect(abs(l.solve(x) - x) < 1e-9) }
        #expect(abs(l.solve(-0.5) + 0.5) < 1e-12 && abs(l.solve(1.5) - 1.5) < 1e-12)
    }

    @Test func extrapolatesAlongEndTangents() {
        // easeIn starts flat (p1 = (0.42, 0)) and ends along p1→end (p2 is the end point):
        // slope (0 − 1)/(0.42 − 1).
        #expect(Self.easeIn.solve(-0.5) == 0)
        #expect(abs(Self.easeIn.solve(1.1) - (1 + 0.1 / 0.58)) < 1e-12)
        // easeOut starts along start→p2 (p1 is the start point): slope 1/0.58; ends flat.
        #expect(abs(Self.easeOut.solve(-0.1) - (-0.1 / 0.58)) < 1e-12)
        #expect(Self.easeOut.solve(2) == 1)
    }

    @Test func slopes() {
        // Interior: dy/dx = y'(t)/x'(t) from the Bernstein derivatives at t = 0.5.
        let c = Self.easeInOut, t = 0.5
        func d(_ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * p1 + 6 * (1 - t) * t * (p2 - p1) + 3 * t * t * (1 - p2) }
        #expect(abs(c.slope(at: 0.5) - d(c.p1y, c.p2y) / d(c.p1x, c.p2x)) < 1e-6)
        #expect(abs(Self.easeIn.slope(at: 0) - 0) < 1e-9)
        #expect(abs(Self.easeOut.slope(at: 0) - 1 / 0.58) < 1e-6)
        #expect(abs(Self.easeIn.slope(at: 2) - 1 / 0.58) < 1e-12)
    }

    @Test func badInput() {
        let c = UnitBezier(p1x: .nan, p1y: 0, p2x: 1, p2y: 1)
        #expect(c == UnitBezier(p1x: 0, p1y: 0, p2x: 1, p2y: 1))
        #expect(Self.easeInOut.solve(.nan) == 0)
        #expect(Self.easeInOut.solve(.infinity) == 1)
        // Control x outside 0…1 is clamped.
        #expect(UnitBezier(p1x: -1, p1y: 0, p2x: 2, p2y: 1) == UnitBezier(p1x: 0, p1y: 0, p2x: 1, p2y: 1))
    }
}
