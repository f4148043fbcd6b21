import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Core Graphics' bitmap contexts: `CGContext(data:width:height:…)`, `makeImage()`, and the
/// image properties code copies a context's format from.
@MainActor
@Suite(.freshRuntime) struct BitmapContextTests {
    /// A `w` × `h` image: its top row red, the rest blue (premultiplied RGBA).
    func redTopImage(width w: Int, height h: Int) -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<h { for _ in 0..<w { pixels += y == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        return CGImage(width: w, height: h, premultipliedRGBA: pixels)!
    }

    func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let o = (y * image.width + x) * 4
        return Array(image.pixels[o..<o + 4])
    }

    @Test func imagesDescribeTheirFormat() {
        let image = redTopImage(width: 2, height: 2)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32)
        #expect(image.colorSpace == CGColorSpaceCreateDeviceRGB())
        #expect(image.bitmapInfo.rawValue == CGImageAlphaInfo.premultipliedLast.rawValue && image.alphaInfo == .premultipliedLast)
    }

    /// A blur view's round trip: the image's bytes through its data provider into vImage
    /// buffers, blurred, and back into an image through a context over those bytes.
    @Test func anImagesBytesBlurAndComeBackThroughABitmapContext() throws {
        let image = redTopImage(width: 3, height: 3)
        let data = try #require(image.dataProvider?.data)
        #expect(CFDataGetLength(data) == image.bytesPerRow * image.height)
        #expect(Array(UnsafeBufferPointer(start: CFDataGetBytePtr(data), count: 8)) == Array(image.pixels[0..<8]))
        var bytes = image.pixels
        var blurred = [UInt8](repeating: 0, count: bytes.count)
        try bytes.withUnsafeMutableBytes { src in
            try blurred.withUnsafeMutableBytes { dst in
                var input = vImage_Buffer(data: src.baseAddress, height: 3, width: 3, rowBytes: image.bytesPerRow)
                var output = vImage_Buffer(data: dst.baseAddress, height: 3, width: 3, rowBytes: image.bytesPerRow)
                #expect(vImageBoxConvolve_ARGB8888(&input, &output, nil, 0, 0, 3, 1, nil, vImage_Flags(kvImageEdgeExtend)) == kvImageNoError)
                let ctx = try #require(CGContext(
                    data: dst.baseAddress, width: 3, height: 3, bitsPerComponent: image.bitsPerComponent,
                    bytesPerRow: image.bytesPerRow, space: image.colorSpace!, bitmapInfo: image.bitmapInfo.rawValue))
                let made = try #require(ctx.makeImage())
                // Rows 0 and 1 averaged over three rows (edge extended): red 2/3 on top, 1/3 below.
                #expect(rgba(made, 1, 0) == [170, 0, 85, 255])
                #expect(rgba(made, 1, 1) == [85, 0, 170, 255])
                #expect(rgba(made, 1, 2) == [0, 0, 255, 255])
            }
        }
    }

    @Test func anOwnedContextDrawsAnImageUprightAsCoreGraphicsDoes() throws {
        let image = redTopImage(width: 4, height: 3)
        let ctx = try #require(CGContext(
            data: nil, width: 4, height: 3, bitsPerComponent: image.bitsPerComponent, bytesPerRow: 0,
            space: image.colorSpace!, bitmapInfo: image.bitmapInfo.rawValue))
        #expect(ctx.width == 4 && ctx.height == 3 && ctx.bytesPerRow == 16 && ctx.bitsPerPixel == 32)
        #expect(ctx.data != nil && ctx.alphaInfo == .premultipliedLast)
        let empty = try #require(ctx.makeImage())
        #expect(rgba(empty, 0, 0) == [0, 0, 0, 0])                  // starts transparent
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 3))
        let drawn = try #require(ctx.makeImage())
        #expect(rgba(drawn, 1, 0) == [255, 0, 0, 255])              // the top row stays on top
        #expect(rgba(drawn, 1, 2) == [0, 0, 255, 255])
    }

    @Test func aPhotoBrowserRotatesAnImageAQuarterTurn() throws {
        // As a photo browser fixes an image's orientation: a context of the turned size, the
        // turn concatenated, the image drawn, a new image made.
        let image = redTopImage(width: 4, height: 2)
        let ctx = try #require(CGContext(
            data: nil, width: 2, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
            space: image.colorSpace!, bitmapInfo: image.bitmapInfo.rawValue))
        // A quarter turn by π/2 in Core Graphics' y-up space: counter-clockwise as seen.
        var transform = CGAffineTransform(translationX: 2, y: 0)
        transform = transform.rotated(by: .pi / 2)
        ctx.concatenate(transform)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        let turned = try #require(ctx.makeImage())
        #expect(turned.width == 2 && turned.height == 4)
        // The image's top row (red) is now one column; the other column is blue.
        let column0 = (0..<4).map { rgba(turned, 0, $0) }
        let column1 = (0..<4).map { rgba(turned, 1, $0) }
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        #expect((column0.allSatisfy { $0 == red } && column1.allSatisfy { $0 == blue })
            || (column1.allSatisfy { $0 == red } && column0.allSatisfy { $0 == blue }))
        #expect(column0.allSatisfy { $0 == red })                   // counter-clockwise: the top goes left
    }

    @Test func aCallersBufferReceivesTheDrawingInItsByteOrder() throws {
        var pixels = [UInt8](repeating: 7, count: 2 * 2 * 4)
        try pixels.withUnsafeMutableBytes { raw in
            let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
            let ctx = try #require(CGContext(
                data: raw.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 2))        // the left column
            ctx.flush()
        }
        // BGRA in memory; the right column kept what was there.
        #expect(Array(pixels[0..<4]) == [0, 128, 255, 255] || Array(pixels[0..<4]) == [0, 127, 255, 255])
        #expect(Array(pixels[4..<8]) == [7, 7, 7, 7])
    }

    @Test func badSizesAndFormatsAnswerNilWithADiagnostic() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let info = CGImageAlphaInfo.premultipliedLast.rawValue
        var made: [CGContext?] = []
        let messages = FlipbookDiagnostics.capture {
            made.append(CGContext(data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info))
            made.append(CGContext(data: nil, width: 10, height: -3, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info))
            let measured = CGFloat(Double("nan") ?? 0)           // a width computed from a NaN
            let fromNaN = Int(exactly: measured.rounded()) ?? 0
            made.append(CGContext(data: nil, width: fromNaN, height: 5, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info))
            made.append(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 12, space: rgb, bitmapInfo: info))
            made.append(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0, space: rgb, bitmapInfo: info))
            made.append(CGContext(
                data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                bitmapInfo: CGImageAlphaInfo.last.rawValue))
            made.append(CGContext(data: nil, width: 100_000, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info))
        }
        #expect(made.allSatisfy { $0 == nil })
        #expect(messages.count == 7)
        #expect(messages.allSatisfy { $0.contains("nil") })
        let recording = CGContext(size: CGSize(width: 10, height: 10))
        var fromRecording: CGImage?
        let notBitmap = FlipbookDiagnostics.capture { fromRecording = recording.makeImage() }
        #expect(fromRecording == nil && notBitmap.count == 1)
        #expect(recording.width == 0 && recording.data == nil)
    }

    @Test func aGrayContextKeepsOneBytePerPixel() throws {
        let ctx = try #require(CGContext(
            data: nil, width: 3, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        #expect(ctx.bytesPerRow == 3 && ctx.bitsPerPixel == 8)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 0, 0) == [0, 0, 0, 255] && rgba(image, 1, 0) == [255, 255, 255, 255])
    }

    /// A shadow without blur is the shape again, moved by the offset in base space (up for a
    /// positive height in a bitmap context) and drawn under it.
    @Test func aShadowIsTheShapeMovedAndDrawnUnder() throws {
        let ctx = try #require(CGContext(
            data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setShadow(offset: CGSize(width: 4, height: -4), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 5, y: 5, width: 5, height: 5))  // rows 10..<15 of the image
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 7, 12) == [0, 0, 255, 255], "the shape over its shadow")
        #expect(rgba(image, 12, 16) == [255, 0, 0, 255], "the shadow, 4 right and 4 down as seen")
        #expect(rgba(image, 12, 12) == [0, 0, 0, 0])
        #expect(rgba(image, 7, 8) == [0, 0, 0, 0])
        // A blurred shadow spreads past the shape's edge, fading; nil turns shadows off.
        ctx.clear(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.setShadow(offset: .zero, blur: 4)
        ctx.fill(CGRect(x: 8, y: 8, width: 4, height: 4))
        ctx.setShadow(offset: .zero, blur: 4, color: nil)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let soft = try #require(ctx.makeImage())
        #expect(soft.pixels[(10 * 20 + 14) * 4 + 3] > 0 && soft.pixels[(10 * 20 + 14) * 4 + 3] < 85, "a third of black at most, fading")
        #expect(soft.pixels[(19 * 20 + 4) * 4 + 3] == 0, "no shadow around the square drawn after")
    }

    /// `CGGradient(colorSpace:colorComponents:locations:count:)`: components then alpha per colour.
    @Test func aGradientFromComponents() throws {
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 0.5]
        let locations: [CGFloat] = [0, 1]
        let g = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: locations, count: 2))
        #expect(g.colors == [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)])
        #expect(g.locations == [0, 1])
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 0) == nil)
        let gray = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: [0.5, 1], locations: nil, count: 1))
        #expect(gray.colors == [CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)])
    }
}
