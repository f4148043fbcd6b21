import Foundation

extension UIView {
    /// `systemLayoutSizeFitting`: solves this view's subtree once in an engine of its own, the
    /// view's width and height held to `target` at the given priorities instead of pinned to its
    /// bounds, its intrinsic size (if any) at its hugging and compression priorities. Nothing is
    /// written back: no frame changes. A view with no constraints gets its intrinsic size where
    /// it has one and `target` elsewhere, as UIKit does. The answer is remembered until the
    /// subtree changes (`LayoutMemo`).
    func fittingSize(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        guard target.width.isFinite, target.height.isFinite, target.width >= 0, target.height >= 0 else {
            FlipbookDiagnostics.report(
                "systemLayoutSizeFitting(\(target)): the target size must be finite and not negative; returning the bounds' size.")
            return bounds.size
        }
        let key = LayoutMemo.FittingKey(
            width: target.width, height: target.height, horizontal: horizontal.rawValue, vertical: vertical.rawValue)
        return memoizedFitting(key) {
            LayoutEngine().fittingSize(of: self, target: target, horizontal: horizontal, vertical: vertical)
        }
    }
}

extension LayoutEngine {
    /// One solve of `root`'s subtree with the root's size free (see `UIView.fittingSize`), and
    /// whether the answer may be remembered: not when the solve used a system guide or an item
    /// outside the subtree, whose frames follow geometry outside it (`LayoutMemo`).
    func fittingSize(
        of root: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority
    ) -> (size: CGSize, keepable: Bool) {
        var keepable = true
        var items: [LayoutItem] = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var userConstraints: [NSLayoutConstraint] = []
        collect(root, into: &userConstraints)
        func note(_ item: LayoutItem?) {
            var cur: LayoutItem? = item
            while let i = cur, i !== root, seen.insert(ObjectIdentifier(i)).inserted {
                items.append(i)
                if let guide = i as? UILayoutGuide, guide.systemKind != .none { keepable = false }
                cur = i.layoutCoordinateParent
                if cur == nil { keepable = false }  // the chain never met the root: outside the subtree
            }
        }
        for c in userConstraints {
            c.forEachLayoutItem { note($0) }
            if let (first, second) = resolvedItems(of: c) {
                note(first)
                note(second)
            }
        }
        noteNamedItems(of: userConstraints)
        func solve() {
            var wanted: [Wanted] = []
            for item in items where item !== root { wanted += itemConstraints(item, root: root) }
            wanted += rootFittingConstraints(root, target: target, horizontal: horizontal, vertical: vertical)
            for c in userConstraints { if let w = compile(c, root: root) { wanted.append(w) } }
            apply(wanted)
            solver.updateVariables()
        }
        solve()
        // UIKit's second pass: a multi-line label with the automatic preferred width that the
        // solve made narrower than its intrinsic width is measured again at that width (its
        // text wraps), and the subtree solved again with the wrapped size, so a view fitted to
        // a width grows by the wrapped lines (self-sizing cells, a card fitted to 270 pt). A
        // vertical stack made narrower is measured again too (its views fitted to that width:
        // UIKit's stack holds them with constraints, so the same pass reaches its labels).
        func wrappedSize(_ view: UIView, _ width: CGFloat) -> CGSize? {
            if let label = view as? UILabel { return label.automaticallyWrappedSize(atWidth: width) }
            if let stack = view as? UIStackView { return stack.contentSize(atWidth: width) }
            return nil
        }
        let rewrapped = items.compactMap { item -> UIView? in
            guard let view = item as? UIView, view is UILabel || view is UIStackView, !view.isPlacedByStackView || view === root
            else { return nil }
            return view
        }
        for _ in 0..<(rewrapped.isEmpty ? 0 : 4) {
            var changed = false
            for view in rewrapped {
                let id = ObjectIdentifier(view)
                let current = intrinsicOverrides[id] ?? view.intrinsicContentSize
                let width = CGFloat(vars(view).width.value)
                guard current.width > 0, width.isFinite, width > 0, width < current.width - 0.5,
                      let wrapped = wrappedSize(view, width)
                else { continue }
                intrinsicOverrides[id] = wrapped
                changed = true
            }
            guard changed else { break }
            solve()
        }
        let v = vars(root)
        return (CGSize(width: max(0, v.width.value), height: max(0, v.height.value)), keepable)
    }

    private func rootFittingConstraints(
        _ root: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority
    ) -> [Wanted] {
        let v = vars(root)
        let id = ObjectIdentifier(root)
        let origin = root.bounds.origin
        var out: [Wanted] = [
            Wanted(key: .pin(id, 0), expression: CassowaryExpression(v.x) + Double(-origin.x), relation: .equal,
                   strength: .required, text: { "<fitting origin x>" }),
            Wanted(key: .pin(id, 1), expression: CassowaryExpression(v.y) + Double(-origin.y), relation: .equal,
                   strength: .required, text: { "<fitting origin y>" }),
            Wanted(key: .pin(id, 2), expression: CassowaryExpression(v.width) + Double(-target.width), relation: .equal,
                   strength: horizontal.strength, text: { "<fitting width == \(target.width)>" }),
            Wanted(key: .pin(id, 3), expression: CassowaryExpression(v.height) + Double(-target.height), relation: .equal,
                   strength: vertical.strength, text: { "<fitting height == \(target.height)>" }),
        ]
        let size = intrinsicOverrides[id] ?? root.intrinsicContentSize
        let s = root.autoLayoutState
        let axes: [(CGFloat, CassowaryVariable, UILayoutPriority, UILayoutPriority)] = [
            (size.width, v.width, s.hugging.h, s.compression.h), (size.height, v.height, s.hugging.v, s.compression.v),
        ]
        for (i, axis) in axes.enumerated() where axis.0 >= 0 && axis.0.isFinite {
            let e = CassowaryExpression(axis.1) + Double(-axis.0)
            out.append(Wanted(key: .intrinsic(id, i * 2), expression: e, relation: .lessThanOrEqual, strength: axis.2.strength,
                              text: { "<fitting hugging>" }))
            out.append(Wanted(key: .intrinsic(id, i * 2 + 1), expression: e, relation: .greaterThanOrEqual,
                              strength: axis.3.strength, text: { "<fitting compression resistance>" }))
        }
        return out
    }
}
