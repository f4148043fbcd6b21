import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// Pixel-level checks of layer features against expectations worked out by hand in each test
// (known colours at known pixels, extents from the documented placement rules, closed forms).
// Every colour used here is a pure primary so that "which layer is this pixel" is unambiguous.

private let pureRed = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let pureBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
private let pureGreen = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

/// `p` is (r, g, b, a) within `tolerance` per channel.
private func matches(_ p: RGBA, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, tolerance: Int = 1) -> Bool {
    abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
        && abs(Int(p.a) - a) <= tolerance
}

/// A `width` × `height` image of one straight-alpha colour (stored premultiplied, as CGImage is).
private func solidImage(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> CGImage? {
    CGImage(width: width, height: height, premultipliedRGBA: [UInt8](repeatElement([r, g, b, 255], count: width * height).joined()))
}

/// The smallest pixel rectangle `[x0, x1) × [y0, y1)` holding every pixel `test` accepts.
private func extent(_ image: RenderedImage, where test: (RGBA) -> Bool) -> [Int]? {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
    for y in 0..<image.height {
        for x in 0..<image.width where test(image.pixel(x: x, y: y)) {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        }
    }
    return x0 == .max ? nil : [x0, y0, x1, y1]
}

private func isRed(_ p: RGBA) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 && p.a > 200 }

/// Standard normal cumulative distribution.
private func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

// MARK: - zPosition and isHidden

@MainActor
@Suite(.cleanClock) struct SiblingOrderTests {
    /// Two 40 × 40 squares overlapping in x 20…40: `a` (red, added first) and `b` (blue, added
    /// second). Pixel (30, 20) is in the overlap, (10, 20) only in `a`, (50, 20) only in `b`.
    func scene() -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 40), white)
        let a = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), pureRed, in: root)
        let b = makeLayer(CGRect(x: 20, y: 0, width: 40, height: 40), pureBlue, in: root)
        return (root, a, b)
    }

    /// Core Animation draws siblings in ascending zPosition; equal zPositions keep the order of
    /// `sublayers` (a stable sort). The overlap pixel shows whichever is drawn last.
    @Test(arguments: [
        // (zPosition of a, zPosition of b, overlap shows red?)
        (0.0, 0.0, false),    // equal: insertion order, the later `b` on top
        (0.0, -1.0, true),    // the later sibling with lower zPosition goes beneath
        (5.0, 0.0, true),     // higher zPosition on top
        (-2.0, -1.0, false),  // both negative: still ascending
        (3.0, 3.0, false),    // equal and non-zero: insertion order
        (1.0, 0.5, true),
    ])
    func siblingsDrawInAscendingZPositionThenInsertionOrder(za: Double, zb: Double, redOnTop: Bool) {
        let (root, a, b) = scene()
        withoutActions {
            a.zPosition = CGFloat(za)
            b.zPosition = CGFloat(zb)
        }
        let img = LayerRenderer(scale: 1).render(root)
        let overlap = img.pixel(x: 30, y: 20)
        #expect(redOnTop ? matches(overlap, 255, 0, 0) : matches(overlap, 0, 0, 255), "overlap \(overlap)")
        // Outside the overlap each square shows whatever the order.
        #expect(matches(img.pixel(x: 10, y: 20), 255, 0, 0))
        #expect(matches(img.pixel(x: 50, y: 20), 0, 0, 255))
    }

    /// Re-ordering by zPosition in one renderer (whose change tracking redraws only what changed)
    /// gives the same picture as a fresh renderer.
    @Test func changingZPositionReordersInAKeptRenderer() {
        let (root, a, b) = scene()
        let r = LayerRenderer(scale: 1)
        var seen: [Bool] = []
        for zb in [0.0, -1.0, 1.0, -1.0] {
            withoutActions { b.zPosition = CGFloat(zb) }
            let kept = r.render(root)
            #expect(kept == LayerRenderer(scale: 1).render(root))
            seen.append(matches(kept.pixel(x: 30, y: 20), 255, 0, 0))
        }
        #expect(a.zPosition == 0)
        #expect(seen == [false, true, false, true])
    }

    /// Three siblings at one point with equal zPosition: the last of `sublayers` shows, including
    /// after `insertSublayer(_:at:)` puts a new one first.
    @Test func equalZPositionKeepsSublayersOrderIncludingInsertedLayers() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), white)
        let colors = [pureRed, pureGreen, pureBlue]
        for c in colors {
            let l = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), c, in: root)
            withoutActions { l.zPosition = 7 }
        }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10), 0, 0, 255))
        // Inserted at index 0 (drawn first, beneath) with the same zPosition: blue stays on top.
        let first = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(gray: 0, alpha: 1))
        withoutActions {
            first.zPosition = 7
            root.insertSublayer(first, at: 0)
        }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10), 0, 0, 255))
        // Given a higher zPosition, it goes on top although it is first in `sublayers`.
        withoutActions { first.zPosition = 8 }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10), 0, 0, 0))
    }

    /// zPosition orders siblings only: a sublayer with a huge zPosition stays inside its parent's
    /// place in the order (each layer's subtree is flattened into its plane, as in Core Animation
    /// without CATransformLayer).
    @Test func zPositionDoesNotLiftASublayerAboveItsParentsSiblings() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 40), white)
        let p1 = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), nil, in: root)
        let child = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), pureRed, in: p1)
        let p2 = makeLayer(CGRect(x: 20, y: 0, width: 40, height: 40), pureBlue, in: root)
        withoutActions { child.zPosition = 100 }
        let img = LayerRenderer(scale: 1).render(root)
        #expect(matches(img.pixel(x: 30, y: 20), 0, 0, 255))
        withoutActions { p1.zPosition = 1 }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 30, y: 20), 255, 0, 0))
        #expect(p2.zPosition == 0)
    }
}

