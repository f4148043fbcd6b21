import Foundation

/// The direction a language reads in, UIKit's `UIUserInterfaceLayoutDirection` (Apple's raw values).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

/// How a view's content flips for right-to-left languages, UIKit's `UISemanticContentAttribute`
/// (Apple's raw values).
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

// Flipbook's apps always run in a left-to-right language: a view's direction is right-to-left
// only when its `semanticContentAttribute` forces it (docs/Divergences.md, "Layout direction").
extension UIView {
    /// The direction for a view with `attribute` in a left-to-right app.
    @preconcurrency @MainActor
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }

    /// The direction for a view with `semanticContentAttribute` relative to `superview`'s
    /// direction (UIKit's iOS 10 form): forced attributes win, others follow the superview.
    @preconcurrency @MainActor
    public class func userInterfaceLayoutDirection(
        for semanticContentAttribute: UISemanticContentAttribute,
        relativeTo layoutDirection: UIUserInterfaceLayoutDirection
    ) -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: layoutDirection
        }
    }

    /// The direction this view lays out in: its attribute, else its superview's direction.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(
            for: semanticContentAttribute, relativeTo: superview?.effectiveUserInterfaceLayoutDirection ?? .leftToRight)
    }
}

extension UIApplication {
    /// The app's layout direction: left to right (Flipbook's apps run in English).
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
}
