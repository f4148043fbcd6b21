import Foundation
import Testing

@testable import FlipbookGeometry

/// The explode scene's fast paths (issue 37 C2) against the reference paths they replace.
@Suite struct FastPathEquivalenceTests {
    final class Item {}

    /// `IdentitySearch.firstIndex` agrees with `firstIndex(where: { $0 === x })` for every
    /// element, for objects not in the list, and for empty and nil lists.
    @Test func identitySearchMatchesFirstIndex() {
        let items = (0..<300).map { _ in Item() }
        var list = items
        var seed: UInt64 = 7
        for i in stride(from: list.count - 1, to: 0, by: -1) {  // a fixed shuffle
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            list.swapAt(i, Int(seed >> 33) % (i + 1))
        }
        for x in items {
            #expect(IdentitySearch.firstIndex(of: x, in: list) == list.firstIndex(where: { $0 === x }))
        }
        let stranger = Item()
        #expect(IdentitySearch.firstIndex(of: stranger, in: list) == nil)
        #expect(IdentitySearch.firstIndex(of: stranger, in: [Item]()) == nil)
        #expect(IdentitySearch.firstIndex(of: stranger, in: nil as [Item]?) == nil)
        // A repeated element: its first place, as firstIndex(where:) gives.
        let twice = [items[0], items[1], items[0]]
        #expect(IdentitySearch.firstIndex(of: items[0], in: twice) == 0)
        #expect(IdentitySearch.firstIndex(of: items[1], in: twice) == 1)
    }

    /// The bits of a transform, for comparing without rounding (zeros of both signs apart).
    static func bits(_ t: CATransform3D) -> [UInt64] { t.elements.map { Double($0).bitPattern } }

    /// `TransformInterpolation` gives the same bits as `interpolated(to:fraction:)` on every
    /// path: scale and translation only, decomposed (turning, skewed, perspective), ends that
    /// cannot be decomposed, non-finite and boundary fractions, extrapolation.
    @Test func transformInterpolationMatchesInterpolated() {
        let turned = CATransform3DScale(CATransform3DRotate(CATransform3DMakeTranslation(-37, 512, 0), 1.3, 0, 0, 1), 0.6, 0.6, 1)
        var singular = CATransform3DIdentity
        singular.m11 = 0
        var nonFinite = CATransform3DIdentity
        nonFinite.m41 = .nan
        var negativeZero = CATransform3DIdentity
        negativeZero.m41 = -0.0
        let ends: [CATransform3D] = [
            CATransform3DIdentity, negativeZero, CATransform3DMakeTranslation(10, -20, 30), CATransform3DMakeScale(2, 3, 0.5),
            CATransform3DMakeScale(-1, 1, 1), turned, CATransform3DMakeRotation(.pi, 0, 1, 0),
            CATransform3DConcat(CATransform3DMakeRotation(1.1, 0.3, -0.4, 0.8), perspective(500)),
            CATransform3D(rows: [[1, 0, 0, 0], [0.5, 1, 0, 0], [0.2, -0.3, 1, 0], [4, 5, 6, 1]]),
            singular, nonFinite,
        ]
        let fractions: [Double] = [0, 1, 0.5, 0.25, 0.999, 1e-7, -0.2, 1.3, .nan, .infinity, -.infinity]
        for a in ends {
            for b in ends {
                let cached = TransformInterpolation(from: a, to: b)
                #expect(cached.isBetween(a, b))
                for f in fractions {
                    #expect(Self.bits(cached.value(at: f)) == Self.bits(a.interpolated(to: b, fraction: f)))
                }
            }
        }
        // Reuse is decided bit for bit: +0 and −0 are different ends.
        let plain = TransformInterpolation(from: CATransform3DIdentity, to: turned)
        #expect(!plain.isBetween(negativeZero, turned))
        #expect(!plain.isBetween(CATransform3DIdentity, CATransform3DIdentity))
    }
}
