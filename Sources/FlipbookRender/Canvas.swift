import Foundation
import FlipbookGeometry

/// A 3×3 projective map of the plane, column-vector form: (x', y', w') = M · (x, y, 1), output
/// point (x'/w', y'/w').
public struct ProjectiveTransform: Sendable, Equatable {
    public var a, b, c, d, e, f, g, h, i: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }

    /// The map of the z = 0 plane under a Core Animation (row-vector) transform.
    public init(planeOf m: CATransform3D) {
        let hm = Homography(planeOf: m)
        self.init(a: hm.a, b: hm.b, c: hm.c, d: hm.d, e: hm.e, f: hm.f, g: hm.g, h: hm.h, i: hm.i)
    }

    var homography: Homography { Homography(a: a, b: b, c: c, d: d, e: e, f: f, g: g, h: h, i: i) }

    /// The inverse map, or nil when singular.
    public var inverse: ProjectiveTransform? {
        homography.inverse.map { ProjectiveTransform(a: $0.a, b: $0.b, c: $0.c, d: $0.d, e: $0.e, f: $0.f, g: $0.g, h: $0.h, i: $0.i) }
    }
}

/// Pixels ready for the compositor (premultiplied RGBA8), made once from a `CGImage`.
// @unchecked: its raster is written once, when the texture is made, and only read afterwards.
public final class Texture: @unchecked Sendable {
    let raster: Raster
    public var width: Int { raster.width }
    public var height: Int { raster.height }

    public init(image: CGImage) {
        raster = Raster(premultipliedRGBA: image.pixels, width: image.width, height: image.height)
    }
}

/// The compositor on its own: a premultiplied RGBA8 surface that textures are drawn onto through
/// projective maps (perspective-correct, bilinear, antialiased edges, source-over), exactly as
/// `LayerRenderer` draws layers. For benchmarks and custom compositing.
public final class Canvas {
    let raster: Raster
    public var width: Int { raster.width }
    public var height: Int { raster.height }

    /// A transparent canvas (sizes below 1 become 1).
    public init(width: Int, height: Int) {
        raster = Raster(width: width, height: height)
    }

    /// Makes every pixel transparent.
    public func clear() { raster.clear() }

    /// Draws `texture` with `transform` mapping texel coordinates (texel k covers [k, k+1)) to
    /// canvas pixel coordinates; parts behind the eye (w ≤ 0) are cut away.
    public func draw(_ texture: Texture, transform: ProjectiveTransform, opacity: Double = 1) {
        let h = transform.homography
        guard let inv = h.inverse, opacity.isFinite, opacity > 0 else { return }
        let w = Double(texture.width), hh = Double(texture.height)
        let corners = [(0.0, 0.0), (w, 0.0), (w, hh), (0.0, hh)].map { c -> HPoint in
            let p = h.apply(c.0, c.1)
            return HPoint(x: p.x, y: p.y, w: p.w)
        }
        Compositor.draw(
            QuadDraw(source: texture.raster, toSource: inv, polygon: PolygonClip.clipAndProject(corners), opacity: min(opacity, 1), clips: []),
            into: raster)
    }

    /// The canvas's pixels as an image.
    public var image: RenderedImage { RenderedImage(raster: raster) }
}
