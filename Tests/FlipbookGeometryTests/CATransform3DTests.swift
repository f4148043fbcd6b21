import Foundation
import Testing

@testable import FlipbookGeometry

@Suite struct CATransform3DTests {
    @Test func rowVectorConvention() {
        // Translate then scale (row vectors: p · T · S): (1, 1) → (11, 1) → (22, 3).
        let t = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 3, 1))
        #expect(t.apply(to: CGPoint(x: 1, y: 1)) == CGPoint(x: 22, y: 3))
        #expect(t.concatenating(CATransform3DIdentity) == t)
        // Rotation by +90° about z maps +x to +y.
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).apply(to: CGPoint(x: 1, y: 0))
        #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12)
    }

    @Test func perspectiveProjection() {
        // m34 = −1/500: a point at z = 100 has w = 1 − 100/500 = 0.8, so x grows by 1/0.8.
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let h = p.project(x: 40, y: 20, z: 100)
        #expect(h.x == 40 && h.y == 20 && h.z == 100 && abs(h.w - 0.8) < 1e-15)
        let q = p.apply(x: 40, y: 20, z: 100)
        #expect(abs(q.x - 50) < 1e-12 && abs(q.y - 25) < 1e-12)
        // Behind the eye (w ≤ 0): finite, undivided.
        let behind = p.apply(x: 40, y: 20, z: 600)
        #expect(behind.x == 40 && behind.y == 20)
    }

    @Test func inverse() {
        let t = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(0.7, 1, -2, 0.5), CATransform3DMakeScale(2, 0.5, 3)),
            CATransform3DMakeTranslation(4, -5, 6))
        var withPerspective = t
        withPerspective.m34 = -0.002
        for m in [t, withPerspective] {
            let inv = CATransform3DInvert(m)
            #expect(close(CATransform3DConcat(m, inv), CATransform3DIdentity, 1e-12))
            #expect(close(CATransform3DConcat(inv, m), CATransform3DIdentity, 1e-12))
        }
        // Closed forms: translation and scale.
        #expect(close(CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)), CATransform3DMakeTranslation(-1, -2, -3)))
        #expect(close(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)), CATransform3DMakeScale(0.5, 0.25, 0.125)))
        // Non-invertible: returned unchanged, as Apple does.
        let singular = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(singular) == singular)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        var bad = CATransform3DIdentity
        bad.m11 = .nan
        #expect(CATransform3DInvert(bad).m22 == 1)
    }

    @Test func determinant() {
        #expect(CATransform3DMakeScale(2, 3, 4).determinant == 24)
        #expect(abs(CATransform3DMakeRotation(1.3, 1, 1, 1).determinant - 1) < 1e-12)
    }

    @Test func affineRoundTrips() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(t.elements == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 0, 1)))
        // Points map the same way through both.
        let p = CGPoint(x: 7, y: -2)
        #expect(p.applying(a) == t.apply(to: p))
    }

    // MARK: Translate, Scale and Rotate prepend their operation

    // Core Animation's Translate/Scale/Rotate apply the new operation *before* `t`
    // (row vectors: `CATransform3DTranslate(t, x, y, z) = Concat(MakeTranslation(x, y, z), t)`).

    func near(_ a: CATransform3D, _ b: [Double], _ tol: Double = 1e-12) -> Bool {
        zip(a.elements, b).allSatisfy { abs(Double($0) - $1) <= tol }
    }

    /// Translate (1, 2, 3) then scale (2, 3, 4): the translation is scaled, m41…m43 = 2, 6, 12.
    @Test func translateAppliesTheTranslationFirst() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 4), 1, 2, 3)
        #expect(near(t, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 6, 12, 1]))
        #expect(t == CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), CATransform3DMakeScale(2, 3, 4)))
        #expect(t.apply(to: .zero) == CGPoint(x: 2, y: 6))
    }

    /// Scale (2, 3, 4) then translate (10, 20, 30): the translation is untouched.
    @Test func scaleAppliesTheScaleFirst() {
        let t = CATransform3DScale(CATransform3DMakeTranslation(10, 20, 30), 2, 3, 4)
        #expect(near(t, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 10, 20, 30, 1]))
        #expect(t.apply(to: CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 23))
    }

    /// Rotate +90° about z then translate (10, 0, 0): (1, 0) → (0, 1) → (10, 1). The axis need
    /// not be normalised.
    @Test func rotateAppliesTheRotationFirst() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 5)
        #expect(near(t, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1]))
        let p = t.apply(to: CGPoint(x: 1, y: 0))
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12)
        // About x by +90°: +y goes to +z (row vectors), so m23 = 1, m32 = −1.
        let x = CATransform3DRotate(CATransform3DIdentity, .pi / 2, 1, 0, 0)
        #expect(near(x, [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]))
    }

    /// Exact, element-wise equality (IEEE: a NaN entry is unequal even to itself).
    @Test func equalToTransformIsExact() {
        #expect(CATransform3DEqualToTransform(CATransform3DIdentity, CATransform3DMakeScale(1, 1, 1)))
        #expect(!CATransform3DEqualToTransform(CATransform3DIdentity, CATransform3DMakeTranslation(0, 0, 1e-12)))
        var n = CATransform3DIdentity
        n.m34 = .nan
        #expect(!CATransform3DEqualToTransform(n, n))
        // The zero-argument initialiser is all zeros, as Apple's (not the identity).
        #expect(CATransform3D().elements.allSatisfy { $0 == 0 })
        #expect(!CATransform3DEqualToTransform(CATransform3D(), CATransform3DIdentity))
        #expect(CATransform3D.identity == CATransform3DIdentity)
    }
}

