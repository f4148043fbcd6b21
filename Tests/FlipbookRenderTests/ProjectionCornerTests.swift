import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// "A projected rectangle's corners land within 1 px of the analytic projection, including
/// rotations past 90 degrees and geometry behind the eye."
///
/// A solid white card on a transparent root is rotated about an axis under the root's
/// perspective (m34 = −1/d). The expected picture is computed here from scratch: Core Animation's
/// row-vector convention p' = p · M with matrices written out element by element (not with
/// CATransform3D functions), the standard right-handed rotation matrix (x right, y down, z towards
/// the viewer, so a positive turn about z is clockwise on screen, as on iOS), the homogeneous
/// divide, and clipping at w = ε before the divide.
///
/// With every corner in front of the eye the drawn quad's corners are *found in the image*: each
/// edge's position is measured on rows (or columns) across it from the antialiased coverage, a
/// line is fitted per edge, and adjacent lines are intersected. With geometry behind the eye the
/// rendered coverage is compared per pixel with the exact area coverage of the clipped polygon.
@MainActor
@Suite(.freshRuntime) struct ProjectionCornerTests {
    // MARK: Independent projective maths

    /// A 4 × 4 matrix for row vectors: p' = p · m.
    struct RowMatrix {
        var m: [[Double]]
        static let identity = RowMatrix(m: (0..<4).map { i in (0..<4).map { j in i == j ? 1 : 0 } })

