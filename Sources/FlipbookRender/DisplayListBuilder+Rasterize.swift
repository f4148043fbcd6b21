import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// `shouldRasterize`: a layer and its subtree drawn once into a bitmap, then composited.
extension DisplayListBuilder {
    /// The largest side, in pixels, of a `shouldRasterize` bitmap (Core Animation limits its
    /// own to a few screens' worth; larger layers are drawn directly, with a diagnostic).
    static let largestRasterSide = 8192

    /// Appends `layer` as its `shouldRasterize` bitmap: the layer (content, shadow, sublayers,
    /// border, mask) is drawn flat in its own bounds space at `rasterizationScale` pixels per
    /// point, and that bitmap is drawn through the layer's plane with its opacity, so a low
    /// scale looks soft when the layer is scaled up, as on iOS. The bitmap is kept while the
    /// drawing stays the same (`ContentCache.rasterized`): a layer that only moves or fades
    /// reuses it. False when the layer is to be drawn directly instead (bitmap too large).
    func appendRasterized(
        _ layer: CALayer, plane: Homography, opacity: Double, clips: [ClipShape], into items: inout [DisplayItem], depth: Int
    ) -> Bool {
        var rs = Double(layer.rasterizationScale)
        if !(rs > 0 && rs <= 16) {
            FlipbookDiagnostics.report(
                "CALayer.rasterizationScale must be in (0, 16] (got \(rs)); the layer is rasterized at 1.",
                once: "CALayer.rasterizationScale.range")
            rs = 1
        }
        func drawing(originX: Double, originY: Double) -> [DisplayItem] {
            ownSpaceDrawing(of: layer, originX: originX, originY: originY, scale: rs, depth: depth, unfaded: true)
        }
        // What the drawing covers, from its quads' outlines (pixels from the bounds' origin).
        let b = layer.bounds
        let probe = drawing(originX: Double(b.minX), originY: Double(b.minY))
        guard case let (x0, y0, x1, y1)? = Self.outlineBox(of: probe) else { return true }  // nothing shows
        let px0 = x0.rounded(.down), py0 = y0.rounded(.down)
        let w = Int((x1.rounded(.up) - px0)), h = Int((y1.rounded(.up) - py0))
        guard w <= Self.largestRasterSide, h <= Self.largestRasterSide else {
            FlipbookDiagnostics.report(
                "shouldRasterize: a \(w)×\(h) pixel bitmap is larger than \(Self.largestRasterSide) pixels a side; the layer is drawn directly.",
                once: "CALayer.shouldRasterize.tooLarge")
            return false
        }
        let originX = Double(b.minX) + px0 / rs, originY = Double(b.minY) + py0 / rs
        let placed = cache.rasterized(of: ObjectIdentifier(layer.model()), scale: rs, drawing: probe) {
            let raster = Raster(width: max(w, 1), height: max(h, 1))
            DisplayListExecutor.execute(drawing(originX: originX, originY: originY), into: raster)
            return PlacedRaster(raster: raster, originX: originX, originY: originY, scaleX: rs, scaleY: rs)
        }
        if let q = quad(placed, plane: plane, opacity: opacity, clips: clips) { items.append(.quad(q)) }
        return true
    }
}