@MainActor
@Suite(.cleanClock) struct HiddenLayerTests {
    /// White root; a red 40 × 40 parent at (10, 10) holding a blue 20 × 20 child at (10, 10) in
    /// its space (screen 20…40), with a green border and a shadow 30 pt to the right.
    func scene() -> (root: CALayer, parent: CALayer, child: CALayer) {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 60), white)
        let parent = makeLayer(CGRect(x: 10, y: 10, width: 40, height: 40), pureRed, in: root)
        let child = makeLayer(CGRect(x: 10, y: 10, width: 20, height: 20), pureBlue, in: parent)
        withoutActions {
            parent.borderWidth = 2
            parent.borderColor = pureGreen
            parent.shadowOpacity = 1
            parent.shadowRadius = 0
            parent.shadowOffset = CGSize(width: 45, height: 0)
            parent.shadowColor = CGColor(gray: 0, alpha: 1)
        }
        return (root, parent, child)
    }

    @Test func visibleSceneDrawsEveryPart() {
        let img = LayerRenderer(scale: 1).render(scene().root)
        #expect(matches(img.pixel(x: 15, y: 15), 255, 0, 0))   // parent body
        #expect(matches(img.pixel(x: 30, y: 30), 0, 0, 255))   // child
        #expect(matches(img.pixel(x: 10, y: 30), 0, 255, 0))   // parent border (inside the bounds)
        #expect(matches(img.pixel(x: 75, y: 30), 0, 0, 0))     // shadow at x 55…95
    }

    @Test func hiddenLayerAndItsWholeSubtreeAreNotDrawn() {
        let (root, parent, child) = scene()
        withoutActions {
            parent.isHidden = true
            child.isHidden = false  // an unhidden descendant of a hidden layer is not drawn either
        }
        let img = LayerRenderer(scale: 1).render(root)
        for (x, y) in [(15, 15), (30, 30), (10, 30), (75, 30)] {
            #expect(matches(img.pixel(x: x, y: y), 255, 255, 255), "(\(x), \(y)) shows \(img.pixel(x: x, y: y))")
        }
    }

    @Test func hiddenChildShowsItsParentBeneath() {
        let (root, _, child) = scene()
        withoutActions { child.isHidden = true }
        let img = LayerRenderer(scale: 1).render(root)
        #expect(matches(img.pixel(x: 30, y: 30), 255, 0, 0))
        #expect(matches(img.pixel(x: 75, y: 30), 0, 0, 0))  // the parent's shadow is still cast
    }

    /// Hiding and showing again in one renderer (change tracking on) matches fresh renders.
    @Test func togglingHiddenInAKeptRendererMatchesFreshRenders() {
        let (root, parent, _) = scene()
        let r = LayerRenderer(scale: 1)
        for hidden in [false, true, false, true] {
            withoutActions { parent.isHidden = hidden }
            let kept = r.render(root)
            #expect(kept == LayerRenderer(scale: 1).render(root))
            #expect(matches(kept.pixel(x: 30, y: 30), hidden ? 255 : 0, hidden ? 255 : 0, 255))
        }
    }

    /// A hidden root draws nothing at all: every pixel transparent.
    @Test func hiddenRootGivesATransparentImage() {
        let (root, _, _) = scene()
        withoutActions { root.isHidden = true }
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.width == 100 && img.height == 60)
        #expect(img.premultipliedPixels.allSatisfy { $0 == 0 })
    }
}

