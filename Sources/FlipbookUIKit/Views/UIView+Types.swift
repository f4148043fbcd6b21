import Foundation
import FlipbookQuartz

// The value types and constants UIKit declares on UIView (moved out of UIView.swift, which
// keeps the class body: its stored state and the members subclasses override).
extension UIView {
    /// How a view lays out its content when its bounds change, UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        /// The Core Animation gravity that shows the content where the mode says.
        /// Core Animation names its gravities in a y-up space, so on iOS (and in the
        /// renderer) `.top` pins to the visual bottom: UIKit maps the vertical modes
        /// across, and so does Flipbook.
        var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .bottom
            case .bottom: .top
            case .left: .left
            case .right: .right
            case .topLeft: .bottomLeft
            case .topRight: .bottomRight
            case .bottomLeft: .topLeft
            case .bottomRight: .topRight
            }
        }
    }

    /// Which edges and sizes follow the superview's size, UIKit's `UIView.AutoresizingMask`.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// UIKit's marker for "no intrinsic size on this axis" (-1).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The size UIKit uses for `systemLayoutSizeFitting(_:)` to ask for the smallest size.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The size UIKit uses for `systemLayoutSizeFitting(_:)` to ask for the largest size.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)
}
