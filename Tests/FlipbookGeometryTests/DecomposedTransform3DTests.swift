import Foundation
import Testing

@testable import FlipbookGeometry

/// Entry-wise closeness of two transforms.
func close(_ a: CATransform3D, _ b: CATransform3D, _ tol: Double = 1e-9) -> Bool {
    zip(a.elements, b.elements).allSatisfy { abs(Double($0 - $1)) <= tol }
}

/// A perspective matrix with eye distance `d` (m34 = −1/d), as demo code writes it.
func perspective(_ d: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m34 = CGFloat(-1 / d)
    return t
}

@Suite struct DecomposedTransform3DTests {
    static let samples: [CATransform3D] = [
        CATransform3DIdentity,
        CATransform3DMakeTranslation(10, -20, 30),
        CATransform3DMakeScale(2, 3, 0.5),
        CATransform3DMakeScale(-1, 1, 1),
        CATransform3DMakeRotation(0.7, 0, 0, 1),
        CATransform3DMakeRotation(-2.5, 1, 2, 3),
        CATransform3DMakeRotation(.pi, 0, 1, 0),
        CATransform3DConcat(CATransform3DMakeRotation(1.1, 0.3, -0.4, 0.8), perspective(500)),
        CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeScale(1.5, 0.75, 2), CATransform3DMakeRotation(0.4, 1, 1, 0)),
            CATransform3DMakeTranslation(5, 6, 7)),
        CATransform3D(rows: [[1, 0, 0, 0], [0.5, 1, 0, 0], [0.2, -0.3, 1, 0], [4, 5, 6, 1]]),  // skews
    ]

    @Test(arguments: samples)
    func recomposingGivesTheMatrixBack(_ t: CATransform3D) throws {
        let d = try #require(DecomposedTransform3D(t))
        #expect(close(d.recomposed, t))
    }

    @Test func partsOfKnownMatrices() throws {
        let d = try #require(DecomposedTransform3D(CATransform3DMakeTranslation(10, -20, 30)))
        #expect(d.translation == (10, -20, 30))
        #expect(d.scale == (1, 1, 1))
        let s = try #require(DecomposedTransform3D(CATransform3DMakeScale(2, 3, 0.5)))
        #expect(s.scale == (2, 3, 0.5))
        // Rotation by θ about z: quaternion (0, 0, sin(θ/2), cos(θ/2)) up to sign.
        let r = try #require(DecomposedTransform3D(CATransform3DMakeRotation(0.7, 0, 0, 1)))
        #expect(abs(abs(r.quaternion.z) - sin(0.35)) < 1e-12 && abs(abs(r.quaternion.w) - cos(0.35)) < 1e-12)
        let p = try #require(DecomposedTransform3D(perspective(500)))
        #expect(p.perspective == (0, 0, -1.0 / 500, 1))
    }

    @Test func undecomposableMatrices() {
        #expect(DecomposedTransform3D(CATransform3DMakeScale(0, 1, 1)) == nil)
        var t = CATransform3DIdentity
        t.m44 = 0
        #expect(DecomposedTransform3D(t) == nil)
        t = CATransform3DIdentity
        t.m12 = .nan
        #expect(DecomposedTransform3D(t) == nil)
    }

    @Test func rotationAboutATiltedAxisInterpolatesAlongThatAxis() {
        // From 0.2 rad to 1.4 rad about the axis (1, 2, 2): the midpoint is 0.8 rad about it.
        let a = CATransform3DMakeRotation(0.2, 1, 2, 2), b = CATransform3DMakeRotation(1.4, 1, 2, 2)
        #expect(close(a.interpolated(to: b, fraction: 0.5), CATransform3DMakeRotation(0.8, 1, 2, 2)))
        #expect(close(a.interpolated(to: b, fraction: 0.25), CATransform3DMakeRotation(0.5, 1, 2, 2)))
        // Extrapolation continues the rotation.
        #expect(close(a.interpolated(to: b, fraction: 1.5), CATransform3DMakeRotation(2.0, 1, 2, 2)))
    }

    @Test func shortestPathRotation() {
        // 170° to −170° about z goes the short way, through 180°.
        let a = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1)
        let b = CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1)
        #expect(close(a.interpolated(to: b, fraction: 0.5), CATransform3DMakeRotation(.pi, 0, 0, 1)))
    }

    @Test func fullTurnBetweenEqualMatricesDoesNothing() {
        let a = CATransform3DIdentity, b = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
        for f in [0.1, 0.25, 0.5, 0.9] {
            #expect(close(a.interpolated(to: b, fraction: f), CATransform3DIdentity))
        }
    }

    @Test func perspectiveMatrixInterpolation() {
        // Interpolating between y-rotations under the same perspective: the perspective part is
        // kept and the rotation is halved, so the midpoint is rotation(mid) · perspective.
        let p = perspective(500)
        let a = CATransform3DConcat(CATransform3DMakeRotation(0, 0, 1, 0), p)
        let b = CATransform3DConcat(CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), p)
        let mid = a.interpolated(to: b, fraction: 0.5)
        #expect(close(mid, CATransform3DConcat(CATransform3DMakeRotation(-.pi / 4, 0, 1, 0), p)))
        // Perspective alone interpolates its column linearly (CSS): m34 halfway between.
        let q = CATransform3DIdentity.interpolated(to: perspective(500), fraction: 0.5)
        #expect(close(q, perspective(1000)))
    }

    @Test func translationAndScaleInterpolateLinearly() {
        let a = CATransform3DMakeTranslation(0, 0, 0), b = CATransform3DMakeTranslation(100, -50, 10)
        #expect(close(a.interpolated(to: b, fraction: 0.3), CATransform3DMakeTranslation(30, -15, 3)))
        let s = CATransform3DMakeScale(1, 1, 1).interpolated(to: CATransform3DMakeScale(3, 0.5, 1), fraction: 0.5)
        #expect(close(s, CATransform3DMakeScale(2, 0.75, 1)))
        // Scale then translation (row vectors) interpolates both parts.
        let c = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(40, 0, 0))
        let m = CATransform3DIdentity.interpolated(to: c, fraction: 0.5)
        #expect(close(m, CATransform3DConcat(CATransform3DMakeScale(1.5, 1.5, 1), CATransform3DMakeTranslation(20, 0, 0))))
    }

    @Test func scaleTranslationFastPathMatchesTheDecomposition() throws {
        let a = CATransform3DConcat(CATransform3DMakeScale(0.5, 2, 1), CATransform3DMakeTranslation(3, 4, 5))
        let b = CATransform3DConcat(CATransform3DMakeScale(3, 1, 2), CATransform3DMakeTranslation(-7, 0, 1))
        let da = try #require(DecomposedTransform3D(a)), db = try #require(DecomposedTransform3D(b))
        for f in [0.2, 0.5, 1.3, -0.4] {
            #expect(close(a.interpolated(to: b, fraction: f), da.interpolated(to: db, fraction: f).recomposed, 1e-12))
        }
    }

    @Test func undecomposableEndSwitchesAtHalfway() {
        let a = CATransform3DMakeScale(0, 0, 1), b = CATransform3DMakeTranslation(10, 0, 0)
        #expect(a.interpolated(to: b, fraction: 0.49) == a)
        #expect(a.interpolated(to: b, fraction: 0.5) == b)
        #expect(b.interpolated(to: a, fraction: 0.2) == b)
    }

    @Test func endpointsAndBadFractions() {
        let a = CATransform3DMakeRotation(0.3, 1, 0, 0), b = CATransform3DMakeTranslation(1, 2, 3)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(a.interpolated(to: b, fraction: .nan) == a)
    }

    @Test func affineInterpolation() {
        let a = CGAffineTransform(rotationAngle: 0.2), b = CGAffineTransform(rotationAngle: 1.0)
        let m = a.interpolated(to: b, fraction: 0.5)
        let e = CGAffineTransform(rotationAngle: 0.6)
        #expect(abs(m.a - e.a) < 1e-12 && abs(m.b - e.b) < 1e-12 && abs(m.c - e.c) < 1e-12 && abs(m.d - e.d) < 1e-12)
        let t = CGAffineTransform.identity.interpolated(to: CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 3, y: 3), fraction: 0.5)
        #expect(abs(t.a - 2) < 1e-12 && abs(t.d - 2) < 1e-12 && abs(t.tx - 5) < 1e-12 && abs(t.ty - 10) < 1e-12)
        // Singular end: discrete.
        let z = CGAffineTransform(scaleX: 0, y: 0)
        #expect(z.interpolated(to: .identity, fraction: 0.4) == z)
        #expect(z.interpolated(to: .identity, fraction: 0.6) == .identity)
    }
}
