import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookQuartz
import FlipbookRender

/// A slider with a thick track inset 20 points from each end, as libraries draw taller tracks.
@MainActor private final class ThickTrackSlider: UISlider {
    override func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX + 20, y: bounds.midY - 5, width: bounds.width - 40, height: 10)
    }
}

/// UISlider's images (thumb and track images per control state, the value images) and its
/// overridable rectangles: where each part is drawn and where a drag lands.
@Suite(.freshRuntime) @MainActor struct SliderImageTests {
    /// A `width` × `height` point image of one colour (1 pixel a point).
    func swatch(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> UIImage {
        let pixels = [UInt8](repeatElement([r, g, b, 255], count: width * height).joined())
        return UIImage(cgImage: CGImage(width: width, height: height, premultipliedRGBA: pixels)!)
    }

    /// The colour of `slider`'s pixel at point (x, y), rendered alone at 1 pixel a point.
    func pixel(_ slider: UISlider, _ x: Int, _ y: Int) -> RGBA {
        slider.layoutIfNeeded()
        return LayerRenderer(scale: 1).render(slider.layer).pixel(x: x, y: y)
    }

    @Test func imagesAreKeptPerStateWithTheNormalOneAsFallback() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        #expect(slider.currentThumbImage == nil && slider.thumbImage(for: .normal) == nil)
        #expect(slider.currentMinimumTrackImage == nil && slider.currentMaximumTrackImage == nil)
        #expect(slider.minimumValueImage == nil && slider.maximumValueImage == nil)
        let red = swatch(10, 20, 255, 0, 0), cyan = swatch(10, 20, 0, 255, 255)
        slider.setThumbImage(red, for: .normal)
        #expect(slider.thumbImage(for: .normal) === red)
        #expect(slider.thumbImage(for: .highlighted) === red)        // no image of its own: normal's
        slider.setThumbImage(cyan, for: .highlighted)
        #expect(slider.currentThumbImage === red)
        slider.isHighlighted = true
        #expect(slider.currentThumbImage === cyan)
        slider.isHighlighted = false
        let green = swatch(4, 6, 0, 255, 0), blue = swatch(4, 6, 0, 0, 255)
        slider.setMinimumTrackImage(green, for: .normal)
        slider.setMaximumTrackImage(blue, for: .disabled)
        #expect(slider.minimumTrackImage(for: .disabled) === green && slider.currentMinimumTrackImage === green)
        #expect(slider.currentMaximumTrackImage == nil && slider.maximumTrackImage(for: .disabled) === blue)
        slider.isEnabled = false
        #expect(slider.currentMaximumTrackImage === blue)
        slider.setThumbImage(nil, for: .normal)                        // removed: the drawn thumb again
        #expect(slider.thumbImage(for: .normal) == nil && slider.currentThumbImage == nil)
    }

