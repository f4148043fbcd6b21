import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Where a CAShapeLayer's body bitmap must reach: as on iOS, the path is filled and stroked
/// wherever it goes, not only inside the layer's bounds (a mask layer made with
/// `CAShapeLayer()` and given only a path has empty bounds and still masks by its path), unless
/// the layer masks to its bounds.
@preconcurrency @MainActor
enum ShapeExtent {
    /// The bounds grown to hold the path's fill and stroke, or nil when the bounds already do (or
    /// the layer is not a plain shape layer: contents, drawing or masksToBounds keep the bounds).
    static func drawnArea(of l: CALayer) -> CGRect? {
        guard let s = l as? CAShapeLayer, !s.masksToBounds, s.contents == nil, let path = s.path, !path.isEmpty,
              s.fillColor != nil || s.strokeColor != nil
        else { return nil }
        if s.drawnContent != nil || s.model().drawnContent != nil { return nil }
        var box = path.boundingBox
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return nil }
        if s.strokeColor != nil, s.lineWidth.isFinite, s.lineWidth > 0 {
            // Miter joins can reach miterLimit × half the width beyond the outline; square caps √2.
            let reach = s.lineJoin == .miter ? max(s.miterLimit.isFinite ? s.miterLimit : 10, 1.5) : 1.5
            let pad = s.lineWidth / 2 * reach + 1
            box = box.insetBy(dx: -pad, dy: -pad)
        }
        let b = l.bounds
        let area = b.width > 0 && b.height > 0 ? b.union(box) : box
        if area == b { return nil }
        // Rounded out to whole points so that a moving path does not shift the bitmap's grid.
        let x0 = area.minX.rounded(.down), y0 = area.minY.rounded(.down)
        return CGRect(x: x0, y: y0, width: area.maxX.rounded(.up) - x0, height: area.maxY.rounded(.up) - y0)
    }
}
