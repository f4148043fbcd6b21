import Dispatch
import Foundation

/// A clip region: a rounded rectangle in some layer's plane, seen through a projective map.
struct ClipShape: Sendable, Equatable {
    /// Output pixel coordinates -> the clipping layer's bounds coordinates.
    var toShape: Homography
    var shape: RoundedRectShape
}

/// One textured quad for the compositor: a whole bitmap placed by a projective map.
struct QuadDraw: Sendable {
    var source: Raster
    /// Output pixel coordinates -> source texel coordinates (texel k covers [k, k+1)).
    var toSource: Homography
    /// The quad's outline in output pixels after clipping behind the eye (convex).
    var polygon: [CGPoint]
    /// Group opacity 0…1 multiplied into every sample.
    var opacity: Double
    var clips: [ClipShape]
    /// The texels the polygon shows when it is only part of the source (a `contentsRect`
    /// sprite); the whole-pixel blit copies no texel outside it. Nil: the whole source.
    var sourceWindow: CGRect? = nil
}

/// Which rows of the output one worker draws: bands of `bandHeight` rows dealt round-robin to
/// `count` workers. Every row belongs to exactly one worker, so workers never write the same
/// bytes and the result does not depend on how they are scheduled.
struct RowShare: Sendable, Equatable {
    var index: Int
    var count: Int
    static let bandHeight = 8
    /// One worker drawing every row.
    static let all = RowShare(index: 0, count: 1)

    @inline(__always) func owns(_ y: Int) -> Bool { count <= 1 || (y / Self.bandHeight) % count == index }

    /// Calls `body` for each owned row in `y0..<y1`, top to bottom.
    @inline(__always) func forEachRow(_ y0: Int, _ y1: Int, _ body: (Int) -> Void) {
        guard y0 < y1 else { return }
        if count <= 1 {
            for y in y0..<y1 { body(y) }
            return
        }
        let band = Self.bandHeight
        var start = (y0 / band) * band
        // First band owned at or after y0's band.
        while (start / band) % count != index { start += band }
        while start < y1 {
            for y in max(start, y0)..<min(start + band, y1) { body(y) }
            start += band * count
        }
    }

    /// The shares of `count` workers.
    static func split(_ count: Int) -> [RowShare] { (0..<max(1, count)).map { RowShare(index: $0, count: max(1, count)) } }
}

/// The Swift compositor: draws projective textured quads into a `Raster` with premultiplied
/// source-over.
///
/// Per output pixel centre it maps back into the source (inverse mapping, so the result is
/// perspective-correct), samples bilinearly in 8-bit fixed point, multiplies the coverage of the
/// quad's edges (analytic: the distance to the edge measured in output pixels through the map's
/// Jacobian, giving a 1-pixel antialiased ramp) and of every clip shape, then blends.
///
/// Each row is cut into segments (see `RowPlan`): near edges and clip outlines every pixel pays
/// for coverage and clamping; in the interior it does not; where the source is one flat colour
/// (a layer's background, a border's empty middle) no sampling happens at all. Every path gives
/// the bytes the full per-pixel computation gives.
enum Compositor {
    /// Pixels below which `draw(_:into:)` stays on one thread.
    static let parallelThreshold = 40_000
    /// Quad areas (pixels) from which a source's flat-colour core is worth finding.
    static let uniformCoreThreshold = 4_096

    /// Row spans of a convex polygon: for each row in `y0..<y1`, the pixel columns it may touch.
    /// With `share`, only the rows it owns are worked out (the others are left (0, 0)); each row's
    /// span is computed on its own (`span(of:row:width:)`), so it is the same either way.
    static func spans(of polygon: [CGPoint], width: Int, height: Int, share: RowShare = .all) -> (y0: Int, xs: [(Int, Int)])? {
        guard let (y0, y1) = rows(of: polygon, height: height) else { return nil }
        var xs = [(Int, Int)](repeating: (0, 0), count: y1 - y0)
        share.forEachRow(y0, y1) { y in xs[y - y0] = span(of: polygon, row: y, width: width) }
        return (y0, xs)
    }

