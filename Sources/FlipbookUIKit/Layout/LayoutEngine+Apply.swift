import Foundation
import FlipbookQuartz

// Putting the solution on views: the frames a pass writes, and the frame a view moved by hand
// gets back when its superview is laid out again.
extension LayoutEngine {
    /// Writes solved frames; returns whether a system guide's pinned frame moved as a result
    /// (then the pass runs again).
    func write(items: [LayoutItem], root: UIView) -> Bool {
        LayoutEngine.isApplying = true
        defer { LayoutEngine.isApplying = false }
        for item in items {
            let f = Self.frame(of: vars(item))
            if let guide = item as? UILayoutGuide {
                guide.solvedFrame = f
                if guide.systemKind == .scrollContent {
                    (guide.owningViewStorage as? UIScrollView)?.contentLayoutGuideDidSolve(size: f.size)
                }
                continue
            }
            guard let view = item as? UIView, view !== root, !isHeldByFrame(view),
                !view.isPlacedByStackView
            else { continue }
            // UIKit applies the engine's frames in the superview's `layoutSubviews`, so a view
            // the solve moved has its superview laid out (and its controller's hooks called).
            if Self.apply(f, to: view), let parent = view.superview,
                !parent.layoutExtras.isLayingOutSubviews
            {
                parent.setNeedsLayout()
            }
        }
        for item in items {
            guard let guide = item as? UILayoutGuide, guide.systemKind != .none else { continue }
            let f = guide.layoutFrame
            let v = vars(guide)
            if abs(v.x.value - f.minX) > 1e-6 || abs(v.y.value - f.minY) > 1e-6 || abs(v.width.value - f.width) > 1e-6
                || abs(v.height.value - f.height) > 1e-6
            {
                return true
            }
        }
        return false
    }

    /// Puts `view` back at the frame of the last solution: a view Auto Layout places whose frame
    /// was set by hand keeps that frame until its superview is next laid out, where UIKit's
    /// `layoutSubviews` applies the engine's frames again (`UIView.layoutSubtree`). Does nothing
    /// when the engine does not place the view.
    func reapplySolution(to view: UIView) {
        guard let entry = variables[ObjectIdentifier(view)], !isHeldByFrame(view), !view.isPlacedByStackView else { return }
        LayoutEngine.isApplying = true
        defer { LayoutEngine.isApplying = false }
        Self.apply(Self.frame(of: entry.vars), to: view)
    }

    /// Whether the engine holds `view` at its frame rather than solving it: it translates its
    /// autoresizing mask, or no constraint names it.
    func isHeldByFrame(_ view: UIView) -> Bool {
        view.translatesAutoresizingMaskIntoConstraints || !named.contains(ObjectIdentifier(view))
    }

    /// The solved frame of an item's variables (a negative solved size is zero).
    private static func frame(of v: Variables) -> CGRect {
        CGRect(x: v.x.value, y: v.y.value, width: max(0, v.width.value), height: max(0, v.height.value))
    }

    /// Sets `view`'s bounds size and centre to `frame`'s where they differ by more than rounding;
    /// returns whether either changed.
    @discardableResult
    private static func apply(_ frame: CGRect, to view: UIView) -> Bool {
        var moved = false
        if abs(view.bounds.width - frame.width) > 1e-9 || abs(view.bounds.height - frame.height) > 1e-9 {
            view.bounds = CGRect(origin: view.bounds.origin, size: frame.size)
            moved = true
        }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        if abs(view.center.x - center.x) > 1e-9 || abs(view.center.y - center.y) > 1e-9 {
            view.center = center
            moved = true
        }
        return moved
    }
}
