import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Shape layers drawn at the size they appear (docs/Renderer.md, "Vector content under a
/// magnifying transform").
///
/// Core Animation keeps a `CAShapeLayer` as a path and renders it at the resolution it is shown
/// at, so a small circle mask scaled up a hundred times (a circular reveal) keeps a sharp edge.
/// A layer's body bitmap is made at the output's scale in its bounds space; under a transform
/// that magnifies it, that bitmap would be stretched and the edge smeared over many pixels. A
/// shape body seen magnified is therefore rasterised at the scale it is seen at, and only over
/// the part of it that falls in the output (the rest of a reveal's huge scaled path never shows).
extension DisplayListBuilder {
    /// How much more than `scale` a body must be magnified before it is drawn at its own scale.
    static let magnificationThreshold = 1.25

    /// `content` (a shape layer's body) for drawing through `plane` when the plane magnifies it:
    /// the same content over the visible window of its area, at the pixels per point it is seen
    /// at (capped by the rasteriser's largest side). Nil when the plane does not magnify it, or
    /// nothing of it is visible: draw `content` as it is.
    func magnifiedShapeBody(_ content: LayerContent, plane: Homography) -> LayerContent? {
        guard content.shapeLayer != nil, content.image == nil, content.text == nil, content.drawing == nil,
              content.gradient == nil
        else { return nil }
        let area = content.bounds
        guard area.width > 0, area.height > 0 else { return nil }
        let seen = Self.pixelsPerPoint(of: area, through: plane)
        guard seen.isFinite, seen > scale * Self.magnificationThreshold else { return nil }
        // The part of the area the output shows: the viewport mapped back into the layer's space.
        var window = area
        if let viewport, let inverse = plane.inverse {
            let back = inverse.boundingBox(of: viewport)
            guard back.minX.isFinite, back.minY.isFinite, back.width.isFinite, back.height.isFinite else { return nil }
            window = window.intersection(back.insetBy(dx: -1, dy: -1))
            guard !window.isNull, window.width > 0, window.height > 0 else { return nil }
        }
        let cap = Double(ContentRasterizer.maxSide)
        let s = min(seen, cap / Double(window.width), cap / Double(window.height))
        guard s > scale, let size = ContentRasterizer.pixelSize(bounds: window, scale: s) else { return nil }
        var c = content
        c.bounds = window
        c.pixelWidth = size.w
        c.pixelHeight = size.h
        return c
    }

    /// The largest stretch, in output pixels per point, of the edges of `area` through `plane`.
    static func pixelsPerPoint(of area: CGRect, through plane: Homography) -> Double {
        let corners = [
            CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY),
            CGPoint(x: area.maxX, y: area.maxY), CGPoint(x: area.minX, y: area.maxY),
        ].map { plane.map($0) }
        func length(_ p: CGPoint, _ q: CGPoint) -> Double { Double(hypot(p.x - q.x, p.y - q.y)) }
        let across = max(length(corners[0], corners[1]), length(corners[3], corners[2])) / Double(area.width)
        let down = max(length(corners[0], corners[3]), length(corners[1], corners[2])) / Double(area.height)
        return max(across, down)
    }
}
