import Foundation
import FlipbookGeometry

/// One running basic animation of a layer, reduced to what the per-frame evaluation needs:
/// its timing and pacing (a shared `ProgressMemo`) and its direct write. Built once when
/// the layer's animations change (or their begin times are committed), so a frame costs
/// arithmetic only: no dynamic dispatch, no `Any`, no key-path strings, no dictionaries,
/// and (the struct being trivially copyable) no reference counting. 48 bytes: four
/// animations fit in three cache lines.
///
/// The references are unmanaged (no reference counting): the layer's animation entries own
/// the animation, which owns its `FastPlan` (the colours) and the memos its plan uses
/// (`memoRefs`), and the compiled plan is dropped whenever those entries change.
struct CompiledAnimation {
    var progress: Unmanaged<ProgressMemo>
    var write: DirectWrite
    /// Added but not yet committed: the animation begins at the time it is evaluated.
    var beginsNow: Bool

    /// Writes the animation's value at the layer's local time `local` into `values`
    /// (nothing outside its active time), exactly as `CABasicAnimation.apply` does.
    @preconcurrency @MainActor @inline(__always)
    func apply(localTime local: Double, to values: inout LayerValues) {
        // No closure here (`_withUnsafeGuaranteedRef`): a main-actor closure checks its
        // executor at run time.
        guard let p = progress.takeUnretainedValue().progress(atLocalTime: local, beginsNow: beginsNow) else { return }
        write.apply(p, to: &values)
    }
}

/// `FastPlan.Kind` with its key resolved to a field and its colours to components, so it
/// copies without reference counting. `apply` gives exactly what `FastPlan.apply` gives.
enum DirectWrite {
    /// Both ends' components as `CGColor.interpolated(to:fraction:)` reads them.
    /// Two words: the start colour (shown for a non-finite fraction) and the memo holding
    /// both ends' components.
    struct ColorEnds {
        var from: Unmanaged<CGColor>
        var memo: Unmanaged<ColorInterpolationMemo>

        /// `keep` receives the memo: the caller keeps it alive (`memoRefs`).
        @preconcurrency @MainActor
        init(_ from: CGColor, _ to: CGColor, memos: PresentationMemos, keep: inout AnyObject?) {
            self.from = Unmanaged.passUnretained(from)
            let x = from.components ?? [0, 0, 0, 1], y = to.components ?? [0, 0, 0, 1]
            func at(_ c: [CGFloat], _ i: Int) -> CGFloat { i < c.count ? c[i] : 1 }
            let a = (at(x, 0), at(x, 1), at(x, 2), at(x, 3))
            let b = (at(y, 0), at(y, 1), at(y, 2), at(y, 3))
            let shared = memos.colorPair(a, b)
            keep = shared
            memo = Unmanaged.passUnretained(shared)
        }

        @preconcurrency @MainActor @inline(__always)
        func interpolated(_ fraction: Double) -> CGColor {
            guard fraction.isFinite else { return from.takeUnretainedValue() }
            return memo.takeUnretainedValue().color(at: fraction)
        }
    }

    case number(DirectNumberField, Double, Double)
    case point(DirectPointField, CGPoint, CGPoint)
    case color(DirectColorField, ColorEnds)
    case rotationZ(Double, Double, Unmanaged<SineCosineMemo>)

    @preconcurrency @MainActor
    /// `keep` receives the shared memo the write uses (if any): the caller keeps it alive.
    init(_ kind: FastPlan.Kind, memos: PresentationMemos, keep: inout AnyObject?) {
        switch kind {
        case .number(let field, let a, let b): self = .number(field, a, b)
        case .point(let field, let a, let b): self = .point(field, a, b)
        case .color(let field, let a, let b): self = .color(field, ColorEnds(a, b, memos: memos, keep: &keep))
        case .rotationZ(let a, let b):
            let shared = memos.rotation(a, b)
            keep = shared
            self = .rotationZ(a, b, Unmanaged.passUnretained(shared))
        }
    }

    @preconcurrency @MainActor @inline(__always)
    func apply(_ f: Double, to values: inout LayerValues) {
        switch self {
        case .number(let field, let a, let b): values.setInterpolated(field, a, b, f)
        case .point(let field, let a, let b): values.setInterpolated(field, a, b, f)
        case .color(let field, let ends):
            values.set(field, ends.interpolated(f))
        case .rotationZ(let a, let b, let memo):
            let v = a + (b - a) * f
            guard v.isFinite,
                let t = DirectWrite.settingRotationZ(v, in: values.transform, memo: memo)
            else { return }
            values.transform = t
        }
    }

