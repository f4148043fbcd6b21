import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// `CGContext.clip(to:mask:)`: an image mask mapped into a rectangle through the CTM, its alpha
/// (or an opaque image's luminance) the coverage of later drawing.
@MainActor
@Suite(.freshRuntime) struct ClipMaskTests {
    /// A `w` × `h` white image whose top `rows` rows have alpha `top` and the rest alpha `rest`.
    func alphaMask(width w: Int, height h: Int, rows: Int, top: UInt8, rest: UInt8) -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<h { for _ in 0..<w { let a = y < rows ? top : rest; pixels += [a, a, a, a] } }
        return CGImage(width: w, height: h, premultipliedRGBA: pixels)!
    }

    /// An opaque gray image made as code makes one: a DeviceGray bitmap context's image, its
    /// columns `levels` (0…255) left to right, every row the same.
    func grayMask(levels: [UInt8], height h: Int) throws -> CGImage {
        let w = levels.count
        let ctx = try #require(CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        let bytes = try #require(ctx.data).assumingMemoryBound(to: UInt8.self)
        for y in 0..<h { for x in 0..<w { bytes[y * ctx.bytesPerRow + x] = levels[x] } }
        return try #require(ctx.makeImage())
    }

    /// An RGBA bitmap context `w` × `h` pixels (Core Graphics' y-up space).
    func rgbaContext(_ w: Int, _ h: Int) throws -> CGContext {
        try #require(CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let o = (y * image.width + x) * 4
        return Array(image.pixels[o..<o + 4])
    }

    @Test func theMasksAlphaLetsDrawingThroughUpright() throws {
        let ctx = try rgbaContext(4, 4)
        // Top half opaque, bottom half transparent: as an image is drawn, the top stays on top.
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: alphaMask(width: 4, height: 4, rows: 2, top: 255, rest: 0))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 1, 0) == [255, 0, 0, 255])
        #expect(rgba(image, 2, 1) == [255, 0, 0, 255])
        #expect(rgba(image, 1, 2) == [0, 0, 0, 0])
        #expect(rgba(image, 3, 3) == [0, 0, 0, 0])
    }

    @Test func partialAlphaFadesTheDrawing() throws {
        let ctx = try rgbaContext(2, 2)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: alphaMask(width: 2, height: 2, rows: 2, top: 128, rest: 128))
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let pixel = rgba(try #require(ctx.makeImage()), 0, 0)
        #expect(abs(Int(pixel[3]) - 128) <= 1 && abs(Int(pixel[2]) - 128) <= 1 && pixel[0] == 0)
    }

    @Test func anOpaqueGrayMaskMasksByItsLuminance() throws {
        // A DeviceGray image without alpha, as Apple documents for image (not image-mask) masks:
        // white shows, black hides, mid-gray half.
        let mask = try grayMask(levels: [255, 0, 128, 255], height: 2)
        let ctx = try rgbaContext(4, 2)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 2), mask: mask)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 0, 0) == [0, 255, 0, 255])
        #expect(rgba(image, 1, 1) == [0, 0, 0, 0])
        #expect(abs(Int(rgba(image, 2, 0)[3]) - 128) <= 1)
        #expect(rgba(image, 3, 1) == [0, 255, 0, 255])
        #expect(CGContext.ClipMask(image: mask, rect: .zero, ctm: .identity).usesLuminance)
    }

    @Test func theMaskIsMappedIntoItsRectangleAndNothingOutsideIsDrawn() throws {
        let ctx = try rgbaContext(8, 8)
        // A 2 × 2 fully opaque mask stretched over the 4 × 4 square at (2, 2).
        ctx.clip(to: CGRect(x: 2, y: 2, width: 4, height: 4), mask: alphaMask(width: 2, height: 2, rows: 2, top: 255, rest: 255))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 2, y: 2, width: 4, height: 4))
        ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 3, 3) == [255, 255, 255, 255])
        #expect(rgba(image, 5, 4) == [255, 255, 255, 255])
        #expect(rgba(image, 1, 1) == [0, 0, 0, 0])
        #expect(rgba(image, 6, 6) == [0, 0, 0, 0])
    }

    @Test func theCTMPlacesTheMaskAsItPlacesAnImage() throws {
        // UIKit's y-down space: unflipped, the mask's top row lands at the rect's bottom (upside
        // down, as on iOS); flipped first, as UIKit code tints an image, it is upright.
        let mask = alphaMask(width: 4, height: 4, rows: 1, top: 255, rest: 0)
        func draw(flipped: Bool) throws -> CGImage {
            try #require(DrawingRasterizer.image(size: CGSize(width: 4, height: 4), scale: 1) { ctx in
                if flipped {
                    ctx.translateBy(x: 0, y: 4)
                    ctx.scaleBy(x: 1, y: -1)
                }
                ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: mask)
                ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            })
        }
        let unflipped = try draw(flipped: false)
        #expect(rgba(unflipped, 1, 3) == [255, 0, 0, 255] && rgba(unflipped, 1, 0) == [0, 0, 0, 0])
        let flipped = try draw(flipped: true)
        #expect(rgba(flipped, 1, 0) == [255, 0, 0, 255] && rgba(flipped, 1, 3) == [0, 0, 0, 0])
        // A scale in the CTM stretches the mask with the rectangle.
        let scaled = try #require(DrawingRasterizer.image(size: CGSize(width: 8, height: 8), scale: 1) { ctx in
            ctx.scaleBy(x: 2, y: 2)
            ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: mask)
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        })
        // The mask's top row covers device rows 6 and 7 (interpolated toward the next row at 6).
        #expect(rgba(scaled, 3, 7) == [255, 0, 0, 255])
        #expect(rgba(scaled, 3, 6)[3] > 100 && rgba(scaled, 3, 6)[3] < 255)
        #expect(rgba(scaled, 3, 3) == [0, 0, 0, 0] && rgba(scaled, 3, 0) == [0, 0, 0, 0])
    }

    @Test func masksIntersectAndGoWithTheGraphicsState() throws {
        let ctx = try rgbaContext(2, 2)
        let half = alphaMask(width: 2, height: 2, rows: 2, top: 128, rest: 128)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: half)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: half)
        ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let twice = rgba(try #require(ctx.makeImage()), 0, 0)
        #expect(abs(Int(twice[3]) - 64) <= 2)                // 0.5 × 0.5
        ctx.restoreGState()
        #expect(ctx.graphicsState.masks.isEmpty)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: half)
        ctx.resetClip()
        #expect(ctx.graphicsState.masks.isEmpty && ctx.graphicsState.clip.isEmpty)
        ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)  // restored to black with the state
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(rgba(try #require(ctx.makeImage()), 1, 1) == [255, 255, 255, 255])
    }

    @Test func clearingUnderAMaskClearsOnlyWhereItCovers() throws {
        let ctx = try rgbaContext(4, 4)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: alphaMask(width: 4, height: 4, rows: 2, top: 255, rest: 0))
        ctx.clear(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 0, 0) == [0, 0, 0, 0])
        #expect(rgba(image, 0, 3) == [0, 0, 255, 255])
    }

    @Test func badRectanglesAreIgnoredOrClipEverything() throws {
        let ctx = try rgbaContext(2, 2)
        let mask = alphaMask(width: 1, height: 1, rows: 1, top: 255, rest: 255)
        ctx.clip(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), mask: mask)
        #expect(ctx.graphicsState.masks.isEmpty && !ctx.diagnostics.isEmpty)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 0, height: 2), mask: mask)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 0, 0) == [0, 0, 0, 0] && rgba(image, 1, 1) == [0, 0, 0, 0])
        // The context still draws after the empty mask is gone.
        ctx.resetClip()
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(rgba(try #require(ctx.makeImage()), 0, 0) == [255, 0, 0, 255])
    }
}
