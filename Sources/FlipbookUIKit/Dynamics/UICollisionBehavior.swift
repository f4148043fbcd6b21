import Foundation
import FlipbookGeometry

/// Tells a collision behaviour's delegate when contacts begin and end, UIKit's
/// `UICollisionBehaviorDelegate`. Every method is optional (default: nothing). Calls come after
/// the animation step in which the contact began or ended, before the behaviours' actions.
@preconcurrency @MainActor
public protocol UICollisionBehaviorDelegate: NSObjectProtocol {
    /// Two items started touching at `p` (reference-view coordinates).
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem)
    /// An item started touching a boundary (identifier nil: the reference-bounds boundary).
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UICollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint
    ) {
        forwarded(as: UICollisionBehaviorDelegate.self) {
            $0.collisionBehavior(behavior, beganContactFor: item1, with: item2, at: p)
        }
    }
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem
    ) {
        forwarded(as: UICollisionBehaviorDelegate.self) {
            $0.collisionBehavior(behavior, endedContactFor: item1, with: item2)
        }
    }
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
    ) {
        forwarded(as: UICollisionBehaviorDelegate.self) {
            $0.collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: p)
        }
    }
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?
    ) {
        forwarded(as: UICollisionBehaviorDelegate.self) {
            $0.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier)
        }
    }
}

/// Makes items collide with each other and with boundaries, UIKit's `UICollisionBehavior`.
///
/// Items of the same collision behaviour collide with one another (mode `.items`) and with the
/// behaviour's boundaries (mode `.boundaries`); items in different collision behaviours pass
/// through each other. Boundaries are segments (no thickness) in the reference view's
/// coordinates: the reference view's bounds (optionally inset; negative insets grow it), a
/// straight segment, or a `UIBezierPath` (curves flattened into 8 segments each).
///
/// Boundary identifiers are `(any NSCopying)?` as in Apple's API; `"floor" as NSCopying` works
/// on Linux too. Two identifiers are the same boundary when they are equal `NSObject`s (strings
/// compare by value), or the same object.
@preconcurrency @MainActor
open class UICollisionBehavior: UIDynamicBehavior {
    /// What the behaviour's items collide with, UIKit's `UICollisionBehavior.Mode`.
    public struct Mode: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// Items collide with boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    var boundaryPaths: [(identifier: any NSCopying, path: UIBezierPath)] = []
    var boundaryVersion = 0
    var referenceInsets = UIEdgeInsets.zero
    private var translatesStorage = false

    /// A collision behaviour for `items`.
    public init(items: [UIDynamicItem]) {
        super.init()
        for item in items where !containsItem(item) { itemStorage.append(item) }
    }

    /// A behaviour with no items yet (Objective-C's inherited `init`, which Swift code calls as
    /// `UICollisionBehavior()`); add them with `addItem(_:)`.
    public convenience override init() { self.init(items: []) }


    /// The items that collide.
    open var items: [UIDynamicItem] { itemStorage }
    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { appendItem(item, "UICollisionBehavior") }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { dropItem(item) }

    /// What the items collide with (default `.everything`).
    open var collisionMode: Mode {
        get { _collisionMode }
        set {
            _collisionMode = newValue
            parametersDidChange()
        }
    }
    private var _collisionMode: Mode = .everything

    /// Whether the reference view's bounds are a boundary (identifier nil).
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { translatesStorage }
        set {
            translatesStorage = newValue
            if !newValue { referenceInsets = .zero }
            parametersDidChange()
        }
    }

    /// Makes the reference view's bounds, inset by `insets`, a boundary. Negative insets move
    /// the edges outward (the drop-out demo uses them to let the item start above the screen).
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
            FlipbookDiagnostics.report("UICollisionBehavior.setTranslatesReferenceBoundsIntoBoundary(with:): non-finite insets \(insets); ignored.")
            return
        }
        referenceInsets = insets
        translatesStorage = true
        parametersDidChange()
    }

    /// The delegate told about contacts.
    open weak var collisionDelegate: UICollisionBehaviorDelegate?

    /// Adds (or replaces) a boundary following `bezierPath` (reference-view coordinates).
    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        let copy = UIBezierPath()
        copy.append(bezierPath)
        if copy.flattened().isEmpty {
            FlipbookDiagnostics.report("UICollisionBehavior.addBoundary(withIdentifier:for:): the path \(identifier) has no segment; the boundary collides with nothing.")
        }
        removeBoundaryEntry(identifier)
        boundaryPaths.append((identifier, copy))
        boundaryVersion += 1
        parametersDidChange()
    }

    /// Adds (or replaces) a straight boundary from `p0` to `p1`.
    open func addBoundary(withIdentifier identifier: any NSCopying, from p0: CGPoint, to p1: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p0)
        path.addLine(to: p1)
        if p0 == p1 {
            FlipbookDiagnostics.report("UICollisionBehavior.addBoundary(withIdentifier:from:to:): the segment \(identifier) has zero length; it collides with nothing.")
        }
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of a boundary, or nil.
    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        boundaryPaths.first { Self.same($0.identifier, identifier) }?.path
    }

    /// Removes a boundary (an unknown identifier is ignored).
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        guard removeBoundaryEntry(identifier) else { return }
        boundaryVersion += 1
        parametersDidChange()
    }

    /// The identifiers of the added boundaries, in the order added (not the reference bounds).
    open var boundaryIdentifiers: [any NSCopying]? { boundaryPaths.isEmpty ? nil : boundaryPaths.map(\.identifier) }

    /// Removes every added boundary (the reference-bounds boundary stays).
    open func removeAllBoundaries() {
        guard !boundaryPaths.isEmpty else { return }
        boundaryPaths.removeAll()
        boundaryVersion += 1
        parametersDidChange()
    }

    @discardableResult
    private func removeBoundaryEntry(_ identifier: any NSCopying) -> Bool {
        let before = boundaryPaths.count
        boundaryPaths.removeAll { Self.same($0.identifier, identifier) }
        return boundaryPaths.count != before
    }

    /// Whether two boundary identifiers name the same boundary.
    static func same(_ a: any NSCopying, _ b: any NSCopying) -> Bool {
        if let x = a as? NSObject, let y = b as? NSObject { return x.isEqual(y) }
        if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
        return (a as AnyObject) === (b as AnyObject)
    }
}
