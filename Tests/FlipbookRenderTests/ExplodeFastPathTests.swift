import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The display list's shortcuts for many layers showing one image (an explode animation's
/// snapshot tiles, issue 37 C2), each against the path it skips.
@MainActor
@Suite(.freshRuntime) struct ExplodeFastPathTests {
    func image(_ value: UInt8) -> CGImage? {
        CGImage(width: 2, height: 2, premultipliedRGBA: Array(repeating: [value, 0, 0, 255], count: 4).joined().map { $0 })
    }

    /// The last image looked up in a frame is answered without the table: the same texture for
    /// the same object, the other image's for the other, and after both were dropped (unused
    /// for two frames) a new texture drawn from the right image, not the remembered one.
    @Test func imageLookupsAgreeWithTheTable() throws {
        let a = try #require(image(10)), b = try #require(image(200))
        let cache = ContentCache()
        let ra = try #require(cache.image(a))
        #expect(cache.image(a) === ra)
        let rb = try #require(cache.image(b))
        #expect(rb !== ra)
        #expect(cache.image(b) === rb)
        #expect(cache.image(a) === ra)
        #expect(cache.rasterizations == 2)
        cache.endFrame()
        #expect(cache.image(b) === rb)  // kept across a frame, from the table
        cache.endFrame()
        cache.endFrame()
        cache.endFrame()  // both unused for two frames: dropped
        let again = try #require(cache.image(a))
        #expect(cache.rasterizations == 3)
        #expect(again.data[0] == 10)
        let otherAgain = try #require(cache.image(b))
        #expect(cache.rasterizations == 4)
        #expect(otherAgain.data[0] == 200)
    }

    /// `withoutImage` answers nil without a copy only where the copy would be empty.
    @Test func withoutImageMatchesTheCopy() throws {
        let bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        let base = LayerContent(
            pixelWidth: 40, pixelHeight: 40, bounds: bounds,
            shape: RoundedRectShape(rect: bounds, cornerRadius: 0, maskedCorners: corners, curve: .circular),
            background: nil, masksToBounds: false, image: IdentityBox(object: try #require(image(1))), gravity: "resize",
            contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1), contentsScale: 2, text: nil, drawing: nil,
            shapeLayer: nil, gradient: nil)
        var variants: [LayerContent] = [base]
        for background in [[0.1, 0.2, 0.3, 0], [0.1, 0.2, 0.3, 0.5]] as [[CGFloat]] {
            var c = base
            c.background = background
            variants.append(c)
        }
        var text = base
        text.text = TextContent(
            string: "Row", style: TextStyle(fontName: "Helvetica", fontSize: 17, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                alignment: .natural, isWrapped: false, truncation: .none, maximumNumberOfLines: 1))
        variants.append(text)
        var drawing = base
        drawing.drawing = IdentityBox(object: NSObject())
        variants.append(drawing)
        var gradient = base
        gradient.gradient = GradientContent(colors: [[1, 0, 0, 1], [0, 0, 1, 1]], locations: nil, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1), radial: false)
        variants.append(gradient)
        var masked = base
        masked.masksToBounds = true
        variants.append(masked)
        for c in variants {
            // The reference: the copy, cleared of its image, kept unless empty.
            var r = c
            r.image = nil
            r.gravity = ""; r.contentsRect = .zero; r.contentsScale = 0; r.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
            let reference: LayerContent? = r.isEmpty ? nil : r
            #expect(c.withoutImage == reference)
        }
        #expect(variants.filter { $0.withoutImage != nil }.count == 4)  // visible background, text, drawing, gradient
    }
}
