import Foundation

extension UIImage {
    /// `init?(named:)` with Apple's bundle and traits arguments (Flipbook's search path does
    /// not use them: see `init?(named:)`).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }

    /// `init?(named:)` with Apple's bundle and configuration arguments (a symbol configuration
    /// does not apply to named images).
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) {
        self.init(named: name)
    }
}
