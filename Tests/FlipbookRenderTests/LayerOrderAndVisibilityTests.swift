import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

// MARK: - zPosition and isHidden

@MainActor
@Suite(.freshRuntime) struct SiblingOrderTests {
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
@Suite(.freshRuntime) struct HiddenLayerTests {
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
