import Foundation
import Testing
import TestSupport
import Flipbook

/// Content modes put an image where UIKit does: `.top` at the visual top even though
/// Core Animation's gravity names are y-up.
@MainActor
@Suite(.freshRuntime) struct ViewContentModeTests {
    func redImage() -> UIImage {
        let pixels: [UInt8] = (0..<400).map { $0 % 4 == 1 || $0 % 4 == 2 ? 0 : 255 }
        return UIImage(cgImage: CGImage(width: 10, height: 10, premultipliedRGBA: pixels)!)
    }

    func rendered(_ mode: UIView.ContentMode) -> RenderedImage {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 40))
        view.image = redImage()
        view.contentMode = mode
        CATransaction.commit()
        return LayerRenderer(scale: 1).render(view.layer)
    }

    @Test func topPinsToTheVisualTop() {
        let image = rendered(.top)
        #expect([image.pixel(x: 5, y: 2).r, image.pixel(x: 5, y: 2).a, image.pixel(x: 5, y: 37).a] == [255, 255, 0])
    }

    @Test func bottomPinsToTheVisualBottom() {
        let image = rendered(.bottom)
        #expect([image.pixel(x: 5, y: 2).a, image.pixel(x: 5, y: 37).r, image.pixel(x: 5, y: 37).a] == [0, 255, 255])
    }
}
