import Foundation
import FlipbookGeometry
import FlipbookPhysics

/// Told when a dynamic animator starts and stops moving its items, UIKit's
/// `UIDynamicAnimatorDelegate`. Both methods are optional (default: nothing).
@preconcurrency @MainActor
public protocol UIDynamicAnimatorDelegate: NSObjectProtocol {
    /// The animator is about to run again after a pause (or for the first time).
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Every item came to rest, or the animator lost its last behaviour or item.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {
        forwarded(as: UIDynamicAnimatorDelegate.self) { $0.dynamicAnimatorWillResume(animator) }
    }
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        forwarded(as: UIDynamicAnimatorDelegate.self) { $0.dynamicAnimatorDidPause(animator) }
    }
}

/// Runs UIKit Dynamics behaviours on items, UIKit's `UIDynamicAnimator`.
///
/// The animator ticks on its app's clock (its reference view's, else the current one)
/// through a display link, once per frame, while it
/// runs. Each tick it: (1) re-reads its behaviour tree if anything changed (bodies for new
/// items, properties, collision rules and boundaries, joints); (2) applies gravity, pushes and
/// fields; (3) steps the FlipbookPhysics world by the frame's duration in fixed 1/240 s
/// sub-steps (so results do not depend on the frame rate); (4) writes each item's `center`,
/// and its `transform` (replaced by a pure rotation) when it may rotate; (5) adds the frame's
/// duration to `elapsedTime`; (6) tells collision delegates about contacts; (7) runs every
/// behaviour's `action`, parents before children. When every body sleeps (the engine's rest
/// detection: slower than 1 pt/s and 2°/s for 0.5 s) or no behaviour holds an item, it pauses
/// and calls `dynamicAnimatorDidPause`. Any change to its behaviours wakes the items; the
/// next tick that finds one awake calls `dynamicAnimatorWillResume` and runs again.
///
/// Items are read when they join (centre, size, rotation). Changes made to an item's
/// geometry while it is animated are overwritten unless you call `updateItem(usingCurrentState:)`.
@preconcurrency @MainActor
open class UIDynamicAnimator: NSObject {
    /// The view whose coordinate space the animator uses (items' centres and boundaries).
    open private(set) weak var referenceView: UIView?
    /// Told when the animator pauses and resumes.
    open weak var delegate: UIDynamicAnimatorDelegate?
    private var rootBehaviors: [UIDynamicBehavior] = []
    let engine = DynamicsEngine()
    private var needsSync = false
    private var isTicking = false
    private var link: CADisplayLink?
    private var runningStorage = false
    private var elapsedStorage: TimeInterval = 0
    /// Media time of the last physics step, or of the (re)start of the display link; nil
    /// before the first start. Each tick steps the media time passed since (docs/Semantics.md,
    /// "UIKit Dynamics: time").
    private var lastStepTime: CFTimeInterval?

    /// An animator in `view`'s coordinate space.
    public init(referenceView view: UIView) {
        referenceView = view
    }

    /// An animator without a reference view (no reference-bounds boundaries).
    public override init() { super.init() }