    /// `TransformComponents.set(.rotationZ, .number(v), in: t)`, bit for bit, without the
    /// arc tangent, the axis normalisation and the matrix product when the linear part of
    /// `t` is the identity (its rotation then reads as +0, and the product with Rodrigues'
    /// z rotation is that rotation: the sums below keep the signs of zeros it would give).
    @preconcurrency @MainActor @inline(__always)
    static func settingRotationZ(_ v: Double, in t: CATransform3D, memo: Unmanaged<SineCosineMemo>) -> CATransform3D? {
        @inline(__always) func plusZero(_ x: CGFloat) -> Bool { x == 0 && x.sign == .plus }
        guard t.m11 == 1, t.m22 == 1, t.m33 == 1, plusZero(t.m12), plusZero(t.m13), plusZero(t.m21),
            plusZero(t.m23), plusZero(t.m31), plusZero(t.m32), t.m14.isFinite, t.m24.isFinite, t.m34.isFinite
        else { return TransformComponents.set(.rotationZ, .number(v), in: t) }
        let angle = CGFloat(v)
        let (c, s) = memo.takeUnretainedValue().cosSin(angle)
        let zero: CGFloat = 0
        var r = t
        r.m11 = c; r.m12 = zero + s; r.m13 = 0
        r.m21 = zero - s; r.m22 = c; r.m23 = 0
        r.m31 = 0; r.m32 = 0; r.m33 = (1 - c) + c
        return r
    }
}

/// A layer's animations compiled for the presentation walk (Flipbook's own cache).
///
/// Derived state only: presentation values stay a pure function of the model, the
/// animations and the time. `isDirect` is false when some animation has no direct write
/// (keyframes, groups, transitions, additive, cumulative, component key paths other than
/// rotation.z, value functions...); such layers take the general path.
struct PresentationPlan {
    /// The records, in raw memory: the walk reads them through `CALayer.planBase` without
    /// any reference counting (an atomic operation stalls the walk's loads).
    var storage: CompiledPlanStorage?
    var isDirect: Bool

    @preconcurrency @MainActor
    init(_ entries: [AnimationEntry]) {
        let memos = MediaClock.main.engine.memos
        var list: [CompiledAnimation] = []
        list.reserveCapacity(entries.count)
        for entry in entries {
            guard let basic = entry.animation as? CABasicAnimation, let plan = basic.fastPlan else {
                storage = nil
                isDirect = false
                return
            }
            let timing = ResolvedTiming(basic.timing)
            let progress: ProgressMemo
            if basic is CASpringAnimation {
                // A spring's progress is its own (it ignores the timing function).
                progress = ProgressMemo(timing: timing, curve: nil, source: basic)
            } else {
                let function = basic.frozenTiming != nil ? basic.frozenTimingFunction : basic.timingFunction
                progress = memos.progress(timing, curve: function.map { memos.curve($0) })
            }
            var keep: AnyObject?
            let write = DirectWrite(plan.kind, memos: memos, keep: &keep)
            basic.memoRefs = MemoReferences(progress: progress, write: keep)
            list.append(
                CompiledAnimation(progress: Unmanaged.passUnretained(progress), write: write, beginsNow: basic.beginPending))
        }
        storage = CompiledPlanStorage(list)
        isDirect = true
    }
}

/// Owns a compiled plan's records in raw memory (freed with it).
final class CompiledPlanStorage {
    let base: UnsafeMutablePointer<CompiledAnimation>
    let count: Int

    init(_ list: [CompiledAnimation]) {
        count = list.count
        base = .allocate(capacity: max(list.count, 1))
        base.initialize(from: list, count: list.count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

extension CALayer {
    /// Compiles `animationEntries` if they changed since the last compile; afterwards
    /// `planIsDirect`, `planBase` and `planCount` describe the plan.
    @inline(__always)
    func preparePresentationPlan() {
        guard !planIsReady else { return }
        var plan = PresentationPlan(animationEntries)
        // A subclass redrawn for an animated key takes the general path, which notes the writes.
        if plan.isDirect, type(of: self) != CALayer.self, animatesKeyNeedingDisplay() { plan.isDirect = false }
        cachedPresentationPlan = plan
    }

    /// Applies the direct plan (every animation, in the order added) at local time `local`.
    /// Call after `preparePresentationPlan()` when `planIsDirect`.
    @preconcurrency @MainActor @inline(__always)
    func applyDirectPlan(localTime local: Double, to values: inout LayerValues) {
        guard let base = planBase else { return }
        // A plain loop (no closure: a main-actor closure would check its executor at run time).
        for i in 0..<planCount { base[i].apply(localTime: local, to: &values) }
    }

    /// Forgets the compiled animations (their list or their begin times changed).
    @inline(__always)
    func invalidatePresentationPlan() { cachedPresentationPlan = nil }
}
