import Foundation

/// The distance from one anchor to another on the same axis, which `anchorWithOffset(to:)`
/// makes into a dimension: `to - from`, negative when `to` lies before `from`.
struct LayoutSpan {
    weak var from: AnyObject?
    let fromAttribute: NSLayoutConstraint.Attribute
    weak var to: AnyObject?
    let toAttribute: NSLayoutConstraint.Attribute

    var fromItem: LayoutItem? { from as? LayoutItem }
    var toItem: LayoutItem? { to as? LayoutItem }
}

extension NSLayoutXAxisAnchor {
    /// A dimension that is the distance from this anchor to `otherAnchor` (positive when
    /// `otherAnchor` lies to the right), for constraints such as two gaps kept equal:
    /// `a.trailingAnchor.anchorWithOffset(to: b.leadingAnchor).constraint(equalTo: …)`.
    public func anchorWithOffset(to otherAnchor: NSLayoutXAxisAnchor) -> NSLayoutDimension {
        NSLayoutDimension(spanFrom: self, to: otherAnchor, dimension: .width)
    }
}

extension NSLayoutYAxisAnchor {
    /// A dimension that is the distance from this anchor to `otherAnchor` (positive when
    /// `otherAnchor` lies below).
    public func anchorWithOffset(to otherAnchor: NSLayoutYAxisAnchor) -> NSLayoutDimension {
        NSLayoutDimension(spanFrom: self, to: otherAnchor, dimension: .height)
    }
}

extension NSLayoutDimension {
    /// The dimension from `from` to `to`. Its item and attribute, which a constraint reports as
    /// its `firstItem`/`firstAttribute`, are `from`'s item and the axis's size.
    convenience init<A>(spanFrom from: NSLayoutAnchor<A>, to: NSLayoutAnchor<A>, dimension: NSLayoutConstraint.Attribute) {
        self.init(item: from.item ?? NSNull(), attribute: dimension)
        span = LayoutSpan(from: from.item, fromAttribute: from.attribute, to: to.item, toAttribute: to.attribute)
    }
}

extension NSLayoutConstraint {
    /// Calls `body` with every view or guide the constraint reads: its items and, for an offset
    /// dimension, the items of both its anchors. Without allocating: the engine calls it for
    /// every constraint of every solve.
    func forEachLayoutItem(_ body: (LayoutItem) -> Void) {
        if let first = firstLayoutItem { body(first) }
        if hasSecondItem, let second = secondLayoutItem { body(second) }
        if let span = firstSpan {
            if let from = span.fromItem { body(from) }
            if let to = span.toItem { body(to) }
        }
        if let span = secondSpan {
            if let from = span.fromItem { body(from) }
            if let to = span.toItem { body(to) }
        }
    }

    /// The items `forEachLayoutItem` visits, as an array.
    var layoutItems: [LayoutItem] {
        var items: [LayoutItem] = []
        forEachLayoutItem { items.append($0) }
        return items
    }

    /// Whether every item the constraint reads is still there.
    var itemsAlive: Bool {
        guard firstLayoutItem != nil, !hasSecondItem || secondLayoutItem != nil else { return false }
        if let span = firstSpan, span.fromItem == nil || span.toItem == nil { return false }
        if let span = secondSpan, span.fromItem == nil || span.toItem == nil { return false }
        return true
    }

    var hasSpan: Bool { firstSpan != nil || secondSpan != nil }
}
