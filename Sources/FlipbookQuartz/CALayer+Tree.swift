import Foundation
import FlipbookGeometry

extension CALayer {
    /// Appends `layer` to the sublayers, removing it from its old superlayer first.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` (clamped to the count), removing it from its old superlayer first.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self else { return }
        if layer.superlayer === self, let old = sublayers?.firstIndex(where: { $0 === layer }) {
            sublayers?.remove(at: old)
        } else {
            layer.removeFromSuperlayer()
        }
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    /// Inserts `layer` just below `sibling`, or at the back when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } } ?? 0
        let adjust = (layer.superlayer === self && (sublayers?.firstIndex { $0 === layer } ?? Int.max) < index) ? 1 : 0
        insertSublayer(layer, at: UInt32(index - adjust))
    }

    /// Inserts `layer` just above `sibling`, or at the front when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let s = sibling, let i = sublayers?.firstIndex(where: { $0 === s }) else {
            return addSublayer(layer)
        }
        let adjust = (layer.superlayer === self && (sublayers?.firstIndex { $0 === layer } ?? Int.max) < i) ? 1 : 0
        insertSublayer(layer, at: UInt32(i + 1 - adjust))
    }

    /// Replaces `oldLayer` (a sublayer) by `newLayer`; does nothing if `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = sublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        if oldLayer === newLayer { return }
        newLayer.removeFromSuperlayer()
        let j = sublayers?.firstIndex(where: { $0 === oldLayer }) ?? i
        sublayers?[j] = newLayer
        newLayer.superlayer = self
        oldLayer.superlayer = nil
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
    }
}
