import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Redrawing only what changed must give exactly the frames a full redraw gives.
@MainActor
@Suite(.freshRuntime) struct FrameDamageTests {
    /// Renders `frames` states with and without change tracking; every frame must be equal.
    func compareSequences(_ root: CALayer, frames: Int, scale: CGFloat = 1, background: CGColor? = .black, step: (Int) -> Void) -> [Int] {
        let incremental = LayerRenderer(scale: scale), full = LayerRenderer(scale: scale)
        full.drawsOnlyChangedRegions = false
        incremental.backgroundColor = background
        full.backgroundColor = background
        var redrawn: [Int] = []
        for i in 0..<frames {
            withoutActions { step(i) }
            let a = incremental.render(root), b = full.render(root)
            #expect(a == b, "frame \(i) differs from the full redraw")
            redrawn.append(incremental.lastRedrawnPixelCount)
        }
        return redrawn
    }

    @Test func testSceneSequenceMatchesFullRedraws() {
        let scene = TestScene(size: CGSize(width: 180, height: 320))
        let redrawn = compareSequences(scene.rootLayer, frames: 10, scale: 2) { i in scene.update(elapsed: Double(i) * 0.2) }
        let whole = 360 * 640
        #expect(redrawn[0] == whole)  // nothing shown yet: everything is drawn
        #expect(redrawn.dropFirst().allSatisfy { $0 < whole })  // the floor and title stay put
    }

