import Foundation
import FlipbookGeometry

/// The kind of a layer transition, Core Animation's `CATransitionType`.
public struct CATransitionType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade")
    public static let moveIn = Self(rawValue: "moveIn")
    public static let push = Self(rawValue: "push")
    public static let reveal = Self(rawValue: "reveal")
}

/// The direction of a layer transition, Core Animation's `CATransitionSubtype`.
public struct CATransitionSubtype: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight")
    public static let fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop")
    public static let fromBottom = Self(rawValue: "fromBottom")
}

/// The key Core Animation uses for transitions, `kCATransition`.
public let kCATransition = "transition"

/// An animated change of a layer's whole content, Core Animation's `CATransition`.
///
/// Core Animation renders the old and new content of the layer; Flipbook keeps no
/// snapshot of the old content, so the presentation shows the new content arriving:
/// `fade` and `reveal` fade it in (opacity × progress); `moveIn` and `push` slide it in
/// from the `subtype` side (default `fromLeft`) by (1 − progress) × its bounds size, as
/// a translation added to its transform. Progress runs from `startProgress` to
/// `endProgress` through the timing function.
@preconcurrency @MainActor
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    open var filter: Any?

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        if let t = other as? CATransition {
            type = t.type
            subtype = t.subtype
            startProgress = t.startProgress
            endProgress = t.endProgress
            filter = t.filter
        }
    }

    override func validate() {
        super.validate()
        if !startProgress.isFinite { startProgress = 0 }
        if !endProgress.isFinite { endProgress = 1 }
        startProgress = min(max(startProgress, 0), 1)
        endProgress = min(max(endProgress, 0), 1)
    }

    override func apply(_ active: ActiveTime, to target: CALayer) {
        let p = Double(startProgress) + Double(endProgress - startProgress) * eased(active.fraction)
        switch type {
        case .moveIn, .push:
            let w = target.bounds.width, h = target.bounds.height, r = CGFloat(1 - p)
            let offset: (CGFloat, CGFloat)
            switch subtype ?? .fromLeft {
            case .fromRight: offset = (w * r, 0)
            case .fromTop: offset = (0, -h * r)
            case .fromBottom: offset = (0, h * r)
            default: offset = (-w * r, 0)
            }
            target.transform = CATransform3DConcat(target.transform, CATransform3DMakeTranslation(offset.0, offset.1, 0))
        default:
            target.opacity *= Float(min(max(p, 0), 1))
        }
    }

    override var affectedKeys: Set<LayerKey>? { [.opacity, .transform] }
}
