import Foundation

/// A rule of motion for dynamic items, UIKit's `UIDynamicBehavior`: the base class of gravity,
/// collision, attachment, snap, push, item and field behaviours, and of composite behaviours.
///
/// A composite behaviour is a subclass that adds the behaviours it needs as children
/// (`addChildBehavior(_:)`) and is added to an animator as one; its `action` (and every child's)
/// runs after each animation step, as the drop-out demo's `DropOutAnimator` uses it to stop at a
/// deadline. A behaviour belongs to at most one animator, and a child to one parent; adding it
/// a second time elsewhere is reported and refused.
@preconcurrency @MainActor
open class UIDynamicBehavior: NSObject {
    private var children: [UIDynamicBehavior] = []
    weak var parent: UIDynamicBehavior?
    weak var animatorStorage: UIDynamicAnimator?
    /// The items of the primitive behaviours (gravity, collision ...); empty for the base class.
    var itemStorage: [UIDynamicItem] = []

    /// An empty behaviour (a composite's base).
    public override init() { super.init() }

    /// The child behaviours, in the order added.
    open var childBehaviors: [UIDynamicBehavior] { children }

    /// Runs after every animation step while the behaviour is in a running animator, parents
    /// before their children. It may add or remove behaviours.
    open var action: (() -> Void)?

    /// The animator the behaviour (or its top-level parent) was added to, or nil.
    open var dynamicAnimator: UIDynamicAnimator? { animatorStorage }

    /// Called just before the behaviour joins (`dynamicAnimator` non-nil) or leaves (nil) an animator.
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    /// Adds `behavior` as a child. A behaviour that already has a parent or an animator of its
    /// own, or `self` and its ancestors, are refused with a diagnostic.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        if behavior.parent === self { return }
        var ancestor: UIDynamicBehavior? = self
        while let a = ancestor {
            if a === behavior {
                FlipbookDiagnostics.report("UIDynamicBehavior.addChildBehavior(_:): \(Self.self) cannot contain itself or an ancestor; ignored.")
                return
            }
            ancestor = a.parent
        }
        if behavior.parent != nil || behavior.animatorStorage != nil {
            FlipbookDiagnostics.report(
                "UIDynamicBehavior.addChildBehavior(_:): \(type(of: behavior)) already belongs to another behaviour or animator; remove it there first. Ignored.")
            return
        }
        children.append(behavior)
        behavior.parent = self
        if let animator = animatorStorage {
            behavior.setAnimator(animator)
            animator.behaviorsDidChange(resume: true)
        }
    }

    /// Removes a child behaviour (a behaviour that is not a child is ignored).
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let i = children.firstIndex(where: { $0 === behavior }) else { return }
        let animator = animatorStorage
        if animator != nil { behavior.setAnimator(nil) }
        children.remove(at: i)
        behavior.parent = nil
        animator?.behaviorsDidChange(resume: true)
    }

    /// Sets the animator of this behaviour and its descendants, telling each (willMove) first.
    func setAnimator(_ animator: UIDynamicAnimator?) {
        willMove(to: animator)
        animatorStorage = animator
        for child in children { child.setAnimator(animator) }
    }

    /// This behaviour and its descendants, depth first, parents before children.
    func flattened(into list: inout [UIDynamicBehavior]) {
        list.append(self)
        for child in children { child.flattened(into: &list) }
    }

    /// Tells the animator that a parameter changed (it re-reads the behaviours and resumes).
    func parametersDidChange() {
        animatorStorage?.behaviorsDidChange(resume: true)
    }

    // MARK: Item lists shared by the primitive behaviours

    func containsItem(_ item: UIDynamicItem) -> Bool { itemStorage.contains { $0 === item } }

    func appendItem(_ item: UIDynamicItem, _ what: String) {
        guard !containsItem(item) else { return }
        itemStorage.append(item)
        parametersDidChange()
    }

    func dropItem(_ item: UIDynamicItem) {
        guard let i = itemStorage.firstIndex(where: { $0 === item }) else { return }
        itemStorage.remove(at: i)
        parametersDidChange()
    }

    // MARK: Hooks for the animator (overridden by the primitive behaviours)

    /// The items this behaviour moves or constrains.
    var dynamicItems: [UIDynamicItem] { itemStorage }

    /// Applies forces and impulses for the coming step of `dt` seconds.
    func applyForces(_ engine: DynamicsEngine, dt: Double) {}

    /// Creates this behaviour's joints (called whenever the animator rebuilds joints).
    func makeJoints(_ engine: DynamicsEngine) {}
}
