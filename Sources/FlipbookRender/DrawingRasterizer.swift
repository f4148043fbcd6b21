import CCairo
import Foundation
import FlipbookGeometry

/// Rasterises a drawing closure into a `CGImage` without a layer tree and off the main actor:
/// the closure records into a `CGContext` of `size` points, which cairo replays at `scale`
/// pixels per point. Used for images that must exist from any context, such as the stand-in
/// symbol images of `UIImage(systemName:)`.
public enum DrawingRasterizer {
    /// The image drawn by `draw` (transparent where nothing is drawn), or nil for an empty
    /// or invalid size.
    public static func image(size: CGSize, scale: CGFloat, _ draw: (CGContext) -> Void) -> CGImage? {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
              scale.isFinite, scale > 0 else { return nil }
        let w = max(1, Int((size.width * scale).rounded(.up))), h = max(1, Int((size.height * scale).rounded(.up)))
        let context = CGContext(size: size)
        draw(context)
        guard let surface = CairoBridge.makeSurface(width: w, height: h) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        cairo_scale(cr, Double(scale), Double(scale))
        DrawingReplay.replay(context.commands, origin: .zero, cr: cr)
        cairo_destroy(cr)
        let raster = CairoBridge.raster(from: surface)
        return CGImage(width: w, height: h, premultipliedRGBA: raster.pixels)
    }
}
