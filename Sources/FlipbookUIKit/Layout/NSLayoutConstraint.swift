import Foundation
import FlipbookQuartz

/// Something Auto Layout can position: a `UIView` or a `UILayoutGuide`.
@preconcurrency @MainActor
protocol LayoutItem: AnyObject {
    /// The view whose bounds space the item's frame is expressed in (superview / owning view).
    var layoutCoordinateParent: UIView? { get }
    /// The view used to find common ancestors (the view itself, or a guide's owning view).
    var layoutOwningView: UIView? { get }
}

/// A linear relation between two layout attributes, UIKit's `NSLayoutConstraint`:
/// `firstItem.firstAttribute (relation) multiplier × secondItem.secondAttribute + constant`.
///
/// Active constraints live in their items' closest common ancestor (`UIView.constraints`) and
/// are solved by the view tree's Cassowary engine on the next layout pass.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// UIKit's `awakeFromNib()`/`prepareForInterfaceBuilder()`, declared on `NSObject` by UIKit so
    /// any object in a nib can override them. Flipbook loads no nibs and never calls them
    /// (docs/Divergences.md, "Nibs"); they are here so overrides keep compiling.
    open func awakeFromNib() {}
    open func prepareForInterfaceBuilder() {}

    /// The first item (a view or layout guide). Held weakly, as in UIKit.
    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The second item, nil for constant constraints such as `width == 100`.
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    let hasSecondItem: Bool
    /// The distances the sides stand for when made from `anchorWithOffset(to:)` dimensions
    /// (then `firstItem` is the span's first item, `firstAttribute` the axis's size).
    var firstSpan: LayoutSpan?
    var secondSpan: LayoutSpan?

    /// The added constant, in points. Changing it updates the layout on the next pass.
    open var constant: CGFloat {
        get { _constant }
        set {
            let oldValue = _constant
            _constant = newValue
            if !constant.isFinite {
                FlipbookDiagnostics.report("NSLayoutConstraint: ignored non-finite constant on \(self).")
                _constant = oldValue.isFinite ? oldValue : 0
            }
            // The same value changes nothing: code that sets a constant in every layout pass
            // (`viewDidLayoutSubviews`, `layoutSubviews`) must not ask for another pass.
            if _constant != oldValue { containerDidChange() }
        }
    }
    private var _constant: CGFloat

    /// The priority. Changing between required and optional on an active constraint is refused,
    /// as UIKit does.
    open var priority: UILayoutPriority {
        get { _priority }
        set {
            let oldValue = _priority
            _priority = newValue
            if isActive && (oldValue == .required) != (priority >= .required) {
                FlipbookDiagnostics.report(
                    "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(priority.rawValue) and the existing priority was \(oldValue.rawValue).")
                _priority = oldValue
                return
            }
            if _priority != oldValue { containerDidChange() }
        }
    }
    private var _priority: UILayoutPriority = .required

    /// A name shown in logs.
    open var identifier: String?

    /// Flipbook keeps this for source compatibility; it has no effect.
    open var shouldBeArchived = false

    weak var container: UIView?

    /// Whether the constraint takes part in layout. Setting true installs it in the items'
    /// closest common ancestor (a diagnostic, and no change, when they have none).
    open var isActive: Bool {
        get { container != nil }
        set { newValue ? activateConstraint() : deactivateConstraint() }
    }

    /// UIKit's classic initialiser. `view1` and `view2` must be views or layout guides.
    /// Designated (UIKit's is a convenience initialiser over NSObject's `init()`, which a subclass
    /// inherits): a subclass that declares no initialiser of its own is made with it too, as
    /// Auto Layout DSLs make theirs.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
        toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        let first = view1 as? LayoutItem
        if first == nil {
            FlipbookDiagnostics.report("NSLayoutConstraint: \(type(of: view1)) is not a view or layout guide; the constraint will do nothing.")
        }
        let second = view2 as? LayoutItem
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        hasSecondItem = second != nil
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier.isFinite ? multiplier : 1
        self._constant = c.isFinite ? c : 0
    }

    /// The anchors' initialiser, over the classic one.
    convenience init(
        first: LayoutItem?, _ attr1: Attribute, _ relation: Relation, second: LayoutItem?, _ attr2: Attribute,
        multiplier: CGFloat, constant: CGFloat
    ) {
        self.init(
            item: first as Any, attribute: attr1, relatedBy: relation, toItem: second, attribute: attr2, multiplier: multiplier,
            constant: constant)
    }

    /// Activates every constraint in `constraints`.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates every constraint in `constraints`.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    var firstLayoutItem: LayoutItem? { firstItem as? LayoutItem }
    var secondLayoutItem: LayoutItem? { secondItem as? LayoutItem }

    /// The closest common ancestor of the items' views.
    func commonAncestor() -> UIView? {
        guard itemsAlive else { return nil }
        let views = layoutItems.map(\.layoutOwningView)
        guard let a = views.first ?? nil, !views.contains(where: { $0 == nil }) else { return nil }
        var v: UIView? = a
        while let cur = v {
            if views.allSatisfy({ $0!.isDescendant(of: cur) }) { return cur }
            v = cur.superview
        }
        return nil
    }

    private func activateConstraint() {
        guard container == nil else { return }
        guard let ancestor = commonAncestor() else {
            FlipbookDiagnostics.report(
                "Unable to activate constraint with anchors \(anchorName(firstItem, firstAttribute)) and \(anchorName(secondItem, secondAttribute)) because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
            return
        }
        ancestor.addConstraint(self)
    }

    private func deactivateConstraint() {
        container?.removeConstraint(self)
    }

    func containerDidChange() {
        container?.autoLayoutStructureDidChange()
    }

    func anchorName(_ item: AnyObject?, _ attribute: Attribute) -> String {
        guard let item else { return "nil" }
        return "\"\(LayoutNames.name(of: item)).\(attribute.name)\""
    }

    /// UIKit's log form, e.g. `<NSLayoutConstraint:0x… UIButton:0x….centerX == UIView:0x….centerX   (active)>`.
    /// `description` is NSObject's, so nonisolated: off the main actor it reports that and
    /// gives the address only, without reading the constraint (docs/Divergences.md, "Layout
    /// attributes off the main actor").
    open override var description: String {
        guard MainQueue.isCurrent else {
            FlipbookDiagnostics.reportFromAnyContext(
                "NSLayoutConstraint.description called off the main actor: UIKit objects are used on the main thread; "
                    + "answered without reading the constraint.",
                once: "NSLayoutConstraint.description.offMain")
            return "<NSLayoutConstraint:0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))>"
        }
        // The main queue is the main actor's executor: checked just above, not assumed.
        return MainActor.assumeIsolated { descriptionOnMain }
    }

    private var descriptionOnMain: String {
        var s = "<NSLayoutConstraint:\(LayoutNames.address(self))"
        if let identifier { s += " '\(identifier)'" }
        s += " " + equationText + (priority < .required ? "   (active, priority \(Int(priority.rawValue)))" : "")
        if priority >= .required { s += isActive ? "   (active)" : "   (inactive)" }
        return s + ">"
    }

    /// An offset dimension as UIKit logs one, `(to - from)`.
    private func spanText(_ span: LayoutSpan) -> String {
        func side(_ item: AnyObject?, _ attribute: Attribute) -> String {
            item.map { "\(LayoutNames.name(of: $0)).\(attribute.name)" } ?? "nil"
        }
        return "(\(side(span.to, span.toAttribute)) - \(side(span.from, span.fromAttribute)))"
    }

    var equationText: String {
        let lhs =
            firstSpan.map(spanText)
            ?? firstItem.map { "\(LayoutNames.name(of: $0)).\(firstAttribute.name)" } ?? "nil.\(firstAttribute.name)"
        var rhs = ""
        if hasSecondItem {
            let m = multiplier == 1 ? "" : "\(LayoutNames.number(multiplier))*"
            rhs = m + (secondSpan.map(spanText) ?? secondItem.map { "\(LayoutNames.name(of: $0)).\(secondAttribute.name)" } ?? "nil")
            if constant != 0 { rhs += constant > 0 ? " + \(LayoutNames.number(constant))" : " - \(LayoutNames.number(-constant))" }
        } else {
            rhs = LayoutNames.number(constant)
        }
        return "\(lhs) \(relation.symbol) \(rhs)"
    }
}

/// Names in UIKit's log style: `UIButton:0x600003a1c000`.
@preconcurrency @MainActor
enum LayoutNames {
    static func address(_ o: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(o).hashValue), radix: 16)
    }

    static func name(of o: AnyObject) -> String {
        if let g = o as? UILayoutGuide {
            let base = "UILayoutGuide:\(address(g)) '\(g.identifier)'"
            if let v = g.owningView { return "\(base)" + " (owned by \(name(of: v)))" }
            return base
        }
        return "\(type(of: o)):\(address(o))"
    }

    static func number(_ x: CGFloat) -> String { numberString(x) }

    nonisolated static func numberString(_ x: CGFloat) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(Double(x))
    }
}
