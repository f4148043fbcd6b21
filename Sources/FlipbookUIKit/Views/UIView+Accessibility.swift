import Foundation

/// The accessibility properties a view stores (UIView's `accessibilityLabel`,
/// `isAccessibilityElement`, `accessibilityTraits`); nil means "UIKit's default for the class".
struct AccessibilityStorage {
    var label: String?
    var isElement: Bool?
    var traits: UIAccessibilityTraits?
    var frame: CGRect?
}

/// Objects with an identifier for UI tests, UIKit's `UIAccessibilityIdentification`.
@preconcurrency @MainActor
public protocol UIAccessibilityIdentification: NSObjectProtocol {
    /// A string that identifies the object in UI tests.
    var accessibilityIdentifier: String? { get set }
}

extension UIView: UIAccessibilityIdentification {}
extension UIBarItem: UIAccessibilityIdentification {}
extension UIImage: UIAccessibilityIdentification {}

extension UIView {
    /// iOS's defaults: a label reads its text, a button its current title.
    var defaultAccessibilityLabel: String? {
        if let label = self as? UILabel { return label.text }
        if let button = self as? UIButton { return button.currentTitle }
        return nil
    }

    /// Labels, controls and image views showing an image are elements by default on iOS.
    var defaultIsAccessibilityElement: Bool {
        if self is UILabel || self is UIControl { return true }
        if let imageView = self as? UIImageView { return imageView.image != nil }
        return false
    }

    var defaultAccessibilityTraits: UIAccessibilityTraits {
        if self is UIButton { return .button }
        if self is UILabel { return .staticText }
        if self is UIImageView { return .image }
        return .none
    }
}

/// What an accessibility element is and does, UIKit's `UIAccessibilityTraits`.
///
/// Flipbook stores traits for code and tests that read them; nothing speaks them. The raw
/// values are those UIKit's constants have at run time (they are not part of Apple's API).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 17)
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 53)
}
