import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// `CALayer.flipbookInterposeAdd(_:)`: what exchanging `add(_:forKey:)` with a method of one's
/// own does on iOS (docs/Porting.md, "Method swizzling").
@Suite(.freshRuntime)
@MainActor
struct CALayerInterpositionTests {
    @Test func theReplacementRunsForEveryAddAndTheOriginalAdds() {
        var seen: [String?] = []
        CALayer.flipbookInterposeAdd { layer, animation, key in
            seen.append(key)
            // The swizzled method's call to itself: Core Animation's add.
            layer.flipbookOriginalAdd(animation, forKey: key)
        }
        defer { CALayer.flipbookInterposeAdd(nil) }
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        layer.add(fade, forKey: "fade")
        layer.add(fade, forKey: nil)
        #expect(seen == ["fade", nil])
        #expect(layer.animationKeys() == ["fade"], "the original added the keyed one (and the unkeyed one, with no key)")
        #expect(layer.animationEntries.count == 2)
    }

    @Test func aReplacementThatDoesNotCallTheOriginalSwallowsTheAnimation() {
        CALayer.flipbookInterposeAdd { _, _, _ in }
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        #expect(layer.animationKeys() == nil)
        // nil restores Core Animation's.
        CALayer.flipbookInterposeAdd(nil)
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        #expect(layer.animationKeys() == ["fade"])
    }
}
