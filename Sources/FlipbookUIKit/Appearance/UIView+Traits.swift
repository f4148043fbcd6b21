import Foundation
import FlipbookQuartz

/// Traits of views (docs/Semantics.md, "Traits and appearance").
///
/// A view's traits are its view controller's (for a controller's root view) or its superview's,
/// with its own `overrideUserInterfaceStyle` on top; a window's come from its screen's device
/// and the appearance AppDriver runs in (light unless set). Traits are re-evaluated when a view
/// enters a hierarchy and when an override or the appearance changes; each view and controller
/// whose traits changed then gets, with its new traits as `UITraitCollection.current`: its
/// dynamic colours re-resolved, `traitCollectionDidChange(_:)` and the handlers registered with
/// `registerForTraitChanges` for the traits that changed. A view's first traits are not a change.
extension UIView: UITraitEnvironment {
    /// The traits this view would have now (walks up the hierarchy).
    var computedTraitCollection: UITraitCollection {
        let base: UITraitCollection
        if let vc = owningViewController {
            base = vc.traitCollection
        } else if let s = superviewStorage {
            base = s.traitCollection
        } else if let w = self as? UIWindow {
            base = .window(device: w.screen.device, style: traitState.systemStyle)
        } else {
            base = .window(device: UIScreen.main.device, style: .unspecified)
        }
        return base.with(style: traitState.overrideStyle)
    }

    /// Re-evaluates the traits of this view and its subtree and reports changes.
    func propagateTraitChanges() {
        propagateTraitChanges(inherited: nil)
    }

    private func propagateTraitChanges(inherited: UITraitCollection?) {
        let own: UITraitCollection
        if let vc = owningViewController {
            let vcTraits = vc.traitCollection
            vc.noteTraits(vcTraits)
            own = vcTraits.with(style: traitState.overrideStyle)
        } else if let inherited {
            own = inherited.with(style: traitState.overrideStyle)
        } else {
            own = computedTraitCollection
        }
        noteTraits(own)
        for s in subviewStorage { s.propagateTraitChanges(inherited: own) }
    }

    private func noteTraits(_ new: UITraitCollection) {
        let old = traitState.lastTraits
        traitState.lastTraits = new
        guard let old else {
            if new.userInterfaceStyle == .dark { new.performAsCurrent { refreshResolvedColors() } }
            if new.preferredContentSizeCategory != .unspecified {
                new.performAsCurrent { contentSizeCategoryDidChange(to: new.preferredContentSizeCategory) }
            }
            return
        }
        guard old != new else { return }
        new.performAsCurrent {
            if new.hasDifferentColorAppearance(comparedTo: old) { refreshResolvedColors() }
            if new.preferredContentSizeCategory != old.preferredContentSizeCategory, new.preferredContentSizeCategory != .unspecified {
                contentSizeCategoryDidChange(to: new.preferredContentSizeCategory)
            }
            traitCollectionDidChange(old)
            TraitRegistry.notify(self, state: traitState, old: old, new: new)
        }
    }

    /// The view's content size category arrived or changed (Dynamic Type): labels and fields
    /// that adjust their fonts rescale them. Called with the new traits as current.
    func contentSizeCategoryDidChange(to category: UIContentSizeCategory) {
        if let label = self as? UILabel { label.adjustFont(toContentSizeCategory: category) }
        if let field = self as? UITextField { field.adjustFont(toContentSizeCategory: category) }
        if let textView = self as? UITextView { textView.adjustFont(toContentSizeCategory: category) }
    }

    /// Applies dynamic colours again for the current traits: the background, the tint, and
    /// drawn content (which resolves at draw time).
    func refreshResolvedColors() {
        if let bg = backgroundColorStorage { layer.backgroundColor = bg.resolvedColor(with: UITraitCollection.current).cgColor }
        if self is UIImageView || tintColorStorage?.dynamicProvider != nil { tintColorDidChange() }
        if let label = self as? UILabel { label.refreshTextColor() }
        if let textView = self as? UITextView { textView.refreshTextColor() }
        if let field = self as? UITextField { field.applyBorderStyle() }
        if let spinner = self as? UIActivityIndicatorView { spinner.applySpokeColors() }
        setNeedsDisplay()
    }

