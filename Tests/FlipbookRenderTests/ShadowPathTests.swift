import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// MARK: - Shadows with shadowPath

/// Shadows cast by `shadowPath` (not the bounds), moved by `shadowOffset`, blurred by
/// `shadowRadius`. The blur's expectation is the renderer's documented model (ShadowRasterizer:
/// a Gaussian of standard deviation `shadowRadius` points, the usual reading of Core Animation's
/// radius, CSS σ = blur / 2): across a straight edge of an opaque shape the shadow's alpha at
/// signed distance d outside the edge is Φ(−d / σ).
@MainActor
@Suite(.freshRuntime) struct ShadowPathTests {
    /// A transparent 200 × 200 root and a layer at (50, 50) of 100 × 100 with no background
    /// whose shadowPath is `path` (layer space): the image's alpha is the shadow's alpha.
    func scene(path: CGRect, offset: CGSize = .zero, radius: CGFloat = 0, frame: CGRect = CGRect(x: 50, y: 50, width: 100, height: 100))
        -> (root: CALayer, layer: CALayer)
    {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), nil)
        let l = makeLayer(frame, nil, in: root)
        withoutActions {
            l.shadowPath = CGPath(rect: path, transform: nil)
            l.shadowOpacity = 1
            l.shadowRadius = radius
            l.shadowOffset = offset
            l.shadowColor = CGColor(gray: 0, alpha: 1)
        }
        return (root, l)
    }

    /// The path (10, 20, 30, 40) in a layer whose bounds start at screen (50, 50) shadows screen
    /// x 60…90, y 70…110, exactly (radius 0, pixel-aligned edges), and nothing else of the bounds.
    @Test func shadowIsCastWhereThePathIsNotWhereTheBoundsAre() {
        let img = LayerRenderer(scale: 1).render(scene(path: CGRect(x: 10, y: 20, width: 30, height: 40)).root)
        #expect(extent(img) { $0.a > 0 } == [60, 70, 90, 110])
        #expect(matches(img.pixel(x: 75, y: 90), 0, 0, 0, 255))
        #expect(img.pixel(x: 120, y: 120).a == 0)  // inside the bounds, outside the path
        #expect(img.pixel(x: 52, y: 52).a == 0)
    }

    /// A path reaching outside an opaque body: the part beyond the bounds shows, the rest is
    /// under the body. A bounds-shaped shadow with zero offset would not show at all.
    @Test func pathOutsideTheBodyShowsBesideIt() {
        let (root, l) = scene(path: CGRect(x: 80, y: 30, width: 40, height: 20))  // screen x 130…170, y 80…100
        withoutActions { l.backgroundColor = pureRed }
        let img = LayerRenderer(scale: 1).render(root)
        #expect(matches(img.pixel(x: 160, y: 90), 0, 0, 0))    // shadow beyond the body's right edge (150)
        #expect(matches(img.pixel(x: 140, y: 90), 255, 0, 0))  // body above the shadow
        #expect(img.pixel(x: 160, y: 75).a == 0 && img.pixel(x: 160, y: 105).a == 0 && img.pixel(x: 175, y: 90).a == 0)
        #expect(extent(img) { $0.a > 0 && $0.r < 20 } == [150, 80, 170, 100])
    }

    /// shadowOffset (15, −10) moves the whole shadow right 15 and up 10 (y down, as on iOS).
    @Test func offsetMovesThePathShadow() {
        let img = LayerRenderer(scale: 1).render(
            scene(path: CGRect(x: 10, y: 20, width: 30, height: 40), offset: CGSize(width: 15, height: -10)).root)
        #expect(extent(img) { $0.a > 0 } == [75, 60, 105, 100])
        // At scale 2 the offset is still in points.
        let img2 = LayerRenderer(scale: 2).render(
            scene(path: CGRect(x: 10, y: 20, width: 30, height: 40), offset: CGSize(width: 15, height: -10)).root)
        #expect(extent(img2) { $0.a > 0 } == [150, 120, 210, 200])
    }

    /// A 100 × 100 path at screen x 50…150, y 50…150 (layer at (20, 20), path (30, 30)).
    func blurred(radius: CGFloat, scale: CGFloat = 1) -> RenderedImage {
        LayerRenderer(scale: scale).render(
            scene(path: CGRect(x: 30, y: 30, width: 100, height: 100), radius: radius,
                  frame: CGRect(x: 20, y: 20, width: 160, height: 160)).root)
    }

    /// Alpha along the middle row leftwards from the path's left edge (x = 50): entry k is the
    /// pixel whose centre is k + 0.5 pt outside the edge.
    func profileOutside(_ img: RenderedImage, scale: Int = 1, count: Int) -> [Int] {
        (0..<count).map { k in Int(img.pixel(x: 50 * scale - 1 - k, y: 100 * scale).a) }
    }

    @Test func zeroRadiusGivesAHardEdge() {
        let img = blurred(radius: 0)
        #expect(img.pixel(x: 50, y: 100).a == 255 && img.pixel(x: 49, y: 100).a == 0)
        #expect(img.pixel(x: 149, y: 100).a == 255 && img.pixel(x: 150, y: 100).a == 0)
        #expect(img.pixel(x: 100, y: 49).a == 0 && img.pixel(x: 100, y: 50).a == 255)
    }

    /// σ = 6.5 pt at scale 1: the three box passes (radius 6, variance 3 × 6 · 7 / 3 = 42 ≈ 6.5²)
    /// match the Gaussian closely, so the profile is held to the closed form within 3 levels on
    /// both sides of the edge.
    @Test func blurProfileMatchesTheGaussianClosedForm() {
        let sigma = 6.5
        let img = blurred(radius: CGFloat(sigma))
        var errors: [String] = []
        for k in [0, 1, 2, 4, 6, 9, 13, 18] {
            let d = Double(k) + 0.5
            let outside = Int(img.pixel(x: 49 - k, y: 100).a), inside = Int(img.pixel(x: 50 + k, y: 100).a)
            let wantOut = 255 * phi(-d / sigma), wantIn = 255 * phi(d / sigma)
            if abs(Double(outside) - wantOut) > 3 { errors.append("outside d=\(d): \(outside) vs \(wantOut)") }
            if abs(Double(inside) - wantIn) > 3 { errors.append("inside d=\(d): \(inside) vs \(wantIn)") }
        }
        #expect(errors == [])
    }

    /// The radius is in points: at scale 2, shadowRadius 3.25 pt is σ = 6.5 px (again box radius
    /// 6, matching the Gaussian), and pixel j outside the edge sits (j + 0.5) / 2 pt out.
    @Test func blurRadiusIsInPoints() {
        let sigma = 3.25
        let img = blurred(radius: CGFloat(sigma), scale: 2)
        var errors: [String] = []
        for j in [0, 1, 3, 6, 9, 13, 20] {
            let d = (Double(j) + 0.5) / 2
            let a = Int(img.pixel(x: 99 - j, y: 200).a)
            if abs(Double(a) - 255 * phi(-d / sigma)) > 3 { errors.append("d=\(d) pt: \(a) vs \(255 * phi(-d / sigma))") }
        }
        #expect(errors == [])
    }

    /// Alpha falls off monotonically with distance for every radius, a larger radius spreads the
    /// shadow further (more alpha at a fixed distance outside, less just inside the edge), and
    /// far outside every shadow has faded to nothing.
    @Test func largerRadiusSpreadsTheShadow() {
        let radii: [CGFloat] = [0, 2, 4.5, 6.5, 12]
        let profiles = radii.map { profileOutside(blurred(radius: $0), count: 40) }
        for (r, p) in zip(radii, profiles) {
            #expect(zip(p, p.dropFirst()).allSatisfy { $0 >= $1 }, "radius \(r): \(p)")
        }
        for d in [0, 2] {
            let atD = profiles.map { $0[d] }
            #expect(atD[0] == 0 && zip(atD, atD.dropFirst()).allSatisfy { $0 < $1 }, "alpha \(d).5 pt outside: \(atD)")
        }
        // 5.5 pt out: σ = 2 gives 255·Φ(−2.75) ≈ 0.76, then 28, 50 and 83 for the wider ones.
        let at5 = profiles.map { $0[5] }
        #expect(at5[0] == 0 && at5[1] <= 2 && at5[1] < at5[2] && at5[2] < at5[3] && at5[3] < at5[4], "alpha 5.5 pt outside: \(at5)")
        let at9 = profiles.map { $0[9] }  // 9.5 pt out: nothing within 2 pt radius, then growing
        #expect(at9[0] == 0 && at9[1] == 0 && at9[2] < at9[3] && at9[3] < at9[4], "alpha 9.5 pt outside: \(at9)")
        let insides = radii.map { Int(blurred(radius: $0).pixel(x: 52, y: 100).a) }  // 2.5 pt inside
        #expect(zip(insides, insides.dropFirst()).allSatisfy { $0 >= $1 } && insides.first == 255 && insides.last! < 200, "\(insides)")
        // 3σ + 1 pt out the 12 pt shadow is below Φ(−3.1)·255 ≈ 0.25: zero.
        #expect(profiles.last![37] <= 1)
    }

    /// Small whole-pixel radii, where whole boxes cannot make σ² (three boxes of radius r have
    /// variance r(r + 1), so σ = 2 px would blur like 2.45 px): the extended boxes' variance is
    /// exact. σ = 2 pt at scale 1, against the Φ(−d/σ) closed form with a 3-level tolerance.
    @Test func smallWholePixelRadiusMatchesTheClosedForm() {
        let sigma = 2.0
        let img = blurred(radius: CGFloat(sigma))
        var errors: [String] = []
        for k in [0, 1, 2, 3, 4, 5] {
            let d = Double(k) + 0.5
            let a = Int(img.pixel(x: 49 - k, y: 100).a)
            if abs(Double(a) - 255 * phi(-d / sigma)) > 3 { errors.append("d=\(d): \(a) vs \(255 * phi(-d / sigma))") }
        }
        #expect(errors == [])
    }

    /// The three extended boxes' variances add up to σ² (to the 16.16 weights' precision) for
    /// small, fractional and large σ, where whole boxes are off by up to half a pixel.
    @Test(arguments: [0.2, 0.5, 1.0, 1.5, 2.0, 2.7, 3.0, 6.0, 12.5, 40.0])
    func extendedBoxesMakeTheGaussiansVariance(sigma: Double) {
        let box = ShadowRasterizer.ExtendedBox(variance: sigma * sigma / 3)
        #expect(abs(3 * box.variance - sigma * sigma) <= 2e-4 * max(1, sigma * sigma), "σ \(sigma): r \(box.r)")
        #expect(box.outer >= 0 && box.outer <= box.inner)
        #expect((2 * box.r + 1) * box.inner + 2 * box.outer <= 65_536 && (2 * box.r + 1) * box.inner + 2 * box.outer > 65_536 - (2 * box.r + 1))
    }
}
