import Foundation
import FlipbookQuartz

/// Auto Layout for one view tree: turns constraints into Cassowary constraints and keeps an
/// incremental `CassowarySolver` in step with the tree.
///
/// Every item (view or layout guide) that a constraint mentions, and every ancestor between it
/// and the root, gets four variables: the minimum x and y of its frame in its coordinate
/// parent's bounds space, its width and its height. An attribute in the root's space is the
/// item's variable plus each ancestor's offset (its own x/y variable minus its bounds origin),
/// so constraints across levels stay linear. Views that translate their autoresizing mask,
/// the root and the system guides are pinned with required constraints to their current
/// frames; views with an intrinsic size get hugging (<=) and compression-resistance (>=)
/// constraints at their priorities.
///
/// Each pass compiles the wanted constraints, removes from the solver those that vanished or
/// changed, adds the new ones (so unchanged constraints cost nothing), then writes solved
/// frames to the views that do not translate their mask (as `bounds.size` and `center`, so
/// transforms are kept). A required constraint that conflicts is reported as UIKit logs it and
/// left out until it changes; layout carries on.
@preconcurrency @MainActor
final class LayoutEngine {
    /// True while the engine writes frames, so those writes do not re-dirty the engine.
    static var isApplying = false

    struct Variables {
        let x: CassowaryVariable, y: CassowaryVariable, width: CassowaryVariable, height: CassowaryVariable
    }

    enum Key: Hashable {
        case user(ObjectIdentifier)
        case pin(ObjectIdentifier, Int)
        case intrinsic(ObjectIdentifier, Int)
    }

    struct Signature: Equatable {
        var terms: [ObjectIdentifier]
        var coefficients: [Double]
        var constant: Double
        var relation: CassowaryRelation
        var weight: Double
    }

    @preconcurrency @MainActor
    struct Wanted {
        var key: Key
        var expression: CassowaryExpression
        var relation: CassowaryRelation
        var strength: CassowaryStrength
        /// The constraint as UIKit prints it, for an unsatisfiable-constraints report: made only
        /// then (building it for every constraint on every pass is most of a pass's time).
        var text: @MainActor () -> String

        var signature: Signature {
            let e = expression.normalized
            return Signature(
                terms: e.terms.map { ObjectIdentifier($0.variable) }, coefficients: e.terms.map(\.coefficient),
                constant: e.constant, relation: relation, weight: strength.weight)
        }
    }

    private struct Installed {
        var signature: Signature
        var constraint: CassowaryConstraint
        var text: @MainActor () -> String
        var isRequired: Bool
    }

    let solver = CassowarySolver()
    private(set) var variables: [ObjectIdentifier: (item: AnyObject, vars: Variables)] = [:]
    private var installed: [Key: Installed] = [:]
    private var installOrder: [Key] = []
    /// Intrinsic sizes used instead of the views' own in this engine's solves: a fitting solve's
    /// multi-line labels measured at the width the solve gave them (`UIView.fittingSize`).
    var intrinsicOverrides: [ObjectIdentifier: CGSize] = [:]
    private var broken: [Key: Signature] = [:]

    /// How many passes `update(root:)` ran (tests count solves with it).
    private(set) var passCount = 0
    /// Views (by identity) whose frame moving, at the same size, changes what the last pass
    /// solved: a constraint ties the view or something inside it to an item outside it (or
    /// scales a position by a multiplier other than 1, which makes it depend on every
    /// ancestor's place). See `solutionSurvivesTranslation(of:frameMoved:)`.
    private var movingNeedsSolve: Set<ObjectIdentifier> = []
    /// The same for a view's bounds origin (its scrolling): a constraint ties something
    /// strictly inside the view to an item outside it.
    private var scrollingNeedsSolve: Set<ObjectIdentifier> = []
    /// The frames the last pass pinned the system guides (safe area, margins, scroll view
    /// guides) to: they follow their owners' places in the window.
    var pinnedGuides: [ObjectIdentifier: (guide: UILayoutGuide, frame: CGRect)] = [:]

    /// The strength that holds a stack view's arranged view where the stack placed it: that of
    /// priority 999.9, above every priority an app can give an optional constraint (999 weighs
    /// about 9.8e9), below required (a larger weight loses precision in the solver's pivots).
    static let stackPlacement = UILayoutPriority(999.9).strength

    /// The items a constraint of this pass names (as first or second item). A view that is in
    /// the pass only as the ancestor of one (a header view of its own sizing that holds a cell
    /// with constraints) is not the engine's to place, even without
    /// `translatesAutoresizingMaskIntoConstraints`: as in UIKit, the engine keeps it where its
    /// frame says and never writes it (`isHeldByFrame`).
    private(set) var named: Set<ObjectIdentifier> = []

