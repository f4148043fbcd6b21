import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// A layer animates implicitly only once a transaction has committed it in a window's tree
/// (docs/Semantics.md, "Implicit animations of new layers").
@Suite(.freshRuntime)
@MainActor
struct ImplicitActionCommitTests {
    final class Delegate: NSObject, CALayerDelegate {
        var asked: [String] = []
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            asked.append(event)
            return NSNull()
        }
    }

    /// A window's root layer, hosted by the test's runtime.
    func hostedRoot() -> CALayer {
        let root = CALayer()
        root.hostRuntime = AppRuntime.current
        CATransaction.flush()
        return root
    }

    @Test func aNewLayerSetUpAndAddedDoesNotAnimateUntilCommitted() {
        let root = hostedRoot()
        let overlay = CALayer()
        overlay.frame = CGRect(x: 0, y: 0, width: 300, height: 600)
        overlay.opacity = 0
        root.addSublayer(overlay)
        overlay.backgroundColor = CGColor(gray: 0, alpha: 1)
        #expect(overlay.animationKeys() == nil, "nothing animates in the turn the layer is made")
        CATransaction.flush()
        #expect(overlay.hasBeenCommitted)
        overlay.opacity = 0.4
        #expect(overlay.animationKeys() == ["opacity"], "once committed, a change animates")
    }

    @Test func sublayersBroughtAlongAreCommittedWithTheirParent() {
        let root = hostedRoot()
        let group = CALayer()
        let child = CALayer()
        group.addSublayer(child)
        root.addSublayer(group)
        CATransaction.flush()
        child.position = CGPoint(x: 10, y: 10)
        #expect(child.animationKeys() == ["position"])
    }

    @Test func aLayerNoWindowHostsNeverAnimatesImplicitly() {
        let loose = CALayer()
        let child = CALayer()
        loose.addSublayer(child)
        CATransaction.flush()
        child.opacity = 0.5
        loose.opacity = 0.5
        #expect(child.animationKeys() == nil && loose.animationKeys() == nil)
        #expect(!child.hasBeenCommitted)
    }

    @Test func aDelegateIsAskedEvenBeforeTheCommit() {
        let layer = CALayer()
        let delegate = Delegate()
        layer.delegate = delegate
        layer.opacity = 0.5
        #expect(delegate.asked == ["opacity"])
    }
}
