import Foundation

/// A change to a view's properties driven by how the device is tilted, UIKit's abstract
/// `UIMotionEffect`. Subclasses answer `keyPathsAndRelativeValues(forViewerOffset:)`.
///
/// Flipbook has no device motion: the viewer offset is always zero, so the effects a view
/// carries (`UIView.motionEffects`) are kept and answer questions but never move the view
/// (docs/Divergences.md).
@preconcurrency @MainActor
open class UIMotionEffect: NSObject {
    public override init() { super.init() }

    /// The key paths to change and the amounts to add to them for `viewerOffset` (each
    /// component from -1 to 1). The default answers nil (nothing changes).
    open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? { nil }
}

/// A motion effect that moves one key path between two values as the device tilts about one
/// axis, UIKit's `UIInterpolatingMotionEffect`.
@preconcurrency @MainActor
open class UIInterpolatingMotionEffect: UIMotionEffect {
    /// The axis of tilt the effect follows.
    public enum EffectType: Int, Sendable {
        case tiltAlongHorizontalAxis = 0
        case tiltAlongVerticalAxis = 1
    }

    /// The key path changed (e.g. "center.x", "layer.transform").
    open private(set) var keyPath: String
    /// The axis followed.
    open private(set) var type: EffectType
    /// The relative value at offset -1 (a number).
    open var minimumRelativeValue: Any?
    /// The relative value at offset 1 (a number).
    open var maximumRelativeValue: Any?

    public init(keyPath: String, type: EffectType) {
        self.keyPath = keyPath
        self.type = type
        super.init()
    }

    /// The relative value interpolated linearly between the minimum (offset -1) and maximum
    /// (offset 1), the offset clamped to -1…1. Numbers only (`CGFloat`, `Double`, `Float`,
    /// `Int`, `NSNumber`); other values give nil, as do missing ones.
    open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
        guard let low = AnimatableLayerKeys.cgFloat(minimumRelativeValue),
            let high = AnimatableLayerKeys.cgFloat(maximumRelativeValue)
        else { return nil }
        let raw = type == .tiltAlongHorizontalAxis ? viewerOffset.horizontal : viewerOffset.vertical
        let offset = raw.isFinite ? min(max(raw, -1), 1) : 0
        return [keyPath: low + (high - low) * (offset + 1) / 2]
    }
}

/// Several motion effects applied together, UIKit's `UIMotionEffectGroup`.
@preconcurrency @MainActor
open class UIMotionEffectGroup: UIMotionEffect {
    /// The effects of the group.
    open var motionEffects: [UIMotionEffect]?

    /// Every member's key paths and values (a later member wins for a key path both change).
    open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
        var out: [String: Any] = [:]
        for effect in motionEffects ?? [] {
            for (key, value) in effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset) ?? [:] { out[key] = value }
        }
        return out.isEmpty ? nil : out
    }
}