    /// Notes the items `constraints` name, for `isHeldByFrame`.
    func noteNamedItems(of constraints: [NSLayoutConstraint]) {
        named = []
        for c in constraints {
            c.forEachLayoutItem { named.insert(ObjectIdentifier($0)) }
        }
    }

    func vars(_ item: AnyObject) -> Variables {
        if let v = variables[ObjectIdentifier(item)] { return v.vars }
        let n = LayoutNames.name(of: item)
        let v = Variables(
            x: CassowaryVariable("\(n).minX"), y: CassowaryVariable("\(n).minY"),
            width: CassowaryVariable("\(n).width"), height: CassowaryVariable("\(n).height"))
        variables[ObjectIdentifier(item)] = (item, v)
        return v
    }

    // MARK: Pass

    func update(root: UIView) {
        passCount += 1
        var userConstraints: [NSLayoutConstraint] = []
        for _ in 0..<4 {
            var wanted: [Wanted] = []
            var items: [LayoutItem] = []
            var seen = Set<ObjectIdentifier>()
            userConstraints = []
            pinnedGuides = [:]
            collect(root, into: &userConstraints)
            func note(_ item: LayoutItem?) {
                var cur: LayoutItem? = item
                while let i = cur, seen.insert(ObjectIdentifier(i)).inserted {
                    items.append(i)
                    cur = i === root ? nil : i.layoutCoordinateParent
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
            for item in items { wanted += itemConstraints(item, root: root) }
            for c in userConstraints { if let w = compile(c, root: root) { wanted.append(w) } }
            apply(wanted)
            solver.updateVariables()
            let changed = write(items: items, root: root)
            if !changed { break }
        }
        noteTranslationDependencies(userConstraints, root: root)
        // Forget variables of items no longer in use.
        let used = Set(installed.values.flatMap { $0.signature.terms })
        variables = variables.filter { _, entry in
            [entry.vars.x, entry.vars.y, entry.vars.width, entry.vars.height].contains { used.contains(ObjectIdentifier($0)) }
        }
    }

    func collect(_ view: UIView, into list: inout [NSLayoutConstraint]) {
        view.updateConstraintsIfNeeded()
        list += view.autoLayoutState.constraints.filter(\.itemsAlive)
        for s in view.subviewStorage { collect(s, into: &list) }
    }

    // MARK: Expressions

    /// The x (or y) offset that maps the bounds space of `view` into the root's bounds space.
    private func offset(_ view: UIView?, root: UIView, horizontal: Bool) -> CassowaryExpression {
        guard let view, view !== root, let parent = view.superviewStorage else { return CassowaryExpression() }
        let v = vars(view)
        let origin = horizontal ? view.bounds.minX : view.bounds.minY
        return offset(parent, root: root, horizontal: horizontal) + CassowaryExpression(horizontal ? v.x : v.y) + Double(-origin)
    }

    /// The x (or y) offset that maps the bounds space of `view` into the bounds space of its
    /// ancestor `common` (zero for `common` itself).
    private func offset(_ view: UIView?, within common: LayoutItem, horizontal: Bool) -> CassowaryExpression {
        guard let view, view !== common, let parent = view.superviewStorage else { return CassowaryExpression() }
        let v = vars(view)
        let origin = horizontal ? view.bounds.minX : view.bounds.minY
        return offset(parent, within: common, horizontal: horizontal) + CassowaryExpression(horizontal ? v.x : v.y) + Double(-origin)
    }

    /// `attribute` of `item`; in the root's bounds space, or, given `common` (an ancestor of
    /// the item or the item itself), in the space of `common`'s content (its bounds starting
    /// at zero): `common`'s own edges are then at zero and its width, as its descendants see
    /// them (`contentShift`).
    func expression(
        _ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, root: UIView, within common: LayoutItem? = nil
    ) -> CassowaryExpression? {
        let v = vars(item)
        let ox: CassowaryExpression, oy: CassowaryExpression
        if let common {
            let parent = item === common ? nil : item.layoutCoordinateParent
            ox = item === common ? CassowaryExpression() : offset(parent, within: common, horizontal: true) + CassowaryExpression(v.x)
            oy = item === common ? CassowaryExpression() : offset(parent, within: common, horizontal: false) + CassowaryExpression(v.y)
        } else {
            let parent = item === root ? nil : item.layoutCoordinateParent
            ox = offset(parent, root: root, horizontal: true) + CassowaryExpression(v.x)
            oy = offset(parent, root: root, horizontal: false) + CassowaryExpression(v.y)
        }
        let w = CassowaryExpression(v.width), h = CassowaryExpression(v.height)
        let m = (item as? UIView)?.layoutMargins ?? .zero
        switch attribute {
        case .left, .leading: return ox
        case .right, .trailing: return ox + w
        case .centerX: return ox + w * 0.5
        case .width: return w
        case .top: return oy
        case .bottom, .lastBaseline, .firstBaseline: return oy + h
        case .centerY: return oy + h * 0.5
        case .height: return h
        case .leftMargin, .leadingMargin: return ox + Double(m.left)
        case .rightMargin, .trailingMargin: return ox + w + Double(-m.right)
        case .topMargin: return oy + Double(m.top)
        case .bottomMargin: return oy + h + Double(-m.bottom)
        case .centerXWithinMargins: return ox + Double(m.left) + (w + Double(-m.left - m.right)) * 0.5
        case .centerYWithinMargins: return oy + Double(m.top) + (h + Double(-m.top - m.bottom)) * 0.5
        case .notAnAttribute: return nil
        }
    }

    /// How far `attribute` of `item` moves when seen from inside it: a view's edges, as its own
    /// descendants (and its guides) refer to them, are those of its content area, its bounds
    /// starting at zero whatever its bounds origin, as in UIKit (a scroll view's subviews pinned
    /// to its edges scroll with its content; a view whose bounds origin is animated slides its
    /// constrained subviews with it). Zero unless `other` lies inside `item`.
    private func contentShift(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, inside other: LayoutItem?) -> Double {
        guard let view = item as? UIView, let other, other !== item else { return 0 }
        let origin = view.bounds.origin
        guard origin != .zero else { return 0 }
        var cur = other.layoutCoordinateParent
        while let c = cur, c !== view { cur = c.superviewStorage }
        guard cur === view else { return 0 }
        switch attribute {
        case .left, .leading, .right, .trailing, .centerX, .leftMargin, .leadingMargin, .rightMargin, .trailingMargin,
            .centerXWithinMargins:
            return Double(-origin.x)
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin, .centerYWithinMargins:
            return Double(-origin.y)
        case .width, .height, .notAnAttribute:
            return 0
        }
    }

    /// A constraint between a scroll view's edge and something inside it, with the scroll view
    /// replaced by its content layout guide: as in UIKit, a scroll view's top, bottom, leading,
    /// trailing, left and right edges, seen from its own content, are those of the content
    /// area, so such constraints decide `contentSize` (Apple's technical note 2154). Width,
    /// height and centres stay the frame's. Table and collection views size their content
    /// themselves and are left alone. Nil when the constraint is not of that kind.
    func resolvedItems(of c: NSLayoutConstraint) -> (LayoutItem, LayoutItem)? {
        guard c.hasSecondItem, let first = c.firstLayoutItem, let second = c.secondLayoutItem else { return nil }
        func edge(_ a: NSLayoutConstraint.Attribute) -> Bool {
            switch a {
            case .top, .bottom, .leading, .trailing, .left, .right: return true
            default: return false
            }
        }
        func contentGuide(_ item: LayoutItem, _ a: NSLayoutConstraint.Attribute, seenFrom other: LayoutItem) -> LayoutItem? {
            guard edge(a), let scroll = item as? UIScrollView, !(scroll is UITableView), !(scroll is UICollectionView),
                other !== item
            else { return nil }
            var cur = other.layoutCoordinateParent
            while let v = cur, v !== scroll { cur = v.superviewStorage }
            return cur === scroll ? scroll.contentLayoutGuide : nil
        }
        if let guide = contentGuide(first, c.firstAttribute, seenFrom: second) { return (guide, second) }
        if let guide = contentGuide(second, c.secondAttribute, seenFrom: first) { return (first, guide) }
        return nil
    }

    /// One side of a constraint made from offset dimensions: the span's `to - from`, or the
    /// side's own attribute, in the root's space (the spans' ends may lie anywhere).
    private func spanSide(
        _ span: LayoutSpan?, _ item: LayoutItem?, _ attribute: NSLayoutConstraint.Attribute, root: UIView
    ) -> CassowaryExpression? {
        if let span {
            guard let from = span.fromItem, let to = span.toItem, let a = expression(from, span.fromAttribute, root: root),
                let b = expression(to, span.toAttribute, root: root)
            else { return nil }
            return b - a
        }
        guard let item else { return nil }
        return expression(item, attribute, root: root)
    }

    func compile(_ c: NSLayoutConstraint, root: UIView) -> Wanted? {
        guard !c.hasSpan else { return compileSpans(c, root: root) }
        let resolved = resolvedItems(of: c)
        guard let first = resolved?.0 ?? c.firstLayoutItem, var lhs = expression(first, c.firstAttribute, root: root) else {
            return nil
        }
        var rhs = CassowaryExpression(constant: Double(c.constant))
        if c.hasSecondItem {
            guard let second = resolved?.1 ?? c.secondLayoutItem else { return nil }
            if c.multiplier == 1, let common = commonAncestor(first, second, root: root),
                let l = expression(first, c.firstAttribute, root: root, within: common),
                let r = expression(second, c.secondAttribute, root: root, within: common)
            {
                // Both sides in their common ancestor's content space: the offsets above it, on
                // both sides, would cancel but for the rounding of their constants (a scroll
                // offset), which would change the constraint with every scroll and move.
                lhs = l
                rhs = r + Double(c.constant)
            } else {
                guard let e = expression(second, c.secondAttribute, root: root) else { return nil }
                lhs = lhs + contentShift(first, c.firstAttribute, inside: second)
                rhs = (e + contentShift(second, c.secondAttribute, inside: first)) * Double(c.multiplier) + Double(c.constant)
            }
        }
        return Wanted(
            key: .user(ObjectIdentifier(c)), expression: lhs - rhs, relation: Self.relation(c.relation), strength: c.priority.strength,
            text: { [weak c] in c?.description ?? "<NSLayoutConstraint (released)>" })
    }

    /// `compile` for a constraint with an offset dimension on either side.
    private func compileSpans(_ c: NSLayoutConstraint, root: UIView) -> Wanted? {
        guard let lhs = spanSide(c.firstSpan, c.firstLayoutItem, c.firstAttribute, root: root) else { return nil }
        var rhs = CassowaryExpression(constant: Double(c.constant))
        if c.hasSecondItem {
            guard let e = spanSide(c.secondSpan, c.secondLayoutItem, c.secondAttribute, root: root) else { return nil }
            rhs = e * Double(c.multiplier) + Double(c.constant)
        }
        return Wanted(
            key: .user(ObjectIdentifier(c)), expression: lhs - rhs, relation: Self.relation(c.relation), strength: c.priority.strength,
            text: { [weak c] in c?.description ?? "<NSLayoutConstraint (released)>" })
    }

    static func relation(_ relation: NSLayoutConstraint.Relation) -> CassowaryRelation {
        switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }

    /// The closest item both lie in (one of them, or an ancestor), following coordinate
    /// parents up to `root`; nil if they share none.
    private func commonAncestor(_ a: LayoutItem, _ b: LayoutItem, root: UIView) -> LayoutItem? {
        var chain = Set<ObjectIdentifier>()
        var cur: LayoutItem? = a
        while let i = cur {
            chain.insert(ObjectIdentifier(i))
            cur = i === root ? nil : i.layoutCoordinateParent
        }
        cur = b
        while let i = cur {
            if chain.contains(ObjectIdentifier(i)) { return i }
            cur = i === root ? nil : i.layoutCoordinateParent
        }
        return nil
    }

    // MARK: Moves that need no solve

    /// Records, after a pass, which views cannot move without changing the solution (see
    /// `solutionSurvivesTranslation(of:frameMoved:)`).
    ///
    /// Every item's variables are its frame in its coordinate parent's bounds space, and an
    /// attribute in the root's space adds each ancestor's offset (its x or y variable minus its
    /// bounds origin). In a constraint between two items, the offsets of their common ancestor
    /// and of everything above it appear on both sides, with a multiplier of 1, and cancel; so
    /// moving a view changes the constraint only when one item lies inside the view (or is the
    /// view) and the other does not: the views from each item up to, not including, the
    /// items' closest common ancestor. For a bounds origin, which maps what is strictly inside
    /// the view, the path starts at the item's coordinate parent. A constraint between two
    /// sizes (width, height) has no offsets at all. A multiplier other than 1 on a position
    /// keeps the offsets of every ancestor: its paths run up to the root, inclusive.
    private func noteTranslationDependencies(_ constraints: [NSLayoutConstraint], root: UIView) {
        movingNeedsSolve = []
        scrollingNeedsSolve = []
        func isSize(_ a: NSLayoutConstraint.Attribute) -> Bool { a == .width || a == .height || a == .notAnAttribute }
        func parent(_ item: LayoutItem) -> LayoutItem? { item === root ? nil : item.layoutCoordinateParent }
        for c in constraints {
            if c.hasSpan {
                // Offsets of every item's ancestors, up to the root inclusive, appear unpaired.
                for item in c.layoutItems {
                    var cur: LayoutItem? = item
                    while let i = cur {
                        if i is UIView { movingNeedsSolve.insert(ObjectIdentifier(i)) }
                        cur = parent(i)
                        if let p = cur { scrollingNeedsSolve.insert(ObjectIdentifier(p)) }
                    }
                }
                continue
            }
            guard c.hasSecondItem, let first = c.firstLayoutItem, let second = c.secondLayoutItem else { continue }
            if isSize(c.firstAttribute) && isSize(c.secondAttribute) { continue }
            // The closest common ancestor (nil: up to the root, inclusive).
            var common: LayoutItem?
            if c.multiplier == 1 {
                var firstChain = Set<ObjectIdentifier>()
                var cur: LayoutItem? = first
                while let i = cur {
                    firstChain.insert(ObjectIdentifier(i))
                    cur = parent(i)
                }
                cur = second
                while let i = cur, !firstChain.contains(ObjectIdentifier(i)) { cur = parent(i) }
                common = cur
            }
            for item in [first, second] {
                var cur: LayoutItem? = item
                while let i = cur, i !== common {
                    if i is UIView { movingNeedsSolve.insert(ObjectIdentifier(i)) }
                    cur = parent(i)
                }
                cur = parent(item)
                while let i = cur, i !== common {
                    scrollingNeedsSolve.insert(ObjectIdentifier(i))
                    cur = parent(i)
                }
            }
        }
    }

    /// Whether the last pass's solution still holds after `view` moved at the same size:
    /// its frame (centre or frame origin; the view translates its autoresizing mask, so only
    /// its own pins hold that place) when `frameMoved`, else its bounds origin. It holds when
    /// no constraint crosses the view's edge (`noteTranslationDependencies`) and no system
    /// guide inside the view (whose frame follows the safe area, which follows the view's
    /// place in the window) now has another frame than the one it was pinned to. Then every
    /// frame the engine gives stays as it is, the moved view's subtree moving with it, as in
    /// UIKit, where moving a view lays nothing out and re-solves nothing.
    func solutionSurvivesTranslation(of view: UIView, frameMoved: Bool) -> Bool {
        let id = ObjectIdentifier(view)
        if (frameMoved ? movingNeedsSolve : scrollingNeedsSolve).contains(id) { return false }
        for (guide, frame) in pinnedGuides.values {
            guard let owner = guide.owningViewStorage else { return false }
            if owner === view || owner.isDescendant(of: view), guide.layoutFrame != frame { return false }
        }
        return true
    }

    // MARK: Solver updates

    func apply(_ wanted: [Wanted]) {
        let wantedKeys = Set(wanted.map(\.key))
        var wantedSignatures: [Key: Signature] = [:]
        for w in wanted { wantedSignatures[w.key] = w.signature }
        var removedRequired = false
        for key in installOrder where installed[key]?.signature != wantedSignatures[key] {
            removedRequired = removedRequired || installed[key]?.isRequired == true
            uninstall(key)
        }
        // A conflict may have gone with a removed constraint: retry the broken ones.
        if removedRequired { broken = [:] }
        broken = broken.filter { wantedKeys.contains($0.key) }
        for w in wanted {
            let sig = w.signature
            if let old = installed[w.key] {
                if old.signature == sig { continue }
                uninstall(w.key)
            }
            if broken[w.key] == sig { continue }
            broken[w.key] = nil
            let c = CassowaryConstraint(w.expression, w.relation, strength: w.strength)
            do {
                try solver.addConstraint(c)
                installed[w.key] = Installed(signature: sig, constraint: c, text: w.text, isRequired: w.strength.isRequired)
                installOrder.append(w.key)
            } catch {
                broken[w.key] = sig
                reportUnsatisfiable(w, signature: sig)
            }
        }
    }

    private func uninstall(_ key: Key) {
        guard let old = installed.removeValue(forKey: key) else { return }
        installOrder.removeAll { $0 == key }
        try? solver.removeConstraint(old.constraint)
    }

    private func reportUnsatisfiable(_ w: Wanted, signature: Signature) {
        let vars = Set(signature.terms)
        let related = installOrder.compactMap { installed[$0] }.filter { $0.isRequired && !vars.isDisjoint(with: $0.signature.terms) }
        let list = (related.map { $0.text() } + [w.text()]).map { "    \"\($0)\"" }.joined(separator: ",\n")
        let note =
            list.contains("NSAutoresizingMaskLayoutConstraint")
            ? "\n\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) " : ""
        FlipbookDiagnostics.report(
            """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. \(note)
            (
            \(list)
            )

            Will attempt to recover by breaking constraint 
            \(w.text())

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKit/UIView.h> may also be helpful.
            """)
    }
}
