import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// How a view makes and takes its backing layer, shared by its initialisers (UIView.swift).
extension UIView {
    /// A new backing layer of `layerClass` (a `CALayer` when that is not a layer class, reported).
    static func makeBackingLayer() -> CALayer {
        let type = layerClass as? CALayer.Type ?? CALayer.self
        if !(layerClass is CALayer.Type) {
            FlipbookDiagnostics.report(
                "\(Self.self).layerClass (\(Self.layerClass)) is not a CALayer subclass; using CALayer.",
                once: "layerClass.\(Self.self)")
        }
        return type.init(_flipbookNew: ())
    }

    /// Becomes the layer's delegate; the layer's layout waits for a window, as a view's does
    /// (docs/Semantics.md, "Layout of views in no window").
    func adoptBackingLayer() {
        layer.delegate = self
        layer.layoutWaitsForHost = true
    }

    /// UIKit calls `draw(_:)` "when a view is first displayed": the view's first commit draws it,
    /// at the size it has by then (docs/Semantics.md, "Drawing"). A class requiring constraint-based
    /// layout is asked for its constraints at the first solve.
    func requestFirstDisplayAndConstraints() {
        markNeedsDisplay()
        requestConstraintsIfRequired()
    }
}
