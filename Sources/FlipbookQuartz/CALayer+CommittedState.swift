import Foundation

// What a layer looked like when its runtime last committed a frame, kept for the layers changed
// since then (docs/Semantics.md, "UIView animations", transitions).
//
// Core Animation shows what the last commit sent to the render server; changes made since then
// (in this turn of the run loop) are not on screen yet. `UIView.transition(with:…)` takes its
// "old content" from the screen, so a common iOS idiom works: make the change first (swap the
// window's root view controller, replace a container's child), then call
// `transition(with: view, …, animations: nil)`. Flipbook's copy of the old content is built from
// the sublayer lists and property values recorded here: the first time a committed layer's
// sublayers or a property change after a commit, the value from before is kept, and the record
// is dropped at the next commit (`AnimationEngine.flush`).

/// The sublayers and property values a layer had at the last commit, where they have changed
/// since (Flipbook's own).
final class CommittedLayerState {
    /// The sublayer list at the last commit, once it has changed (`.none`: unchanged).
    var sublayers: [CALayer]?? = .none
    /// The value of each property (by its key-value coding key) at the last commit, for those
    /// that changed.
    var values: [String: Any?] = [:]
}

extension CALayer {
    /// Records the sublayer list before its first change since the last commit.
    func noteSublayersWillChange() {
        guard hasBeenCommitted, !isPresentationCopy else { return }
        let state = committedStateRecord()
        if case .none = state.sublayers { state.sublayers = .some(storedSublayers) }
    }

    /// Records `oldValue` as `key`'s committed value unless an earlier change since the last
    /// commit already did.
    func noteValueChanged(_ key: String, from oldValue: Any?) {
        guard hasBeenCommitted, !isPresentationCopy else { return }
        let state = committedStateRecord()
        if state.values.index(forKey: key) == nil { state.values.updateValue(oldValue, forKey: key) }
    }

    private func committedStateRecord() -> CommittedLayerState {
        if let state = committedState { return state }
        let state = CommittedLayerState()
        committedState = state
        owningRuntime.clock.engine.noteChangedSinceCommit(self)
        return state
    }

    /// Whether the layer holds a record of its state at the last commit (it changed since).
    package var hasChangedSinceCommit: Bool { committedState != nil }

    /// The sublayers as the last commit left them (the current ones when they have not changed
    /// since, or when this layer was never committed).
    package var sublayersAsCommitted: [CALayer]? {
        if let state = committedState, case .some(let list) = state.sublayers { return list }
        return storedSublayers
    }

    /// Gives `copy` (a fresh copy of this layer) the property values this layer had at the last
    /// commit, where they have changed since. Run with actions disabled.
    package func applyCommittedValues(to copy: CALayer) {
        guard let values = committedState?.values else { return }
        for (key, value) in values { copy.setLayerValue(value, forKey: key) }
    }
}
