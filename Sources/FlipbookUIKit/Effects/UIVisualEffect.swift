import Foundation

/// The base of UIKit's visual effects (`UIBlurEffect`, `UIVibrancyEffect`): an immutable
/// description a `UIVisualEffectView` draws.
@preconcurrency @MainActor
open class UIVisualEffect: NSObject, NSCopying {
    public override init() { super.init() }

    /// Effects are immutable: a copy is the effect itself.
    public nonisolated func copy(with zone: NSZone? = nil) -> Any { self }
}
