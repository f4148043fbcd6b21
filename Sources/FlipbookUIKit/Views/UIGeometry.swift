import Foundation
import FlipbookGeometry

/// Insets for each edge of a rectangle, UIKit's `UIEdgeInsets`, in points.
public struct UIEdgeInsets: Sendable, Hashable, CustomStringConvertible {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }

    /// Equal but for rounding (1e-9 pt): insets worked out through transforms (a safe area
    /// under a rotated header) differ in their last bits from pass to pass, and comparing them
    /// exactly made a scroll view re-adjust its offset, and the tree re-solve, on every pass.
    func isClose(to other: UIEdgeInsets) -> Bool {
        abs(top - other.top) <= 1e-9 && abs(left - other.left) <= 1e-9 && abs(bottom - other.bottom) <= 1e-9
            && abs(right - other.right) <= 1e-9
    }
}

/// Insets that follow the layout direction (leading/trailing), UIKit's `NSDirectionalEdgeInsets`.
/// Flipbook is always left-to-right, so leading is left.
public struct NSDirectionalEdgeInsets: Sendable, Hashable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()
}

/// A horizontal and vertical offset, UIKit's `UIOffset`, in points.
public struct UIOffset: Sendable, Hashable {
    public var horizontal: CGFloat, vertical: CGFloat
    public init() { horizontal = 0; vertical = 0 }
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    public static let zero = UIOffset()
}

/// Rectangle edges, UIKit's `UIRectEdge` (used by screen-edge gestures and safe areas).
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// Rectangle corners, UIKit's `UIRectCorner`.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`); negative insets grow it.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// UIKit's C-style constructor for `UIEdgeInsets`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// UIKit's `UIEdgeInsetsInsetRect`.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

