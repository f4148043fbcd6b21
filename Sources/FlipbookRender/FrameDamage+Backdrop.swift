import Foundation

extension FrameDamage {
    /// The pixels a backdrop step can write (its outline's box with the compositor's slack).
    static func reach(of b: BackdropDraw) -> PixelRect {
        reach(of: QuadDraw(source: Raster(width: 1, height: 1), toSource: .identity, polygon: b.polygon, opacity: 1, clips: []))
    }

    /// The pixels a backdrop step reads: what it writes widened by the blur's support.
    static func sampleReach(of b: BackdropDraw) -> PixelRect {
        var r = reach(of: b)
        let m = b.sigma.isFinite && b.sigma > 0 ? BackdropBlur.support(sigma: b.sigma) + 1 : 0
        r.x0 -= m; r.y0 -= m; r.x1 += m; r.y1 += m
        return r
    }

    /// Whether any damaged pixel lies in `r`.
    func intersects(_ r: PixelRect) -> Bool {
        let ya = max(0, r.y0), yb = min(height, r.y1)
        guard ya < yb else { return false }
        for y in ya..<yb where Int(x0[y]) < min(width, r.x1) && Int(x1[y]) > max(0, r.x0) && x0[y] < x1[y] { return true }
        return false
    }

    /// Makes the damage safe for backdrops: a backdrop whose read region holds damage blurs
    /// different pixels, and it reads pixels around the ones it writes, which must be drawn
    /// again up to the backdrop (outside the damage the frame buffer holds the finished last
    /// frame, not what lies behind). So the whole read region of such a backdrop is damaged,
    /// repeated until no backdrop changes it (a backdrop's region can reach another's).
    mutating func widenForBackdrops(in items: [DisplayItem]) {
        var regions: [PixelRect] = []
        func collect(_ list: [DisplayItem]) {
            for item in list {
                switch item {
                case .backdrop(let b): regions.append(Self.sampleReach(of: b))
                case .endGroup(_, let mask?): collect(mask)
                default: continue
                }
            }
        }
        collect(items)
        guard !regions.isEmpty else { return }
        var done = [Bool](repeating: false, count: regions.count)
        var changed = true
        while changed {
            changed = false
            for k in regions.indices where !done[k] && intersects(regions[k]) {
                add(regions[k])
                done[k] = true
                changed = true
            }
        }
    }
}
