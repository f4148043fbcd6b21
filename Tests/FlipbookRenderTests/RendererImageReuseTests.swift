import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// `LayerRenderer.render` hands back the same image (the same storage, not a copy) for a frame
/// with nothing to redraw, and a fresh, correct one as soon as anything changes or the frame
/// buffer was used for something else.
@MainActor
@Suite(.freshRuntime) struct RendererImageReuseTests {
    static func storage(_ image: RenderedImage) -> UnsafePointer<UInt8>? {
        image.premultipliedPixels.withUnsafeBufferPointer { $0.baseAddress }
    }

    @Test func anUnchangedFrameReturnsTheSameStorage() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), pureBlue)
        let square = makeLayer(CGRect(x: 2, y: 2, width: 6, height: 6), pureRed, in: root)
        let renderer = LayerRenderer(scale: 1)
        let a = renderer.render(root), b = renderer.render(root)
        #expect(Self.storage(a) == Self.storage(b))
        #expect(a == b)

        withoutActions { square.position = CGPoint(x: 12, y: 12) }
        let c = renderer.render(root)
        #expect(Self.storage(c) != Self.storage(b))
        #expect(c == LayerRenderer(scale: 1).render(root))
        #expect(b.pixel(x: 4, y: 4).r == 255 && c.pixel(x: 4, y: 4).b == 255)  // the old image is untouched
    }

    /// A render into the frame buffer for another purpose (a CGImage of another tree) means the
    /// next frame cannot be the old image, even when its own tree did not change.
    @Test func anotherUseOfTheFrameBufferEndsTheReuse() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), pureBlue)
        let other = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), pureGreen)
        let renderer = LayerRenderer(scale: 1)
        let a = renderer.render(root)
        _ = renderer.renderCGImage(other)
        let b = renderer.render(root)
        #expect(Self.storage(a) != Self.storage(b))
        #expect(a == b)
    }

    /// Frames after the first are drawn straight into their own images (their pixels outside
    /// the damage taken from the image before), leaving the frame buffer behind: a render into
    /// the frame buffer between them, and the frames after it, must still show the current tree.
    @Test func framesDrawnIntoImagesAndIntoTheFrameBufferAlternate() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 30), pureBlue)
        let square = makeLayer(CGRect(x: 0, y: 0, width: 6, height: 6), pureRed, in: root)
        let renderer = LayerRenderer(scale: 1)
        for i in 0..<9 {
            withoutActions { square.position = CGPoint(x: 5 + CGFloat(i) * 6.5, y: 8 + CGFloat(i)) }
            let reference = LayerRenderer(scale: 1)
            reference.drawsOnlyChangedRegions = false
            let expected = reference.render(root)
            if i % 3 == 2 {
                let same = renderer.renderRaster(root).pixels == expected.premultipliedPixels
                #expect(same, "frame buffer at frame \(i)")
            }
            #expect(renderer.render(root) == expected, "frame \(i)")
            #expect(renderer.render(root) == expected, "frame \(i) again (unchanged)")
        }
    }
}
