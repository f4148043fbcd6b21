import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// Per-view state for layout margins, safe areas and drawing, kept in one struct so the class
/// body stays small.
struct ViewLayoutExtras {
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var preservesSuperviewLayoutMargins = false
    var insetsLayoutMarginsFromSafeArea = true
    /// Extra safe-area insets pushed by the controllers module (`additionalSafeAreaInsets`).
    var additionalSafeAreaInsets = UIEdgeInsets.zero
    /// How far a container's bars (navigation bar, toolbar, tab bar) cover a child controller's
    /// root view from each edge, set by the container; the safe area is at least this.
    var containerBarInsets = UIEdgeInsets.zero
    var lastSafeAreaInsets: UIEdgeInsets?
    /// The insets `safeAreaInsets` answers while key-value observers are told a change is
    /// coming (their `.old`): the safe area is computed, and already new by then.
    var safeAreaInsetsBeforeChange: UIEdgeInsets?
    var safeAreaGuide: UILayoutGuide?
    var marginsGuide: UILayoutGuide?
    var layoutGuides: [UILayoutGuide] = []
    var needsDisplay = false
    /// True while the view's own `layoutSubviews` (and its controller's will/did hooks) run.
    var isLayingOutSubviews = false
    /// The corner configuration set on the view (UIView+CornerConfiguration.swift), nil if none.
    var cornerConfiguration: UICornerConfiguration?
}

/// The layout pass: `setNeedsLayout` marks, `layoutIfNeeded` runs Auto Layout for the view's
/// tree, then `layoutSubviews` top-down on every view that needs it. Marking a view also marks
/// its backing layer, so Core Animation's commit on the next frame of `MediaClock.main` lays
/// it out (through `layoutSublayers(of:)`), as UIKit lays out at the end of each run-loop turn.
extension UIView {
    func markNeedsLayout() {
        needsLayoutFlag = true
        layer.setNeedsLayout()
    }

    /// The topmost ancestor (the view itself when it has no superview).
    var rootView: UIView {
        var v = self
        while let p = v.superviewStorage { v = p }
        return v
    }

    func subtreeNeedsLayout() -> Bool {
        if needsLayoutFlag { return true }
        // A loop, not `contains { }`: that main-actor closure checked the executor for every
        // view of the tree, each frame (hundreds of tiles in an explode animation).
        for s in subviewStorage where s.subtreeNeedsLayout() { return true }
        return false
    }

    func runLayoutPass() {
        let root = rootView
        for _ in 0..<8 {
            root.updateAutoLayoutIfNeeded()
            var start = self
            while let p = start.superviewStorage, p.needsLayoutFlag { start = p }
            guard start.subtreeNeedsLayout() else { break }
            start.layoutSubtree()
            if !root.autoLayoutNeedsSolve && !start.subtreeNeedsLayout() { break }
        }
    }

    private func layoutSubtree() {
        // By now the superview's layout has placed this view: its configured corners follow.
        if layoutExtras.cornerConfiguration != nil { applyCornerConfiguration() }
        if needsLayoutFlag {
            needsLayoutFlag = false
            checkSafeAreaChange()
            // A controller's root view brackets its layout with the controller's hooks, as UIKit does.
            let controller = owningViewController
            layoutExtras.isLayingOutSubviews = true
            controller?.viewWillLayoutSubviews()
            restoreSubviewsMovedByHand()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
            layoutExtras.isLayingOutSubviews = false
        }
        for s in subviewStorage { s.layoutSubtree() }
    }

    /// Subviews Auto Layout places that were moved by hand go back to the engine's frames, as
    /// UIKit's `layoutSubviews` applies them (UIView+AutoLayout.swift,
    /// `autoLayoutGeometryDidChange`).
    private func restoreSubviewsMovedByHand() {
        for s in subviewStorage where s.autoLayoutState.isMovedByHand {
            s.autoLayoutState.isMovedByHand = false
            rootView.autoLayoutState.engine?.reapplySolution(to: s)
        }
    }

