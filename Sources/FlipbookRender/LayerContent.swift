import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A reference compared by identity, so content keys can hold images and recordings cheaply.
// @unchecked: compared and hashed by identity only; the object is never touched through it.
struct IdentityBox: Hashable, @unchecked Sendable {
    let object: AnyObject
    static func == (l: IdentityBox, r: IdentityBox) -> Bool { l.object === r.object }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(object)) }
}

/// Text a layer shows (from a CATextLayer, or any layer the UIKit layer gives text to).
struct TextContent: Hashable, Sendable {
    var string: String
    var style: TextStyle
}

/// Everything that decides what a layer's own pixels look like, independent of where the layer
/// is: the key of the content cache. Two layers (or two frames of one layer) with equal content
/// share one bitmap; moving, rotating or fading a layer leaves its content unchanged.
struct LayerContent: Hashable, Sendable {
    /// Bitmap size in pixels and the pixel-per-point factors.
    var pixelWidth: Int
    var pixelHeight: Int
    var bounds: CGRect
    var shape: RoundedRectShape
    var background: [CGFloat]?
    var masksToBounds: Bool
    var image: IdentityBox?
    var gravity: String
    var contentsRect: CGRect
    var contentsScale: CGFloat
    /// `contentsCenter` (nine-part stretching; the unit rectangle: plain resizing).
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var text: TextContent?
    /// The recording CGContext of the layer's draw(in:) (compared by identity: each redraw makes a new one).
    var drawing: IdentityBox?
    var shapeLayer: ShapeContent?
    var gradient: GradientContent?

    var isEmpty: Bool {
        (background == nil || background?[3] == 0) && image == nil && text == nil && drawing == nil
            && shapeLayer == nil && gradient == nil
    }
}

/// A layer's border (drawn above its sublayers, as Core Animation does).
struct BorderContent: Hashable, Sendable {
    var pixelWidth: Int
    var pixelHeight: Int
    var bounds: CGRect
    var shape: RoundedRectShape
    var width: CGFloat
    var color: [CGFloat]
}

/// A layer's shadow: its shape (shadowPath or the content's alpha), colour and blur.
struct ShadowContent: Hashable, Sendable {
    var content: LayerContent?
    var path: CGPath?
    var bounds: CGRect
    var scale: CGFloat
    var radius: CGFloat
    var color: [CGFloat]
}

/// CAShapeLayer content (filled when the shape layer model lands in FlipbookQuartz).
struct ShapeContent: Hashable, Sendable {
    var path: CGPath
    var fillColor: [CGFloat]?
    var strokeColor: [CGFloat]?
    var lineWidth: CGFloat
    var lineCap: String
    var lineJoin: String
    var strokeStart: CGFloat
    var strokeEnd: CGFloat
    var evenOdd: Bool
    var miterLimit: CGFloat = 10
    /// `lineDashPattern` in points (nil: solid; checked by `ShapeStroke.dashes`).
    var dashPattern: [CGFloat]? = nil
    var dashPhase: CGFloat = 0
}

/// CAGradientLayer content (axial, radial or conic; see `GradientRasterizer`).
struct GradientContent: Hashable, Sendable {
    var colors: [[CGFloat]]
    var locations: [CGFloat]?
    var startPoint: CGPoint
    var endPoint: CGPoint
    var radial: Bool
    var conic: Bool = false
}

/// Where a rasterised bitmap sits in its layer's bounds space.
struct PlacedRaster: Sendable {
    var raster: Raster
    /// Bounds-space origin of texel (0, 0)'s corner.
    var originX: Double
    var originY: Double
    /// Texels per point.
    var scaleX: Double
    var scaleY: Double
    /// The texels drawn, when only part of the raster is (a `contentsRect` sprite); nil: all.
    var texelRect: CGRect? = nil

    /// Texel coordinates -> the layer's bounds coordinates.
    var texelToBounds: Homography {
        .scaleTranslate(sx: 1 / scaleX, sy: 1 / scaleY, tx: originX, ty: originY)
    }
}
