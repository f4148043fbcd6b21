import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Snapshot tiles (issue 37 C2): hundreds of small quads, each a window of one shared picture,
/// turned, scaled and faded. The compositor skips their rows' interior search when every pixel
/// they reach lies far inside the picture (`QuadJob.insideEverywhere`); the bytes must stay
/// those of the per-pixel path.
@Suite(.cleanClock) struct CompositorTileTests {
    typealias Generator = CompositorShortcutTests.Generator

    /// A picture with opaque, translucent and transparent texels and no flat part.
    static func picture() -> Raster {
        let w = 160, h = 120
        let r = Raster(width: w, height: h)
        let words = UnsafeMutableRawPointer(r.data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            for x in 0..<w {
                let word: UInt32
                switch (x / 9 + y / 7) % 4 {
                case 0: word = 0
                case 1: word = 0x8020_1040 | UInt32(x % 32)
                default: word = 0xFF00_0000 | UInt32(x) | UInt32(y * 2) << 8 | UInt32((x + y) & 255) << 16
                }
                words[y * w + x] = word
            }
        }
        return r
    }

    /// A window of `picture` drawn as `DisplayListBuilder.quad` draws a `contentsRect` tile:
    /// outline of the window through the map, the whole picture as the source.
    static func tile(_ g: inout Generator, picture: Raster, size: Int) -> QuadDraw? {
        let side = g.next() < 0.7 ? 20.0 : g.range(6, 30)
        // Mostly well inside the picture, sometimes against (or over) its edges.
        let x = g.next() < 0.8 ? g.range(8, Double(picture.width) - side - 8) : g.range(-2, Double(picture.width) - side + 2)
        let y = g.next() < 0.8 ? g.range(8, Double(picture.height) - side - 8) : g.range(-2, Double(picture.height) - side + 2)
        let whole = g.next() < 0.7
        let window = CGRect(
            x: whole ? x.rounded() : x, y: whole ? y.rounded() : y, width: whole ? side.rounded() : side, height: whole ? side.rounded() : side)
        var m = CATransform3DMakeTranslation(-window.midX, -window.midY, 0)
        let kind = g.next()
        if kind < 0.2 {
            // Not turned: a fractional translation (the row-invariant search), sometimes scaled.
            let s = g.next() < 0.5 ? 1 : CGFloat(g.range(0.5, 2))
            m = CATransform3DConcat(m, CATransform3DMakeScale(s, s, 1))
        } else {
            let s = CGFloat(g.range(0.4, 2.5))
            m = CATransform3DConcat(m, CATransform3DMakeScale(s, s * CGFloat(g.range(0.8, 1.2)), 1))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(g.range(-3.2, 3.2)), 0, 0, 1))
        }
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(
            CGFloat(size) / 2 + CGFloat(g.range(-60, 60)), CGFloat(size) / 2 + CGFloat(g.range(-60, 60)), 0))
        let forward = Homography(planeOf: LayerGeometry.flatten(m))
        guard let inverse = forward.inverse else { return nil }
        let polygon = PolygonClip.clipAndProject(window, through: forward)
        guard polygon.count >= 3 else { return nil }
        let opacity = g.next() < 0.4 ? 1 : g.range(0.02, 1)
        return QuadDraw(source: picture, toSource: inverse, polygon: polygon, opacity: opacity, clips: [], sourceWindow: window)
    }

    @Test func tilesOfOnePictureGiveTheBytesOfThePerPixelPath() {
        var g = Generator(state: 37)
        let size = 120
        let picture = Self.picture()
        var drawn = 0, fast = 0, searched = 0
        for _ in 0..<300 {
            guard let q = Self.tile(&g, picture: picture, size: size) else { continue }
            Compositor.prepare(q)
            if QuadJob(quad: q, dest: Raster(width: size, height: size)).insideEverywhere { fast += 1 } else { searched += 1 }
            if CompositorShortcutTests.drawsLikeThePerPixelPath(q, size: size, shares: 2) { drawn += 1 }
        }
        #expect(drawn > 200)
        // Both kinds are exercised: tiles far inside take the shortcut, tiles at the edges do not.
        #expect(fast > 150)
        #expect(searched > 20)
    }

    /// The shortcut is refused where the per-row search could narrow anything: a tile at the
    /// picture's edge, a quad with a clip, a perspective map, a reference (no shortcuts) job.
    @Test func theShortcutIsTakenOnlyFarInsideThePicture() {
        let picture = Self.picture()
        let dest = Raster(width: 120, height: 120)
        func quad(window: CGRect, at p: CGPoint, clips: [ClipShape] = [], perspective: Bool = false) -> QuadDraw {
            var m = CATransform3DMakeTranslation(-window.minX + p.x, -window.minY + p.y, 0)
            if perspective { m.m34 = -1 / 500; m.m14 = 0.0005 }
            let forward = Homography(planeOf: LayerGeometry.flatten(m))
            return QuadDraw(
                source: picture, toSource: forward.inverse!, polygon: PolygonClip.clipAndProject(window, through: forward), opacity: 0.5,
                clips: clips, sourceWindow: window)
        }
        let middle = CGRect(x: 60.25, y: 40.5, width: 20, height: 20)
        #expect(QuadJob(quad: quad(window: middle, at: CGPoint(x: 30.3, y: 40.7)), dest: dest).insideEverywhere)
        #expect(!QuadJob(quad: quad(window: middle, at: CGPoint(x: 30.3, y: 40.7)), dest: dest, shortcuts: false).insideEverywhere)
        #expect(!QuadJob(quad: quad(window: middle, at: CGPoint(x: 30.3, y: 40.7), perspective: true), dest: dest).insideEverywhere)
        // Within three texels of the picture's left edge: the slack pixels reach past it.
        let edge = CGRect(x: 2, y: 40, width: 20, height: 20)
        #expect(!QuadJob(quad: quad(window: edge, at: CGPoint(x: 30.3, y: 40.7)), dest: dest).insideEverywhere)
        let clip = ClipShape(toShape: .identity, shape: RoundedRectShape(
            rect: CGRect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 4, maskedCorners: [.layerMinXMinYCorner], curve: .circular))
        #expect(!QuadJob(quad: quad(window: middle, at: CGPoint(x: 30.3, y: 40.7), clips: [clip]), dest: dest).insideEverywhere)
    }

    /// Sublayers whose zPositions never decrease are drawn in list order without sorting; any
    /// other list (and NaN) goes through the sort by (zPosition, index).
    @MainActor @Test func drawingOrderIsTheSortByZPositionThenIndex() {
        func order(_ zs: [CGFloat]) -> ([Int], [Int]) {
            let layers = zs.enumerated().map { i, z -> CALayer in
                let l = CALayer()
                l.zPosition = z
                l.name = "\(i)"
                return l
            }
            let sorted = layers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            return (DisplayListBuilder.drawingOrder(layers).map { Int($0.name!)! }, sorted.map(\.offset))
        }
        for zs: [CGFloat] in [[], [0], [0, 0, 0], [-1, 0, 0, 2], [0, -0.0, 0], [1, 0, 2], [0, .nan, 1], [3, 2, 1], [0, 1, 1, 0.5]] {
            let (fast, reference) = order(zs)
            #expect(fast == reference, "\(zs)")
        }
        #expect(order([1, 0, 2]).0 == [1, 0, 2])
    }
}
