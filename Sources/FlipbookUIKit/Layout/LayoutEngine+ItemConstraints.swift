import Foundation
import FlipbookQuartz

// The constraints an item brings of its own, besides the ones the app made: pins for views that
// translate their autoresizing mask, the root and the system guides, and the intrinsic-size
// constraints (hugging and compression resistance) of views that have a size of their own.
extension LayoutEngine {
    /// A safe-area or margins guide (variables `v`) pinned inside its owner: its origin where the
    /// owner's insets put it, its size the owner's less those insets. The size follows the
    /// owner's variables, so a view sized by constraints through its own margins (content pinned
    /// to `layoutMarginsGuide`, nothing else fixing the view's height) grows around them, as in
    /// UIKit; the insets are this pass's (a change of them marks the view for layout again).
    private func insetPins(_ v: Variables, owner: Variables, frame: CGRect, insets: UIEdgeInsets, guide: UILayoutGuide) -> [Wanted] {
        let id = ObjectIdentifier(guide)
        let rows: [(CassowaryExpression, String, String)] = [
            (CassowaryExpression(v.x) + Double(-frame.minX), "minX", "== \(LayoutNames.number(frame.minX))"),
            (CassowaryExpression(v.y) + Double(-frame.minY), "minY", "== \(LayoutNames.number(frame.minY))"),
            (CassowaryExpression(v.width) - CassowaryExpression(owner.width) + Double(insets.left + insets.right),
             "width", "== owner.width - \(LayoutNames.number(insets.left + insets.right))"),
            (CassowaryExpression(v.height) - CassowaryExpression(owner.height) + Double(insets.top + insets.bottom),
             "height", "== owner.height - \(LayoutNames.number(insets.top + insets.bottom))"),
        ]
        return rows.enumerated().map { i, row in
            let (expression, name, rest) = row
            return Wanted(
                key: .pin(id, i), expression: expression, relation: .equal, strength: .required,
                text: { [weak guide] in
                    guard let guide else { return "<NSLayoutConstraint (released)>" }
                    return "<NSLayoutConstraint:\(LayoutNames.address(guide)) \(LayoutNames.name(of: guide)).\(name) \(rest)   (active)>"
                })
        }
    }

    func itemConstraints(_ item: LayoutItem, root: UIView) -> [Wanted] {
        let v = vars(item)
        let id = ObjectIdentifier(item)
        func pins(_ f: CGRect, _ label: String) -> [Wanted] {
            let values = [f.minX, f.minY, f.width, f.height]
            let names = ["minX", "minY", "width", "height"]
            return zip(zip([v.x, v.y, v.width, v.height], values), names).enumerated().map { i, entry in
                let ((variable, value), name) = entry
                return Wanted(
                    key: .pin(id, i), expression: CassowaryExpression(variable) + Double(-value), relation: .equal,
                    strength: .required,
                    text: { [weak item] in
                        guard let item else { return "<\(label) (released)>" }
                        return "<\(label):\(LayoutNames.address(item)) \(LayoutNames.name(of: item)).\(name) == \(LayoutNames.number(value))   (active)>"
                    })
            }
        }
        if let guide = item as? UILayoutGuide {
            guard guide.systemKind != .none else { return [] }
            let frame = guide.layoutFrame
            pinnedGuides[id] = (guide, frame)
            if let owner = guide.owningViewStorage, let insets = guide.systemInsets {
                return insetPins(v, owner: vars(owner), frame: frame, insets: insets, guide: guide)
            }
            let pinned = pins(frame, "NSLayoutConstraint")
            // A scroll view's content guide: its origin is fixed, its size only preferred
            // (constraints may decide it; it then becomes the content size).
            guard guide.systemKind == .scrollContent else { return pinned }
            return pinned.enumerated().map { i, w in
                var w = w
                if i >= 2 { w.strength = .weak }
                return w
            }
        }
        guard let view = item as? UIView else { return [] }
        view.autoLayoutState.participates = true
        if view === root {
            return pins(CGRect(origin: view.bounds.origin, size: view.bounds.size), "NSAutoresizingMaskLayoutConstraint")
        }
        if view.isPlacedByStackView {
            // Its stack view places it (by frame, in layoutSubviews): the engine holds it where
            // the stack put it, just under required so that a constraint of its own that the
            // stack's placement breaks (a stale frame before the stack's first layout) is no
            // conflict, and never writes it back (`write`), or the two would take turns.
            let b = view.bounds.size, c = view.center
            return pins(CGRect(x: c.x - b.width / 2, y: c.y - b.height / 2, width: b.width, height: b.height), "UISV-arrangement")
                .map { w in
                    var w = w
                    w.strength = LayoutEngine.stackPlacement
                    return w
                }
        }
        if isHeldByFrame(view) {
            let b = view.bounds.size, c = view.center
            return pins(
                CGRect(x: c.x - b.width / 2, y: c.y - b.height / 2, width: b.width, height: b.height),
                "NSAutoresizingMaskLayoutConstraint h=--& v=--&")
        }
        var out: [Wanted] = []
        let size = intrinsicOverrides[id] ?? view.intrinsicContentSize
        let s = view.autoLayoutState
        let axes: [(CGFloat, CassowaryVariable, UILayoutPriority, UILayoutPriority, String)] = [
            (size.width, v.width, s.hugging.h, s.compression.h, "Width"),
            (size.height, v.height, s.hugging.v, s.compression.v, "Height"),
        ]
        for (i, axis) in axes.enumerated() where axis.0 >= 0 && axis.0.isFinite {
            let e = CassowaryExpression(axis.1) + Double(-axis.0)
            let text = { [weak view] (relation: String, what: String) -> String in
                guard let view else { return "<NSContentSizeLayoutConstraint (released)>" }
                return "<NSContentSizeLayoutConstraint:\(LayoutNames.address(view)) \(LayoutNames.name(of: view)).\(axis.4.lowercased()) \(relation) \(LayoutNames.number(axis.0)) \(what)   (active)>"
            }
            out.append(Wanted(
                key: .intrinsic(id, i * 2), expression: e, relation: .lessThanOrEqual, strength: axis.2.strength,
                text: { text("<=", "Hug:\(Int(axis.2.rawValue))") }))
            out.append(Wanted(
                key: .intrinsic(id, i * 2 + 1), expression: e, relation: .greaterThanOrEqual, strength: axis.3.strength,
                text: { text(">=", "CompressionResistance:\(Int(axis.3.rawValue))") }))
        }
        return out
    }
}
