import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// CAEmitterLayer's particles in the display list (see docs/Semantics.md, "Particle emitters").
extension DisplayListBuilder {
    /// Appends the particles a presentation copy of an emitter shows: each its cell's image
    /// (`contentsRect` of it, `contentsScale` pixels a point), centred on the particle, scaled and
    /// turned, its pixels multiplied by the particle's colour (as a replicator's instance colour
    /// is, `InstanceTint`). Flattened into the layer's plane unless `preservesDepth`.
    func appendParticles(
        of e: CAEmitterLayer, matrix m: CATransform3D, opacity: Double, clips: [ClipShape], into items: inout [DisplayItem]
    ) {
        for p in e.presentedParticles {
            guard p.color.w > 0, p.scale > 0, let image = p.cell.contents as? CGImage, image.width > 0, image.height > 0,
                  let raster = cache.image(image)
            else { continue }
            let whole = CGRect(x: 0, y: 0, width: CGFloat(image.width), height: CGFloat(image.height))
            var source = whole
            if !ImageContent.isUnit(p.cell.contentsRect) {
                let r = p.cell.contentsRect.standardized
                source = CGRect(
                    x: max(0, r.minX) * whole.width, y: max(0, r.minY) * whole.height,
                    width: (min(1, r.maxX) - max(0, r.minX)) * whole.width, height: (min(1, r.maxY) - max(0, r.minY)) * whole.height)
                guard source.width > 0, source.height > 0 else { continue }
            }
            let cs = p.cell.contentsScale > 0 && p.cell.contentsScale.isFinite ? Double(p.cell.contentsScale) : 1
            let w = Double(source.width) / cs, h = Double(source.height) / cs
            var t = CATransform3DMakeTranslation(CGFloat(-w / 2), CGFloat(-h / 2), 0)
            t = CATransform3DConcat(t, CATransform3DMakeScale(CGFloat(p.scale), CGFloat(p.scale), 1))
            if p.rotation != 0 { t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(p.rotation), 0, 0, 1)) }
            t = CATransform3DConcat(
                t, CATransform3DMakeTranslation(CGFloat(p.position.x), CGFloat(p.position.y), e.preservesDepth ? CGFloat(p.position.z) : 0))
            let plane = Homography(planeOf: CATransform3DConcat(e.preservesDepth ? t : LayerGeometry.flatten(t), m))
            guard plane.isFinite else { continue }
            let placed = PlacedRaster(
                raster: raster, originX: -Double(source.minX) * w / Double(source.width),
                originY: -Double(source.minY) * h / Double(source.height), scaleX: Double(source.width) / w,
                scaleY: Double(source.height) / h, texelRect: source == whole ? nil : source)
            guard let q = quad(placed, plane: plane, opacity: opacity, clips: clips) else { continue }
            // Colours a 256th apart multiply alike (InstanceTint works in 256ths), so they share a tinted copy.
            let c = (p.color * 256).rounded(.toNearestOrEven) / 256
            items.append(InstanceTint.tinted(.quad(q), by: SIMD4(c.x, c.y, c.z, p.color.w)))
        }
    }
}
