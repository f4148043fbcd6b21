import Foundation
import FlipbookGeometry

/// Which corners `cornerRadius` rounds, Core Animation's `CACornerMask`.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// The shape of rounded corners, Core Animation's `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How `contents` fits the bounds, Core Animation's `CALayerContentsGravity`.
public struct CALayerContentsGravity: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// A node of the layer tree, Core Animation's `CALayer`.
///
/// The model layer holds the values the app set; `presentation()` gives a copy
/// showing running animations at the current media time (see
/// `CALayer+Presentation.swift`). Main-actor isolated: the whole tree is driven by
/// `MediaClock.main`.
///
/// Coordinates: points; `position` is where `anchorPoint` (unit coordinates of
/// `bounds`) sits in the superlayer's bounds space.
@MainActor
open class CALayer {
    // MARK: Geometry
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var zPosition: CGFloat = 0
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var anchorPointZ: CGFloat = 0
    open var transform: CATransform3D = CATransform3DIdentity
    open var sublayerTransform: CATransform3D = CATransform3DIdentity

    // MARK: Appearance
    open var opacity: Float = 1
    open var isHidden = false
    open var masksToBounds = false
    open var cornerRadius: CGFloat = 0
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    open var cornerCurve: CALayerCornerCurve = .circular
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = CGColor.black
    open var backgroundColor: CGColor?
    open var shadowColor: CGColor? = CGColor.black
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    open var shadowPath: CGPath?
    /// Usually a `CGImage`; anything else is ignored by the renderer.
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var mask: CALayer?
    open var isDoubleSided = true
    open var isOpaque = false
    open var name: String?
    public weak var delegate: CALayerDelegate?

    // MARK: Tree
    public internal(set) weak var superlayer: CALayer?
    /// The sublayers, back to front; nil when there are none, as on iOS.
    open var sublayers: [CALayer]?

    public init() {}
}

extension CALayer {
    /// Draws the layer's content without asking the delegate (placeholder until drawing lands).
    public func displayWithoutDelegate() {}
}
