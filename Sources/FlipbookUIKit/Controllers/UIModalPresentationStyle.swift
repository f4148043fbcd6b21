import Foundation

/// How a presented view controller is shown, UIKit's `UIModalPresentationStyle`.
///
/// Raw values are Apple's. `automatic` resolves to `pageSheet`, as on iOS 13 and later;
/// `popover` is presented by `UIPopoverPresentationController` (adapting to `fullScreen` in a
/// compact width); `none` and the legacy `blurOverFullScreen` are accepted and treated as
/// `overFullScreen` (see docs/Divergences.md).
public enum UIModalPresentationStyle: Int, Sendable, Hashable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case blurOverFullScreen = 8
    case none = -1
    case automatic = -2
}

/// The built-in animation UIKit plays when no transitioning delegate supplies an
/// animator, UIKit's `UIModalTransitionStyle`. Raw values are Apple's.
public enum UIModalTransitionStyle: Int, Sendable, Hashable {
    /// The presented view slides up from the bottom; dismissal slides it back down.
    case coverVertical = 0
    /// A 3D flip about the vertical axis, right to left, with perspective.
    case flipHorizontal = 1
    /// The presented view fades in; dismissal fades it out.
    case crossDissolve = 2
    /// The presenting view curls up to reveal the presented view underneath
    /// (approximated: see docs/Divergences.md).
    case partialCurl = 3
}

extension UIModalPresentationStyle {
    /// The style the presentation actually uses: `automatic` is `pageSheet` (iOS 13+),
    /// the unsupported legacy styles read as `overFullScreen`.
    var resolved: UIModalPresentationStyle {
        switch self {
        case .automatic: return .pageSheet
        case .popover, .blurOverFullScreen, .none: return .overFullScreen
        default: return self
        }
    }

    /// Whether the presentation covers a presentation context rather than the window.
    var usesPresentationContext: Bool {
        self == .currentContext || self == .overCurrentContext
    }

    /// The case's name as Swift spells it (for messages).
    package var appleName: String {
        switch self {
        case .fullScreen: return "fullScreen"
        case .pageSheet: return "pageSheet"
        case .formSheet: return "formSheet"
        case .currentContext: return "currentContext"
        case .custom: return "custom"
        case .overFullScreen: return "overFullScreen"
        case .overCurrentContext: return "overCurrentContext"
        case .popover: return "popover"
        case .blurOverFullScreen: return "blurOverFullScreen"
        case .none: return "none"
        case .automatic: return "automatic"
        }
    }
}
