import Foundation

/// How strongly Auto Layout holds a constraint, UIKit's `UILayoutPriority` (1…1000).
///
/// 1000 (`required`) constraints are hard; the others are soft, weighted by
/// `10^(priority / 100)` in the solver's objective (see `docs/Divergences.md`), so one
/// higher-priority constraint outweighs many lower ones, as in UIKit.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (l: Self, r: Self) -> Bool { l.rawValue < r.rawValue }
    public static func + (l: Self, r: Float) -> Self { Self(l.rawValue + r) }
    public static func - (l: Self, r: Float) -> Self { Self(l.rawValue - r) }

    /// The solver strength: required at 1000 and above, else a weight growing tenfold every
    /// 100 points of priority. Values below 1 (and NaN) count as 1.
    var strength: CassowaryStrength {
        let p = rawValue.isNaN ? 1 : Swift.max(1, rawValue)
        if p >= 1000 { return .required }
        return CassowaryStrength(weight: pow(10, Double(p) / 100))
    }
}

extension NSLayoutConstraint {
    /// What a constraint constrains, UIKit's `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        var name: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"
            case .leftMargin: "leftMargin"
            case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"
            case .bottomMargin: "bottomMargin"
            case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"
            case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"
            case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// The relation of a constraint, UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1

        var symbol: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// A layout axis, UIKit's `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }
}
