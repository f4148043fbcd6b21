import Foundation
import FlipbookGeometry

// Custom layer keys: a value stored under a key no CALayer property declares (a layer
// subclass's `@NSManaged var radius: CGFloat`, which the porter turns into a computed property
// over `value(forKey:)`/`setValue(_:forKey:)`). Core Animation keeps such values in the layer's
// key-value storage, copies them into presentation layers, animates them like its own
// properties, and redraws a presentation layer whose animated key the class's
// `needsDisplay(forKey:)` names (docs/Semantics.md and docs/Divergences.md, "Custom layer keys").

extension CALayer {
    /// The value stored under a custom key, else the class's `defaultValue(forKey:)`.
    func storedCustomValue(forKey key: String) -> Any? {
        if let v = extraValues[key] { return v }
        return type(of: self).defaultValue(forKey: key)
    }

    /// The stored custom value as the engine sees it; nil when there is none.
    func storedCustomAnimatableValue(forKey key: String) -> AnimatableValue? {
        guard let v = storedCustomValue(forKey: key) else { return nil }
        return AnimatableValue(v) ?? .other(v)
    }

    /// Stores a custom key's value. On a model layer, as Core Animation does for a custom
    /// key: key-value observers are told, the layer is marked for display when the class's
    /// `needsDisplay(forKey:)` says so, and the key's action (`action(forKey:)`; a custom key
    /// has no default action, as on iOS) is looked up *before* the value changes, so an action
    /// reading `presentation()` or the model sees the old value (Flipbook's own properties
    /// ask after the change: docs/Divergences.md), and runs after it.
    func setStoredCustomValue(_ value: Any?, forKey key: String) {
        guard !isPresentationCopy else {
            extraValues[key] = value
            return
        }
        let old = storedCustomValue(forKey: key)
        let action = CATransaction.disableActions() ? nil : action(forKey: key)
        keyValueObservers?.willChange(key)
        extraValues[key] = value
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        if let action { runChangeAction(action, forKey: key, oldValue: old) }
        keyValueObservers?.didChange(key)
    }

    /// Writes an animated (or key-path) value to a custom key, keeping the type of the value
    /// already there (`AnimatableValue.stored(like:)`), so that a computed property reading
    /// `value(forKey:) as? CGFloat` keeps reading it. False for a key a subclass declares (the
    /// value was of the wrong kind for it).
    func setStoredCustomAnimatableValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        guard customAnimatableValue(forKey: key) == nil else { return false }
        setStoredCustomValue(value.stored(like: storedCustomValue(forKey: key)), forKey: key)
        return true
    }

    /// Whether an animation of a custom key that has no value (and no default) animates it
    /// from zero: yes for layer classes the app declares (the key is one of its `@NSManaged`
    /// properties, which read as zero until set), no for Flipbook's own classes, where such a
    /// key is most likely a misspelt property (reported when the animation is added).
    func acceptsUndeclaredKey(_ path: LayerKeyPath) -> Bool {
        guard case .custom = path.key, path.component == nil else { return false }
        let name = String(reflecting: type(of: self))
        let module = name.prefix { $0 != "." }
        return !["FlipbookQuartz", "FlipbookUIKit", "FlipbookRender"].contains(module)
    }

    /// Called after an animation wrote `path` on this presentation copy: a layer subclass
    /// whose class's `needsDisplay(forKey:)` names the key is redrawn once every animation is
    /// applied (`redrawAnimatedContentIfNeeded`).
    @inline(__always)
    func noteAnimatedWrite(_ path: LayerKeyPath) {
        guard isPresentationCopy, !animatedDisplayPending, type(of: self) != CALayer.self else { return }
        if type(of: self).needsDisplay(forKey: path.rootName) { animatedDisplayPending = true }
    }

    /// Redraws this presentation copy (its `display()`, so its `draw(in:)` reads the animated
    /// values) when an animation changed a key that needs display; the renderer shows the
    /// copy's drawing instead of the model's.
    /// A drawing that asks for the presentation again (a view's `draw(_:)` reading
    /// `layer.presentation()`) gets a copy that is not redrawn: no endless recursion.
    func redrawAnimatedContentIfNeeded() {
        guard animatedDisplayPending else { return }
        animatedDisplayPending = false
        let model = modelLayer ?? self
        guard !model.isDrawingPresentation else { return }
        model.isDrawingPresentation = true
        defer { model.isDrawingPresentation = false }
        display()
    }

    /// Whether one of the layer's animations animates a key its class's
    /// `needsDisplay(forKey:)` names (such layers take the general presentation path, which
    /// notes the writes).
    func animatesKeyNeedingDisplay() -> Bool {
        guard type(of: self) != CALayer.self else { return false }
        for entry in animationEntries where entry.animation.animatesKeyNeedingDisplay(on: type(of: self)) { return true }
        return false
    }
}