    /// An animator whose items are a collection view layout's attributes, in the collection
    /// view's content coordinates, UIKit's `init(collectionViewLayout:)`. After every step it
    /// invalidates `layout` (`invalidateLayout()`), so a layout whose
    /// `layoutAttributesForElements(in:)` answers `items(in:)` shows the items where they moved.
    /// Its reference bounds (`translatesReferenceBoundsIntoBoundary`) are the layout's
    /// `collectionViewContentSize`; `referenceView` is nil. The layout is held weakly (the
    /// layout usually owns the animator).
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        referenceLayout = layout
        super.init()
    }

    /// The collection view layout of `init(collectionViewLayout:)`.
    private weak var referenceLayout: UICollectionViewLayout?

    /// The bounds boundaries are made from: the reference view's, or the layout's content.
    private var referenceBounds: CGRect? {
        if let referenceView { return referenceView.bounds }
        if let layout = referenceLayout { return CGRect(origin: .zero, size: layout.collectionViewContentSize) }
        return nil
    }

    /// The top-level behaviours, in the order added.
    open var behaviors: [UIDynamicBehavior] { rootBehaviors }

    /// Whether the animator is moving items (between `dynamicAnimatorWillResume` and
    /// `dynamicAnimatorDidPause`).
    open var isRunning: Bool { runningStorage }

    /// Seconds of simulated time the animator has run (paused time not counted).
    open var elapsedTime: TimeInterval { elapsedStorage }

    /// Adds a behaviour (and its children). Adding one that is already here does nothing more
    /// than waking the items; one that belongs to another animator or parent is refused.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        if behavior.animatorStorage === self && behavior.parent == nil {
            behaviorsDidChange(resume: true)
            return
        }
        if behavior.animatorStorage != nil || behavior.parent != nil {
            FlipbookDiagnostics.report(
                "UIDynamicAnimator.addBehavior(_:): \(type(of: behavior)) already belongs to another animator or behaviour; remove it there first. Ignored.")
            return
        }
        rootBehaviors.append(behavior)
        behavior.setAnimator(self)
        behaviorsDidChange(resume: true)
    }

    /// Removes a top-level behaviour (and its children). Others are ignored.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let i = rootBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        behavior.setAnimator(nil)
        rootBehaviors.remove(at: i)
        behaviorsDidChange(resume: true)
    }

    /// Removes every behaviour.
    open func removeAllBehaviors() {
        guard !rootBehaviors.isEmpty else { return }
        let removed = rootBehaviors
        rootBehaviors = []
        for b in removed { b.setAnimator(nil) }
        behaviorsDidChange(resume: true)
    }

    /// The animated items whose frames (bounding boxes of their rotated bounds) meet `rect`.
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        syncIfNeeded()
        return engine.order.map(\.item).filter { item in
            let t = CGAffineTransform(rotationAngle: DynamicsEngine.rotation(of: item.transform))
            let b = item.bounds
            let r = CGRect(x: -b.width / 2, y: -b.height / 2, width: b.width, height: b.height).applying(t)
            return r.offsetBy(dx: item.center.x, dy: item.center.y).intersects(rect)
        }
    }

    /// The animated layout attributes of the cell at `indexPath`, nil if no behaviour holds them.
    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animatedAttributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    /// The animated layout attributes of the supplementary view of `kind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animatedAttributes {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind && $0.indexPath == indexPath
        }
    }

    /// The animated layout attributes of the decoration view of `decorationViewKind` at `indexPath`.
    open func layoutAttributesForDecorationView(
        ofKind decorationViewKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        animatedAttributes {
            $0.representedElementCategory == .decorationView && $0.representedElementKind == decorationViewKind
                && $0.indexPath == indexPath
        }
    }

    private func animatedAttributes(_ matches: (UICollectionViewLayoutAttributes) -> Bool) -> UICollectionViewLayoutAttributes? {
        syncIfNeeded()
        for record in engine.order {
            if let attributes = record.item as? UICollectionViewLayoutAttributes, matches(attributes) { return attributes }
        }
        return nil
    }

    /// Reads the item's current centre, rotation and size again (after you changed them) and
    /// wakes it.
    open func updateItem(usingCurrentState item: UIDynamicItem) {
        syncIfNeeded()
        guard let r = engine.record(for: item) else {
            FlipbookDiagnostics.report("UIDynamicAnimator.updateItem(usingCurrentState:): \(type(of: item)) is not animated by this animator; ignored.")
            return
        }
        engine.reload(r)
        behaviorsDidChange(resume: true)
    }

    // MARK: Internals used by the behaviours

    /// Every behaviour in the tree, depth first, parents before children.
    var allBehaviors: [UIDynamicBehavior] {
        var list: [UIDynamicBehavior] = []
        for b in rootBehaviors { b.flattened(into: &list) }
        return list
    }

    /// The engine after bringing it up to date with the behaviours.
    func engineForBehaviors() -> DynamicsEngine {
        syncIfNeeded()
        return engine
    }

    /// Marks the behaviours as changed: the next tick (or query) re-reads them and wakes the
    /// items; with `resume`, a paused animator ticks again to see whether anything moves.
    func behaviorsDidChange(resume: Bool) {
        needsSync = true
        if !isTicking && !runningStorage { syncIfNeeded() }
        if resume { startLink() }
    }

    func syncIfNeeded() {
        guard needsSync else { return }
        needsSync = false
        let behaviors = allBehaviors
        // Items, in tree order, without members of groups that are also animated.
        var items: [UIDynamicItem] = []
        var seen = Set<ObjectIdentifier>()
        for b in behaviors { for item in b.dynamicItems where seen.insert(ObjectIdentifier(item)).inserted { items.append(item) } }
        let groupMembers = Set(items.compactMap { $0 as? UIDynamicItemGroup }.flatMap { $0.items.map { ObjectIdentifier($0) } })
        if !groupMembers.isEmpty {
            items.removeAll { item in
                guard groupMembers.contains(ObjectIdentifier(item)) else { return false }
                FlipbookDiagnostics.report(
                    "UIDynamicAnimator: \(type(of: item)) is in a UIDynamicItemGroup and also in a behaviour of its own; it moves with its group only.",
                    once: "UIDynamicAnimator.groupMember")
                return true
            }
        }
        if let reference = referenceView {
            for case let view as UIView in items where view !== reference && !view.isDescendant(of: reference) {
                FlipbookDiagnostics.report(
                    "UIDynamicAnimator: \(type(of: view)) is not inside the reference view \(type(of: reference)); its center is used as if it were in the reference view's coordinates.",
                    once: "UIDynamicAnimator.outside.\(ObjectIdentifier(view).hashValue)")
            }
        }
        engine.syncItems(items)
        // Properties: UIKit's defaults, or the last item behaviour holding the item.
        var props: [ObjectIdentifier: DynamicItemProperties] = [:]
        for case let b as UIDynamicItemBehavior in behaviors { for item in b.itemStorage { props[ObjectIdentifier(item)] = b.props } }
        for r in engine.order { engine.apply(props[ObjectIdentifier(r.item)] ?? DynamicItemProperties(), to: r) }
        engine.syncCollisions(behaviors.compactMap { $0 as? UICollisionBehavior }, referenceBounds: referenceBounds)
        engine.destroyJoints()
        for b in behaviors { b.makeJoints(engine) }
        for case let b as UIDynamicItemBehavior in behaviors { b.flushPendingVelocities(engine) }
        engine.world.wakeAll()
    }

    // MARK: Ticking

    private func startLink() {
        if let link {
            if link.isPaused { lastStepTime = link.runtime.clock.now }
            link.isPaused = false
            return
        }
        // The animator runs in its reference view's app (else in the current one).
        let runtime = referenceView?.layer.owningRuntime ?? referenceLayout?.collectionView?.layer.owningRuntime
            ?? AppRuntime.current
        lastStepTime = runtime.clock.now
        let newLink = CADisplayLink(runtime: runtime) { [weak self] link in
            guard let self else { link.invalidate(); return }
            self.tick(link)
        }
        link = newLink
        newLink.add(to: .main, forMode: .common)
    }

    private func stopLink() { link?.isPaused = true }

    /// The seconds of physics this tick runs: the media time since the previous step (or since
    /// the link started), so the simulation keeps media time whatever the clock's frame rate
    /// and however the clock is advanced (an export at 120 fps on a 60 Hz clock ticks every
    /// 1/120 s). A tick in the same frame as the start steps one display frame, as it always did.
    /// A whole number of display frames is stepped as exactly that many frame durations, so the
    /// result (and `elapsedTime`, which `action` blocks compare with deadlines) does not depend on
    /// the rounding of `now - last` at the clock's absolute time.
    private func stepDuration(_ link: CADisplayLink) -> TimeInterval {
        let now = link.timestamp
        defer { lastStepTime = now }
        let frame = link.duration
        guard let last = lastStepTime, now > last else { return frame }
        let dt = now - last
        let frames = (dt / frame).rounded()
        if frames >= 1, abs(dt / frame - frames) < 1e-6 { return frames * frame }
        return dt
    }

    private func tick(_ link: CADisplayLink) {
        isTicking = true
        defer { isTicking = false }
        syncIfNeeded()
        if !runningStorage {
            guard engine.hasBodies, !engine.world.isResting else { stopLink(); return }
            runningStorage = true
            delegate?.dynamicAnimatorWillResume(self)
            syncIfNeeded()
            guard runningStorage else { return }
        }
        let dt = stepDuration(link)
        let behaviors = allBehaviors
        for b in behaviors { b.applyForces(engine, dt: dt) }
        engine.world.step(dt)
        engine.writeBack()
        // A layout's items moved: the layout is asked for them again (UIKit invalidates it too).
        referenceLayout?.invalidateLayout()
        elapsedStorage += dt
        engine.deliverContactEvents(engine.world.contactEvents, behaviors: behaviors.compactMap { $0 as? UICollisionBehavior })
        for b in behaviors where b.animatorStorage === self { b.action?() }
        syncIfNeeded()
        if !engine.hasBodies || engine.world.isResting {
            runningStorage = false
            stopLink()
            delegate?.dynamicAnimatorDidPause(self)
        }
    }
}
