import Testing
@testable import FlipbookUIKit
import FlipbookQuartz
import Foundation

/// `flipbookKeyValueCodingName`, what `flipbook port` writes for `_kvcKeyPathString`: the
/// Objective-C property names iOS gives, for the root type the path was formed with.
@Suite @MainActor struct KeyValueCodingNameTests {
    @Test func layerPathsAreNamedAsObjectiveCNamesThem() {
        #expect((\CALayer.opacity).flipbookKeyValueCodingName == "opacity")
        #expect((\CALayer.isHidden).flipbookKeyValueCodingName == "hidden")
        #expect((\CALayer.shadowPath).flipbookKeyValueCodingName == "shadowPath")
        #expect((\CALayer.transform).flipbookKeyValueCodingName == "transform")
        #expect((\CALayer.frame).flipbookKeyValueCodingName == "frame")
        let writable: ReferenceWritableKeyPath<CALayer, CGFloat> = \.cornerRadius
        #expect(writable.flipbookKeyValueCodingName == "cornerRadius")
    }

    @Test func subclassRootsAndShapeKeys() {
        #expect((\CAShapeLayer.strokeEnd).flipbookKeyValueCodingName == "strokeEnd")
        #expect((\CAShapeLayer.position).flipbookKeyValueCodingName == "position")
        #expect((\CAGradientLayer.bounds).flipbookKeyValueCodingName == "bounds")
    }

    @Test func viewPathsAndUnnamedOnes() {
        #expect((\UIView.alpha).flipbookKeyValueCodingName == "alpha")
        #expect((\UIView.isUserInteractionEnabled).flipbookKeyValueCodingName == "userInteractionEnabled")
        #expect((\UILabel.center).flipbookKeyValueCodingName == "center")
        #expect((\CALayer.name).flipbookKeyValueCodingName == nil, "a property Flipbook does not name")
        #expect((\UIView.layer.opacity).flipbookKeyValueCodingName == nil, "a path of two components")
        #expect((\String.count).flipbookKeyValueCodingName == nil)
    }
}
