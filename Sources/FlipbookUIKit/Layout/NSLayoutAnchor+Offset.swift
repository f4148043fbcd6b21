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
    /// Every view or guide the constraint reads: its items and, for an offset dimension, the
    /// items of both its anchors.
    var layoutItems: [LayoutItem] {
        var items: [LayoutItem] = []
        if let first = firstLayoutItem { items.append(first) }
        if hasSecondItem, let second = secondLayoutItem { items.append(second) }
        for span in [firstSpan, secondSpan].compactMap({ $0 }) {
            if let from = span.fromItem { items.append(from) }
            if let to = span.toItem { items.append(to) }
        }
        return items
    }

    /// Whether every item the constraint reads is still there.
    var itemsAlive: Bool {
        firstLayoutItem != nil && (!hasSecondItem || secondLayoutItem != nil)
            && [firstSpan, secondSpan].allSatisfy { span in span.map { $0.fromItem != nil && $0.toItem != nil } ?? true }
    }

    var hasSpan: Bool { firstSpan != nil || secondSpan != nil }
}
