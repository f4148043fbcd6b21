import Foundation

/// What moved in a geometry change besides the size: the view's frame (`center`, `frame`)
/// or its bounds origin (`bounds`, scrolling).
enum GeometryMove {
    case frame, boundsOrigin
}

/// Per-view Auto Layout state.
struct AutoLayoutViewState {
    /// Constraints installed on this view (it is their items' closest common ancestor).
    var constraints: [NSLayoutConstraint] = []
    /// The engine, when this view is the root of its tree and the tree uses Auto Layout.
    var engine: LayoutEngine?
    /// On a root: whether the engine must re-read the tree before the next layout pass.
    var needsSolve = true
    /// Whether the engine has variables for this view (so its frame changes matter).
    var participates = false
    /// Whether this view, which Auto Layout places, was moved by hand since the engine last
    /// placed it: it stays there until its superview is next laid out.
    var isMovedByHand = false
    var needsUpdateConstraints = false
    var hugging: (h: UILayoutPriority, v: UILayoutPriority) = (.defaultLow, .defaultLow)
    var compression: (h: UILayoutPriority, v: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    /// Remembered fitting answers about this view's subtree (Layout/LayoutMemo.swift).
    var memo = LayoutMemo()
}

/// Auto Layout on views: anchors, installed constraints, priorities for intrinsic size.
extension UIView: LayoutItem {
    var layoutCoordinateParent: UIView? { superview }
    var layoutOwningView: UIView? { self }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// Flipbook places baselines at the bottom edge (no font metrics in the engine).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// Flipbook places baselines at the bottom edge (no font metrics in the engine).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    /// The constraints installed on this view.
    public var constraints: [NSLayoutConstraint] { autoLayoutState.constraints }

    /// Installs `constraint` on this view (prefer `isActive = true`, which picks the view).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.container !== self else { return }
        constraint.container?.removeConstraint(constraint)
        autoLayoutState.constraints.append(constraint)
        constraint.container = self
        autoLayoutStructureDidChange()
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(addConstraint) }