    @Test func groupsMasksAndStructureChanges() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 90), white)
        let group = makeLayer(CGRect(x: 10, y: 10, width: 60, height: 50), blue, in: root)
        let child = makeLayer(CGRect(x: 5, y: 5, width: 30, height: 20), red, in: group)
        let masked = makeLayer(CGRect(x: 70, y: 30, width: 40, height: 40), red, in: root)
        let mask = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 40), .black)
        let mover = makeLayer(CGRect(x: 0, y: 60, width: 20, height: 20), blue, in: root)
        withoutActions {
            mask.cornerRadius = 20
            masked.mask = mask
            group.opacity = 0.6
        }
        let redrawn = compareSequences(root, frames: 12) { i in
            mover.position = CGPoint(x: 10 + CGFloat(i) * 7.5, y: 70)
            if i == 3 { group.opacity = 0.3 }  // a group fades: its whole area
            if i == 4 { child.backgroundColor = blue }  // content changes inside a group
            if i == 5 { mask.cornerRadius = 8 }  // the mask changes
            if i == 6 { group.opacity = 1 }  // no longer a group: the list's structure changes
            if i == 7 { masked.isHidden = true }
            if i == 8 { masked.isHidden = false; root.sublayerTransform = CATransform3DMakeTranslation(0.25, 0, 0) }
            if i == 9 { root.backgroundColor = red }
        }
        #expect(redrawn[1] < 120 * 90 / 2)  // only the mover's trail
        #expect(redrawn[6] == 120 * 90)  // structure changed: full redraw
    }

    @Test func rendererBackgroundChangeRedrawsEverything() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 40, height: 30), nil)
        _ = makeLayer(CGRect(x: 5, y: 5, width: 10, height: 10), red, in: root)
        let r = LayerRenderer(scale: 1)
        r.backgroundColor = .black
        _ = r.render(root)
        #expect(r.lastRedrawnPixelCount == 1200)
        let same = r.render(root)
        #expect(r.lastRedrawnPixelCount == 0)
        r.backgroundColor = .white
        let changed = r.render(root)
        #expect(r.lastRedrawnPixelCount == 1200)
        #expect(same.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0, b: 0, a: 255))
        #expect(changed.pixel(x: 0, y: 0) == RGBA(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func damageOfAMovedQuadCoversBothPlaces() throws {
        let src = Raster(width: 4, height: 4)
        func quad(at x: Double) -> DisplayItem {
            let h = Homography.scaleTranslate(sx: 1, sy: 1, tx: x, ty: 10)
            let corners = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)].map { c -> HPoint in
                let p = h.apply(c.0, c.1)
                return HPoint(x: p.x, y: p.y, w: p.w)
            }
            return .quad(QuadDraw(source: src, toSource: h.inverse!, polygon: PolygonClip.clipAndProject(corners), opacity: 1, clips: []))
        }
        let same = try #require(FrameDamage.between([quad(at: 5)], [quad(at: 5)], width: 50, height: 30))
        #expect(same.isEmpty)
        let moved = try #require(FrameDamage.between([quad(at: 5)], [quad(at: 30)], width: 50, height: 30))
        #expect(moved.columns(12) == (3, 36))  // old [5, 9) and new [30, 34), with 2 px of slack
        #expect(moved.columns(5) == (50, 0))  // rows the quads never touch stay clean
        #expect(FrameDamage.between([quad(at: 5)], [.beginGroup, quad(at: 5), .endGroup(opacity: 1, mask: nil)], width: 50, height: 30) == nil)
    }

    @Test func clippedColumnsGiveTheSameBytes() {
        var g = CompositorShortcutTests.Generator(state: 7)
        for _ in 0..<40 {
            guard let q = CompositorShortcutTests.quad(&g, size: 120) else { continue }
            Compositor.prepare(q)
            let whole = CompositorShortcutTests.destination(120), pieces = CompositorShortcutTests.destination(120)
            Compositor.draw(q, into: whole, share: .all)
            // Left and right parts of every row, split at a column that varies by row.
            var left = FrameDamage(width: 120, height: 120), right = FrameDamage(width: 120, height: 120)
            for y in 0..<120 {
                let cut = 30 + (y * 7) % 60
                left.add(PixelRect(x0: 0, y0: y, x1: cut, y1: y + 1))
                right.add(PixelRect(x0: cut, y0: y, x1: 120, y1: y + 1))
            }
            Compositor.draw(q, into: pieces, share: .all, damage: left)
            Compositor.draw(q, into: pieces, share: .all, damage: right)
            #expect(pieces.pixels == whole.pixels)
        }
    }

    @Test func staticBackdropIsKeptWhileItsLayersStayPut() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 80), white)
        let floor = makeLayer(CGRect(x: 0, y: 40, width: 100, height: 40), blue, in: root)
        let backdropGroup = makeLayer(CGRect(x: 60, y: 5, width: 30, height: 30), red, in: root)
        _ = makeLayer(CGRect(x: 5, y: 5, width: 10, height: 10), blue, in: backdropGroup)
        let mover = makeLayer(CGRect(x: 0, y: 30, width: 16, height: 16), red, in: root)
        withoutActions {
            backdropGroup.opacity = 0.5  // a group among the static layers
            var t = CATransform3DIdentity
            t.m34 = -1 / 200
            floor.transform = CATransform3DConcat(CATransform3DMakeRotation(0.6, 1, 0, 0), t)
        }
        _ = compareSequences(root, frames: 12) { i in
            mover.position = CGPoint(x: 8 + CGFloat(i) * 7, y: 38 + CGFloat(i % 3))
            if i == 5 { floor.backgroundColor = red }  // the backdrop's own layer changes
            if i == 8 { backdropGroup.opacity = 0.7 }
        }
    }

    @Test func staticPrefixCutsOnlyOutsideGroups() {
        let q = QuadDraw(source: Raster(width: 1, height: 1), toSource: .identity, polygon: [], opacity: 1, clips: [])
        let r = QuadDraw(source: Raster(width: 1, height: 1), toSource: .identity, polygon: [], opacity: 0.5, clips: [])
        let a: [DisplayItem] = [.quad(q), .beginGroup, .quad(q), .endGroup(opacity: 0.5, mask: nil), .quad(q), .beginGroup, .quad(q)]
        let b: [DisplayItem] = [.quad(q), .beginGroup, .quad(q), .endGroup(opacity: 0.5, mask: nil), .quad(q), .beginGroup, .quad(r)]
        #expect(FrameDamage.staticPrefix(a, b) == 5)  // not 6: a group is open there
        #expect(FrameDamage.staticPrefix(a, [.quad(r)]) == 0)
        #expect(FrameDamage.staticPrefix(a, a) == 5)
    }
}