    /// Tells the view (then its controller, as UIKit does) when its safe area insets differ
    /// from those of its last layout pass. A view's insets start at zero, as on iOS: a view
    /// first laid out inside a window's nonzero safe area is told once.
    private func checkSafeAreaChange() {
        let insets = safeAreaInsets
        if let last = layoutExtras.lastSafeAreaInsets, last.isClose(to: insets) { return }
        let old = layoutExtras.lastSafeAreaInsets ?? .zero
        layoutExtras.lastSafeAreaInsets = insets
        guard !old.isClose(to: insets) else { return }
        if let observers = keyValueObservers {
            // Announced as UIKit's setter announces it (FloatingPanel re-lays its panel out on it).
            layoutExtras.safeAreaInsetsBeforeChange = old
            observers.willChange("safeAreaInsets")
            layoutExtras.safeAreaInsetsBeforeChange = nil
            observers.didChange("safeAreaInsets")
        }
        safeAreaInsetsDidChange()
        owningViewController?.viewSafeAreaInsetsDidChange()
    }

    // MARK: Autoresizing

    /// Applies each subview's `autoresizingMask` after this view's size changed from `oldSize`.
    /// On each axis the size change is shared by the flexible parts (left margin, size, right
    /// margin) in proportion to their current lengths (equally when those are all zero).
    func resizeSubviews(withOldSize oldSize: CGSize) {
        let newSize = bounds.size
        for sub in subviewStorage where !sub.autoresizingMask.isEmpty && sub.translatesAutoresizingMaskIntoConstraints {
            let f = sub.frame
            let (x, w) = Self.resize(
                start: f.minX - bounds.minX, length: f.width, total: oldSize.width, newTotal: newSize.width,
                flexibleStart: sub.autoresizingMask.contains(.flexibleLeftMargin),
                flexibleLength: sub.autoresizingMask.contains(.flexibleWidth),
                flexibleEnd: sub.autoresizingMask.contains(.flexibleRightMargin))
            let (y, h) = Self.resize(
                start: f.minY - bounds.minY, length: f.height, total: oldSize.height, newTotal: newSize.height,
                flexibleStart: sub.autoresizingMask.contains(.flexibleTopMargin),
                flexibleLength: sub.autoresizingMask.contains(.flexibleHeight),
                flexibleEnd: sub.autoresizingMask.contains(.flexibleBottomMargin))
            let newFrame = CGRect(x: x + bounds.minX, y: y + bounds.minY, width: w, height: h)
            if newFrame != f {
                if CATransform3DIsIdentity(sub.layer.transform) {
                    sub.frame = newFrame
                } else {
                    sub.center = CGPoint(x: sub.center.x + newFrame.midX - f.midX, y: sub.center.y + newFrame.midY - f.midY)
                }
            }
        }
    }

    static func resize(
        start: CGFloat, length: CGFloat, total: CGFloat, newTotal: CGFloat,
        flexibleStart: Bool, flexibleLength: Bool, flexibleEnd: Bool
    ) -> (CGFloat, CGFloat) {
        let delta = newTotal - total
        let end = total - start - length
        let parts: [(Bool, CGFloat)] = [(flexibleStart, start), (flexibleLength, length), (flexibleEnd, end)]
        let flexible = parts.filter(\.0)
        guard !flexible.isEmpty, delta != 0 else { return (start, length) }
        let sum = flexible.reduce(CGFloat(0)) { $0 + max(0, $1.1) }
        func share(_ i: Int) -> CGFloat {
            guard parts[i].0 else { return 0 }
            return sum > 0 ? delta * max(0, parts[i].1) / sum : delta / CGFloat(flexible.count)
        }
        return (start + share(0), max(0, length + share(1)))
    }

    // MARK: Safe area and margins

    /// The insets of the view's bounds that the window's safe area (status bar, home
    /// indicator, rounded corners of the device preset) covers, plus any additional insets a
    /// view controller asked for. Zero outside a window. (`safeAreaInsets`, open in the class
    /// body, answers this.)
    var computedSafeAreaInsets: UIEdgeInsets {
        if let before = layoutExtras.safeAreaInsetsBeforeChange { return before }
        let extra = layoutExtras.additionalSafeAreaInsets
        if let w = self as? UIWindow { return w.windowSafeAreaInsets }
        guard let w = window else { return extra }
        var inherited = w.windowSafeAreaInsets
        if let parent = superviewStorage, parent !== w {
            inherited = parent.safeAreaInsets
            let r = convert(bounds, to: parent)
            let pb = parent.bounds
            inherited = UIEdgeInsets(
                top: max(0, inherited.top - (r.minY - pb.minY)), left: max(0, inherited.left - (r.minX - pb.minX)),
                bottom: max(0, inherited.bottom - (pb.maxY - r.maxY)), right: max(0, inherited.right - (pb.maxX - r.maxX)))
        } else {
            let r = convert(bounds, to: w)
            let wb = w.bounds
            inherited = UIEdgeInsets(
                top: max(0, inherited.top - (r.minY - wb.minY)), left: max(0, inherited.left - (r.minX - wb.minX)),
                bottom: max(0, inherited.bottom - (wb.maxY - r.maxY)), right: max(0, inherited.right - (wb.maxX - r.maxX)))
        }
        let bars = layoutExtras.containerBarInsets
        inherited = UIEdgeInsets(
            top: max(inherited.top, bars.top), left: max(inherited.left, bars.left),
            bottom: max(inherited.bottom, bars.bottom), right: max(inherited.right, bars.right))
        return UIEdgeInsets(
            top: min(bounds.height, inherited.top + extra.top), left: min(bounds.width, inherited.left + extra.left),
            bottom: min(bounds.height, inherited.bottom + extra.bottom), right: min(bounds.width, inherited.right + extra.right))
    }

