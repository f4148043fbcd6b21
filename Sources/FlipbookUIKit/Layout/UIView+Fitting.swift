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
        var wanted: [Wanted] = []
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
            note(c.firstLayoutItem)
            if c.hasSecondItem { note(c.secondLayoutItem) }
        }
        for item in items where item !== root { wanted += itemConstraints(item, root: root) }
        wanted += rootFittingConstraints(root, target: target, horizontal: horizontal, vertical: vertical)
        for c in userConstraints { if let w = compile(c, root: root) { wanted.append(w) } }
        apply(wanted)
        solver.updateVariables()
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
        let size = root.intrinsicContentSize
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
