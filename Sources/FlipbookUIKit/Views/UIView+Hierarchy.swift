import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The view tree: subviews kept in the same back-to-front order as their layers among the
/// backing layer's sublayers, and UIKit's hierarchy callbacks.
///
/// Callback order when `v` moves into `newSuperview` (from `old`, possibly nil), as Flipbook
/// reproduces UIKit: `old.willRemoveSubview(v)`, `v.willMove(toSuperview:)`,
/// `willMove(toWindow:)` down `v`'s subtree (if the window changes), the change itself,
/// `didMoveToWindow()` down the subtree, `v.didMoveToSuperview()`,
/// `newSuperview.didAddSubview(v)`. Removal runs the same sequence without the last step.
extension UIView {
    /// The superview, or nil for a root.
    public var superview: UIView? { superviewStorage }

    /// The subviews, back to front.
    public var subviews: [UIView] { subviewStorage }

    /// The window the view is in (its topmost ancestor, when that is a `UIWindow`).
    public var window: UIWindow? {
        var v: UIView? = self
        while let cur = v {
            if let w = cur as? UIWindow { return w }
            v = cur.superviewStorage
        }
        return nil
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let cur = v {
            if cur === view { return true }
            v = cur.superviewStorage
        }
        return false
    }

    /// The first view with `tag` in a depth-first search starting with the receiver.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in subviewStorage { if let hit = s.viewWithTag(tag) { return hit } }
        return nil
    }

    /// Adds `view` in front of all other subviews, removing it from its old superview first.
    func hierarchyAddSubview(_ view: UIView) {
        insert(view, at: subviewStorage.count)
    }

    /// Inserts `view` at `index` of `subviews` (clamped).
    func hierarchyInsertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview` (at the front if it is not a subview).
    func hierarchyInsertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard siblingSubview !== view, let i = indexOfSubview(siblingSubview) else { return addSubview(view) }
        let adjust = (view.superviewStorage === self && (indexOfSubview(view) ?? Int.max) < i) ? 1 : 0
        insert(view, at: i + 1 - adjust)
    }

    /// Inserts `view` just below `siblingSubview` (at the back if it is not a subview).
    func hierarchyInsertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard siblingSubview !== view, let i = indexOfSubview(siblingSubview) else { return insert(view, at: 0) }
        let adjust = (view.superviewStorage === self && (indexOfSubview(view) ?? Int.max) < i) ? 1 : 0
        insert(view, at: i - adjust)
    }

    /// Moves `view` (a subview) to the front.
    func hierarchyBringSubviewToFront(_ view: UIView) {
        guard view.superviewStorage === self, let i = indexOfSubview(view) else { return }
        subviewStorage.remove(at: i)
        subviewStorage.append(view)
        layer.addSublayer(view.layer)
    }

    /// Moves `view` (a subview) to the back.
    func hierarchySendSubviewToBack(_ view: UIView) {
        guard view.superviewStorage === self, let i = indexOfSubview(view) else { return }
        subviewStorage.remove(at: i)
        subviewStorage.insert(view, at: 0)
        placeLayer(of: view, atSubviewIndex: 0)
    }

    /// Swaps the subviews at two indices (and their layers). Out-of-range indices are reported.
    func hierarchyExchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        let n = subviewStorage.count
        guard (0..<n).contains(index1), (0..<n).contains(index2) else {
            FlipbookDiagnostics.report("exchangeSubview(at: \(index1), withSubviewAt: \(index2)): index out of range (\(n) subviews).")
            return
        }
        guard index1 != index2 else { return }
        subviewStorage.swapAt(index1, index2)
        for i in [min(index1, index2), max(index1, index2)] { placeLayer(of: subviewStorage[i], atSubviewIndex: i) }
    }

    /// Detaches the view from its superview (and its layer from the superlayer).
    func hierarchyRemoveFromSuperview() {
        guard let parent = superviewStorage else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        // A view is in its superview's list once: remove that element (an explode animator
        // removes hundreds of tiles, and filtering the whole list each time was quadratic),
        // found without retaining the others (`IdentitySearch`).
        if let index = IdentitySearch.firstIndex(of: self, in: parent.subviewStorage) { parent.subviewStorage.remove(at: index) }
        superviewStorage = nil
        if layer.superlayer === parent.layer { layer.removeFromSuperlayer() }
        parent.setNeedsLayout()
        hierarchyDidChange(from: parent)
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
    }

    // MARK: Internals

    func indexOfSubview(_ view: UIView) -> Int? { IdentitySearch.firstIndex(of: view, in: subviewStorage) }

    private func insert(_ view: UIView, at rawIndex: Int) {
        guard view !== self, !isDescendant(of: view) else {
            FlipbookDiagnostics.report("Can't add self as subview (or an ancestor): \(type(of: view)) into \(type(of: self)); ignored.")
            return
        }
        if view.superviewStorage === self {
            // Reordering within the same superview: no callbacks.
            guard let old = indexOfSubview(view) else { return }
            subviewStorage.remove(at: old)
            let i = min(max(rawIndex, 0), subviewStorage.count)
            subviewStorage.insert(view, at: i)
            placeLayer(of: view, atSubviewIndex: i)
            didAddSubview(view)
            return
        }
        let oldParent = view.superviewStorage
        let oldWindow = view.window
        let newWindow = window
        let windowChanges = oldWindow !== newWindow
        oldParent?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if windowChanges { view.notifyWillMove(toWindow: newWindow) }
        if let oldParent {
            if let index = IdentitySearch.firstIndex(of: view, in: oldParent.subviewStorage) { oldParent.subviewStorage.remove(at: index) }
            if view.layer.superlayer === oldParent.layer { view.layer.removeFromSuperlayer() }
            oldParent.setNeedsLayout()
        }
        let i = min(max(rawIndex, 0), subviewStorage.count)
        subviewStorage.insert(view, at: i)
        view.superviewStorage = self
        placeLayer(of: view, atSubviewIndex: i)
        view.setNeedsLayout()
        setNeedsLayout()
        view.hierarchyDidChange(from: oldParent)
        view.propagateTraitChanges()
        if windowChanges { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Puts `view.layer` among this layer's sublayers so that view layers keep the subviews'
    /// order; other (non-view) sublayers keep their places relative to it.
    func placeLayer(of view: UIView, atSubviewIndex i: Int) {
        if i + 1 < subviewStorage.count {
            let above = subviewStorage[i + 1].layer
            if above.superlayer === layer {
                layer.insertSublayer(view.layer, below: above)
                return
            }
        }
        if i > 0, subviewStorage[i - 1].layer.superlayer === layer {
            layer.insertSublayer(view.layer, above: subviewStorage[i - 1].layer)
            return
        }
        if subviewStorage.count == 1 && i == 0 && view.layer.superlayer !== layer {
            layer.addSublayer(view.layer)
            return
        }
        if i == 0 { layer.insertSublayer(view.layer, at: 0) } else { layer.addSublayer(view.layer) }
    }

    func notifyWillMove(toWindow newWindow: UIWindow?) {
        windowWillChange(to: newWindow)
        willMove(toWindow: newWindow)
        for s in subviewStorage { s.notifyWillMove(toWindow: newWindow) }
    }

    /// `didMoveToWindow()` down the subtree; entering a window, each view first gets the values
    /// of its app's appearance proxies (UIAppearance). A subview added or removed by a callback
    /// here was told by its own move, so only the subviews still in place are visited after.
    func notifyDidMoveToWindow() {
        notifyDidMoveToWindow(appearance: window.flatMap(AppearanceRegistry.existing(for:)))
    }

    private func notifyDidMoveToWindow(appearance: AppearanceRegistry?) {
        let children = subviewStorage
        if let appearance { applyAppearance(appearance) }
        windowDidChange()
        didMoveToWindow()
        for s in children where s.superviewStorage === self { s.notifyDidMoveToWindow(appearance: appearance) }
    }
}
