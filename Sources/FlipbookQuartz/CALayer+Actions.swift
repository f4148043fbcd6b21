import Foundation
import FlipbookGeometry

extension CALayer {
    /// The properties whose changes animate implicitly (by default action).
    static var baseImplicitlyAnimatedKeys: Set<String> {
        // BEGIN GENERATED implicit-keys (scripts/codegen/layer-properties.tsv; `make generate`)
        [
            "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform",
            "sublayerTransform", "opacity", "hidden", "masksToBounds", "cornerRadius", "borderWidth",
            "borderColor", "backgroundColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
            "shadowPath", "contents", "contentsRect", "contentsCenter", "rasterizationScale",
        ]
        // END GENERATED implicit-keys
    }

    /// The action for a property change, searched as Core Animation does: the delegate's
    /// `action(for:forKey:)`, then `actions[event]`, then `defaultAction(forKey:)`.
    /// An `NSNull` found on the way ends the search and is returned (it runs as nothing).
    func searchAction(forKey event: String) -> CAAction? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a }
        if let a = actions?[event] { return a }
        return type(of: self).defaultAction(forKey: event)
    }

    /// The default action for `event`: for an animatable property, a `CABasicAnimation`
    /// of that key over `CATransaction.animationDuration()` (0.25 s unless set) with
    /// `CATransaction.animationTimingFunction()` (Core Animation's `.default` curve when
    /// nil); nil for anything else.
    static func basicDefaultAction(forKey event: String, animatable: Set<String>) -> CAAction? {
        guard animatable.contains(event) else { return nil }
        let anim = CABasicAnimation(keyPath: event)
        anim.duration = CATransaction.animationDuration()
        anim.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return anim
    }

    /// Called after every property change of a model layer: marks display/layout and runs
    /// the property's action unless actions are disabled.
    func propertyDidChange(_ key: String, _ oldValue: Any?) {
        guard !isPresentationCopy else { return }
        noteValueChanged(key, from: oldValue)
        if key == "bounds", let old = oldValue as? CGRect, old.size != bounds.size {
            setNeedsLayout()
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        // A layer no transaction has committed in a window (made, set up and added in this
        // turn of the run loop) takes its values without animating, unless its delegate (a
        // view) answers for it.
        guard hasBeenCommitted || delegate != nil else { return }
        guard !CATransaction.disableActions(), let action = action(forKey: key) else { return }
        runChangeAction(action, forKey: key, oldValue: oldValue)
    }

    /// Runs the action found for a change of `key` (whose model value before the change was
    /// `oldValue`); `NSNull` runs as nothing.
    func runChangeAction(_ action: CAAction, forKey key: String, oldValue: Any?) {
        if action is NSNull { return }
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
            // Implicit animations start from what is on screen: the presented value when this
            // key is already animating, else the old model value.
            let anim = basic.copy() as? CABasicAnimation ?? basic
            let animating = animationEntries.contains { ($0.animation as? CAPropertyAnimation)?.parsedKeyPath?.key == LayerKey(key) }
            anim.fromValue = animating ? presentationValue(forKeyPath: key) : oldValue
            anim.run(forKey: key, object: self, arguments: nil)
            return
        }
        // Other actions learn the model value before the change under "previousValue" (UIKit's
        // additive animations need it: docs/Semantics.md, "UIView animations"); NSNull stands
        // for nil (a layer without a background colour).
        action.run(forKey: key, object: self, arguments: ["previousValue": oldValue ?? NSNull()])
    }
}