extension CAAnimation {
    /// Whether the animation (or one in it) animates a key `layerClass.needsDisplay(forKey:)` names.
    func animatesKeyNeedingDisplay(on layerClass: CALayer.Type) -> Bool {
        if let p = self as? CAPropertyAnimation, let path = p.parsedKeyPath {
            return layerClass.needsDisplay(forKey: path.rootName)
        }
        if let g = self as? CAAnimationGroup {
            return (g.animations ?? []).contains { $0.animatesKeyNeedingDisplay(on: layerClass) }
        }
        return false
    }
}

extension AnimatableValue {
    /// The value to store under a custom key whose current value is `old`: numbers keep the
    /// type of `old` (CGFloat, Double, Float, Int truncated toward zero as `NSNumber.intValue`
    /// does, other integer types likewise, NSNumber, Bool as non-zero), and are CGFloat when
    /// there is no value yet; points, sizes, rects and transforms keep an `NSValue` box when
    /// `old` is one; everything else is the plain value (`anyValue`).
    func stored(like old: Any?) -> Any? {
        switch self {
        case .number(let d):
            guard let old else { return CGFloat(d) }
            // Exact types: on Apple platforms `is` would bridge numbers through NSNumber.
            let kind = type(of: old)
            if kind == CGFloat.self { return CGFloat(d) }
            if kind == Double.self { return d }
            if kind == Float.self { return Float(d) }
            if kind == Int.self { return Self.integer(d, as: Int.self) }
            if kind == Int32.self { return Self.integer(d, as: Int32.self) }
            if kind == Int64.self { return Self.integer(d, as: Int64.self) }
            if kind == UInt.self { return Self.integer(d, as: UInt.self) }
            if kind == Bool.self { return d != 0 }
            if old is NSNumber { return NSNumber(value: d) }
            return CGFloat(d)
        case .point(let p) where old is NSValue: return NSValue(cgPoint: p)
        case .size(let s) where old is NSValue: return NSValue(cgSize: s)
        case .rect(let r) where old is NSValue: return NSValue(cgRect: r)
        case .transform(let t) where old is NSValue: return NSValue(caTransform3D: t)
        default: return anyValue
        }
    }

    /// `d` truncated toward zero into `T`, clamped to its range.
    private static func integer<T: FixedWidthInteger>(_ d: Double, as: T.Type) -> T {
        let t = d.rounded(.towardZero)
        if let exact = T(exactly: t) { return exact }
        return t > 0 ? T.max : T.min
    }

    /// The zero of this value's kind (numbers 0, points, sizes and rects zero, the identity
    /// transform, a clear colour): what a custom key with no value animates from.
    var zeroOfKind: AnimatableValue? {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .affine: return .affine(.identity)
        case .color, .rawColor: return .color(nil)
        case .numbers(let v): return .numbers(v.map { _ in 0 })
        case .colors, .other: return nil
        }
    }
}