        /// `self` first, then `o`.
        func then(_ o: RowMatrix) -> RowMatrix {
            RowMatrix(m: (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + m[i][$1] * o.m[$1][j] } } })
        }

        func apply(_ p: [Double]) -> [Double] { (0..<4).map { j in (0..<4).reduce(0) { $0 + p[$1] * m[$1][j] } } }

        static func translation(_ x: Double, _ y: Double, _ z: Double) -> RowMatrix {
            var r = identity
            r.m[3] = [x, y, z, 1]
            return r
        }

        static func scale(_ s: Double) -> RowMatrix {
            var r = identity
            r.m[0][0] = s; r.m[1][1] = s
            return r
        }

        /// The standard rotation by θ about the unit axis k (Rodrigues: R = cI + s[k]× + (1−c)kkᵀ,
        /// acting on column vectors), transposed for row vectors.
        static func rotation(_ theta: Double, axis: (Double, Double, Double)) -> RowMatrix {
            let n = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
            let k = [axis.0 / n, axis.1 / n, axis.2 / n]
            let c = cos(theta), s = sin(theta)
            let cross: [[Double]] = [[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]]
            var r = identity
            for i in 0..<3 {
                for j in 0..<3 {
                    let column = (i == j ? c : 0) + s * cross[i][j] + (1 - c) * k[i] * k[j]
                    r.m[j][i] = column  // transpose
                }
            }
            return r
        }

        /// Perspective with the eye d points in front of the plane: m34 = −1/d.
        static func perspective(_ d: Double) -> RowMatrix {
            var r = identity
            r.m[2][3] = -1 / d
            return r
        }
    }

    struct Point: CustomStringConvertible {
        var x, y: Double
        var description: String { String(format: "(%.2f, %.2f)", x, y) }
    }

    /// One scene: a `size` card centred at `position` in a 300 × 240 root, rotated by `theta`
    /// about `axis`, root sublayerTransform m34 = −1/d, rendered at `scale`.
    struct Case: CustomTestStringConvertible, Sendable {
        var theta: Double
        var axis: (Double, Double, Double)
        var d: Double
        var position: (Double, Double) = (130, 110)
        var size: (Double, Double) = (160, 120)
        var scale: Double = 1
        var testDescription: String { "θ=\(theta) axis=\(axis) d=\(d) at \(position) scale \(scale)" }

        static let root = (width: 300.0, height: 240.0)

        /// Card bounds space → output pixels (homogeneous x, y, z, w).
        var matrix: RowMatrix {
            let (w, h) = size
            return RowMatrix.translation(-w / 2, -h / 2, 0)                      // card anchor (centre)
                .then(.rotation(theta, axis: axis))                              // card transform
                .then(.translation(position.0, position.1, 0))                   // card position
                .then(.translation(-Self.root.width / 2, -Self.root.height / 2, 0))  // root's sublayerTransform about its anchor
                .then(.perspective(d))
                .then(.translation(Self.root.width / 2, Self.root.height / 2, 0))
                .then(.scale(scale))                                             // points → pixels
        }

        /// The card's corners, homogeneous (x, y, w), in bounds order (0,0), (w,0), (w,h), (0,h).
        var homogeneousCorners: [[Double]] {
            let (w, h) = size
            return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map { c in
                let p = matrix.apply([c.0, c.1, 0, 1])
                return [p[0], p[1], p[3]]
            }
        }

        /// The visible polygon in output pixels: the corners clipped to w ≥ ε, then divided.
        func visiblePolygon(epsilon: Double = 1e-6) -> [Point] {
            let poly = homogeneousCorners
            var out: [[Double]] = []
            for k in 0..<poly.count {
                let p = poly[k], q = poly[(k + 1) % poly.count]
                let pin = p[2] >= epsilon, qin = q[2] >= epsilon
                if pin { out.append(p) }
                if pin != qin {
                    let t = (epsilon - p[2]) / (q[2] - p[2])
                    out.append((0..<3).map { p[$0] + (q[$0] - p[$0]) * t })
                }
            }
            return out.map { Point(x: $0[0] / $0[2], y: $0[1] / $0[2]) }
        }
    }

    func render(_ c: Case) -> RenderedImage {
        let root = makeLayer(CGRect(x: 0, y: 0, width: Case.root.width, height: Case.root.height), nil)
        let card = makeLayer(
            CGRect(x: c.position.0 - c.size.0 / 2, y: c.position.1 - c.size.1 / 2, width: c.size.0, height: c.size.1), .white, in: root)
        withoutActions {
            var p = CATransform3DIdentity
            p.m34 = CGFloat(-1 / c.d)
            root.sublayerTransform = p
            card.isDoubleSided = true  // past 90° the back face shows
            card.transform = CATransform3DMakeRotation(CGFloat(c.theta), CGFloat(c.axis.0), CGFloat(c.axis.1), CGFloat(c.axis.2))
        }
        return LayerRenderer(scale: CGFloat(c.scale)).render(root)
    }

    // MARK: Exact polygon coverage

    /// Clips a polygon to the half-plane a·x + b·y ≤ c.
    static func clip(_ poly: [Point], _ a: Double, _ b: Double, _ c: Double) -> [Point] {
        var out: [Point] = []
        for k in 0..<poly.count {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            let fp = a * p.x + b * p.y - c, fq = a * q.x + b * q.y - c
            if fp <= 0 { out.append(p) }
            if (fp < 0 && fq > 0) || (fp > 0 && fq < 0) {
                let t = fp / (fp - fq)
                out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        return out
    }

    static func area(_ poly: [Point]) -> Double {
        guard poly.count >= 3 else { return 0 }
        var s = 0.0
        for k in 0..<poly.count {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            s += p.x * q.y - q.x * p.y
        }
        return abs(s) / 2
    }

    /// The fraction of each pixel of a `width` × `height` image the convex polygon covers.
    static func coverage(_ polygon: [Point], width: Int, height: Int) -> [Double] {
        var cov = [Double](repeating: 0, count: width * height)
        // The polygon cut to the image (plus a margin): keeps huge projected coordinates out.
        var poly = polygon
        poly = clip(poly, -1, 0, 2); poly = clip(poly, 1, 0, Double(width) + 2)
        poly = clip(poly, 0, -1, 2); poly = clip(poly, 0, 1, Double(height) + 2)
        guard poly.count >= 3 else { return cov }
        // Orientation, for inside distances.
        var signed = 0.0
        for k in 0..<poly.count { signed += poly[k].x * poly[(k + 1) % poly.count].y - poly[(k + 1) % poly.count].x * poly[k].y }
        let orient = signed >= 0 ? 1.0 : -1.0
        let edges: [(nx: Double, ny: Double, c: Double)] = (0..<poly.count).compactMap { k in
            let p = poly[k], q = poly[(k + 1) % poly.count]
            let dx = q.x - p.x, dy = q.y - p.y, len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-12 else { return nil }
            // Inward normal (for y-down screen coordinates with this orientation).
            let nx = -dy / len * orient, ny = dx / len * orient
            return (nx, ny, nx * p.x + ny * p.y)
        }
        let minX = max(0, Int(poly.map(\.x).min()!.rounded(.down))), maxX = min(width - 1, Int(poly.map(\.x).max()!.rounded(.up)))
        let minY = max(0, Int(poly.map(\.y).min()!.rounded(.down))), maxY = min(height - 1, Int(poly.map(\.y).max()!.rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return cov }
        for y in minY...maxY {
            for x in minX...maxX {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let dists = edges.map { $0.nx * cx + $0.ny * cy - $0.c }  // > 0 inside
                let nearest = dists.min() ?? 0
                if nearest >= 0.75 { cov[y * width + x] = 1; continue }
                if nearest <= -0.75 { continue }
                var cell = poly
                cell = clip(cell, -1, 0, -Double(x)); cell = clip(cell, 1, 0, Double(x + 1))
                cell = clip(cell, 0, -1, -Double(y)); cell = clip(cell, 0, 1, Double(y + 1))
                cov[y * width + x] = area(cell)
            }
        }
        return cov
    }

    /// Pixels whose rendered alpha is not explained by the analytic coverage moved by at most
    /// one pixel. Hard limits: a pixel more than a pixel away from the polygon (zero coverage in
    /// its whole 3 × 3 neighbourhood) is empty, and one more than a pixel inside (full coverage in
    /// the whole neighbourhood) is full. Between them the alpha must lie within [min, max] of the
    /// analytic coverage over the neighbourhood, give or take `slack`; where under 1.5 px² of the
    /// shape lies in the neighbourhood (the tip of an acute corner, a sliver thinner than a pixel)
    /// the renderer's 1-pixel distance ramps cannot equal the exact area, so `thinSlack` applies.
    static func outsideOnePixelBand(_ image: RenderedImage, _ cov: [Double], slack: Double = 0.02, thinSlack: Double = 0.15) -> [String] {
        var bad: [String] = []
        let w = image.width, h = image.height
        for y in 0..<h {
            for x in 0..<w {
                var lo = 1.0, hi = 0.0, sum = 0.0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let xx = x + dx, yy = y + dy
                        let v = (xx >= 0 && yy >= 0 && xx < w && yy < h) ? cov[yy * w + xx] : 0
                        lo = min(lo, v); hi = max(hi, v); sum += v
                    }
                }
                let a = Double(image.pixel(x: x, y: y).a) / 255
                let allowed = sum < 1.5 ? thinSlack : slack
                let ok: Bool
                if hi == 0 {
                    ok = a <= 0.01
                } else if lo >= 1 {
                    ok = a >= 0.99
                } else {
                    ok = a >= lo - allowed && a <= hi + allowed
                }
                if !ok { bad.append(String(format: "(%d,%d) alpha %.3f, analytic %.3f…%.3f (%.2f px² near)", x, y, a, lo, hi, sum)) }
            }
        }
        return bad
    }

    // MARK: Finding corners in the image

    /// A line through `point` along `direction`.
    struct Line { var point: Point; var direction: Point }

    static func intersect(_ a: Line, _ b: Line) -> Point? {
        let det = a.direction.x * b.direction.y - a.direction.y * b.direction.x
        guard abs(det) > 1e-9 else { return nil }
        let t = ((b.point.x - a.point.x) * b.direction.y - (b.point.y - a.point.y) * b.direction.x) / det
        return Point(x: a.point.x + t * a.direction.x, y: a.point.y + t * a.direction.y)
    }

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(1e-12, dx * dx + dy * dy)))
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }

    /// Measures edge `k` of the analytic polygon `poly` in `image`: on each row (for a steep edge)
    /// or column (shallow) through the middle half of the edge, the summed alpha over a 9-pixel
    /// window across the edge is the length of the window that is covered, which puts the edge
    /// at the far (inside) end of the window minus that length. Windows that come within 2 px of
    /// another edge are skipped. Returns the measured points and the least-squares line.
    static func measureEdge(_ k: Int, of poly: [Point], in image: RenderedImage) -> (samples: [(measured: Point, analytic: Point)], line: Line?) {
        let n = poly.count
        let a = poly[k], b = poly[(k + 1) % n]
        let cx = poly.map(\.x).reduce(0, +) / Double(n), cy = poly.map(\.y).reduce(0, +) / Double(n)
        let steep = abs(b.y - a.y) >= abs(b.x - a.x)
        // Inward normal: towards the centroid.
        var nx = -(b.y - a.y), ny = b.x - a.x
        if nx * (cx - a.x) + ny * (cy - a.y) < 0 { nx = -nx; ny = -ny }
        // Along-axis coordinate u (y for steep edges, x for shallow ones) and across coordinate v.
        let (ua, ub) = steep ? (a.y, b.y) : (a.x, b.x)
        let (va, vb) = steep ? (a.x, b.x) : (a.y, b.y)
        let insidePositive = (steep ? nx : ny) > 0
        let uLo = min(ua, ub) + abs(ub - ua) * 0.25, uHi = max(ua, ub) - abs(ub - ua) * 0.25
        var samples: [(Point, Point)] = []
        var u0 = Int(uLo.rounded(.down))
        let limit = steep ? image.height : image.width
        while Double(u0) + 0.5 <= uHi {
            defer { u0 += 1 }
            let uc = Double(u0) + 0.5
            guard u0 >= 0, u0 < limit, Double(u0) + 0.5 >= uLo else { continue }
            let ve = va + (uc - ua) * (vb - va) / (ub - ua)
            let lo = Int(ve.rounded(.down)) - 4, hi = Int(ve.rounded(.down)) + 5  // window [lo, hi)
            guard lo >= 0, hi <= (steep ? image.width : image.height) else { continue }
            let window = (lo..<hi).map { v in steep ? Point(x: Double(v) + 0.5, y: uc) : Point(x: uc, y: Double(v) + 0.5) }
            let crowded = (0..<n).filter { $0 != k }.contains { j in
                window.contains { distance($0, toSegment: poly[j], poly[(j + 1) % n]) < 2 }
            }
            if crowded { continue }
            var covered = 0.0
            for v in lo..<hi {
                covered += Double(steep ? image.pixel(x: v, y: u0).a : image.pixel(x: u0, y: v).a) / 255
            }
            let vm = insidePositive ? Double(hi) - covered : Double(lo) + covered
            let measured = steep ? Point(x: vm, y: uc) : Point(x: uc, y: vm)
            let analytic = steep ? Point(x: ve, y: uc) : Point(x: uc, y: ve)
            samples.append((measured, analytic))
        }
        guard samples.count >= 4 else { return (samples.map { ($0.0, $0.1) }, nil) }
        // Least squares v = p + q·u.
        let us = samples.map { steep ? $0.0.y : $0.0.x }, vs = samples.map { steep ? $0.0.x : $0.0.y }
        let m = Double(us.count), su = us.reduce(0, +), sv = vs.reduce(0, +)
        let suu = us.reduce(0) { $0 + $1 * $1 }, suv = zip(us, vs).reduce(0) { $0 + $1.0 * $1.1 }
        let q = (m * suv - su * sv) / (m * suu - su * su), p = (sv - q * su) / m
        let line = steep
            ? Line(point: Point(x: p, y: 0), direction: Point(x: q, y: 1))
            : Line(point: Point(x: 0, y: p), direction: Point(x: 1, y: q))
        return (samples.map { ($0.0, $0.1) }, line)
    }

    // MARK: Corners in front of the eye

    nonisolated static let inFront: [Case] =
        [0.3, 1.2, 1.8, 2.6, 3.0].map { Case(theta: $0, axis: (0, 1, 0), d: 600) }
        + [0.3, 1.2, 1.8, 2.6, 3.0].map { Case(theta: $0, axis: (1, 0, 0), d: 600) }
        + [Case(theta: -2.2, axis: (1, 1, 0), d: 500), Case(theta: 1.9, axis: (0.3, 1, 0.4), d: 450),
           Case(theta: 2.6, axis: (0, 1, 0), d: 600, scale: 2), Case(theta: 1.8, axis: (1, 0, 0), d: 350, position: (190, 140))]

    /// The issue asks for 1 px. Corners are held to half a pixel and measured edge points to a
    /// quarter (the renderer's errors here are under 0.1 px), so a half-pixel slip between pixel
    /// centres and pixel corners, the classic projection mistake, cannot pass.
    @Test(arguments: inFront)
    func cornersFoundInTheImageLandWithinOnePixel(_ c: Case) throws {
        let corners = c.homogeneousCorners
        try #require(corners.allSatisfy { $0[2] > 0.05 }, "every corner in front of the eye")
        let image = render(c)
        let poly = c.visiblePolygon()
        try #require(poly.count == 4)
        var lines: [Line?] = []
        var residuals: [String] = []
        for k in 0..<4 {
            let (samples, line) = Self.measureEdge(k, of: poly, in: image)
            #expect(samples.count >= 6, "edge \(k) from \(poly[k]) to \(poly[(k + 1) % 4]): only \(samples.count) samples")
            // Each measured edge point lies within a quarter pixel of the analytic edge.
            for s in samples where hypot(s.measured.x - s.analytic.x, s.measured.y - s.analytic.y) > 0.25 {
                residuals.append("edge \(k): measured \(s.measured) analytic \(s.analytic)")
            }
            lines.append(line)
        }
        #expect(Array(residuals.prefix(5)) == [])
        for k in 0..<4 {
            // Corner k joins edge k − 1 (ending there) and edge k (starting there).
            guard let l1 = lines[(k + 3) % 4], let l2 = lines[k], let found = Self.intersect(l1, l2) else {
                Issue.record("corner \(k): edges not measurable")
                continue
            }
            let want = poly[k]
            let error = hypot(found.x - want.x, found.y - want.y)
            #expect(error <= 0.5, "corner \(k): found \(found), analytic \(want), \(String(format: "%.3f", error)) px apart")
        }
        // And the whole picture: every pixel within one pixel of the analytic coverage.
        let cov = Self.coverage(poly, width: image.width, height: image.height)
        #expect(Array(Self.outsideOnePixelBand(image, cov).prefix(5)) == [])
    }

    // MARK: Geometry behind the eye

    nonisolated static let behind: [Case] = [
        Case(theta: 0.9, axis: (0, 1, 0), d: 60),
        Case(theta: 1.3, axis: (0, 1, 0), d: 50),
        Case(theta: 2.0, axis: (0, 1, 0), d: 50),
        Case(theta: -2.3, axis: (0, 1, 0), d: 45, position: (170, 120)),
        Case(theta: 1.0, axis: (1, 0, 0), d: 40),
        Case(theta: 1.8, axis: (1, 0, 0), d: 40),
        Case(theta: -1.2, axis: (1, 0, 0), d: 35, position: (150, 100)),
        Case(theta: 1.4, axis: (1, 1, 0), d: 50),
        Case(theta: 1.8, axis: (1, 0, 0), d: 40, scale: 2),
    ]

    /// Some corners are behind the eye (w ≤ 0): the visible part is the card clipped at w = ε
    /// before the divide. Its rendered coverage must match the exact coverage of that polygon to
    /// within one pixel everywhere, and its total area closely.
    @Test(arguments: behind)
    func visiblePartOfGeometryBehindTheEyeMatchesTheClippedPolygon(_ c: Case) throws {
        let ws = c.homogeneousCorners.map { $0[2] }
        try #require(ws.contains { $0 <= 0 } && ws.contains { $0 > 0 }, "some corners behind the eye, some in front: w = \(ws)")
        let image = render(c)
        let poly = c.visiblePolygon()
        let cov = Self.coverage(poly, width: image.width, height: image.height)
        let analyticArea = cov.reduce(0, +)
        #expect(analyticArea > 200, "something visible on screen")
        #expect(Array(Self.outsideOnePixelBand(image, cov).prefix(5)) == [])
        var renderedArea = 0.0
        for y in 0..<image.height { for x in 0..<image.width { renderedArea += Double(image.pixel(x: x, y: y).a) / 255 } }
        // Antialiasing moves area only along the outline: within 0.05 px × the length of the
        // visible outline (the polygon cut to the image).
        var onScreen = poly
        onScreen = Self.clip(onScreen, -1, 0, 0); onScreen = Self.clip(onScreen, 1, 0, Double(image.width))
        onScreen = Self.clip(onScreen, 0, -1, 0); onScreen = Self.clip(onScreen, 0, 1, Double(image.height))
        let outline = (0..<onScreen.count).reduce(0.0) { sum, k in
            let p = onScreen[k], q = onScreen[(k + 1) % onScreen.count]
            return sum + hypot(q.x - p.x, q.y - p.y)
        }
        #expect(abs(renderedArea - analyticArea) <= 0.05 * outline, "rendered \(renderedArea) px² vs analytic \(analyticArea) px², outline \(outline) px")
    }

    /// The band check can fail: the same comparison against a card drawn 1.5 px off its place
    /// finds mismatches, so passing it means the picture really is within a pixel.
    @Test func oneAndAHalfPixelShiftIsCaught() throws {
        let c = Case(theta: 1.2, axis: (0, 1, 0), d: 600)
        var moved = c
        moved.position.0 += 1.5
        let poly = c.visiblePolygon()
        let image = render(moved)
        let cov = Self.coverage(poly, width: image.width, height: image.height)
        #expect(Self.outsideOnePixelBand(image, cov).count > 50)
        #expect(Self.outsideOnePixelBand(render(c), cov).isEmpty)
    }
}
