import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// `presentation()` refills a plain layer's previous copy when nobody holds it any more. These
/// pin that the refill is invisible: a held copy never changes, and a refilled tree equals what
/// fresh copies would show (values, sublayers, superlayers, masks, model links), whatever
/// changed in between.
@Suite(.freshRuntime)
@MainActor
struct PresentationReuseTests {
    let clock = MediaClock.main

    /// parent → [a, b]; a animates its x from 0 to 100 over 1 s.
    func tree() -> (CALayer, CALayer, CALayer) {
        let parent = makeLayer(), a = makeLayer(), b = makeLayer()
        quietly {
            parent.addSublayer(a)
            parent.addSublayer(b)
            b.opacity = 0.25
        }
        a.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "x")
        return (parent, a, b)
    }

    @Test func aReleasedTreeIsRefilledWithTheNewFramesValues() {
        let (parent, a, b) = tree()
        clock.advance(by: 0.25)
        var first: CALayer? = parent.presentation()
        let firstID = first.map(ObjectIdentifier.init)
        #expect(close(first?.sublayers?[0].position.x ?? .nan, 25))
        first = nil
        clock.advance(by: 0.25)
        let second = parent.presentation()
        #expect(second.map(ObjectIdentifier.init) == firstID)  // the same object, refilled
        #expect(close(second?.sublayers?[0].position.x ?? .nan, 50))
        #expect(second?.sublayers?[1].opacity == 0.25)
        #expect(second?.sublayers?.map { ObjectIdentifier($0.model()) } == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(second?.sublayers?.allSatisfy { $0.superlayer === second } == true)
        #expect(second?.superlayer == nil && second?.model() === parent)
        a.removeAllAnimations()
    }

    @Test func aHeldCopyNeverChanges() {
        let (parent, a, _) = tree()
        clock.advance(by: 0.25)
        let held = parent.presentation()
        let heldChild = held?.sublayers?[0]
        clock.advance(by: 0.5)
        let next = parent.presentation()
        #expect(next !== held && next?.sublayers?[0] !== heldChild)
        #expect(close(held?.sublayers?[0].position.x ?? .nan, 25) && close(heldChild?.position.x ?? .nan, 25))
        #expect(close(next?.sublayers?[0].position.x ?? .nan, 75))
        #expect(heldChild?.superlayer === held)
        a.removeAllAnimations()
    }

    /// Holding only a sublayer's copy keeps that one unchanged while its old parent is refilled.
    @Test func aHeldSublayerCopyIsNotRefilled() {
        let (parent, a, _) = tree()
        clock.advance(by: 0.25)
        var root: CALayer? = parent.presentation()
        let child = root?.sublayers?[0]
        root = nil
        clock.advance(by: 0.5)
        let next = parent.presentation()
        #expect(next?.sublayers?[0] !== child)
        #expect(close(child?.position.x ?? .nan, 25) && close(next?.sublayers?[0].position.x ?? .nan, 75))
        a.removeAllAnimations()
    }

    /// Structure changes between frames: a removed sublayer leaves, a new one appears, a mask
    /// comes and goes, and a layer that was a sublayer's copy can become a root copy.
    @Test func structureChangesShowInRefilledTrees() {
        let (parent, a, b) = tree()
        _ = parent.presentation()
        let c = makeLayer(), mask = makeLayer()
        quietly {
            b.removeFromSuperlayer()
            parent.addSublayer(c)
            parent.mask = mask
        }
        let p1 = parent.presentation()
        #expect(p1?.sublayers?.map { ObjectIdentifier($0.model()) } == [ObjectIdentifier(a), ObjectIdentifier(c)])
        #expect(p1?.mask?.model() === mask && p1?.mask?.superlayer == nil)
        quietly { parent.mask = nil }
        let p2 = parent.presentation()
        #expect(p2?.mask == nil && p2?.sublayers?.count == 2)
        // `a` on its own: its copy was a sublayer's last time; now it is a root.
        let alone = a.presentation()
        #expect(alone?.superlayer == nil && alone?.model() === a)
        a.removeAllAnimations()
    }

    /// Values set on a released copy (as a user may do) are not carried into the next one.
    @Test func changesMadeToAReleasedCopyDoNotLeak() {
        let layer = makeLayer()
        quietly { layer.opacity = 0.5 }
        var p = layer.presentation()
        p?.opacity = 0.1
        p?.setValue(3, forKey: "custom")
        p = nil
        let q = layer.presentation()
        #expect(q?.opacity == 0.5)
        #expect(q?.value(forKey: "custom") == nil)
        // A copy that was given sublayers of its own does not keep them either.
        var r = layer.presentation()
        r?.addSublayer(CALayer())
        r = nil
        #expect(layer.presentation()?.sublayers == nil)
    }

    /// The model is not kept alive by its copies, and the copies not by the model's cache
    /// alone once the model is gone.
    @Test func modelsAreReleasedWithTheirCopies() {
        weak var model: CALayer?
        weak var copy: CALayer?
        do {
            let m = CALayer()  // no property set: nothing pending in a transaction
            model = m
            copy = m.presentation()
            #expect(copy?.model() === m)
        }
        #expect(model == nil && copy == nil)
    }
}
