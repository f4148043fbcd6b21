import Foundation
import Testing
import FlipbookGeometry

/// `CGImage.cropping(to:)`: whole pixels, clipped to the image, nil outside it.
@Suite struct CGImageCroppingTests {
    /// A 4×3 image whose pixel (x, y) has red x and green y.
    let image: CGImage = {
        var pixels: [UInt8] = []
        for y in 0..<3 { for x in 0..<4 { pixels += [UInt8(x), UInt8(y), 0, 255] } }
        return CGImage(width: 4, height: 3, premultipliedRGBA: pixels)!
    }()

    @Test func keepsThePixelsInsideTheRectangle() throws {
        let part = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(part.width == 2 && part.height == 2)
        #expect(part.pixels == [1, 1, 0, 255, 2, 1, 0, 255, 1, 2, 0, 255, 2, 2, 0, 255])
    }

    @Test func fractionalEdgesMoveOutwardAndTheRectangleIsClipped() throws {
        let part = try #require(image.cropping(to: CGRect(x: 2.5, y: -4, width: 9, height: 4.2)))
        #expect(part.width == 2 && part.height == 1)
        #expect(part.pixels == [2, 0, 0, 255, 3, 0, 0, 255])
    }

    @Test func nothingInsideIsNil() {
        #expect(image.cropping(to: CGRect(x: 10, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: .zero) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: 0, y: 0, width: 4, height: 3)) === image)
    }
}
