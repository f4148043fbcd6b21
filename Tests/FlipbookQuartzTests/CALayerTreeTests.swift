import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// The layer tree: adding, inserting, replacing and removing sublayers, and setting `sublayers`,
/// keep every superlayer link and sublayer list consistent, and nothing can make a cycle.
@Suite(.freshRuntime)
@MainActor
struct CALayerTreeTests {
    /// Regression test from the FlipbookQuartz audit: setting `sublayers` keeps the tree
    /// consistent: the new layers leave their old superlayer, replaced children are detached, and
    /// an empty array reads back as nil.
    @Test func settingSublayersMovesLayersAndClearsOldChildren() {
        let p1 = CALayer(), p2 = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        p1.addSublayer(a)
        p1.addSublayer(b)
        p2.addSublayer(c)
        p2.sublayers = [a, b]
        #expect(a.superlayer === p2 && b.superlayer === p2)
        #expect(p1.sublayers == nil)  // they left their old superlayer
        #expect(c.superlayer == nil)  // the replaced child was detached
        p2.sublayers = [b]
        #expect(a.superlayer == nil && b.superlayer === p2)
        p2.sublayers = nil
        #expect(b.superlayer == nil && p2.sublayers == nil)
        p2.sublayers = []
        #expect(p2.sublayers == nil)
    }

    /// Regression test from the FlipbookQuartz audit: a `sublayers` array with duplicates or with
    /// an ancestor of the layer is reported and those entries are dropped, so the tree stays a
    /// tree.
    @Test func settingSublayersDropsDuplicatesAndCycles() {
        let root = CALayer(), child = CALayer(), a = CALayer(), b = CALayer()
        root.addSublayer(child)
        var seen = reports { child.sublayers = [a, b, a] }
        #expect(child.sublayers?.count == 2 && child.sublayers?[0] === a && child.sublayers?[1] === b)
        #expect(seen.contains { $0.key == "CALayer.sublayers.duplicates" })
        seen = reports { child.sublayers = [a, root, child] }
        #expect(seen.filter { $0.key == "CALayer.cycle.sublayers" }.count == 2)
        #expect(child.sublayers?.count == 1 && child.sublayers?[0] === a)
        #expect(root.superlayer == nil && child.superlayer === root && b.superlayer == nil)
    }

    /// Regression test from the FlipbookQuartz audit: `addSublayer`, `insertSublayer` and
    /// `replaceSublayer` refuse (and report) a layer that would make a cycle.
    @Test func addingAnAncestorIsRefused() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let seen = reports {
            grandchild.addSublayer(root)
            child.insertSublayer(child, at: 0)
            grandchild.insertSublayer(child, above: nil)
            child.replaceSublayer(grandchild, with: root)
        }
        #expect(seen.filter { $0.key?.hasPrefix("CALayer.cycle.") == true }.count == 4)
        #expect(root.superlayer == nil && child.superlayer === root && grandchild.superlayer === child)
        #expect(root.sublayers?.count == 1 && child.sublayers?.count == 1 && grandchild.sublayers == nil)
        #expect(seen.first?.message.contains("cycle") == true)
    }

    /// `insertSublayer(_:at:)`, `(_:below:)` and `(_:above:)` put layers where Apple documents,
    /// move a layer already in the tree, clamp an index past the end, and read a nil sibling as the
    /// back or the front.
    @Test func insertSublayerPlacesAndMovesLayers() {
        let root = CALayer()
        let (a, b, c, d, e, f) = (CALayer(), CALayer(), CALayer(), CALayer(), CALayer(), CALayer())
        for (l, n) in [(a, "a"), (b, "b"), (c, "c"), (d, "d"), (e, "e"), (f, "f")] { l.name = n }
        func order() -> String { (root.sublayers ?? []).compactMap(\.name).joined() }
        root.addSublayer(a)
        root.addSublayer(b)
        root.addSublayer(c)
        root.insertSublayer(d, at: 1)
        #expect(order() == "adbc")
        root.insertSublayer(e, below: c)
        #expect(order() == "adbec")
        root.insertSublayer(f, above: a)
        #expect(order() == "afdbec")
        root.insertSublayer(c, below: a)  // moves within the same superlayer
        #expect(order() == "cafdbe")
        root.insertSublayer(c, above: e)
        #expect(order() == "afdbec")
        root.insertSublayer(a, at: 99)  // clamped to the end
        #expect(order() == "fdbeca")
        let x = CALayer(), y = CALayer()
        x.name = "x"
        y.name = "y"
        root.insertSublayer(x, below: nil)  // the back
        root.insertSublayer(y, above: nil)  // the front
        #expect(order() == "xfdbecay")
        #expect([a, b, c, d, e, f, x, y].allSatisfy { $0.superlayer === root })
    }

    /// `replaceSublayer(_:with:)` and `removeFromSuperlayer()` keep every superlayer link right,
    /// and do nothing when there is nothing to replace or remove.
    @Test func replaceAndRemoveKeepSuperlayersRight() {
        let root = CALayer(), other = CALayer()
        let (a, b, g) = (CALayer(), CALayer(), CALayer())
        root.addSublayer(a)
        root.addSublayer(b)
        other.addSublayer(g)
        root.replaceSublayer(a, with: g)
        #expect(root.sublayers?.first === g && root.sublayers?.count == 2)
        #expect(g.superlayer === root && a.superlayer == nil && other.sublayers == nil)
        root.replaceSublayer(a, with: CALayer())  // a is no longer a sublayer: nothing happens
        #expect(root.sublayers?.first === g && root.sublayers?.count == 2)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil && root.sublayers?.count == 1)
        g.removeFromSuperlayer()
        #expect(root.sublayers == nil)  // nil when there are none, as on iOS
        g.removeFromSuperlayer()  // no superlayer: nothing happens
        #expect(g.superlayer == nil)
    }
}