// MARK: - Shadows with shadowPath

/// Shadows cast by `shadowPath` (not the bounds), moved by `shadowOffset`, blurred by
/// `shadowRadius`. The blur's expectation is the renderer's documented model (ShadowRasterizer:
/// a Gaussian of standard deviation `shadowRadius` points, the usual reading of Core Animation's
/// radius, CSS σ = blur / 2): across a straight edge of an opaque shape the shadow's alpha at
/// signed distance d outside the edge is Φ(−d / σ).
@MainActor
@Suite(.cleanClock) struct ShadowPathTests {
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

// MARK: - Image placement: contentsScale and contentsGravity

@MainActor
@Suite(.cleanClock) struct ImagePlacementTests {
    /// A red `w` × `h` pixel image in a 100 × 60 layer filling a white root, gravity `g`.
    func render(_ g: CALayerContentsGravity, w: Int = 20, h: Int = 10, contentsScale: CGFloat = 1, scale: CGFloat = 1,
                bounds: CGRect = CGRect(x: 0, y: 0, width: 100, height: 60)) -> RenderedImage
    {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 60), white)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 60), nil, in: root)
        withoutActions {
            l.bounds = bounds
            l.contents = solidImage(w, h, 255, 0, 0)
            l.contentsGravity = g
            l.contentsScale = contentsScale
        }
        return LayerRenderer(scale: scale).render(root)
    }

    /// A 40 × 20 pixel image, gravity center in a 100 × 60 layer: at contentsScale 1 it is
    /// 40 × 20 pt (x 30…70, y 20…40); at contentsScale 2 it is 20 × 10 pt (x 40…60, y 25…35).
    @Test func contentsScaleDividesTheImagesPixelSize() {
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 1), where: isRed) == [30, 20, 70, 40])
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 2), where: isRed) == [40, 25, 60, 35])
        // contentsScale 4: 10 × 5 pt, x 45…55, y 27.5…32.5: rows 27 and 32 are half covered.
        let quarter = render(.center, w: 40, h: 20, contentsScale: 4)
        #expect(extent(quarter, where: isRed) == [45, 28, 55, 32])
        #expect(matches(quarter.pixel(x: 50, y: 27), 255, 128, 128, tolerance: 3) && matches(quarter.pixel(x: 50, y: 32), 255, 128, 128, tolerance: 3))
        // Rendered at scale 2 the same layouts double in pixels: sizes are in points.
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 2, scale: 2), where: isRed) == [80, 50, 120, 70])
        #expect(extent(render(.center, w: 40, h: 20, contentsScale: 1, scale: 2), where: isRed) == [60, 40, 140, 80])
        // A gravity that scales the image ignores contentsScale: resize fills the bounds either way.
        #expect(extent(render(.resize, w: 40, h: 20, contentsScale: 2), where: isRed) == [0, 0, 100, 60])
    }

    /// Where each positioning gravity puts a 20 × 10 pt image in a 100 × 60 layer, as pixel
    /// rectangles [x0, y0, x1, y1] on screen (y down).
    ///
    /// Core Animation names its gravities in its own y-up space: Apple's `contentsGravity`
    /// documentation says that when `contentsAreFlipped()` is true, `top` aligns the content to
    /// the *bottom* of the layer and `bottom` to the top. On iOS a UIKit layer's space is y-down,
    /// so (as iOS developers observe, and as UIKit's own `contentMode` → gravity mapping assumes:
    /// `.top` ↔ `.bottom`, see `UIView.ContentMode.contentsGravity`) `top` shows the image at the
    /// *visual bottom* and `bottom` at the visual top; left and right are not affected. This is
    /// what `ContentRasterizer.gravityRect` implements (y = maxY − h for "top…", minY for
    /// "bottom…"). Flipbook has no `geometryFlipped`, so no other case exists.
    @Test(arguments: [
        ("center", [40, 25, 60, 35]),
        ("left", [0, 25, 20, 35]),
        ("right", [80, 25, 100, 35]),
        ("top", [40, 50, 60, 60]),          // visual bottom
        ("bottom", [40, 0, 60, 10]),        // visual top
        ("topLeft", [0, 50, 20, 60]),       // visual bottom-left
        ("topRight", [80, 50, 100, 60]),    // visual bottom-right
        ("bottomLeft", [0, 0, 20, 10]),     // visual top-left
        ("bottomRight", [80, 0, 100, 10]),  // visual top-right
    ])
    func positioningGravityPlacesTheImage(gravity: String, expected: [Int]) {
        let img = render(CALayerContentsGravity(rawValue: gravity))
        #expect(extent(img, where: isRed) == expected)
        // Fully covered inside, untouched white just outside.
        #expect(matches(img.pixel(x: expected[0], y: expected[1]), 255, 0, 0))
        #expect(matches(img.pixel(x: expected[2] - 1, y: expected[3] - 1), 255, 0, 0))
        // At scale 2 the same rectangle in points.
        #expect(extent(render(CALayerContentsGravity(rawValue: gravity), scale: 2), where: isRed) == expected.map { $0 * 2 })
    }

    /// The gravity rectangle is taken within the layer's bounds, whatever their origin: moving
    /// `bounds.origin` (which shifts sublayers) does not move the contents on screen.
    @Test func boundsOriginDoesNotMoveTheContents() {
        let shifted = CGRect(x: 13, y: -7, width: 100, height: 60)
        #expect(extent(render(.bottomRight, bounds: shifted), where: isRed) == [80, 0, 100, 10])
        #expect(extent(render(.left, bounds: shifted), where: isRed) == [0, 25, 20, 35])
    }

    /// An image larger than the bounds with a corner gravity is pinned by that corner and spills
    /// out the opposite way (no masksToBounds): 140 × 80 pt, gravity bottomLeft (visual top-left)
    /// in the 100 × 60 layer covers x 0…140 (cut by the 100-pt root), y 0…80 (cut at 60).
    @Test func largerImageIsPinnedByItsGravityCorner() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 120), white)
        let l = makeLayer(CGRect(x: 30, y: 20, width: 100, height: 60), nil, in: root)
        withoutActions {
            l.contents = solidImage(140, 80, 255, 0, 0)
            l.contentsGravity = .bottomLeft
        }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isRed) == [30, 20, 170, 100])
        // topRight (visual bottom-right): layer x 100 − 140 = −40, y 60 − 80 = −20, so screen
        // x −10…130, y 0…80, cut at the root's left edge.
        withoutActions { l.contentsGravity = .topRight }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isRed) == [0, 0, 130, 80])
    }

    /// A sub-rectangle of the image (`contentsRect`, a sprite) is placed by gravity like a whole
    /// image and, without masksToBounds, spills outside the bounds just the same, as on iOS. An
    /// 80 × 40 px image, red on the left half and blue on the right, in a 20 × 20 layer at
    /// (40, 40), gravity center: the left half (40 × 40 pt) covers x, y 30…70 in red only, the
    /// right half the same square in blue only; with masksToBounds both are cut to 40…60.
    @Test func subRectangleOfTheImageSpillsLikeTheWholeImage() throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let l = makeLayer(CGRect(x: 40, y: 40, width: 20, height: 20), nil, in: root)
        var px = [UInt8](repeating: 255, count: 80 * 40 * 4)
        for k in 0..<(80 * 40) { px[k * 4] = k % 80 < 40 ? 255 : 0; px[k * 4 + 1] = 0; px[k * 4 + 2] = k % 80 < 40 ? 0 : 255 }
        let image = try #require(CGImage(width: 80, height: 40, premultipliedRGBA: px))
        let isBlue: (RGBA) -> Bool = { $0.b > 200 && $0.r < 60 && $0.g < 60 && $0.a > 200 }
        withoutActions {
            l.contents = image
            l.contentsGravity = .center
        }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isRed) == [10, 30, 50, 70])  // whole image: 80 × 40 pt
        withoutActions { l.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1) }
        let left = LayerRenderer(scale: 1).render(root)
        #expect(extent(left, where: isRed) == [30, 30, 70, 70])
        #expect(extent(left, where: isBlue) == nil)
        withoutActions { l.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1) }
        let right = LayerRenderer(scale: 1).render(root)
        #expect(extent(right, where: isBlue) == [30, 30, 70, 70])
        #expect(extent(right, where: isRed) == nil)
        withoutActions { l.masksToBounds = true }
        #expect(extent(LayerRenderer(scale: 1).render(root), where: isBlue) == [40, 40, 60, 60])
    }
}

