import CCairo
import Foundation
import FlipbookGeometry

/// CALayer's `contentsCenter` (see docs/Semantics.md, "Contents center"): the shown part of the
/// image is cut into nine by the centre rectangle (unit coordinates of that part). Drawn into a
/// destination rectangle, the four corners keep their size in points (pixels ÷ contentsScale),
/// the top and bottom edges stretch horizontally, the left and right edges vertically, and the
/// centre both ways. When the destination is smaller than the corners, the corners shrink in
/// proportion. A centre of zero width (or height) stretches the one pixel column (row) at its
/// position.
enum NinePartImage {
    /// The three source spans and three destination spans along one axis.
    static func spans(
        source s0: Double, _ s1: Double, center c0: Double, _ c1: Double, dest d0: Double, _ d1: Double, scale: Double
    ) -> [(src: (Double, Double), dst: (Double, Double))] {
        let size = s1 - s0
        var a = s0 + min(max(c0, 0), 1) * size
        var b = s0 + min(max(c1, 0), 1) * size
        if b < a { swap(&a, &b) }
        var lead = (a - s0) / scale, trail = (s1 - b) / scale
        let room = d1 - d0
        if lead + trail > room, lead + trail > 0 {
            let k = max(room, 0) / (lead + trail)
            lead *= k; trail *= k
        }
        // A zero-width centre stretches the pixel at its position.
        var ca = a, cb = b
        if cb - ca < 1 {
            let mid = (ca + cb) / 2
            ca = max(s0, mid - 0.5); cb = min(s1, mid + 0.5)
        }
        return [
            ((s0, a), (d0, d0 + lead)),
            ((ca, cb), (d0 + lead, d1 - trail)),
            ((b, s1), (d1 - trail, d1)),
        ]
    }

    /// Draws `source` (pixels of `image`) nine-part stretched into `dest` (user space of `cr`).
    static func draw(
        _ image: CGImage, source: CGRect, center: CGRect, in dest: CGRect, scale: CGFloat, _ cr: OpaquePointer
    ) {
        let c = center.standardized
        let xs = spans(
            source: Double(source.minX), Double(source.maxX), center: Double(c.minX), Double(c.maxX),
            dest: Double(dest.minX), Double(dest.maxX), scale: Double(scale))
        let ys = spans(
            source: Double(source.minY), Double(source.maxY), center: Double(c.minY), Double(c.maxY),
            dest: Double(dest.minY), Double(dest.maxY), scale: Double(scale))
        // Pieces meet without antialiased seams: each pixel centre lies in exactly one piece.
        cairo_save(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        defer { cairo_restore(cr) }
        for y in ys {
            for x in xs {
                let src = CGRect(x: x.src.0, y: y.src.0, width: x.src.1 - x.src.0, height: y.src.1 - y.src.0)
                let dst = CGRect(x: x.dst.0, y: y.dst.0, width: x.dst.1 - x.dst.0, height: y.dst.1 - y.dst.0)
                ContentRasterizer.paintImage(image, source: src, in: dst, cr)
            }
        }
    }
}
