import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A layer's `contents` image drawn the way iOS's GPU draws it: the image's own pixels sampled
/// once, bilinearly (CALayer's default `.linear` magnification and minification filters), through
/// the layer's map, instead of first being resampled into a bounds-sized bitmap.
///
/// Used when the layer's body is an image plus at most a background colour, with the unit
/// `contentsRect`; every other combination keeps the bounds-sized body bitmap (see
/// `ContentRasterizer.rasterize(_:)`). The image is placed by `contentsGravity` and
/// `contentsScale` exactly as `ContentRasterizer.gravityRect` places it, and, as on iOS, it is
/// clipped to the layer's (rounded) bounds only when `masksToBounds` is true: otherwise an
/// aspect-filled image spills outside the bounds.
struct ImageContent {
    let image: CGImage
    /// Where the image's pixels go in the layer's bounds space (points).
    let rect: CGRect

    /// The direct-image reading of a body key, or nil when the body must be rasterised whole.
    init?(_ c: LayerContent) {
        guard let box = c.image, let image = box.object as? CGImage, image.width > 0, image.height > 0,
              c.text == nil, c.drawing == nil, c.shapeLayer == nil, c.gradient == nil,
              ImageContent.isUnit(c.contentsRect)
        else { return nil }
        let scale = c.contentsScale > 0 && c.contentsScale.isFinite ? c.contentsScale : 1
        let size = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        let rect = ContentRasterizer.gravityRect(c.gravity, size: size, in: c.bounds)
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
              rect.width.isFinite, rect.height.isFinite
        else { return nil }
        self.image = image
        self.rect = rect
    }

    /// True for the unit rectangle, and for rectangles `drawImage` treats as the unit rectangle
    /// (empty or not finite).
    static func isUnit(_ r: CGRect) -> Bool {
        let s = r.standardized
        guard s.width > 0, s.height > 0, s.minX.isFinite, s.minY.isFinite, s.width.isFinite, s.height.isFinite else { return true }
        return s.minX == 0 && s.minY == 0 && s.width == 1 && s.height == 1
    }

    /// The image's pixels placed in the layer's bounds space: texel (0, 0)'s corner at the
    /// gravity rectangle's origin, the whole image spanning the rectangle.
    func placed(_ raster: Raster) -> PlacedRaster {
        PlacedRaster(
            raster: raster, originX: Double(rect.minX), originY: Double(rect.minY),
            scaleX: Double(image.width) / Double(rect.width), scaleY: Double(image.height) / Double(rect.height))
    }

    /// The texture of an image: its premultiplied RGBA8 pixels, copied once per `CGImage`.
    static func raster(of image: CGImage) -> Raster? {
        guard image.width > 0, image.height > 0, image.pixels.count >= image.width * image.height * 4 else { return nil }
        return Raster(premultipliedRGBA: image.pixels, width: image.width, height: image.height)
    }
}

extension LayerContent {
    /// The same content without its image: the background-only body drawn under a direct image
    /// (nil when there is no visible background).
    var withoutImage: LayerContent? {
        var c = self
        c.image = nil
        c.gravity = ""; c.contentsRect = .zero; c.contentsScale = 0
        return c.isEmpty ? nil : c
    }
}