    @Test func theRectanglesFollowTheImages() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        let bounds = slider.bounds
        // Without images: a 4-point track across the bounds, a 28-point thumb, no value images.
        let track = slider.trackRect(forBounds: bounds)
        #expect(track == CGRect(x: 0, y: 13.5, width: 200, height: 4))
        #expect(slider.thumbRect(forBounds: bounds, trackRect: track, value: 0) == CGRect(x: 0, y: 1.5, width: 28, height: 28))
        #expect(slider.thumbRect(forBounds: bounds, trackRect: track, value: 1).maxX == 200)
        #expect(slider.minimumValueImageRect(forBounds: bounds) == .zero)
        #expect(slider.intrinsicContentSize.height == 31)
        // Value images at the ends at their sizes; the track between them, 8 points off.
        slider.minimumValueImage = swatch(20, 20, 255, 255, 0)
        slider.maximumValueImage = swatch(16, 16, 255, 0, 255)
        #expect(slider.minimumValueImageRect(forBounds: bounds) == CGRect(x: 0, y: 5.5, width: 20, height: 20))
        #expect(slider.maximumValueImageRect(forBounds: bounds) == CGRect(x: 184, y: 7.5, width: 16, height: 16))
        #expect(slider.trackRect(forBounds: bounds) == CGRect(x: 28, y: 13.5, width: 148, height: 4))
        // A track image sets the track's height; a thumb image the thumb's size.
        slider.setMinimumTrackImage(swatch(4, 6, 0, 255, 0), for: .normal)
        let imageTrack = slider.trackRect(forBounds: bounds)
        #expect(imageTrack == CGRect(x: 28, y: 12.5, width: 148, height: 6))
        slider.setThumbImage(swatch(10, 40, 255, 0, 0), for: .normal)
        // Travel is 148 - 10 = 138 points: value 0.5 puts the thumb's left edge at 28 + 69.
        #expect(slider.thumbRect(forBounds: bounds, trackRect: imageTrack, value: 0.5) == CGRect(x: 97, y: -4.5, width: 10, height: 40))
        #expect(slider.thumbRect(forBounds: bounds, trackRect: imageTrack, value: 7) == CGRect(x: 166, y: -4.5, width: 10, height: 40))
        #expect(slider.intrinsicContentSize.height == 40)            // the taller thumb
    }

    @Test func theImagesAreDrawnWhereTheRectanglesSay() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        slider.minimumTrackTintColor = .purple                          // ignored under an image
        slider.setThumbImage(swatch(10, 20, 255, 0, 0), for: .normal)
        slider.setMinimumTrackImage(swatch(4, 6, 0, 255, 0), for: .normal)
        slider.setMaximumTrackImage(swatch(4, 6, 0, 0, 255), for: .normal)
        slider.minimumValueImage = swatch(20, 20, 255, 255, 0)
        slider.maximumValueImage = swatch(16, 16, 255, 0, 255)
        slider.value = 0.5
        // Track (28, 12.5, 148, 6); thumb (97, 5.5, 10, 20), so the track splits at x = 102.
        #expect(pixel(slider, 102, 8) == RGBA(r: 255, g: 0, b: 0, a: 255))       // thumb, above the track
        #expect(pixel(slider, 50, 15) == RGBA(r: 0, g: 255, b: 0, a: 255))       // minimum track
        #expect(pixel(slider, 150, 15) == RGBA(r: 0, g: 0, b: 255, a: 255))      // maximum track
        #expect(pixel(slider, 10, 15) == RGBA(r: 255, g: 255, b: 0, a: 255))     // minimum value image
        #expect(pixel(slider, 192, 15) == RGBA(r: 255, g: 0, b: 255, a: 255))    // maximum value image
        #expect(pixel(slider, 24, 15).a == 0)                                     // between image and track
        #expect(pixel(slider, 50, 10).a == 0)                                     // above the track
        // Moving the value moves the split.
        slider.value = 0
        #expect(pixel(slider, 50, 15) == RGBA(r: 0, g: 0, b: 255, a: 255))
        #expect(pixel(slider, 33, 8) == RGBA(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func theHighlightedThumbShowsWhileDragging() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 200, height: 31))
        let normal = swatch(20, 20, 255, 0, 0), dragged = swatch(30, 30, 0, 255, 255)
        slider.setThumbImage(normal, for: .normal)
        slider.setThumbImage(dragged, for: .highlighted)
        root.view.addSubview(slider)
        app.window.layoutIfNeeded()
        #expect(pixel(slider, 10, 15) == RGBA(r: 255, g: 0, b: 0, a: 255))
        let finger = app.touchDown(at: CGPoint(x: 10, y: 115))
        app.advanceFrames(1)
        #expect(slider.isTracking && slider.currentThumbImage === dragged)
        // The bigger thumb: travel 170 points, so 0.5 puts its centre at 15 + 85.
        finger.move(to: CGPoint(x: 100, y: 115))
        app.advanceFrames(1)
        #expect(slider.value == 0.5)
        #expect(pixel(slider, 100, 15) == RGBA(r: 0, g: 255, b: 255, a: 255))
        finger.lift()
        app.advanceFrames(1)
        #expect(slider.currentThumbImage === normal)
        #expect(pixel(slider, 100, 15) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(pixel(slider, 88, 8).a == 0)                                      // the small thumb again
    }

    @Test func anOverriddenTrackMovesTheDrawingAndTheDrag() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let slider = ThickTrackSlider(frame: CGRect(x: 0, y: 100, width: 200, height: 31))
        slider.maximumTrackTintColor = .black
        root.view.addSubview(slider)
        app.window.layoutIfNeeded()
        // The 10-point track from x = 20 to 180; at value 0 the thumb starts at the track's start.
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0).minX == 20)
        #expect(pixel(slider, 120, 11).a == 255 && pixel(slider, 120, 11).r < 30)  // drawn 10 points tall
        #expect(pixel(slider, 10, 15).a == 0)                                       // nothing before it
        // Travel is 160 - 28 = 132 points: a 66-point drag from the thumb's centre is half way.
        let finger = app.touchDown(at: CGPoint(x: 34, y: 115))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 100, y: 115))
        app.advanceFrames(1)
        finger.lift()
        app.advanceFrames(1)
        #expect(slider.value == 0.5)
    }

    @Test func proxiesSetTheImagesPerState() {
        let image = swatch(12, 12, 255, 0, 0), pressed = swatch(12, 12, 0, 0, 255)
        UISlider.appearance().setThumbImage(image, for: .normal)
        UISlider.appearance().setMinimumTrackImage(image, for: .highlighted)
        UISlider.appearance().setMaximumTrackImage(image, for: .normal)
        let styled = UISlider(), own = UISlider()
        own.setThumbImage(pressed, for: .normal)                      // the instance's own wins
        let app = AppDriver(rootViewController: AppearanceHostController([styled, own]))
        app.window.layoutIfNeeded()
        #expect(styled.thumbImage(for: .normal) === image && styled.maximumTrackImage(for: .normal) === image)
        #expect(styled.minimumTrackImage(for: .highlighted) === image && styled.minimumTrackImage(for: .normal) == nil)
        #expect(own.thumbImage(for: .normal) === pressed)
    }
}
