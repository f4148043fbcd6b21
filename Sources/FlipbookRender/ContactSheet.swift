import CCairo
import Foundation
import FlipbookGeometry

/// A contact sheet: frames in a grid, each labelled with its time, drawn with cairo and pango.
public struct ContactSheet {
    /// Thumbnail width in pixels.
    public var thumbnailWidth: Int
    /// Columns of the grid.
    public var columns: Int
    private(set) var frames: [(time: Double, image: RenderedImage)] = []

    public init(thumbnailWidth: Int = 240, columns: Int = 4) {
        self.thumbnailWidth = max(16, thumbnailWidth)
        self.columns = max(1, columns)
    }

    /// Adds a frame shown at `time` seconds.
    public mutating func add(_ image: RenderedImage, time: Double) {
        frames.append((time, image))
    }

    /// Which frame indices of `count` to show so that at most `maximum` appear, evenly spread,
    /// always including the first and last.
    public static func sampleIndices(count: Int, maximum: Int) -> [Int] {
        guard count > 0 else { return [] }
        let m = max(1, min(maximum, count))
        if m == 1 { return [0] }
        return (0..<m).map { Int((Double($0) * Double(count - 1) / Double(m - 1)).rounded()) }
    }

    /// The sheet as an image (white background, dark labels); nil when empty.
    public func render() -> RenderedImage? {
        guard let first = frames.first else { return nil }
        let tw = thumbnailWidth
        let th = max(1, Int((Double(first.image.height) * Double(tw) / Double(first.image.width)).rounded()))
        let pad = 12, label = 22
        let cols = min(columns, frames.count), rows = (frames.count + cols - 1) / cols
        let w = pad + cols * (tw + pad), h = pad + rows * (th + label + pad)
        guard let surface = CairoBridge.makeSurface(width: w, height: h), let cr = cairo_create(surface) else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_set_source_rgb(cr, 0.96, 0.96, 0.97)
        cairo_paint(cr)
        for (k, f) in frames.enumerated() {
            let x = pad + (k % cols) * (tw + pad), y = pad + (k / cols) * (th + label + pad)
            guard let img = CairoBridge.surface(premultipliedRGBA: f.image.premultipliedPixels, width: f.image.width, height: f.image.height)
            else { continue }
            cairo_save(cr)
            cairo_rectangle(cr, Double(x), Double(y), Double(tw), Double(th))
            cairo_clip(cr)
            cairo_translate(cr, Double(x), Double(y))
            cairo_scale(cr, Double(tw) / Double(f.image.width), Double(th) / Double(f.image.height))
            cairo_set_source_surface(cr, img, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
            cairo_surface_destroy(img)
            cairo_set_source_rgb(cr, 0.7, 0.7, 0.72)
            cairo_set_line_width(cr, 1)
            cairo_rectangle(cr, Double(x) - 0.5, Double(y) - 0.5, Double(tw) + 1, Double(th) + 1)
            cairo_stroke(cr)
            TextRenderer.draw(
                String(format: "t = %.3f s", f.time),
                style: TextStyle(fontName: "DejaVu Sans Mono", fontSize: 13, color: CGColor(red: 0.15, green: 0.15, blue: 0.18, alpha: 1), alignment: .center),
                in: CGRect(x: x, y: y + th + 4, width: tw, height: label - 4), cr: cr)
        }
        cairo_destroy(cr)
        return RenderedImage(raster: CairoBridge.raster(from: surface))
    }
}
