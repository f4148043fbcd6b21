import Foundation

/// How vivid content in a vibrancy effect view is, UIKit's `UIVibrancyEffectStyle` (iOS 13).
public enum UIVibrancyEffectStyle: Int, Sendable, CaseIterable {
    case label = 0
    case secondaryLabel = 1
    case tertiaryLabel = 2
    case quaternaryLabel = 3
    case fill = 4
    case secondaryFill = 5
    case tertiaryFill = 6
    case separator = 7

    /// The opacity Flipbook draws the content with: the alpha of the matching semantic
    /// colour (UIColor.label 1, secondaryLabel 0.6, tertiaryLabel 0.3, quaternaryLabel 0.18,
    /// systemFill 0.2, secondarySystemFill 0.16, tertiarySystemFill 0.12, separator 0.29).
    /// UIKit's vibrancy also blends the content with the blurred backdrop; Flipbook does not
    /// (docs/Divergences.md).
    public var contentOpacity: CGFloat {
        switch self {
        case .label: 1
        case .secondaryLabel: 0.6
        case .tertiaryLabel: 0.3
        case .quaternaryLabel: 0.18
        case .fill: 0.2
        case .secondaryFill: 0.16
        case .tertiaryFill: 0.12
        case .separator: 0.29
        }
    }
}

/// Content made vivid over a blur, UIKit's `UIVibrancyEffect`: used in a `UIVisualEffectView`
/// placed in the contentView of a blur effect view. It draws no blur of its own.
@preconcurrency @MainActor
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur it is meant to sit on.
    public let blurEffect: UIBlurEffect
    /// The vibrancy style (nil for the iOS 8 `init(blurEffect:)` effect).
    public let vibrancyStyle: UIVibrancyEffectStyle?

    /// The iOS 8 vibrancy for content over `blurEffect`.
    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        vibrancyStyle = nil
        super.init()
    }

    /// Vibrancy of `style` for content over `blurEffect`.
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        vibrancyStyle = style
        super.init()
    }

    /// The opacity the content view is drawn with (see `UIVibrancyEffectStyle.contentOpacity`).
    public var contentOpacity: CGFloat { vibrancyStyle?.contentOpacity ?? 1 }

    nonisolated open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UIVibrancyEffect else { return false }
        return o.vibrancyStyle == vibrancyStyle && o.blurEffect.isEqual(blurEffect)
    }

    nonisolated open override var hash: Int { blurEffect.hash &* 17 &+ (vibrancyStyle?.rawValue ?? -1) }
}
