import Foundation
import FlipbookGeometry

extension CALayer {
    /// A copy of the layer showing its animations at the current media time, Core
    /// Animation's presentation layer; nil for a presentation layer itself.
    ///
    /// A pure function of the model, its animations and `CACurrentMediaTime()`: each call
    /// makes a copy (`init(layer:)`), applies every animation in the order added at the
    /// layer's local time, and does the same for the sublayers and the mask, so the copy's
    /// `sublayers` are presentation layers. The copy's `superlayer` is nil (the ancestors are
    /// not copied); its `model()` is this layer. A copy returned earlier and still held by
    /// anyone is never changed; a plain layer's copy that nobody holds any more is refilled
    /// rather than allocated again (Flipbook's own optimisation; see `reusablePresentation`).
    /// - Complexity: O(n) in the size of the subtree; no allocation for plain layers whose
    ///   previous copies were released.
    public func presentation() -> Self? {
        guard !isPresentationCopy else { return nil }
        let time = rootParentTime()
        let root = makePresentation(parentTime: time)
        if root.superlayer != nil { root.superlayer = nil }  // a reused copy may have been a sublayer's
        return root as? Self
    }

    /// The model layer: `self` for a model layer, the layer shown for a presentation layer.
    public func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// Builds the presentation copy of this subtree given the superlayer's local time.
    func makePresentation(parentTime: CFTimeInterval) -> CALayer {
        let copy = presentationCopy()
        let local = localTime(fromParentTime: parentTime)
        applyAnimations(to: copy, localTime: local)
        if let sublayers = storedSublayers {
            var list: [CALayer] = []
            list.reserveCapacity(sublayers.count)
            for s in sublayers {
                let p = s.makePresentation(parentTime: local)
                if p.superlayer !== copy { p.superlayer = copy }
                list.append(p)
            }
            copy.storedSublayers = list
            // A replicator's later instances show the sublayers at delayed times (CAReplicatorLayer).
            if type(of: self) != CALayer.self, let replicator = self as? CAReplicatorLayer, let r = copy as? CAReplicatorLayer {
                replicator.presentDelayedInstances(on: r, localTime: local)
            }
        }
        // An emitter's particles at this time (CAEmitterLayer).
        if type(of: self) != CALayer.self, let emitter = self as? CAEmitterLayer, let e = copy as? CAEmitterLayer {
            emitter.presentParticles(on: e, localTime: local)
        }
        if let mask {
            let m = mask.makePresentation(parentTime: local)
            if m.superlayer != nil { m.superlayer = nil }
            copy.mask = m
        }
        return copy
    }

    /// A presentation copy of this layer alone showing its model values (no sublayers, no
    /// mask): the last one refilled when nothing else holds it and nothing was changed on it
    /// (see `reusablePresentation`), else a new one. Subclass layers always get a new copy.
    private func presentationCopy() -> CALayer {
        guard type(of: self) == CALayer.self else { return newPresentationCopy() }
        if isKnownUniquelyReferenced(&reusablePresentation), let old = reusablePresentation, old.isPristineCopy {
            // Its old sublayer list and mask go first, so their copies can be unique again.
            old.storedSublayers = nil
            old.mask = nil
            old.state = state
            if old.delegate !== delegate { old.delegate = delegate }
            return old
        }
        let copy = newPresentationCopy()
        reusablePresentation = copy
        return copy
    }

    /// A new presentation copy of this layer alone (its model values; no sublayers, no mask).
    /// Subclasses copy their own properties in `init(layer:)`.
    private func newPresentationCopy() -> CALayer {
        let copy: CALayer
        if type(of: self) == CALayer.self {
            // No cast from `Any` for the common case: a default layer given the model's values.
            copy = CALayer(_flipbookNew: ())
            copy.state = state
            copy.delegate = delegate
            if !extraValues.isEmpty { copy.extraValues = extraValues }
        } else {
            copy = type(of: self).init(_flipbookCopyOf: self)
        }
        copy.isPresentationCopy = true
        copy.modelLayer = self
        return copy
    }

    /// Nothing but its values, sublayers and mask was set on this copy since it was made
    /// (what a refill resets), so refilling it gives what a new copy would be.
    private var isPristineCopy: Bool {
        !hasAnimations && extraValues.isEmpty && drawnContent == nil && !needsDisplayFlag && !needsLayoutFlag
    }

