import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The 3D path of the display list: a `CATransformLayer` and what it holds (docs/Renderer.md,
/// "The compositor: 3D contexts, group opacity, rasterized layers"). Only layers under a
/// transform layer come here; flat trees never do.
extension DisplayListBuilder {
    /// Appends the 3D rendering context that the transform layer `t` begins: every layer of the
    /// context (the sublayers of `t` and of the transform layers nested in it) keeps its own 3D
    /// matrix, is flattened only into its own plane (with its subtree, as any layer), and the
    /// planes are drawn back to front by the depth of their centres (see docs/Divergences.md,
    /// "CATransformLayer"). `t` itself draws nothing; its opacity multiplies into each layer.
    ///
    /// `toContext` maps `t`'s bounds space into the context's space (its superlayer's bounds
    /// space after that superlayer's sublayerTransform, where the perspective usually is);
    /// `post` maps the context's flattened plane to output pixels (the superlayer's matrix).
    func appendTransformContext(
        _ t: CALayer, toContext: CATransform3D, post: CATransform3D, clips: [ClipShape], inherited: Double,
        into items: inout [DisplayItem], depth: Int
    ) {
        guard depth < 256, !t.isHidden else { return }
        let own = t.opacity.isFinite ? Double(min(max(t.opacity, 0), 1)) : 1
        let opacity = own * inherited
        guard opacity > 0 else { return }
        let members = CATransformLayer.contextMembers(of: t, toContext: toContext, opacity: opacity, local: { c, p in
            CATransform3DConcat(LayerGeometry.local(c), LayerGeometry.sublayerTransform(of: p))
        })
        for member in members {
            let m = CATransform3DConcat(LayerGeometry.flatten(member.matrix), post)
            visit(member.layer, matrix: m, clips: clips, into: &items, depth: depth + 1, inherited: member.opacity)
        }
    }
}
