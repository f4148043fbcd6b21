import Foundation
import FlipbookGeometry

extension CALayer {
    /// Adds a copy of `anim` under `key` (replacing, and stopping with `finished: false`,
    /// an animation already under that key). A copy without a duration gets the
    /// transaction's `animationDuration`, one without a timing function the transaction's
    /// `animationTimingFunction` (when set), as in Core Animation. A `beginTime` of 0 means
    /// "now": the copy gets the current time in this layer's timeline when the transaction
    /// commits (the next frame, or `CATransaction.flush()`). Property animations with an
    /// unknown key path are reported once and show nothing. Adding to a presentation layer is
    /// refused.
    /// A method exchanged with `add(_:forKey:)` (`flipbookInterposeAdd(_:)`) runs instead.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        if let replacement = CALayer.addReplacement {
            replacement(self, anim, key)
        } else {
            flipbookOriginalAdd(anim, forKey: key)
        }
    }

    /// `add(_:forKey:)` as Core Animation implements it, whatever was exchanged with it: what
    /// a swizzled method's call to itself reaches on iOS (docs/Porting.md, "Method swizzling").
    public func flipbookOriginalAdd(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else {
            FlipbookDiagnostics.report(
                "CALayer.add(_:forKey:) on a presentation layer; add animations to the model layer.",
                once: "CALayer.add.presentation")
            return
        }
        guard let copy = anim.copy() as? CAAnimation else { return }
        // Core Animation gives an added animation without a duration the transaction's
        // `animationDuration` (0.25 s unless set), and one without a timing function the
        // transaction's `animationTimingFunction` when one is set.
        if copy.duration == 0 { copy.duration = CATransaction.animationDuration() }
        if copy.timingFunction == nil, let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        copy.validate()
        diagnoseKeyPaths(of: copy, inGroup: false)
        if let key, let old = animationEntries.firstIndex(where: { $0.key == key }) {
            stopRemoved(animationEntries.remove(at: old).animation)
        }
        copy.beginPending = copy.beginTime == 0
        copy.freezeTiming()
        animationEntries.append(AnimationEntry(key: key, animation: copy))
        let runtime = owningRuntime
        runtime.checkBound("A CALayer's animation")
        let engine = runtime.clock.engine
        copy.engine = engine
        engine.register(self, copy)
        if !CALayer.additionRecorders.isEmpty { CALayer.additionRecorders[CALayer.additionRecorders.count - 1].append(self) }
    }

    /// Open recordings of `collectingAnimatedLayers(_:)`, innermost last.
    private static var additionRecorders: [[CALayer]] = []

    /// Runs `body` and returns the layers that received an animation while it ran, each
    /// once, in the order of their first animation. Used to bring the animations a
    /// transition's alongside block adds outside the container under the interaction's
    /// control (docs/Semantics.md, "Interactive transitions").
    package static func collectingAnimatedLayers(_ body: () -> Void) -> [CALayer] {
        additionRecorders.append([])
        body()
        let added = additionRecorders.removeLast()
        if !additionRecorders.isEmpty { additionRecorders[additionRecorders.count - 1] += added }
        var seen = Set<ObjectIdentifier>()
        return added.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Reports (once per key path) a property animation whose key path this layer does not
    /// have, or that has none, looking inside groups at every depth.
    private func diagnoseKeyPaths(of anim: CAAnimation, inGroup: Bool) {
        if let group = anim as? CAAnimationGroup {
            for child in group.animations ?? [] { diagnoseKeyPaths(of: child, inGroup: true) }
            return
        }
        guard let p = anim as? CAPropertyAnimation else { return }
        let place = inGroup ? " (in a CAAnimationGroup)" : ""
        if let path = p.parsedKeyPath {
            if animatableValue(for: path) == nil, !acceptsUndeclaredKey(path) {
                FlipbookDiagnostics.report(
                    "\(type(of: anim))\(place): \(type(of: self)) has no animatable key path \"\(path.string)\"; "
                        + "the animation shows nothing.",
                    once: "CAPropertyAnimation.keyPath.\(path.string)")
            }
        } else {
            FlipbookDiagnostics.report(
                "\(type(of: anim))\(place) added without a keyPath; it shows nothing.", once: "CAPropertyAnimation.noKeyPath")
        }
    }

    /// The animation stored under `key` (the copy made by `add(_:forKey:)`); changing it
    /// has undefined results on iOS and none here beyond what the engine reads.
    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the layer's animations, in the order they were added (nil when none).
    public func animationKeys() -> [String]? {
        let keys = animationEntries.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears `finished: false` on the next frame.
    public func removeAnimation(forKey key: String) {
        guard let i = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        stopRemoved(animationEntries.remove(at: i).animation)
    }

    /// Removes every animation; unfinished ones hear `finished: false` on the next frame.
    public func removeAllAnimations() {
        let all = animationEntries
        animationEntries = []
        for entry in all { stopRemoved(entry.animation) }
    }

    /// Tells the engine `animation` was registered with that it left this layer early.
    private func stopRemoved(_ animation: CAAnimation) {
        (animation.engine ?? owningRuntime.clock.engine).animationRemoved(animation)
    }
}