    /// The part of a child controller's root view its container's bars cover (UIKit adds the
    /// bars a view extends under to its safe area). A change marks the whole subtree for layout,
    /// so every view whose safe area follows hears `safeAreaInsetsDidChange()` (a scroll view
    /// deep inside adjusts its content inset), and Auto Layout re-solves the safe-area guides.
    var containerBarInsetsForController: UIEdgeInsets {
        get { layoutExtras.containerBarInsets }
        set {
            guard layoutExtras.containerBarInsets != newValue else { return }
            layoutExtras.containerBarInsets = newValue
            markSubtreeForSafeAreaChange()
            autoLayoutStructureDidChange()
        }
    }

    private func markSubtreeForSafeAreaChange() {
        markNeedsLayout()
        for s in subviewStorage { s.markSubtreeForSafeAreaChange() }
    }

    /// A controller's `additionalSafeAreaInsets`, added on top of the inherited safe area of
    /// its root view (set by the controller).
    var additionalSafeAreaInsetsForController: UIEdgeInsets {
        get { layoutExtras.additionalSafeAreaInsets }
        set {
            guard newValue != layoutExtras.additionalSafeAreaInsets else { return }
            layoutExtras.additionalSafeAreaInsets = newValue
            setNeedsLayout()
            autoLayoutStructureDidChange()
        }
    }

    /// The rectangle of the view's bounds not covered by the safe-area insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let g = layoutExtras.safeAreaGuide { return g }
        let g = UILayoutGuide(systemKind: .safeArea, identifier: "UIViewSafeAreaLayoutGuide", owner: self)
        layoutExtras.safeAreaGuide = g
        return g
    }

    /// The rectangle of the view's bounds inside its layout margins.
    public var layoutMarginsGuide: UILayoutGuide {
        if let g = layoutExtras.marginsGuide { return g }
        let g = UILayoutGuide(systemKind: .layoutMargins, identifier: "UIViewLayoutMarginsGuide", owner: self)
        layoutExtras.marginsGuide = g
        return g
    }

    /// Sets the stored margins and tells whoever watches them (`layoutMargins`, open in the
    /// class body, stores through this). The same margins again change nothing, as in UIKit:
    /// views commonly set their margins in their own `layoutSubviews`, and a new layout pass
    /// for each would never end (docs/Semantics.md, "Layout margins set again").
    func storeLayoutMargins(_ newValue: UIEdgeInsets) {
        guard newValue != layoutExtras.layoutMargins else { return }
        layoutExtras.layoutMargins = newValue
        layoutMarginsDidChange()
        owningViewController?.viewLayoutMarginsDidChange()
        setNeedsLayout()
        autoLayoutStructureDidChange()
    }

    /// Whether the margins are also kept at least as large as the superview's (kept, unused).
    public var preservesSuperviewLayoutMargins: Bool {
        get { layoutExtras.preservesSuperviewLayoutMargins }
        set { layoutExtras.preservesSuperviewLayoutMargins = newValue }
    }

    /// Whether the margins guide is also inset by the safe area (default true).
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { layoutExtras.insetsLayoutMarginsFromSafeArea }
        set {
            layoutExtras.insetsLayoutMarginsFromSafeArea = newValue
            autoLayoutStructureDidChange()
        }
    }

    /// The layout margins as they apply to `layoutMarginsGuide`: margins plus safe area.
    var effectiveLayoutMargins: UIEdgeInsets {
        let m = layoutMargins
        guard insetsLayoutMarginsFromSafeArea else { return m }
        let s = safeAreaInsets
        return UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }
}
