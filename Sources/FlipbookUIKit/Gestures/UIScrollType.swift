import Foundation

/// The kind of scroll event a pointer device sends, UIKit's `UIScrollType` (iOS 13.4).
public enum UIScrollType: Int, Sendable {
    /// Steps, as from a mouse wheel.
    case discrete = 0
    /// Smooth motion, as from a trackpad.
    case continuous = 1
}

/// The scroll types a pan recognizer accepts, UIKit's `UIScrollTypeMask` (one bit per
/// `UIScrollType`).
public struct UIScrollTypeMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let discrete = UIScrollTypeMask(rawValue: 1 << UIScrollType.discrete.rawValue)
    public static let continuous = UIScrollTypeMask(rawValue: 1 << UIScrollType.continuous.rawValue)
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}