    /// The rows `y0..<y1` of `spans(of:width:height:share:)`, nil when there are none.
    @inline(__always)
    static func rows(of polygon: [CGPoint], height: Int) -> (Int, Int)? {
        guard polygon.count >= 3 else { return nil }
        var minY = Double.infinity, maxY = -Double.infinity
        for p in polygon { minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y)) }
        let y0 = max(0, Int((minY - 1).rounded(.down))), y1 = min(height, Int((maxY + 1).rounded(.up)))
        guard y0 < y1 else { return nil }
        return (y0, y1)
    }

    /// Row y's span of `spans(of:width:height:share:)`: the pixel columns the polygon may touch
    /// there ((0, 0) when none), with a pixel of slack for antialiasing.
    @inline(__always)
    static func span(of polygon: [CGPoint], row y: Int, width: Int) -> (Int, Int) {
        let n = polygon.count
        let ya = Double(y) - 1, yb = Double(y) + 2  // one pixel of slack for antialiasing
        var lo = Double.infinity, hi = -Double.infinity
        for k in 0..<n {
            let p = polygon[k], q = polygon[k + 1 == n ? 0 : k + 1]
            let py = Double(p.y), qy = Double(q.y), px = Double(p.x), qx = Double(q.x)
            let emin = min(py, qy), emax = max(py, qy)
            if emax < ya || emin > yb { continue }
            let ta = max(ya, emin), tb = min(yb, emax)
            if qx == px && py.isFinite && qy.isFinite {
                // A vertical edge: the interpolation below gives px ± 0 at both ends (the sign
                // of a zero cannot change the whole pixels worked out), without its divisions.
                lo = min(lo, px); hi = max(hi, px)
            } else if qy == py {
                // min(min(a, b), c) is what the three-argument min computes (not inlined here).
                lo = min(min(lo, px), qx); hi = max(max(hi, px), qx)
            } else {
                let xa = px + (qx - px) * (ta - py) / (qy - py), xb = px + (qx - px) * (tb - py) / (qy - py)
                lo = min(min(lo, xa), xb); hi = max(max(hi, xa), xb)
            }
        }
        if lo > hi { return (0, 0) }
        let xa = max(0, Int((lo - 1).rounded(.down))), xb = min(width, Int((hi + 1).rounded(.up)))
        return xa < xb ? (xa, xb) : (0, 0)
    }

    /// Work done once per quad on the calling thread before workers share it: finds the source's
    /// flat-colour core when the quad is big enough for it to pay.
    static func prepare(_ quad: QuadDraw) {
        guard quad.opacity > 0, quad.polygon.count >= 3 else { return }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in quad.polygon {
            minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
            minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
        }
        let area = (maxX - minX) * (maxY - minY)
        if area >= Double(uniformCoreThreshold) {
            _ = quad.source.uniformCore
            _ = quad.source.uniformRows
        }
    }

    /// Draws `quad` over `dest` (premultiplied source-over), on both cores when it is large.
    /// Returns the touched pixel rectangle.
    @discardableResult
    static func draw(_ quad: QuadDraw, into dest: Raster) -> PixelRect? {
        prepare(quad)
        guard let sp = spans(of: quad.polygon, width: dest.width, height: dest.height) else { return nil }
        let area = sp.xs.reduce(0) { $0 + max(0, $1.1 - $1.0) }
        guard area >= parallelThreshold, sp.xs.count >= 2 * RowShare.bandHeight else {
            return draw(quad, into: dest, share: .all)
        }
        let shares = RowShare.split(2)
        let results = UnsafeMutableBufferPointer<PixelRect>.allocate(capacity: shares.count)
        defer { results.deallocate() }
        results.initialize(repeating: .empty)
        // nonisolated(unsafe): each worker writes only its own index of the buffer.
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: shares.count) { t in
            out[t] = draw(quad, into: dest, share: shares[t]) ?? .empty
        }
        var rect = PixelRect.empty
        for r in results { rect.formUnion(r) }
        return rect.isEmpty ? nil : rect
    }

    /// Draws the rows of `quad` that `share` owns, and within them only the columns `damage`
    /// marks (all when nil). Call `prepare(_:)` first when several workers draw one quad.
    /// Returns the touched rectangle within those rows.
    @discardableResult
    static func draw(_ quad: QuadDraw, into dest: Raster, share: RowShare, shortcuts: Bool = true, damage: FrameDamage? = nil) -> PixelRect? {
        guard quad.opacity > 0, let (y0, y1) = rows(of: quad.polygon, height: dest.height) else { return nil }
        @inline(__always) func clip(_ y: Int, _ s: (Int, Int)) -> (Int, Int) {
            guard let damage else { return s }
            let c = damage.columns(y)
            return (max(s.0, c.0), min(s.1, c.1))
        }
        let polygon = quad.polygon, width = dest.width
        var rect = PixelRect.empty
        if let (dx, dy) = QuadJob.blitOffset(quad) {
            // Every owned row is blitted once any is touched, as before: the rectangle first.
            share.forEachRow(y0, y1) { y in
                let c = clip(y, span(of: polygon, row: y, width: width))
                if c.1 > c.0 { rect.formUnion(PixelRect(x0: c.0, y0: y, x1: c.1, y1: y + 1)) }
            }
            guard !rect.isEmpty else { return nil }
            let job = QuadJob(quad: quad, dest: dest, shortcuts: shortcuts)
            share.forEachRow(y0, y1) { y in
                let c = clip(y, (0, width))
                if c.1 > c.0 { job.blitRow(y, dx: dx, dy: dy, columns: c) }
            }
            return rect
        }
        // Each row's span worked out as it is drawn (no array of them). The job is made once a
        // row draws anything, so a quad that touches none of these rows costs none.
        var first: Int?
        share.forEachRow(y0, y1) { y in
            if first == nil, case let c = clip(y, span(of: polygon, row: y, width: width)), c.1 > c.0 { first = y }
        }
        guard let first else { return nil }
        let job = QuadJob(quad: quad, dest: dest, shortcuts: shortcuts)
        share.forEachRow(first, y1) { y in
            let s = span(of: polygon, row: y, width: width)
            let c = clip(y, s)
            guard c.1 > c.0 else { return }
            rect.formUnion(PixelRect(x0: c.0, y0: y, x1: c.1, y1: y + 1))
            // Row parameters come from the whole span, so a clipped row computes the same bytes.
            job.row(y, s.0, s.1, columns: c)
        }
        return rect
    }
}

/// An integer pixel rectangle `[x0, x1) × [y0, y1)`.
struct PixelRect: Sendable, Equatable {
    var x0, y0, x1, y1: Int
    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    mutating func formUnion(_ o: PixelRect) {
        if o.isEmpty { return }
        if isEmpty { self = o; return }
        x0 = min(x0, o.x0); y0 = min(y0, o.y0); x1 = max(x1, o.x1); y1 = max(y1, o.y1)
    }
}