    /// Applies this layer's animations (at its local time `local`) to `target`.
    func applyAnimations(to target: CALayer, localTime local: CFTimeInterval) {
        // An inactive timeline (its own or an ancestor's): nothing is animated.
        guard !local.isNaN else { return }
        preparePresentationPlan()
        if planIsDirect, target.isPresentationCopy {
            applyDirectPlan(localTime: local, to: &target.state)
            return
        }
        for entry in animationEntries {
            let anim = entry.animation
            // Not yet committed: it begins now.
            anim.apply(to: target, parentTime: local, beginTime: anim.beginPending ? local : nil)
        }
        // A key the class's needsDisplay(forKey:) names changed: the copy draws itself again.
        if target.animatedDisplayPending { target.redrawAnimatedContentIfNeeded() }
    }

    /// The value the presentation layer would show for `keyPath` now, without copying the
    /// layer tree: the model's value with every animation of this layer applied.
    /// Returns nil for unknown key paths. Meant for renderers reading a few values per layer.
    public func presentationValue(forKeyPath keyPath: String) -> Any? {
        guard !animationEntries.isEmpty else { return value(forKeyPath: keyPath) }
        return presentedLayer().value(forKeyPath: keyPath)
    }

    /// The presented values of this layer alone (no sublayers), at its current local time.
    ///
    /// Cheaper than `presentation()` for walking a tree: a renderer that already knows the
    /// superlayer's local time passes it, and layers without animations return themselves.
    /// - Parameter parentTime: the superlayer's local time (media time for a root), or nil
    ///   to compute it by walking up the tree.
    /// - Returns: the model layer itself when it has no animations, else a copy with the
    ///   animations applied (its sublayers are the model's, unchanged). As with
    ///   `presentation()`, a plain layer's earlier copy that nobody holds any more is refilled
    ///   rather than allocated again.
    public func presentedLayer(parentTime: CFTimeInterval? = nil) -> CALayer {
        guard hasAnimations, !isPresentationCopy else { return self }
        let t = parentTime ?? (rootParentTime())
        let copy = presentationCopy()
        if copy.superlayer != nil { copy.superlayer = nil }  // a reused copy may have been a sublayer's
        applyAnimations(to: copy, localTime: localTime(fromParentTime: t))
        return copy
    }

    /// The presented values of this layer alone at the current media time, without copying
    /// the layer when every running animation is a plain one (a basic animation with both
    /// ends of a number, point or colour property, or "transform.rotation.z"); otherwise
    /// the values of a `presentedLayer(parentTime:)` copy. Subclass properties are not
    /// included: read those from `presentedLayer(parentTime:)`.
    /// - Parameter parentTime: the superlayer's local time (media time for a root), or nil
    ///   to compute it by walking up the tree.
    /// - Complexity: O(animations of this layer).
    public func presentedValues(parentTime: CFTimeInterval? = nil) -> LayerValues {
        guard hasAnimations, !isPresentationCopy else { return state }
        let t = parentTime ?? (rootParentTime())
        let local = localTime(fromParentTime: t)
        guard !local.isNaN else { return state }
        preparePresentationPlan()
        guard planIsDirect else { return presentedLayer(parentTime: t).state }
        var values = state
        applyDirectPlan(localTime: local, to: &values)
        return values
    }

    /// This layer's local time at the current media time (for walking a tree top-down,
    /// pass it as the children's `parentTime`). NaN when the layer's timeline (see
    /// `CAMediaTiming`'s bounded layers) or an ancestor's is not active: passed down, it
    /// makes the subtree show its model values.
    public func currentLocalTime(parentTime: CFTimeInterval? = nil) -> CFTimeInterval {
        guard let t = parentTime else { return localTime(atMediaTime: owningRuntime.clock.now) }
        return localTime(fromParentTime: t)
    }

    /// The superlayer's local time now (media time for a root), on the clock of the runtime
    /// this layer belongs to (`owningRuntime`).
    private func rootParentTime() -> CFTimeInterval {
        let now = owningRuntime.clock.now
        return superlayer.map { $0.localTime(atMediaTime: now) } ?? now
    }
}
