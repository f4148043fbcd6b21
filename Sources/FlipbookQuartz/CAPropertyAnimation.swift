import Foundation
import FlipbookGeometry

/// The name of a value function, Core Animation's `CAValueFunctionName`.
public struct CAValueFunctionName: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = Self(rawValue: "rotateX")
    public static let rotateY = Self(rawValue: "rotateY")
    public static let rotateZ = Self(rawValue: "rotateZ")
    public static let scale = Self(rawValue: "scale")
    public static let scaleX = Self(rawValue: "scaleX")
    public static let scaleY = Self(rawValue: "scaleY")
    public static let scaleZ = Self(rawValue: "scaleZ")
    public static let translate = Self(rawValue: "translate")
    public static let translateX = Self(rawValue: "translateX")
    public static let translateY = Self(rawValue: "translateY")
    public static let translateZ = Self(rawValue: "translateZ")
}

/// Turns animated numbers into a transform, Core Animation's `CAValueFunction`.
public final class CAValueFunction: Sendable {
    public let name: CAValueFunctionName
    public init?(name: CAValueFunctionName) { self.name = name }

    /// The transform for `value` (a number, or [x, y, z] for scale/translate).
    func transform(for value: AnimatableValue) -> CATransform3D? {
        let v: [Double]
        switch value {
        case .number(let n): v = [n]
        case .numbers(let a) where !a.isEmpty: v = a
        default: return nil
        }
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(i < v.count ? v[i] : fallback) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(at(0, 0), 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(at(0, 0), 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(at(0, 0), 0, 0, 1)
        case .scale:
            return v.count >= 3 ? CATransform3DMakeScale(at(0, 1), at(1, 1), at(2, 1))
                : CATransform3DMakeScale(at(0, 1), at(0, 1), at(0, 1))
        case .scaleX: return CATransform3DMakeScale(at(0, 1), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, at(0, 1), 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, at(0, 1))
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(at(0, 0), 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, at(0, 0), 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, at(0, 0))
        default: return nil
        }
    }
}

/// An animation of one key path, Core Animation's `CAPropertyAnimation`.
///
/// Key paths: any animatable CALayer property ("position", "opacity", "transform", ...),
/// a component of one ("position.x", "bounds.size.width", "bounds.origin",
/// "transform.rotation.z", "transform.scale", "transform.translation.x", ...), or an
/// animatable property of a layer subclass ("strokeEnd", "fontSize", "colors", ...).
/// An unknown key path is reported once and the animation shows nothing.
@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String? {
        get { _keyPath }
        set {
            _keyPath = newValue
            parsedKeyPath = keyPath.map(LayerKeyPath.init)
        }
    }
    private var _keyPath: String?
    /// When true, the animated value is added to the layer's current value.
    open var isAdditive = false
    /// When true, each repetition starts where the previous one ended.
    open var isCumulative = false
    /// Turns animated numbers into a transform (for "transform" key paths).
    open var valueFunction: CAValueFunction?

    final var parsedKeyPath: LayerKeyPath?

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        if let p = other as? CAPropertyAnimation {
            keyPath = p.keyPath
            parsedKeyPath = p.keyPath.map(LayerKeyPath.init)
            isAdditive = p.isAdditive
            isCumulative = p.isCumulative
            valueFunction = p.valueFunction
        }
    }

    override var affectedKeys: Set<LayerKey>? { parsedKeyPath.map { [$0.key] } ?? [] }

    /// The value the animation shows at `active` given the current presentation value
    /// `base` (nil: shows nothing). Subclasses override.
    func animatedValue(at active: ActiveTime, base: AnimatableValue) -> AnimatableValue? { nil }

    override func apply(_ active: ActiveTime, to target: CALayer) {
        guard let path = parsedKeyPath else { return }
        if let vf = valueFunction, path.component == nil {
            // Value functions animate numbers and build the transform from them.
            guard let value = animatedValue(at: active, base: .number(0)),
                let t = vf.transform(for: value), t.elements.allSatisfy(\.isFinite),
                case .transform(let current)? = target.animatableValue(for: path.key)
            else { return }
            target.setAnimatableValue(.transform(isAdditive ? CATransform3DConcat(t, current) : t), for: path.key)
            target.noteAnimatedWrite(path)
            return
        }
        guard let base = target.animatableValue(for: path) ?? undeclaredBase(path, on: target),
            var value = animatedValue(at: active, base: base)
        else {
            return
        }
        if isAdditive, let sum = base.adding(value) { value = sum }
        // Raw colour arithmetic is clamped here, where the colour is shown.
        value = value.displayable
        guard value.isFinite else {
            FlipbookDiagnostics.report(
                "\(type(of: self)) on \"\(path.string)\" produced a non-finite value; the layer keeps its value.",
                once: "CAPropertyAnimation.nonfinite.\(path.string)")
            return
        }
        if !target.setAnimatableValue(value, for: path) {
            FlipbookDiagnostics.report(
                "\(type(of: self)) on \"\(path.string)\": a \(value.kindName) value does not fit that key path; ignored.",
                once: "CAPropertyAnimation.kind.\(path.string)")
            return
        }
        target.noteAnimatedWrite(path)
    }

    /// One of the animation's own values (the kind it animates), for the zero a custom key
    /// with no value starts from. Subclasses override.
    var sampleValue: AnimatableValue? { nil }

    /// What a custom key with no value (and no default) of an app's layer class reads as
    /// when animated: the zero of the animation's kind, as an `@NSManaged` property reads
    /// zero until set (`CALayer.acceptsUndeclaredKey`).
    private func undeclaredBase(_ path: LayerKeyPath, on target: CALayer) -> AnimatableValue? {
        guard target.model().acceptsUndeclaredKey(path) else { return nil }
        return sampleValue?.zeroOfKind ?? .other(nil)
    }

    /// Adds `iteration` copies of `delta` to `value` (cumulative repetition).
    func accumulate(_ value: AnimatableValue, delta: @autoclosure () -> AnimatableValue?, iteration: Int) -> AnimatableValue {
        guard isCumulative, iteration > 0, let delta = delta(), let step = delta.scaled(by: Double(iteration)),
            let sum = value.adding(step)
        else { return value }
        return sum
    }
}
