import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// Top-level groups whose content stays the same are composited from a kept raster
/// (`GroupCache`); every frame must still be the full redraw's, byte for byte.
@MainActor
@Suite(.freshRuntime) struct GroupCacheTests {
    /// Renders `frames` states with change tracking (and kept groups) and without; returns how
    /// many groups were kept after each frame.
    func compare(_ root: CALayer, frames: Int, step: (Int) -> Void) -> [Int] {
        let incremental = LayerRenderer(scale: 1), full = LayerRenderer(scale: 1)
        full.drawsOnlyChangedRegions = false
        incremental.backgroundColor = .black
        full.backgroundColor = .black
        var kept: [Int] = []
        for i in 0..<frames {
            withoutActions { step(i) }
            let a = incremental.render(root), b = full.render(root)
            let same = a == b  // compared first: a failure does not print two whole images
            #expect(same, "frame \(i) differs from the full redraw")
            kept.append(incremental.groups.count)
        }
        #expect(full.groups.count == 0)  // a full redraw keeps nothing
        return kept
    }

    /// A masked picture fading (as the test scene's), a translucent group with a nested group
    /// that a layer crosses, then content changes inside each and the groups going away.
    @Test func keptGroupsDrawTheFullRedrawsBytes() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 160, height: 120), white)
        let masked = makeLayer(CGRect(x: 90, y: 10, width: 60, height: 60), red, in: root)
        let stripe = makeLayer(CGRect(x: 0, y: 20, width: 60, height: 12), blue, in: masked)
        let mask = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 60), .black)
        let group = makeLayer(CGRect(x: 10, y: 30, width: 70, height: 70), blue, in: root)
        let inner = makeLayer(CGRect(x: 10, y: 10, width: 40, height: 40), red, in: group)
        _ = makeLayer(CGRect(x: 5, y: 5, width: 20, height: 20), white, in: inner)
        let mover = makeLayer(CGRect(x: 0, y: 50, width: 24, height: 24), CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.8), in: root)
        withoutActions {
            mask.cornerRadius = 30
            masked.mask = mask
            group.opacity = 0.7
            inner.opacity = 0.5  // a nested group: drawn into the kept raster with its parent
        }
        let kept = compare(root, frames: 14) { i in
            masked.opacity = Float(1 - 0.05 * Double(i))  // fades every frame
            mover.position = CGPoint(x: 12 + CGFloat(i) * 9, y: 62)  // crosses the translucent group
            if i == 8 { stripe.position.y += 7 }  // the masked group's content changes
            if i == 10 { inner.backgroundColor = blue }  // content inside the nested group changes
            if i == 12 { masked.mask = nil; masked.opacity = 1 }  // no longer a group
        }
        #expect(kept[0] == 0)  // the first frame has nothing to compare with
        #expect(kept[1] == 2)  // the same content in two frames running: kept
        #expect(kept[1...7].allSatisfy { $0 == 2 }, "both groups kept while their content stays: \(kept)")
        #expect(kept[13] <= 1)
    }

    /// A list with a backdrop blur keeps nothing (a backdrop reads what lies under it).
    @Test func listsWithABackdropKeepNothing() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 80, height: 60), white)
        let group = makeLayer(CGRect(x: 5, y: 5, width: 40, height: 40), red, in: root)
        _ = makeLayer(CGRect(x: 5, y: 5, width: 10, height: 10), blue, in: group)
        let glass = BackdropLayer()
        withoutActions {
            group.opacity = 0.5
            glass.frame = CGRect(x: 30, y: 20, width: 40, height: 30)
            glass.blurRadius = 4
            root.addSublayer(glass)
        }
        let kept = compare(root, frames: 5) { i in group.opacity = Float(0.5 + 0.1 * Double(i)) }
        #expect(kept.allSatisfy { $0 == 0 })
    }
}