    /// Registers `handler` for changes of `traits` (iOS 17); it receives the environment and
    /// the previous traits.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let r = TraitRegistry.make(traits) { env, previous in
            if let e = env as? Environment { handler(e, previous) }
        }
        traitState.registrations.append(r)
        _ = traitCollection
        if traitState.lastTraits == nil { traitState.lastTraits = computedTraitCollection }
        return r
    }

    /// Registers a closure that receives the environment only.
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], action: @escaping () -> Void) -> any UITraitChangeRegistration {
        registerForTraitChanges(traits) { (_: UIView, _: UITraitCollection) in action() }
    }

    /// Removes a registration made with `registerForTraitChanges`.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        guard let r = registration as? TraitRegistration else { return }
        traitState.registrations.removeAll { $0.id == r.id }
    }
}

extension UIViewController: UITraitEnvironment {
    /// The traits of this controller now: its parent's (with the parent's override for it),
    /// else its presentation controller's (the presenter's with the presentation's
    /// `overrideTraitCollection`), else those of its view's superview, else a full-screen
    /// window's; with its own override on top.
    var computedTraitCollection: UITraitCollection {
        let base: UITraitCollection
        if let p = parent {
            let inherited = p.traitCollection
            base = p.overrideTraitCollection(forChild: self).map { inherited.overlaid(with: $0) } ?? inherited
        } else if let presenter = storedPresentingViewController {
            base = presentationRecord?.presentationController.traitCollection ?? presenter.traitCollection
        } else if let s = viewIfLoaded?.superview {
            base = s.traitCollection
        } else {
            base = .window(device: UIScreen.main.device, style: .unspecified)
        }
        return base.with(style: traitState.overrideStyle)
    }

    func noteTraits(_ new: UITraitCollection) {
        presentationRecord?.presentationController.noteOwnTraits()
        let old = traitState.lastTraits
        traitState.lastTraits = new
        guard let old, old != new else { return }
        new.performAsCurrent {
            traitCollectionDidChange(old)
            TraitRegistry.notify(self, state: traitState, old: old, new: new)
        }
    }

    /// Re-evaluates traits from this controller down (its view, and controllers it presents).
    func propagateTraitChanges() {
        if let v = viewIfLoaded {
            v.propagateTraitChanges()
        } else {
            noteTraits(traitCollection)
        }
        for c in children where c.viewIfLoaded?.superview == nil { c.propagateTraitChanges() }
        storedPresentedViewController?.propagateTraitChanges()
    }

    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let r = TraitRegistry.make(traits) { env, previous in
            if let e = env as? Environment { handler(e, previous) }
        }
        traitState.registrations.append(r)
        if traitState.lastTraits == nil { traitState.lastTraits = computedTraitCollection }
        return r
    }

    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], action: @escaping () -> Void) -> any UITraitChangeRegistration {
        registerForTraitChanges(traits) { (_: UIViewController, _: UITraitCollection) in action() }
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        guard let r = registration as? TraitRegistration else { return }
        traitState.registrations.removeAll { $0.id == r.id }
    }
}

@preconcurrency @MainActor
enum TraitRegistry {
    @preconcurrency static func make(_ traits: [UITrait], _ handler: @escaping @MainActor (AnyObject, UITraitCollection) -> Void) -> TraitRegistration {
        TraitRegistration.nextID += 1
        return TraitRegistration(id: TraitRegistration.nextID, traits: Set(traits.map { $0.identifier }), handler: handler)
    }

    static func notify(_ env: AnyObject, state: TraitState, old: UITraitCollection, new: UITraitCollection) {
        guard !state.registrations.isEmpty else { return }
        let changed = new.changedTraitIdentifiers(comparedTo: old)
        for r in state.registrations where !r.traits.isDisjoint(with: changed) { r.handler(env, old) }
    }
}

extension UIView {
    /// Tells this view and the subviews that inherit its tint that it changed, as UIKit does.
    func inheritedTintColorDidChange() {
        guard tintColorStorage == nil else { return }
        tintColorDidChange()
        for s in subviewStorage { s.inheritedTintColorDidChange() }
    }
}