// MARK: - Straight alpha from pixel(x:y:)

@MainActor
@Suite(.cleanClock) struct StraightAlphaTests {
    /// Pure red at opacity 0.5 over nothing: stored premultiplied as (≈128, 0, 0, ≈128);
    /// `pixel(x:y:)` un-premultiplies to (255, 0, 0, ≈128).
    @Test func translucentLayerReadsBackWithStraightAlpha() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), pureRed, in: root)
        withoutActions { l.opacity = 0.5 }
        let img = LayerRenderer(scale: 1).render(root)
        let p = img.pixel(x: 10, y: 10)
        #expect(p.r == 255 && p.g == 0 && p.b == 0 && abs(Int(p.a) - 128) <= 1, "\(p)")
        let k = (10 * 20 + 10) * 4
        let stored = Array(img.premultipliedPixels[k..<(k + 4)])
        #expect(abs(Int(stored[0]) - 128) <= 1 && stored[1] == 0 && stored[2] == 0 && stored[0] <= stored[3], "\(stored)")
    }

    /// A translucent background colour (0.4, 0.2, 0.8, 0.25): straight values 102, 51, 204 and
    /// alpha 64, within the 8-bit premultiplied storage's quantisation (255 / 64 / 2 ≈ 2, plus rounding).
    @Test func translucentBackgroundColourReadsBackUnpremultiplied() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 0.4, green: 0.2, blue: 0.8, alpha: 0.25))
        let p = LayerRenderer(scale: 1).render(root).pixel(x: 5, y: 5)
        #expect(matches(p, 102, 51, 204, 64, tolerance: 3), "\(p)")
    }

    /// Fully transparent pixels read as (0, 0, 0, 0); opaque ones unchanged.
    @Test func transparentAndOpaquePixels() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 10), nil)
        _ = makeLayer(CGRect(x: 10, y: 0, width: 10, height: 10), CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1), in: root)
        let img = LayerRenderer(scale: 1).render(root)
        #expect(img.pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(matches(img.pixel(x: 15, y: 5), 51, 153, 255, 255, tolerance: 1))
    }
}

