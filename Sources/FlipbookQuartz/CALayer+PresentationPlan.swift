import Foundation
import FlipbookGeometry

/// One running basic animation of a layer, reduced to what the per-frame evaluation needs:
/// its resolved timing, its pacing and its direct write. Built once when the layer's
/// animations change (or their begin times are committed), so a frame costs arithmetic
/// only: no dynamic dispatch, no `Any`, no key-path strings, no dictionaries, and (the
/// struct being trivially copyable) no reference counting.
///
/// The references are unmanaged (no reference counting): the layer's animation entries own
/// the animation and its `FastPlan` (the colours), the engine owns the interned timing
/// function, and the compiled plan is dropped whenever those entries change.
struct CompiledAnimation {
    var timing: ResolvedTiming
    /// Added but not yet committed: the animation begins at the time it is evaluated.
    var beginsNow: Bool
    /// The frozen timing function (nil: linear).
    var function: Unmanaged<CAMediaTimingFunction>?
    /// Set when the progress is not the eased fraction (a spring): asked each frame.
    var progressSource: Unmanaged<CABasicAnimation>?
    var write: DirectWrite

    /// Writes the animation's value at the layer's local time `local` into `values`
    /// (nothing outside its active time), exactly as `CABasicAnimation.apply` does.
    @MainActor @inline(__always)
    func apply(localTime local: Double, to values: inout LayerValues) {
        var timing = self.timing
        if beginsNow { timing.beginTime = local }
        guard let active = timing.activeTime(atParentTime: local) else { return }
        let progress: Double
        if let source = progressSource {
            progress = source.takeUnretainedValue().progress(at: active)
        } else if let f = function {
            progress = f.takeUnretainedValue().value(at: active.fraction)
        } else {
            progress = active.fraction
        }
        write.apply(progress, to: &values)
    }
}

/// `FastPlan.Kind` with its key resolved to a field and its colours to components, so it
/// copies without reference counting. `apply` gives exactly what `FastPlan.apply` gives.
enum DirectWrite {
    enum NumberField { case opacity, zPosition, cornerRadius, borderWidth, shadowOpacity, shadowRadius, anchorPointZ }
    enum ColorField { case backgroundColor, borderColor, shadowColor }
    /// Both ends' components as `CGColor.interpolated(to:fraction:)` reads them.
    struct ColorEnds {
        var from: Unmanaged<CGColor>
        var a: (CGFloat, CGFloat, CGFloat, CGFloat)
        var b: (CGFloat, CGFloat, CGFloat, CGFloat)

        init(_ from: CGColor, _ to: CGColor) {
            self.from = Unmanaged.passUnretained(from)
            let x = from.components ?? [0, 0, 0, 1], y = to.components ?? [0, 0, 0, 1]
            func at(_ c: [CGFloat], _ i: Int) -> CGFloat { i < c.count ? c[i] : 1 }
            a = (at(x, 0), at(x, 1), at(x, 2), at(x, 3))
            b = (at(y, 0), at(y, 1), at(y, 2), at(y, 3))
        }

        @inline(__always)
        func interpolated(_ fraction: Double) -> CGColor {
            guard fraction.isFinite else { return from.takeUnretainedValue() }
            let f = CGFloat(fraction)
            return CGColor(
                red: a.0 + (b.0 - a.0) * f, green: a.1 + (b.1 - a.1) * f, blue: a.2 + (b.2 - a.2) * f,
                alpha: a.3 + (b.3 - a.3) * f)
        }
    }

    case number(NumberField, Double, Double)
    case point(isPosition: Bool, CGPoint, CGPoint)
    case color(ColorField, ColorEnds)
    case rotationZ(Double, Double)

