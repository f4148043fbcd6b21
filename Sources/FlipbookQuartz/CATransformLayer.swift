import Foundation
import FlipbookGeometry

/// A layer that does not flatten its sublayers, Core Animation's `CATransformLayer`: they keep
/// their own 3D positions (its `transform` and `sublayerTransform` compose into theirs), so
/// layers placed as the faces of a cube inside one look like a cube when it turns.
///
/// As on iOS, a transform layer draws nothing of its own (no background, contents, border,
/// shadow; `mask` and `masksToBounds` are ignored); its `opacity` multiplies into each sublayer
/// separately (no compositing group). Transform layers nested in one another form one 3D
/// rendering context: FlipbookRender draws that context's layers sorted by depth (see
/// docs/Divergences.md, "CATransformLayer"). The context is projected into the plane of the
/// nearest ancestor that is not a transform layer, whose `sublayerTransform` gives perspective.
///
/// Hit testing passes over a transform layer to its sublayers, applying its geometry to each,
/// as Core Animation does: `hitTest(_:)` never returns the transform layer itself.
@preconcurrency @MainActor
open class CATransformLayer: CALayer {
    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) { super.init(layer: layer) }

    /// The frontmost layer of this transform layer's 3D context containing `p` (in the
    /// superlayer's coordinates), or nil; never the transform layer itself.
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        let toContext = transformToSuperlayer
        // Front first: the reverse of the drawing order.
        for member in Self.contextMembers(of: self, toContext: toContext).reversed() {
            guard let inv = PlaneMap(planeOf: member.matrix).inverse else { continue }
            if let hit = member.layer.hitTest(local: inv.map(p)) { return hit }
        }
        return nil
    }

    /// One layer of a 3D rendering context: a sublayer (not itself a transform layer) of a
    /// transform layer, with the matrix from its bounds space into the context's space.
    package struct ContextMember {
        package var layer: CALayer
        /// Bounds space → the context's space (the space of the transform layer's superlayer,
        /// after that superlayer's `sublayerTransform`), not flattened.
        package var matrix: CATransform3D
        /// The product of the enclosing transform layers' opacities.
        package var opacity: Double
        /// Post-projective depth of the layer's centre (larger is nearer; −∞ at or behind the eye).
        package var depth: Double
    }

    /// The layers of the 3D context that `root` (a transform layer) begins, in drawing order:
    /// back to front by the depth of their centres, ties in tree order (zPosition, then sibling
    /// order). `toContext` maps `root`'s bounds space into the context's space. Hidden layers
    /// and transparent transform layers (with what they hold) are left out.
    package static func contextMembers(
        of root: CALayer, toContext: CATransform3D, opacity: Double = 1,
        local: (CALayer, CALayer) -> CATransform3D = { c, _ in c.transformToSuperlayer }
    ) -> [ContextMember] {
        var members: [ContextMember] = []
        func collect(_ t: CALayer, _ m: CATransform3D, _ alpha: Double, _ depth: Int) {
            guard depth < 256 else { return }
            let subs = (t.sublayers ?? []).enumerated()
                .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
            for s in subs where !s.isHidden {
                let sm = CATransform3DConcat(local(s, t), m)
                if s is CATransformLayer {
                    let o = s.opacity.isFinite ? Double(min(max(s.opacity, 0), 1)) : 1
                    if o > 0 { collect(s, sm, alpha * o, depth + 1) }
                } else {
                    let b = s.bounds
                    let c = sm.project(x: Double(b.midX), y: Double(b.midY), z: 0)
                    let d = c.w > 0 && (c.z / c.w).isFinite ? c.z / c.w : -.infinity
                    members.append(ContextMember(layer: s, matrix: sm, opacity: alpha, depth: d))
                }
            }
        }
        collect(root, toContext, opacity, 0)
        // A stable sort: equal depths keep tree order.
        return members.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
    }
}