// MARK: - Device presets and output sizes

@MainActor
@Suite(.cleanClock) struct DevicePresetTests {
    @Test func presetSizesAreApplesPointSizes() {
        #expect(DevicePreset.iPhoneSE.size == CGSize(width: 375, height: 667))
        #expect(DevicePreset.iPhone15.size == CGSize(width: 393, height: 852))
        #expect(DevicePreset.iPad.size == CGSize(width: 820, height: 1180))
        #expect([DevicePreset.iPhoneSE, .iPhone15, .iPad].map(\.nativeScale) == [2, 3, 2])
        #expect(DevicePreset.all == [.iPhoneSE, .iPhone15, .iPad])
        #expect(DevicePreset.named("IPHONE-15") == .iPhone15 && DevicePreset.named("ipad") == .iPad)
        #expect(DevicePreset.named("iphone-se") == .iPhoneSE && DevicePreset.named("pixel-8") == nil)
    }

    /// A screen-sized root renders to size × scale pixels, and a 1-pt layer in the screen's
    /// bottom-right corner fills exactly the last scale × scale pixels.
    @Test(arguments: [1, 2, 3])
    func screenRendersAtBoundsTimesScale(scale: Int) {
        for preset in DevicePreset.all {
            let w = Int(preset.size.width), h = Int(preset.size.height)
            let root = makeLayer(CGRect(origin: .zero, size: preset.size), nil)
            _ = makeLayer(CGRect(x: w - 1, y: h - 1, width: 1, height: 1), pureRed, in: root)
            let img = LayerRenderer(scale: CGFloat(scale)).render(root)
            let size: [Int] = [img.width, img.height], wanted: [Int] = [w * scale, h * scale]
            #expect(size == wanted, "\(preset) at \(scale)x")
            let corner: [Int] = [(w - 1) * scale, (h - 1) * scale, w * scale, h * scale]
            #expect(extent(img, where: isRed) == corner, "\(preset) at \(scale)x")
        }
    }
}

// MARK: - Decoded PNG and JPEG contents