    init(_ kind: FastPlan.Kind) {
        switch kind {
        case .number(let key, let a, let b):
            let field: NumberField
            switch key {
            case .opacity: field = .opacity
            case .zPosition: field = .zPosition
            case .cornerRadius: field = .cornerRadius
            case .borderWidth: field = .borderWidth
            case .shadowOpacity: field = .shadowOpacity
            case .shadowRadius: field = .shadowRadius
            default: field = .anchorPointZ
            }
            self = .number(field, a, b)
        case .point(let key, let a, let b): self = .point(isPosition: key == .position, a, b)
        case .color(let key, let a, let b):
            let field: ColorField =
                key == .backgroundColor ? .backgroundColor : key == .borderColor ? .borderColor : .shadowColor
            self = .color(field, ColorEnds(a, b))
        case .rotationZ(let a, let b): self = .rotationZ(a, b)
        }
    }

    @MainActor @inline(__always)
    func apply(_ f: Double, to values: inout LayerValues) {
        switch self {
        case .number(let field, let a, let b):
            let v = a + (b - a) * f
            guard v.isFinite else { return }
            switch field {
            case .opacity: values.opacity = Float(v)
            case .zPosition: values.zPosition = CGFloat(v)
            case .cornerRadius: values.cornerRadius = CGFloat(v)
            case .borderWidth: values.borderWidth = CGFloat(v)
            case .shadowOpacity: values.shadowOpacity = Float(v)
            case .shadowRadius: values.shadowRadius = CGFloat(v)
            case .anchorPointZ: values.anchorPointZ = CGFloat(v)
            }
        case .point(let isPosition, let a, let b):
            let g = CGFloat(f)
            let p = CGPoint(x: a.x + (b.x - a.x) * g, y: a.y + (b.y - a.y) * g)
            guard p.x.isFinite, p.y.isFinite else { return }
            if isPosition { values.position = p } else { values.anchorPoint = p }
        case .color(let field, let ends):
            let c = ends.interpolated(f)
            switch field {
            case .backgroundColor: values.backgroundColor = c
            case .borderColor: values.borderColor = c
            case .shadowColor: values.shadowColor = c
            }
        case .rotationZ(let a, let b):
            let v = a + (b - a) * f
            guard v.isFinite,
                let t = TransformComponents.set(.rotationZ, .number(v), in: values.transform)
            else { return }
            values.transform = t
        }
    }
}

/// A layer's animations compiled for the presentation walk (Flipbook's own cache).
///
/// Derived state only: presentation values stay a pure function of the model, the
/// animations and the time. `isDirect` is false when some animation has no direct write
/// (keyframes, groups, transitions, additive, cumulative, component key paths other than
/// rotation.z, value functions...); such layers take the general path.
struct PresentationPlan {
    var animations: [CompiledAnimation]
    var isDirect: Bool

    @MainActor
    init(_ entries: [AnimationEntry]) {
        var list: [CompiledAnimation] = []
        list.reserveCapacity(entries.count)
        for entry in entries {
            guard let basic = entry.animation as? CABasicAnimation, let plan = basic.fastPlan else {
                animations = []
                isDirect = false
                return
            }
            list.append(
                CompiledAnimation(
                    timing: ResolvedTiming(basic.timing), beginsNow: basic.beginPending,
                    function: (basic.frozenTiming != nil ? basic.frozenTimingFunction : basic.timingFunction)
                        .map { Unmanaged.passUnretained(MediaClock.main.engine.interned($0)) },
                    progressSource: basic is CASpringAnimation ? Unmanaged.passUnretained(basic) : nil, write: DirectWrite(plan.kind)))
        }
        animations = list
        isDirect = true
    }

    /// Applies every animation, in the order added, at the layer's local time `local`.
    @MainActor @inline(__always)
    func apply(localTime local: Double, to values: inout LayerValues) {
        // A plain loop (no closure: a main-actor closure would check its executor at run time).
        for i in animations.indices { animations[i].apply(localTime: local, to: &values) }
    }
}

extension CALayer {
    /// The compiled form of `animationEntries`, built on first use after they change.
    @inline(__always)
    var presentationPlan: PresentationPlan {
        if let plan = cachedPresentationPlan { return plan }
        let plan = PresentationPlan(animationEntries)
        cachedPresentationPlan = plan
        return plan
    }

    /// Forgets the compiled animations (their list or their begin times changed).
    @inline(__always)
    func invalidatePresentationPlan() { cachedPresentationPlan = nil }
}
