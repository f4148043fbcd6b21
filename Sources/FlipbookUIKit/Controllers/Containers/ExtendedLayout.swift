import Foundation
import FlipbookQuartz

/// Where a navigation or tab bar controller puts a child controller's view, UIKit's extended
/// layout (docs/Semantics.md, "Extended layout"): on an edge the child lists in
/// `edgesForExtendedLayout`, under a translucent bar (or any bar when the child has
/// `extendedLayoutIncludesOpaqueBars`), the view reaches the container's edge and the bar is
/// carried by its safe area; on the other edges it stops where the bar starts.
struct ExtendedLayout {
    /// How far bars cover the container's view from its top edge (zero: no bar there).
    var top: CGFloat = 0
    /// How far bars cover the container's view from its bottom edge.
    var bottom: CGFloat = 0
    /// Whether the bars at the top are translucent (the content may go under them).
    var topIsTranslucent = true
    /// Whether the bars at the bottom are translucent.
    var bottomIsTranslucent = true

    /// The child's frame in a container view of `bounds`, and how far the bars cover it from
    /// each edge (what its root view adds to its safe area).
    @MainActor
    func place(_ child: UIViewController, in bounds: CGRect) -> (frame: CGRect, covered: UIEdgeInsets) {
        let edges = child.edgesForExtendedLayout
        let opaqueToo = child.extendedLayoutIncludesOpaqueBars
        let top = min(max(0, self.top), bounds.height)
        let bottom = min(max(0, self.bottom), bounds.height - top)
        let underTop = edges.contains(.top) && (topIsTranslucent || opaqueToo)
        let underBottom = edges.contains(.bottom) && (bottomIsTranslucent || opaqueToo)
        let minY = bounds.minY + (underTop ? 0 : top)
        let maxY = bounds.maxY - (underBottom ? 0 : bottom)
        let frame = CGRect(x: bounds.minX, y: minY, width: bounds.width, height: max(0, maxY - minY))
        let covered = UIEdgeInsets(
            top: max(0, bounds.minY + top - frame.minY), left: 0,
            bottom: max(0, frame.maxY - (bounds.maxY - bottom)), right: 0)
        return (frame, covered)
    }
}

extension UIViewController {
    /// Puts this child's view where `layout` says in its container view of `bounds`: its frame,
    /// and the bars' cover added to its safe area.
    func placeChildView(_ view: UIView, by layout: ExtendedLayout, in bounds: CGRect) {
        let placed = layout.place(self, in: bounds)
        view.frame = placed.frame
        view.containerBarInsetsForController = placed.covered
    }
}
