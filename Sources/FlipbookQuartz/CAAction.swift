import Foundation
import FlipbookGeometry

/// Something a layer runs when one of its properties changes, Core Animation's `CAAction`.
///
/// `CAAnimation` conforms: running it adds it to the layer under the key. `NSNull`
/// conforms too and does nothing, which is how a delegate says "no action".
@preconcurrency @MainActor
public protocol CAAction: AnyObject {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// A layer's delegate, Core Animation's `CALayerDelegate`. UIView is every backing layer's delegate.
@preconcurrency @MainActor
public protocol CALayerDelegate: NSObjectProtocol {
    /// Fills the layer's contents; when implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layerWillDraw(_ layer: CALayer)
    func layoutSublayers(of layer: CALayer)
    /// The action for a property change: a `CAAction`, `NSNull()` for none, or nil to
    /// let the layer continue its search (its `actions`, `style`, then the default).
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayWithoutDelegate() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
