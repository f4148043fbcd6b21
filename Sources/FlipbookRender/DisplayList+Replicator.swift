import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// CAReplicatorLayer's instances in the display list (see docs/Semantics.md, "Replicator layers").
extension DisplayListBuilder {
    /// Appends the replicator's sublayers once per instance: instance k's sublayers (delayed in
    /// time by the presentation, see `CAReplicatorLayer.instanceSublayers`) through
    /// instanceTransformᵏ about the bounds' centre (before the replicator's sublayerTransform),
    /// their pixels multiplied by the instance's colour. Instances are drawn in order (later
    /// ones on top); with `preservesDepth`, back to front by the depth of their centres.
    func visitInstances(
        of r: CAReplicatorLayer, matrix m: CATransform3D, clips: [ClipShape], into items: inout [DisplayItem], depth: Int
    ) {
        let count = r.drawnInstanceCount
        guard count > 0 else { return }
        let b = r.bounds
        let toCentre = CATransform3DMakeTranslation(-b.midX, -b.midY, 0)
        let fromCentre = CATransform3DMakeTranslation(b.midX, b.midY, 0)
        let sublayerTransform = LayerGeometry.sublayerTransform(of: r)
        var steps: [CATransform3D] = []
        steps.reserveCapacity(count)
        var power = CATransform3DIdentity
        for k in 0..<count {
            if k > 0 { power = CATransform3DConcat(power, r.instanceTransform) }
            steps.append(CATransform3DConcat(CATransform3DConcat(toCentre, power), fromCentre))
        }
        var order = Array(0..<count)
        if r.preservesDepth {
            // Back to front: the smaller the centre's z after the instance transform, the further.
            let z = steps.map { t -> Double in
                let p = CATransform3DConcat(CATransform3DMakeTranslation(b.midX, b.midY, 0), t)
                return p.m44 != 0 ? Double(p.m43 / p.m44) : 0
            }
            order.sort { (z[$0], $0) < (z[$1], $1) }
        }
        for k in order {
            let subs = r.instanceSublayers(k).enumerated()
                .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
            var list: [DisplayItem] = []
            for s in subs {
                let local = CATransform3DConcat(CATransform3DConcat(LayerGeometry.local(s), steps[k]), sublayerTransform)
                visit(s, matrix: CATransform3DConcat(LayerGeometry.flatten(local), m), clips: clips, into: &list, depth: depth + 1)
            }
            let tint = r.instanceMultiplier(k)
            if tint != SIMD4(1, 1, 1, 1) { list = list.map { InstanceTint.tinted($0, by: tint) } }
            items.append(contentsOf: list)
        }
    }
}

/// The colour multiplication of a replicator instance, applied to each of its quads: the
/// premultiplied red, green and blue of the source multiplied by the instance colour's (a tinted
/// copy of the bitmap, kept while the bitmap lives) and the quad's opacity by its alpha. Groups'
/// masks are left as they are (only their alpha counts). Multiplying each quad's colour equals
/// multiplying what they composite to; the alpha, applied per quad, is Flipbook's reading for
/// overlapping sublayers (docs/Divergences.md).
@preconcurrency @MainActor
enum InstanceTint {
    private struct Key: Hashable {
        let source: ObjectIdentifier
        let r: Double, g: Double, b: Double
    }
    private final class Entry {
        weak var source: Raster?
        let tinted: Raster
        init(source: Raster, tinted: Raster) { self.source = source; self.tinted = tinted }
    }
    private static var cache: [Key: Entry] = [:]
    static let cacheLimit = 512

    static func tinted(_ item: DisplayItem, by tint: SIMD4<Double>) -> DisplayItem {
        guard case .quad(var q) = item else { return item }
        q.opacity *= tint.w
        if tint.x != 1 || tint.y != 1 || tint.z != 1 { q.source = raster(q.source, tint) }
        return .quad(q)
    }

    /// `source` with its colour channels multiplied by the tint's red, green and blue.
    static func raster(_ source: Raster, _ tint: SIMD4<Double>) -> Raster {
        let key = Key(source: ObjectIdentifier(source), r: tint.x, g: tint.y, b: tint.z)
        if let e = cache[key], e.source === source { return e.tinted }
        if cache.count >= cacheLimit { cache = cache.filter { $0.value.source != nil } }
        if cache.count >= cacheLimit { cache.removeAll() }
        let out = Raster(width: source.width, height: source.height)
        let k = (Int((tint.x * 256).rounded()), Int((tint.y * 256).rounded()), Int((tint.z * 256).rounded()))
        for i in 0..<(source.width * source.height) {
            let s = source.data + i * 4, d = out.data + i * 4
            d[0] = UInt8((Int(s[0]) * k.0 + 128) >> 8)
            d[1] = UInt8((Int(s[1]) * k.1 + 128) >> 8)
            d[2] = UInt8((Int(s[2]) * k.2 + 128) >> 8)
            d[3] = s[3]
        }
        cache[key] = Entry(source: source, tinted: out)
        return out
    }
}