@Suite struct CGAffineTransformTests {
    @Test func constructorsAndConcatenation() {
        #expect(CGAffineTransform.identity.isIdentity)
        // translatedBy applies the translation before self: scale(2) translated by (5, 0) maps
        // (1, 0) → (6, 0) → (12, 0).
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(CGPoint(x: 1, y: 0).applying(t) == CGPoint(x: 12, y: 0))
        // concatenating: self then other.
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 0))
        #expect(CGPoint(x: 1, y: 0).applying(u) == CGPoint(x: 7, y: 0))
        let r = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12)
    }

    @Test func inversion() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: 5)
        let i = t.concatenating(t.inverted())
        #expect(abs(i.a - 1) < 1e-12 && abs(i.b) < 1e-12 && abs(i.c) < 1e-12 && abs(i.d - 1) < 1e-12 && abs(i.tx) < 1e-12 && abs(i.ty) < 1e-12)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func applyingToSizesAndRects() {
        let rot = CGAffineTransform(rotationAngle: .pi / 2)
        let s = CGSize(width: 10, height: 20).applying(rot)
        #expect(abs(s.width + 20) < 1e-12 && abs(s.height - 10) < 1e-12)
        // A rect's image is the bounding box of its transformed corners.
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(rot)
        #expect(abs(r.minX + 20) < 1e-12 && abs(r.minY) < 1e-12 && abs(r.width - 20) < 1e-12 && abs(r.height - 10) < 1e-12)
        let moved = CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2))
        #expect(moved == CGRect(x: 12, y: 24, width: 6, height: 8))
        #expect(CGRect.null.applying(rot).isNull)
    }

    /// rotated(by:) rotates before `self`: translation (10, 0) rotated by 90° maps (1, 0) to
    /// (10, 1); a = cos, b = sin, c = −sin, d = cos, translation unchanged.
    @Test func affineRotatedByRotatesFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(abs(t.a) < 1e-12 && abs(t.b - 1) < 1e-12 && abs(t.c + 1) < 1e-12 && abs(t.d) < 1e-12)
        #expect(t.tx == 10 && t.ty == 0)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12)
        // Rotating the identity gives init(rotationAngle:).
        let r = CGAffineTransform.identity.rotated(by: 0.3)
        let direct = CGAffineTransform(rotationAngle: 0.3)
        #expect(abs(r.a - direct.a) < 1e-15 && abs(r.b - direct.b) < 1e-15 && r.tx == 0)
    }
}

@Suite struct CGColorInterpolationTests {
    @Test func componentWise() {
        let a = CGColor(red: 1, green: 0, blue: 0, alpha: 1), b = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(a.interpolated(to: b, fraction: 0.25) == CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.875))
        #expect(a.interpolated(to: b, fraction: 0) == a && a.interpolated(to: b, fraction: 1) == b)
    }

    @Test func overshootIsClamped() {
        let a = CGColor(gray: 0.2, alpha: 1), b = CGColor(gray: 0.8, alpha: 1)
        #expect(a.interpolated(to: b, fraction: 2) == CGColor(gray: 1, alpha: 1))
        #expect(a.interpolated(to: b, fraction: -1) == CGColor(gray: 0, alpha: 1))
        #expect(a.interpolated(to: b, fraction: .nan) == a)
    }
}
