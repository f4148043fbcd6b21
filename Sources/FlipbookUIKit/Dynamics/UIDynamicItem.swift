import Foundation
import FlipbookGeometry

/// The shape UIKit Dynamics gives an item for collisions, UIKit's `UIDynamicItemCollisionBoundsType`.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's bounds rectangle (the default).
    case rectangle
    /// The ellipse inscribed in the item's bounds.
    case ellipse
    /// The item's `collisionBoundingPath`: a convex polygon around the item's centre.
    case path
}

/// Something UIKit Dynamics can move, UIKit's `UIDynamicItem`.
///
/// The animator reads `center` (points, in the reference view's coordinates), the size of
/// `bounds` and the rotation of `transform` when the item joins it (or on
/// `UIDynamicAnimator.updateItem(usingCurrentState:)`), and writes `center` and, when the
/// item may rotate, `transform` (replaced by a pure rotation) after every step.
///
/// Apple's `collisionBoundsType` and `collisionBoundingPath` are optional requirements; here
/// they are requirements with defaults (`.rectangle`, an empty path) in a protocol extension.
/// `UIView` conforms with those defaults; Flipbook cannot let a `UIView` subclass override
/// them (Swift does not override members declared in extensions), so give a custom collision
/// shape through a separate item type or a `UIDynamicItemGroup`.
@preconcurrency @MainActor
public protocol UIDynamicItem: NSObjectProtocol {
    /// The item's centre, in the reference view's coordinate space (points).
    var center: CGPoint { get set }
    /// The item's bounds; only the size is used (points).
    var bounds: CGRect { get }
    /// The item's transform; the animator reads and writes its rotation.
    var transform: CGAffineTransform { get set }
    /// The collision shape (default `.rectangle`).
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The collision polygon for `.path`, with (0, 0) at the item's centre; it must be convex.
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

extension UIView: UIDynamicItem {}

/// Several items that move as one rigid body, UIKit's `UIDynamicItemGroup`.
///
/// Add the group (not its members) to behaviours. The group's centre is the centre of its
/// members' frames when it joins an animator; its collision shape is the union of the
/// members' shapes. The animator writes each member's centre and rotation. A member must not
/// also be added to behaviours on its own (reported, and the member is left to the group).
@preconcurrency @MainActor
public final class UIDynamicItemGroup: NSObject, UIDynamicItem {
    /// The members, in the order given.
    public let items: [UIDynamicItem]
    private var centerStorage: CGPoint
    private var transformStorage: CGAffineTransform = .identity

    /// A group of `items` (an empty group is reported; it has no shape).
    public init(items: [UIDynamicItem]) {
        self.items = items
        if items.isEmpty { FlipbookDiagnostics.report("UIDynamicItemGroup(items:) got no items; the group has no shape.") }
        centerStorage = Self.frameUnion(items).map { CGPoint(x: $0.midX, y: $0.midY) } ?? .zero
    }

    static func frameUnion(_ items: [UIDynamicItem]) -> CGRect? {
        var r: CGRect?
        for item in items {
            let f = CGRect(
                x: item.center.x - item.bounds.width / 2, y: item.center.y - item.bounds.height / 2,
                width: item.bounds.width, height: item.bounds.height)
            r = r.map { $0.union(f) } ?? f
        }
        return r
    }

    /// The group's centre (points); the animator moves the members with it.
    public var center: CGPoint {
        get { centerStorage }
        set { centerStorage = newValue }
    }
    /// The bounding box of the members' frames, centred on the origin.
    public var bounds: CGRect {
        let r = Self.frameUnion(items) ?? .zero
        return CGRect(x: 0, y: 0, width: r.width, height: r.height)
    }
    /// The group's rotation, as written by the animator.
    public var transform: CGAffineTransform {
        get { transformStorage }
        set { transformStorage = newValue }
    }
    /// Always `.path`: the members' shapes make the group's.
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }
}
