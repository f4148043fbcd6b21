import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A layer's `contents` image drawn the way iOS's GPU draws it: the image's own pixels sampled
/// once, bilinearly (CALayer's default `.linear` magnification and minification filters), through
/// the layer's map, instead of first being resampled into a bounds-sized bitmap.
///
/// Used when the layer's body is an image plus at most a background colour, with a
/// `contentsRect` inside the unit rectangle (the whole image or a sprite of it); every other
/// combination keeps the bounds-sized body bitmap (see `ContentRasterizer.rasterize(_:)`). The
/// shown part is placed by `contentsGravity` and `contentsScale` exactly as
/// `ContentRasterizer.gravityRect` places it, and, as on iOS, it is clipped to the layer's
/// (rounded) bounds only when `masksToBounds` is true: otherwise an aspect-filled image spills
/// outside the bounds.
struct ImageContent {
    let image: CGImage
    /// The part of the image shown (`contentsRect` in pixels; the whole image by default).
    let source: CGRect
    /// Where the shown pixels go in the layer's bounds space (points).
    let rect: CGRect

    /// The direct-image reading of a body key, or nil when the body must be rasterised whole.
    init?(_ c: LayerContent) {
        guard let box = c.image, let image = box.object as? CGImage, image.width > 0, image.height > 0,
              c.text == nil, c.drawing == nil, c.shapeLayer == nil, c.gradient == nil,
              ImageContent.isUnit(c.contentsCenter) || c.gravity != "resize"
        else { return nil }
        let w = CGFloat(image.width), h = CGFloat(image.height)
        var source = CGRect(x: 0, y: 0, width: w, height: h)
        if !ImageContent.isUnit(c.contentsRect) {
            // A sprite inside the image; one reaching outside it is edge-extended by the body path.
            let r = c.contentsRect.standardized
            guard r.minX >= 0, r.minY >= 0, r.maxX <= 1, r.maxY <= 1 else { return nil }
            source = CGRect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h)
        }
        let scale = c.contentsScale > 0 && c.contentsScale.isFinite ? c.contentsScale : 1
        let size = CGSize(width: source.width / scale, height: source.height / scale)
        let rect = ContentRasterizer.gravityRect(c.gravity, size: size, in: c.bounds)
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
              rect.width.isFinite, rect.height.isFinite, source.width > 0, source.height > 0
        else { return nil }
        self.image = image
        self.source = source
        self.rect = rect
    }

    /// True for the unit rectangle, and for rectangles `drawImage` treats as the unit rectangle
    /// (empty or not finite).
    static func isUnit(_ r: CGRect) -> Bool {
        let s = r.standardized
        guard s.width > 0, s.height > 0, s.minX.isFinite, s.minY.isFinite, s.width.isFinite, s.height.isFinite else { return true }
        return s.minX == 0 && s.minY == 0 && s.width == 1 && s.height == 1
    }

    /// The image's pixels placed in the layer's bounds space: the shown part's corner at the
    /// gravity rectangle's origin, the shown part spanning the rectangle (and only it drawn).
    func placed(_ raster: Raster) -> PlacedRaster {
        let sx = Double(source.width) / Double(rect.width), sy = Double(source.height) / Double(rect.height)
        let whole = source == CGRect(x: 0, y: 0, width: CGFloat(image.width), height: CGFloat(image.height))
        return PlacedRaster(
            raster: raster, originX: Double(rect.minX) - Double(source.minX) / sx,
            originY: Double(rect.minY) - Double(source.minY) / sy, scaleX: sx, scaleY: sy,
            texelRect: whole ? nil : source)
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
        // Nothing but the image (a snapshot tile): `isEmpty` of the copy below, without copying.
        if (background == nil || background?[3] == 0) && text == nil && drawing == nil && shapeLayer == nil && gradient == nil {
            return nil
        }
        var c = self
        c.image = nil
        c.gravity = ""; c.contentsRect = .zero; c.contentsScale = 0; c.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        return c.isEmpty ? nil : c
    }
}
