import Foundation

extension UINavigationBar {
    /// UIKit's per-position background image. A navigation bar sits at the top (`.top`,
    /// `.topAttached`, or `.any` for all), so the image is kept by its metrics whatever the
    /// position, the same slot `setBackgroundImage(_:for:)` fills. Not `open` here, unlike UIKit:
    /// an extension cannot declare an overridable method (docs/Divergences.md).
    public func setBackgroundImage(_ backgroundImage: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics) {
        setBackgroundImage(backgroundImage, for: barMetrics)
    }

    /// The image `setBackgroundImage(_:for:barMetrics:)` set for `barMetrics`.
    public func backgroundImage(for barPosition: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImage(for: barMetrics)
    }
}
