import Foundation

/// Remembered Auto Layout answers about one view's subtree: its `systemLayoutSizeFitting`
/// results (per target size and fitting priorities) and, for a stack view, its
/// `intrinsicContentSize`.
///
/// Without it, a stack view asked its arranged views for their fitted sizes with a solver
/// built from scratch each time, for its intrinsic size and again for its layout, in every
/// pass, and a stack nested in a fitted view repeated all of that inside each of the enclosing
/// view's solves: the cost grew with the product of the levels (docs/Benchmarks.md, "Nested
/// stack views").
///
/// An answer is computed exactly as before and kept until something it could depend on
/// changes; then it is forgotten (`UIView.invalidateLayoutMemos`), so a later answer is the
/// same, bit for bit, as a fresh solve would give. What forgets, on the changed view and every
/// ancestor: anything that already tells Auto Layout about a change
/// (`autoLayoutStructureDidChange`: constraints added, removed, activated or edited,
/// `invalidateIntrinsicContentSize`, priorities, margins, `translatesAutoresizingMaskIntoConstraints`,
/// subviews added or removed, arranged views and stack properties, `setNeedsUpdateConstraints`),
/// and any frame, bounds or centre change (on the ancestors only: a view's own fitted size
/// does not depend on its frame, except its bounds origin, which the entry checks). Answers
/// that depend on geometry outside the subtree are never kept: a solve that uses a system
/// guide (safe area, margins, scroll view guides, whose frames follow the window) or an item
/// outside the view's subtree, and anything computed from such a solve.
struct LayoutMemo {
    struct FittingKey: Hashable {
        var width: CGFloat, height: CGFloat
        var horizontal: Float, vertical: Float
    }

    struct Fitting {
        var size: CGSize
        /// The fitted view's bounds origin when solved (the solve pins the root there).
        var origin: CGPoint
    }

    var fittings: [FittingKey: Fitting] = [:]
    /// A stack view's intrinsic content size.
    var intrinsic: CGSize?

    mutating func clear() {
        if !fittings.isEmpty { fittings.removeAll() }
        intrinsic = nil
    }

    /// Off only in tests that compare remembered answers with fresh ones: the current
    /// runtime's switch (`LayoutCounters`), so a test that turns it off turns it off for itself.
    @MainActor static var isEnabled: Bool {
        get { LayoutCounters.current.memoIsEnabled }
        set { LayoutCounters.current.memoIsEnabled = newValue }
    }
    /// Whether any answer was ever kept (until then, invalidation has nothing to walk).
    @MainActor static var inUse = false
    /// Moves on every invalidation and every answer that may not be kept; a computation that
    /// sees it move while it runs keeps nothing (what it read may be stale, or not keepable).
    @MainActor static var generation: UInt64 = 0
}

/// What Auto Layout keeps per app for tests, in the current runtime (`AppRuntime.state(_:make:)`):
/// the memo's switch and how many solvers were made (`CassowarySolver.constructions`).
@preconcurrency @MainActor
final class LayoutCounters {
    var memoIsEnabled = true
    var solverConstructions = 0

    static var current: LayoutCounters { AppRuntime.current.state(LayoutCounters.self) { LayoutCounters() } }
}

extension UIView {
    /// Forgets the remembered layout answers of this view (when `includingSelf`) and of every
    /// ancestor (see `LayoutMemo`).
    func invalidateLayoutMemos(includingSelf: Bool) {
        LayoutMemo.generation &+= 1
        guard LayoutMemo.inUse else { return }
        var v: UIView? = includingSelf ? self : superviewStorage
        while let cur = v {
            cur.autoLayoutState.memo.clear()
            v = cur.superviewStorage
        }
    }

    /// `compute()` once, or its remembered answer for `key` (see `LayoutMemo`).
    func memoizedFitting(_ key: LayoutMemo.FittingKey, _ compute: () -> (size: CGSize, keepable: Bool)) -> CGSize {
        let origin = bounds.origin
        if LayoutMemo.isEnabled, let hit = autoLayoutState.memo.fittings[key], hit.origin == origin { return hit.size }
        let before = LayoutMemo.generation
        let (size, keepable) = compute()
        if !keepable {
            LayoutMemo.generation &+= 1
        } else if LayoutMemo.isEnabled, before == LayoutMemo.generation {
            autoLayoutState.memo.fittings[key] = LayoutMemo.Fitting(size: size, origin: origin)
            LayoutMemo.inUse = true
        }
        return size
    }

    /// `compute()` once, or the remembered intrinsic size (a stack view's; see `LayoutMemo`).
    func memoizedIntrinsicSize(_ compute: () -> CGSize) -> CGSize {
        if LayoutMemo.isEnabled, let size = autoLayoutState.memo.intrinsic { return size }
        let before = LayoutMemo.generation
        let size = compute()
        if LayoutMemo.isEnabled, before == LayoutMemo.generation {
            autoLayoutState.memo.intrinsic = size
            LayoutMemo.inUse = true
        }
        return size
    }
}