@MainActor
@Suite(.cleanClock) struct DecodedImageContentsTests {
    /// 32 × 32 pixels in four opaque 16 × 16 quadrants: red top-left, green top-right, blue
    /// bottom-left, yellow bottom-right (16-pixel quadrants line up with JPEG's 16 × 16 blocks).
    static func quadrants() -> RenderedImage? {
        var px = [UInt8](repeating: 255, count: 32 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<32 {
                let k = (y * 32 + x) * 4
                let rgb: [UInt8] = switch (x < 16, y < 16) {
                case (true, true): [255, 0, 0]
                case (false, true): [0, 255, 0]
                case (true, false): [0, 0, 255]
                case (false, false): [255, 255, 0]
                }
                px[k] = rgb[0]; px[k + 1] = rgb[1]; px[k + 2] = rgb[2]
            }
        }
        return RenderedImage(width: 32, height: 32, premultipliedPixels: px)
    }

    static func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-render-tests-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    }

    /// The decoded image as contents of a 64 × 64 layer at (20, 10) in a white 100 × 90 root
    /// (gravity resize: 2 pt per image pixel). Quadrant centres land at (36, 26), (68, 26),
    /// (36, 58), (68, 58); the layer's outside stays white.
    func placed(_ image: CGImage) -> RenderedImage {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 90), white)
        let l = makeLayer(CGRect(x: 20, y: 10, width: 64, height: 64), nil, in: root)
        withoutActions { l.contents = image }
        return LayerRenderer(scale: 1).render(root)
    }

    func checkQuadrants(_ img: RenderedImage, tolerance: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let probes: [((Int, Int), [Int])] = [
            ((36, 26), [255, 0, 0]), ((68, 26), [0, 255, 0]), ((36, 58), [0, 0, 255]), ((68, 58), [255, 255, 0]),
            ((24, 14), [255, 0, 0]), ((79, 69), [255, 255, 0]),  // near the layer's corners, well inside quadrants
            ((10, 40), [255, 255, 255]), ((90, 40), [255, 255, 255]), ((50, 5), [255, 255, 255]), ((50, 80), [255, 255, 255]),
        ]
        for ((x, y), c) in probes {
            let p = img.pixel(x: x, y: y)
            #expect(matches(p, c[0], c[1], c[2], 255, tolerance: tolerance), "(\(x), \(y)): \(p), want \(c)", sourceLocation: sourceLocation)
        }
        // The layer's edges: x 20…84, y 10…74 (whatever the colour there, not white inside).
        #expect(extent(img) { !($0.r > 250 && $0.g > 250 && $0.b > 250) } == [20, 10, 84, 74], sourceLocation: sourceLocation)
    }

    @Test func pngWrittenAndDecodedShowsAtTheRightPlaceInTheRightColours() throws {
        let source = try #require(Self.quadrants())
        let url = Self.temporaryURL("quadrants.png")
        defer { try? FileManager.default.removeItem(at: url) }
        try source.write(to: url)
        let image = try #require(ImageDecoder.decode(contentsOf: url))
        #expect(image.width == 32 && image.height == 32)
        checkQuadrants(placed(image), tolerance: 1)
    }

    @Test func jpegFromFFmpegShowsAtTheRightPlaceInTheRightColours() throws {
        let source = try #require(Self.quadrants())
        let url = Self.temporaryURL("quadrants-src.png")
        defer { try? FileManager.default.removeItem(at: url) }
        try source.write(to: url)
        let jpeg = try FFmpeg.run(
            "ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", url.path, "-frames:v", "1", "-q:v", "2",
                       "-f", "image2pipe", "-c:v", "mjpeg", "pipe:1"])
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        let image = try #require(ImageDecoder.decode(data: jpeg))
        #expect(image.width == 32 && image.height == 32)
        // JPEG is lossy (chroma subsampled); 16 × 16 quadrants keep block centres within ±12.
        checkQuadrants(placed(image), tolerance: 12)
    }

    /// A PNG pixel of straight alpha 50 % blue decodes premultiplied and blends over white to
    /// (127, 127, 255).
    @Test func translucentPNGBlendsOverWhatIsBeneath() throws {
        let half = try #require(RenderedImage(width: 2, height: 2, premultipliedPixels: [UInt8](repeatElement([0, 0, 128, 128], count: 4).joined())))
        let image = try #require(ImageDecoder.decode(data: half.pngData()))
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), white)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), nil, in: root)
        withoutActions { l.contents = image }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10), 127, 127, 255, 255, tolerance: 1))
    }
}