    /// Uninstalls `constraint` if it is installed here.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.container === self else { return }
        autoLayoutState.constraints.removeAll { $0 === constraint }
        constraint.container = nil
        autoLayoutStructureDidChange()
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }

    /// The layout guides this view owns (not counting the system guides).
    public var layoutGuides: [UILayoutGuide] { layoutExtras.layoutGuides }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningViewStorage !== self else { return }
        guide.owningViewStorage?.removeLayoutGuide(guide)
        layoutExtras.layoutGuides.append(guide)
        guide.owningViewStorage = self
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningViewStorage === self else { return }
        layoutExtras.layoutGuides.removeAll { $0 === guide }
        guide.owningViewStorage = nil
        autoLayoutStructureDidChange()
    }

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayoutState.hugging.h : autoLayoutState.hugging.v
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayoutState.hugging.h = priority } else { autoLayoutState.hugging.v = priority }
        autoLayoutStructureDidChange()
    }

    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayoutState.compression.h : autoLayoutState.compression.v
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayoutState.compression.h = priority } else { autoLayoutState.compression.v = priority }
        autoLayoutStructureDidChange()
    }

    /// Asks for `updateConstraints()` before the next solve.
    public func setNeedsUpdateConstraints() {
        autoLayoutState.needsUpdateConstraints = true
        autoLayoutStructureDidChange()
    }

    /// Calls `updateConstraints()` now if it was asked for.
    public func updateConstraintsIfNeeded() {
        guard autoLayoutState.needsUpdateConstraints else { return }
        autoLayoutState.needsUpdateConstraints = false
        updateConstraints()
    }

    /// Whether the engine found this view's position or size not fully determined (Flipbook
    /// always answers false: the solver picks a value).
    public var hasAmbiguousLayout: Bool { false }

    // MARK: Engine hooks

    /// Something that affects Auto Layout changed: the root re-reads the tree next pass.
    ///
    /// Only the root is asked for a layout pass (so the solve runs). As in UIKit, a view is laid
    /// out again because of a constraint change only when the solve moves or resizes one of its
    /// subviews (`LayoutEngine.write(items:root:)` asks for it then): a change that moves
    /// nothing (constraints swapped for equal ones in `viewWillLayoutSubviews`, a view handed
    /// back to autoresizing at the frame it has) lays nothing out. Asking the changed view's
    /// superview every time would, for example, run a presentation controller's
    /// `containerViewWillLayoutSubviews` in the middle of a dismissal, which resets the presented
    /// view's frame there (docs/Divergences.md, "Auto Layout").
    func autoLayoutStructureDidChange() {
        invalidateLayoutMemos(includingSelf: true)
        autoLayoutRootNeedsSolve()
    }

    private func autoLayoutRootNeedsSolve() {
        let root = rootView
        root.autoLayoutState.needsSolve = true
        if !root.layoutExtras.isLayingOutSubviews { root.setNeedsLayout() }
    }

    /// The frame of a view changed. What its ancestors remembered about their subtrees is stale
    /// when the frame is an input there: a view that translates its autoresizing mask is pinned
    /// to its frame, and a stack view sizes an arranged view without constraints by its bounds
    /// (a bounds origin change is handled by `bounds`; the view's own fitted size never depends
    /// on its frame). If the engine knows the view and did not make the change itself, the
    /// tree re-solves, unless the view only moved (the same size) and the engine's last
    /// solution still holds (`LayoutEngine.solutionSurvivesTranslation(of:frameMoved:)`): a
    /// cell placed by its layout attributes, a card following a finger, a scroll view
    /// scrolling, whose Auto Layout content moves with them, re-solve nothing and lay nothing
    /// out, as in UIKit. A view placed by Auto Layout itself that is moved by hand keeps its
    /// place until its superview is next laid out; one resized by hand re-solves (and is put
    /// back).
    func autoLayoutGeometryDidChange(sizeChanged: Bool, moved: GeometryMove) {
        if translatesAutoresizingMaskIntoConstraints || superviewStorage is UIStackView {
            invalidateLayoutMemos(includingSelf: false)
        }
        guard autoLayoutState.participates, !LayoutEngine.isApplying else { return }
        // A view Auto Layout places, moved by hand (its size unchanged): as in UIKit, nothing
        // re-solves and nothing is laid out; the engine's frame comes back when the superview
        // is next laid out (`layoutSubtree`), before its own `layoutSubviews`, which may move
        // the view again (a swipe cell's action buttons) without laying anything out again.
        if !sizeChanged, moved == .frame, !translatesAutoresizingMaskIntoConstraints, !isPlacedByStackView,
            !rootView.autoLayoutState.needsSolve
        {
            autoLayoutState.isMovedByHand = true
            return
        }
        if !sizeChanged, moved == .boundsOrigin || translatesAutoresizingMaskIntoConstraints && !isPlacedByStackView {
            let root = rootView
            if !root.autoLayoutState.needsSolve, let engine = root.autoLayoutState.engine,
                engine.solutionSurvivesTranslation(of: self, frameMoved: moved == .frame)
            {
                return
            }
        }
        autoLayoutRootNeedsSolve()
    }

    /// Whether a stack view places this view (it is one of its arranged views): the engine
    /// then holds it at the frame the stack gave it (`LayoutEngine.itemConstraints`).
    var isPlacedByStackView: Bool { (superviewStorage as? UIStackView)?.arranges(self) == true }

    var autoLayoutNeedsSolve: Bool { autoLayoutState.needsSolve && autoLayoutState.engine != nil || hasConstraintsPending }

    private var hasConstraintsPending: Bool { autoLayoutState.needsSolve && autoLayoutState.engine == nil && treeHasConstraints() }

    /// Called by the initialisers: a view whose class requires constraint-based layout is
    /// asked for its constraints at the first solve (its `updateConstraints()` may make all of
    /// them).
    func requestConstraintsIfRequired() {
        if Self.requiresConstraintBasedLayout { autoLayoutState.needsUpdateConstraints = true }
    }

    func treeHasConstraints() -> Bool {
        if !autoLayoutState.constraints.isEmpty || Self.requiresConstraintBasedLayout { return true }
        for s in subviewStorage where s.treeHasConstraints() { return true }  // a loop: see subtreeNeedsLayout
        return false
    }

    /// On a root: brings the engine up to date with the tree and applies the solution.
    func updateAutoLayoutIfNeeded() {
        guard autoLayoutState.needsSolve else { return }
        autoLayoutState.needsSolve = false
        if autoLayoutState.engine == nil {
            guard treeHasConstraints() else { return }
            autoLayoutState.engine = LayoutEngine()
        }
        autoLayoutState.engine?.update(root: self)
    }

    /// After `self` moved from `oldParent`: the moving subtree's engine is dropped, constraints
    /// that tied the subtree to views it left are deactivated (as UIKit does), both trees
    /// re-solve.
    func hierarchyDidChange(from oldParent: UIView?) {
        autoLayoutState.engine = nil
        if let oldParent {
            var a: UIView? = oldParent
            while let cur = a {
                for c in cur.autoLayoutState.constraints {
                    let inSubtree = c.layoutItems.contains { item in
                        item.layoutOwningView?.isDescendant(of: self) == true
                    }
                    if inSubtree { cur.removeConstraint(c) }
                }
                a = cur.superviewStorage
            }
            oldParent.autoLayoutStructureDidChange()
        }
        autoLayoutStructureDidChange()
    }
}
