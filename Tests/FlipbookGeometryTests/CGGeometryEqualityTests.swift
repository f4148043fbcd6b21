import Foundation
import Testing

@testable import FlipbookGeometry

/// `equalTo(_:)` on points, sizes and rectangles (Sources/FlipbookGeometry/CGGeometry+Equality.swift).
@Suite struct CGGeometryEqualityTests {
    @Test func pointsAndSizesCompareEachComponent() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
        #expect(!CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 5)))
    }

    @Test func rectanglesCompareStandardized() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(r.equalTo(CGRect(x: 0, y: 0, width: 10, height: 20)))
        #expect(r.equalTo(CGRect(x: 10, y: 20, width: -10, height: -20)))
        #expect(!r.equalTo(CGRect(x: 0, y: 0, width: 10, height: 21)))
        #expect(!r.equalTo(CGRect(x: 1, y: 0, width: 10, height: 20)))
    }

    @Test func nullRectanglesAreEqualOnlyToNull() {
        #expect(CGRect.null.equalTo(.null))
        #expect(!CGRect.null.equalTo(.zero))
        #expect(!CGRect.zero.equalTo(.null))
    }
}

extension CGGeometryEqualityTests {
    /// The C functions under the names Swift gives them on Apple platforms
    /// (`__CGPointEqualToPoint`), which code written against the C names calls.
    @Test func theCFunctionNamesAgreeWithTheMethods() {
        #expect(__CGPointEqualToPoint(CGPoint(x: 1, y: 2), CGPoint(x: 1, y: 2)))
        #expect(!__CGPointEqualToPoint(CGPoint(x: 1, y: 2), CGPoint(x: 1, y: 3)))
        #expect(__CGSizeEqualToSize(CGSize(width: 3, height: 4), CGSize(width: 3, height: 4)))
        #expect(!__CGSizeEqualToSize(CGSize(width: 3, height: 4), CGSize(width: 4, height: 4)))
        #expect(__CGRectEqualToRect(CGRect(x: 0, y: 0, width: 10, height: 20), CGRect(x: 10, y: 20, width: -10, height: -20)))
        #expect(!__CGRectEqualToRect(.null, .zero))
    }
}
