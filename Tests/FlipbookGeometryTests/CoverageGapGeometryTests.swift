import Foundation
import Testing

@testable import FlipbookGeometry

/// Closed-form checks for the CATransform3D and CGAffineTransform functions no other test
/// covered. Core Animation's Translate/Scale/Rotate apply the new operation *before* `t`
/// (row vectors: `CATransform3DTranslate(t, x, y, z) = Concat(MakeTranslation(x, y, z), t)`).
@Suite struct CoverageGapGeometryTests {
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
