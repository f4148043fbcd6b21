import Foundation
import FlipbookGeometry

extension UIColor {
    /// The fixed colour this colour is for `traitCollection` (a fixed colour is itself).
    /// A provider that returns another dynamic colour is resolved again (at most 8 levels).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        var color = self
        var depth = 0
        while let provider = color.dynamicProvider {
            depth += 1
            guard depth <= 8 else {
                FlipbookDiagnostics.reportFromAnyContext(
                    "UIColor(dynamicProvider:): providers nest more than 8 levels deep; using the light-mode value.",
                    once: "dynamic-color-depth")
                return UIColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            }
            color = provider(traitCollection)
        }
        return color
    }

    /// Resolved for `UITraitCollection.current` (set while views draw and by `performAsCurrent`).
    var resolvedForCurrentTraits: UIColor {
        dynamicProvider == nil ? self : resolvedColor(with: UITraitCollection.current)
    }

    /// A system colour with iOS's light and dark values (unspecified style resolves as light).
    static func dynamic(_ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }
}
