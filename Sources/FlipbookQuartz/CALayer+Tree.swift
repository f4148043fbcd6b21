import Foundation
import FlipbookGeometry

extension CALayer {
    /// Appends `layer` to the sublayers, removing it from its old superlayer first.
    /// This layer itself or one of its ancestors is refused (a cycle) with a diagnostic.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(storedSublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` (clamped to the count), removing it from its old superlayer
    /// first. This layer itself or one of its ancestors is refused (a cycle) with a diagnostic
    /// and the tree is left unchanged.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard !refusesCycle(with: layer, in: "insertSublayer") else { return }
        noteSublayersWillChange()
        if layer.superlayer === self, let old = IdentitySearch.firstIndex(of: layer, in: storedSublayers) {
            storedSublayers?.remove(at: old)
        } else {
            layer.removeFromSuperlayer()
        }
        // In place: a copy of the list (then stored back) retained every sublayer on each
        // insertion, quadratic for a container filled one layer at a time (hundreds of tiles).
        if storedSublayers == nil { storedSublayers = [] }
        storedSublayers!.insert(layer, at: min(Int(index), storedSublayers!.count))
        layer.superlayer = self
        if !layer.hasBeenCommitted { owningRuntime.clock.engine.noteInserted(layer) }
    }

    /// Inserts `layer` just below `sibling`, or at the back when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in IdentitySearch.firstIndex(of: s, in: storedSublayers) } ?? 0
        let adjust = (layer.superlayer === self && (IdentitySearch.firstIndex(of: layer, in: storedSublayers) ?? Int.max) < index) ? 1 : 0
        insertSublayer(layer, at: UInt32(index - adjust))
    }

    /// Inserts `layer` just above `sibling`, or at the front when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let s = sibling, let i = IdentitySearch.firstIndex(of: s, in: storedSublayers) else {
            return addSublayer(layer)
        }
        let adjust = (layer.superlayer === self && (IdentitySearch.firstIndex(of: layer, in: storedSublayers) ?? Int.max) < i) ? 1 : 0
        insertSublayer(layer, at: UInt32(i + 1 - adjust))
    }

    /// Replaces `oldLayer` (a sublayer) by `newLayer`, which leaves its old superlayer first;
    /// does nothing if `oldLayer` is not a sublayer. A `newLayer` that is this layer or an
    /// ancestor is refused (a cycle) with a diagnostic.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = IdentitySearch.firstIndex(of: oldLayer, in: storedSublayers) else { return }
        if oldLayer === newLayer { return }
        guard !refusesCycle(with: newLayer, in: "replaceSublayer") else { return }
        noteSublayersWillChange()
        newLayer.removeFromSuperlayer()
        let j = IdentitySearch.firstIndex(of: oldLayer, in: storedSublayers) ?? i
        storedSublayers?[j] = newLayer
        newLayer.superlayer = self
        if !newLayer.hasBeenCommitted { owningRuntime.clock.engine.noteInserted(newLayer) }
        oldLayer.superlayer = nil
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.noteSublayersWillChange()
        // A layer is in its superlayer's list once: removing that element shifts the rest
        // down (`removeAll(where:)` moved and retained every later element, per removal), and
        // it is found without retaining the others (`IdentitySearch`).
        if let i = IdentitySearch.firstIndex(of: self, in: parent.storedSublayers) { parent.storedSublayers?.remove(at: i) }
        if parent.storedSublayers?.isEmpty == true { parent.storedSublayers = nil }
        superlayer = nil
    }

    /// The `sublayers` setter: replaces the whole list and keeps every `superlayer` right.
    func setSublayers(_ newValue: [CALayer]?) {
        // Presentation trees are built as they are (their layers belong to no model tree).
        guard !isPresentationCopy else {
            storedSublayers = newValue
            return
        }
        var accepted: [CALayer] = []
        var seen: Set<ObjectIdentifier> = []
        var duplicates = 0
        for layer in newValue ?? [] {
            guard seen.insert(ObjectIdentifier(layer)).inserted else {
                duplicates += 1
                continue
            }
            if refusesCycle(with: layer, in: "sublayers") { continue }
            accepted.append(layer)
        }
        if duplicates > 0 {
            FlipbookDiagnostics.report(
                "CALayer.sublayers: \(describeForDiagnostics()) was given \(duplicates) layer(s) more than once; "
                    + "each is kept once, at its first place.",
                once: "CALayer.sublayers.duplicates")
        }
        noteSublayersWillChange()
        for old in storedSublayers ?? [] where !seen.contains(ObjectIdentifier(old)) && old.superlayer === self {
            old.superlayer = nil
        }
        storedSublayers = nil
        for layer in accepted where layer.superlayer !== self { layer.removeFromSuperlayer() }
        for layer in accepted { layer.superlayer = self }
        storedSublayers = accepted.isEmpty ? nil : accepted
    }

    /// True (after reporting once) when `layer` is this layer or one of its ancestors:
    /// making it a sublayer would close a cycle in the tree.
    private func refusesCycle(with layer: CALayer, in method: String) -> Bool {
        var p: CALayer? = self
        while let ancestor = p {
            if ancestor === layer {
                let what = layer === self ? "the layer itself" : "an ancestor of \(describeForDiagnostics())"
                let outcome = method == "sublayers" ? "it is left out" : "the tree is unchanged"
                FlipbookDiagnostics.report(
                    "CALayer.\(method): \(layer.describeForDiagnostics()) is \(what), so it cannot be its "
                        + "sublayer (that would make a cycle); \(outcome).",
                    once: "CALayer.cycle.\(method)")
                return true
            }
            p = ancestor.superlayer
        }
        return false
    }

    /// The layer's name, or its type, for messages.
    func describeForDiagnostics() -> String {
        name.map { "layer \"\($0)\"" } ?? "a \(type(of: self))"
    }
}
