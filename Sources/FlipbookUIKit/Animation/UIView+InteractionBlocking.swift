import Foundation
import FlipbookQuartz

extension UIView {
    /// Whether an animation in flight on this view's layer keeps touches away from it: one made
    /// by a UIView animation block without `.allowUserInteraction`, or by a property animator
    /// whose `isUserInteractionEnabled` is false (docs/Semantics.md, "UIView animations").
    ///
    /// Read from the layer's animations themselves, so it ends exactly when they are removed
    /// (at their end, when interrupted, or when a test resets the clock).
    var isInteractionBlockedByAnimation: Bool {
        guard let keys = layer.animationKeys(), !keys.isEmpty else { return false }
        for key in keys {
            switch layer.animation(forKey: key)?.delegate {
            case let tracker as AnimationCompletionTracker where tracker.blocksInteraction: return true
            case let marker as AnimatorMarker where marker.blocksInteraction: return true
            default: continue
            }
        }
        return false
    }
}
